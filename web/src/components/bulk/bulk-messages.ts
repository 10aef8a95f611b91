import type { BulkAction } from '@gatefold/contract/bulk';

/** "1 album", "2,500 albums". */
export const albumCount = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'album' : 'albums'}`;

/** What a bulk change did, in the words of the Undo bar. */
export function describeBulkChange(action: BulkAction, affected: number, target = ''): string {
  switch (action) {
    case 'tag':
      return `Tagged ${albumCount(affected)} with "${target}".`;
    case 'untag':
      return `Removed "${target}" from ${albumCount(affected)}.`;
    case 'add_to_folder':
      return `Added ${albumCount(affected)} to ${target}.`;
    case 'remove_from_folder':
      return `Removed ${albumCount(affected)} from ${target}.`;
    case 'delete':
      return `Deleted ${albumCount(affected)}.`;
  }
}

/** The selection's size, as the selection bar says it. */
export const selectedCount = (count: number) => `${albumCount(count)} selected`;
