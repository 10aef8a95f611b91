import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LETTERS_AS_FOLDED_TOKENIZER, sqliteOwnedWordIndex } from './migrations/text-index';
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
    expect(fts5PrefixQuery(7, ['velvet', 'gho'], 'text')).toBe(
      'text : "u7xvelvet"* text : "u7xgho"*',
    );
  });

  it('asks FTS5 for a phrase as the user’s own words in a row', () => {
    expect(fts5PhraseQuery(7, 'velvet ghost')).toBe('"u7xvelvet u7xghost"');
    expect(fts5PhraseQuery(7, 'velvet ghost', 'text')).toBe('text : "u7xvelvet u7xghost"');
  });
});

describe('SQLite’s text index', () => {
  it('reads every word the folded text makes as that one word, in every script', () => {
    const index = new SQLite(':memory:');
    try {
      const [createIndex] = sqliteOwnedWordIndex(
        'names',
        'name_search',
        LETTERS_AS_FOLDED_TOKENIZER,
      );
      index.exec(createIndex ?? '');
      index.exec(`create virtual table tokens using fts5vocab(name_search, 'instance')`);
      const insert = index.prepare('insert into name_search (rowid, text) values (?, ?)');
      const folded = new Map<number, string>();
      index.transaction(() => {
        for (let codePoint = 0; codePoint <= 0x10ffff; codePoint += 1) {
          if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
          const word = searchText(String.fromCodePoint(codePoint));
          if (word === '' || word.includes(' ')) continue;
          folded.set(codePoint, word);
          // As the index stores a user's word: the user's token, then the word.
          insert.run(codePoint, `u1x${word}`);
        }
      })();
      const indexed = new Map<number, string[]>();
      const tokens = index.prepare<[], { doc: number; term: string }>(
        'select doc, term from tokens',
      );
      for (const { doc, term } of tokens.iterate()) {
        indexed.set(doc, [...(indexed.get(doc) ?? []), term]);
      }
      // A letter taken for a separator cuts the word or leaves the user's bare token; one the
      // tokenizer folds again makes a word that the LIKE of a walk would not find.
      const differing = [...folded]
        .filter(([codePoint, word]) => indexed.get(codePoint)?.join(' ') !== `u1x${word}`)
        .map(([codePoint]) => codePoint.toString(16));
      expect(folded.size).toBeGreaterThan(100_000);
      expect(differing).toEqual([]);
    } finally {
      index.close();
    }
  });
});
