import { describe, expect, it } from 'vitest';
import { describeBulkChange, selectedCount } from './bulk-messages';

describe('bulk change messages', () => {
  it('says what each change did, with thousands separated', () => {
    expect(describeBulkChange('tag', 12_500, 'Jazz')).toBe('Tagged 12,500 albums with "Jazz".');
    expect(describeBulkChange('untag', 1, 'Jazz')).toBe('Removed "Jazz" from 1 album.');
    expect(describeBulkChange('add_to_folder', 3, 'Crate')).toBe('Added 3 albums to Crate.');
    expect(describeBulkChange('remove_from_folder', 2, 'Crate')).toBe(
      'Removed 2 albums from Crate.',
    );
    expect(describeBulkChange('delete', 0)).toBe('Deleted 0 albums.');
  });

  it('counts a selection', () => {
    expect(selectedCount(1)).toBe('1 album selected');
    expect(selectedCount(50_000)).toBe('50,000 albums selected');
  });
});
