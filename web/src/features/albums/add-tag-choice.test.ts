import type { Tag } from '@gatefold/contract/tags';
import { describe, expect, it } from 'vitest';
import {
  chooseTag,
  helperText,
  submitLabel,
  TAG_SUGGESTION_LIMIT,
  tagSuggestions,
} from './add-tag-choice';

const tag = (id: number, name: string, albumCount = 1): Tag => ({
  id,
  name,
  color: '#10B981',
  album_count: albumCount,
  created_at: '2026-01-01T00:00:00.000Z',
});
const tags = [tag(1, 'Late Night'), tag(2, 'Night Drive'), tag(3, 'Jazz')];

describe('chooseTag', () => {
  it('attaches an existing tag whatever the case of the typed name', () => {
    expect(chooseTag('  late NIGHT ', tags)).toEqual({ kind: 'existing', tag: tags[0] });
  });

  it('creates a tag for a name that only partly matches', () => {
    expect(chooseTag('Night', tags)).toEqual({ kind: 'new', name: 'Night' });
  });

  it('does nothing for a blank name', () => {
    expect(chooseTag('   ', tags)).toEqual({ kind: 'nothing' });
  });
});

describe('the add-tag button and helper text', () => {
  it('reads Add "{existing}", with the stored spelling, and says it will be added', () => {
    const choice = chooseTag('jazz', tags);
    expect(submitLabel(choice, false)).toBe('Add "Jazz"');
    expect(submitLabel(choice, true)).toBe('Adding...');
    expect(helperText(choice)).toBe('Tag "Jazz" will be added to the album.');
  });

  it('reads Create "{new}" and says it will be created in the default blue', () => {
    const choice = chooseTag(' Sunday ', tags);
    expect(submitLabel(choice, false)).toBe('Create "Sunday"');
    expect(submitLabel(choice, true)).toBe('Creating...');
    expect(helperText(choice)).toBe(
      'Tag "Sunday" will be created with default blue color and added.',
    );
  });

  it('asks for typing when nothing is typed', () => {
    expect(helperText(chooseTag('', tags))).toBe(
      'Start typing to search existing tags or create a new one.',
    );
  });
});

describe('tagSuggestions', () => {
  it('matches a substring in any case and leaves out tags the album has', () => {
    expect(tagSuggestions('NIGHT', tags).map((found) => found.name)).toEqual([
      'Late Night',
      'Night Drive',
    ]);
    expect(tagSuggestions('night', tags, new Set([1])).map((found) => found.name)).toEqual([
      'Night Drive',
    ]);
  });

  it('offers at most ten, and none before anything is typed', () => {
    const plenty = Array.from({ length: 15 }, (_, index) => tag(index, `mood ${index}`));
    expect(tagSuggestions('mood', plenty)).toHaveLength(TAG_SUGGESTION_LIMIT);
    expect(tagSuggestions(' ', plenty)).toEqual([]);
  });
});
