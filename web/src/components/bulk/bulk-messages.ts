import type { BulkAction } from '@gatefold/contract/bulk';

const albums = (count: number) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? 'album' : 'albums'}`;

/** What a bulk change did, in the words of the Undo bar. */
export function describeBulkChange(action: BulkAction, affected: number, target = ''): string {
  switch (action) {
    case 'tag':
      return `Tagged ${albums(affected)} with "${target}".`;
    case 'untag':
      return `Removed "${target}" from ${albums(affected)}.`;
    case 'add_to_folder':
      return `Added ${albums(affected)} to ${target}.`;
    case 'remove_from_folder':
      return `Removed ${albums(affected)} from ${target}.`;
    case 'delete':
      return `Deleted ${albums(affected)}.`;
  }
}

/** The selection's size, as the selection bar says it. */
export const selectedCount = (count: number) => `${albums(count)} selected`;
