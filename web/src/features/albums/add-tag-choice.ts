import type { Tag } from '@gatefold/contract/tags';

/** SPEC §9: suggestions shown under the Tag Name box. */
export const TAG_SUGGESTION_LIMIT = 10;

/** What the add-tag dialog will do with the typed name (SPEC §4 "Tag add"). */
export type TagChoice =
  | { kind: 'nothing' }
  | { kind: 'existing'; tag: Pick<Tag, 'id' | 'name' | 'color'> }
  | { kind: 'new'; name: string };

/** An existing tag when the trimmed name matches one, in any case; otherwise a new tag. */
export function chooseTag(typed: string, tags: readonly Tag[]): TagChoice {
  const name = typed.trim();
  if (name === '') return { kind: 'nothing' };
  const wanted = name.toLocaleLowerCase();
  const existing = tags.find((tag) => tag.name.toLocaleLowerCase() === wanted);
  return existing ? { kind: 'existing', tag: existing } : { kind: 'new', name };
}

/** Up to ten tags whose names contain the typed text, any case, leaving out `excludeIds`. */
export function tagSuggestions(
  typed: string,
  tags: readonly Tag[],
  excludeIds: ReadonlySet<number> = new Set(),
): Tag[] {
  const needle = typed.trim().toLocaleLowerCase();
  if (needle === '') return [];
  return tags
    .filter((tag) => !excludeIds.has(tag.id) && tag.name.toLocaleLowerCase().includes(needle))
    .slice(0, TAG_SUGGESTION_LIMIT);
}

/** The primary button: Add "{existing}" or Create "{new}", and their busy texts. */
export function submitLabel(choice: TagChoice, busy: boolean): string {
  if (choice.kind === 'existing') return busy ? 'Adding...' : `Add "${choice.tag.name}"`;
  if (choice.kind === 'new') return busy ? 'Creating...' : `Create "${choice.name}"`;
  return 'Add Tag';
}

/** SPEC §2's three helper texts. */
export function helperText(choice: TagChoice): string {
  if (choice.kind === 'existing') return `Tag "${choice.tag.name}" will be added to the album.`;
  if (choice.kind === 'new') {
    return `Tag "${choice.name}" will be created with default blue color and added.`;
  }
  return 'Start typing to search existing tags or create a new one.';
}
