import { describe, expect, it } from 'vitest';
import {
  fts5PhraseQuery,
  fts5PrefixQuery,
  readSearch,
  searchText,
  searchWords,
} from './search-text';

describe('searchText', () => {
  it('drops accents and folds case in any script', () => {
    expect(searchText('Björk')).toBe('bjork');
    expect(searchText('ÁGÆTIS BYRJUN')).toBe('agaetis byrjun');
    expect(searchText('Rosalía')).toBe('rosalia');
    expect(searchText('Øresund Łódź')).toBe('oresund lodz');
    expect(searchText('Straße')).toBe('strasse');
    expect(searchText('ΣΊΣΥΦΟΣ')).toBe(searchText('σίσυφος'));
    // Final sigma is sigma, as SQLite's text index reads it, wherever the word is cut.
    expect(searchText('Κόσμος')).toBe('κοσμοσ');
    expect(searchText('ΚΟΣ')).toBe('κοσ');
    expect(searchText('Кино')).toBe('кино');
    expect(searchText('İstanbul')).toBe('istanbul');
  });

  it('keeps only words of letters and digits, one space apart', () => {
    expect(searchText('  AC/DC — Back_in%Black!  ')).toBe('ac dc back in black');
    expect(searchText('東京事変')).toBe('東京事変');
    expect(searchText('%_')).toBe('');
  });
});

describe('readSearch', () => {
  it('keeps the whole folded phrase beside the distinct words, repeats and all', () => {
    expect(readSearch('The  THE!')).toEqual({ words: ['the'], phrase: 'the the' });
    expect(readSearch('A b A')).toEqual({ words: ['a', 'b'], phrase: 'a b a' });
    expect(readSearch('%')).toEqual({ words: [], phrase: '' });
  });
});

describe('searchWords', () => {
  it('splits a search into distinct folded words, none for punctuation alone', () => {
    expect(searchWords('Velvet  VELVET ghost')).toEqual(['velvet', 'ghost']);
    expect(searchWords('%')).toEqual([]);
  });

  it('asks FTS5 for each word as a quoted prefix of the user’s own words', () => {
    expect(fts5PrefixQuery(7, ['velvet', 'gho'])).toBe('"u7xvelvet"* "u7xgho"*');
  });

  it('asks FTS5 for a phrase as the user’s own words in a row', () => {
    expect(fts5PhraseQuery(7, 'velvet ghost')).toBe('"u7xvelvet u7xghost"');
  });
});
