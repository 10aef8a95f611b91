import { describe, expect, it } from 'vitest';
import {
  describeQueryError,
  MAX_QUERY_LENGTH,
  parseAlbumQuery,
  type QueryNode,
} from './album-query';

function query(text: string): QueryNode | null {
  const parsed = parseAlbumQuery(text);
  if (!parsed.ok) throw new Error(`expected ${text} to parse: ${parsed.error.message}`);
  return parsed.query;
}

function failure(text: string) {
  const parsed = parseAlbumQuery(text);
  if (parsed.ok) throw new Error(`expected ${text} to be refused`);
  return { ...parsed.error, token: text.slice(parsed.error.start, parsed.error.end) };
}

const word = (text: string) => ({ kind: 'text', value: { text, quoted: false } });

describe('parseAlbumQuery: words and phrases', () => {
  it('reads a blank query as every album, and one of punctuation alone as none', () => {
    expect(query('')).toBeNull();
    expect(query('   ')).toBeNull();
    expect(query('– & -')).toEqual({ kind: 'any', nodes: [] });
    expect(query('%')).toEqual({ kind: 'any', nodes: [] });
  });

  it('reads free words side by side as all of them', () => {
    expect(query('miles')).toEqual(word('miles'));
    expect(query('kind  of blue')).toEqual({
      kind: 'all',
      nodes: [word('kind'), word('of'), word('blue')],
    });
  });

  it('keeps a quoted phrase whole, accents and case as typed', () => {
    expect(query('"Ágætis Byrjun" live')).toEqual({
      kind: 'all',
      nodes: [{ kind: 'text', value: { text: 'Ágætis Byrjun', quoted: true } }, word('live')],
    });
  });

  it('skips punctuation between words ("Artist – Album")', () => {
    expect(query('Sigur Rós – Takk')).toEqual({
      kind: 'all',
      nodes: [word('Sigur'), word('Rós'), word('Takk')],
    });
  });
});

describe('parseAlbumQuery: fields', () => {
  it('reads artist: and album: as parts of a name, quoted or bare, any case of field name', () => {
    expect(query('artist:miles')).toEqual({
      kind: 'artist',
      values: [{ text: 'miles', quoted: false }],
    });
    expect(query('Album:"ok computer"')).toEqual({
      kind: 'album',
      values: [{ text: 'ok computer', quoted: true }],
    });
  });

  it('reads genre:, tag: and folder: as whole names, with * for a prefix', () => {
    expect(query('genre:jazz')).toEqual({
      kind: 'genre',
      values: [{ name: 'jazz', prefix: false }],
    });
    expect(query('tag:fav*')).toEqual({ kind: 'tag', values: [{ name: 'fav', prefix: true }] });
    expect(query('folder:"Late Night"')).toEqual({
      kind: 'folder',
      values: [{ name: 'Late Night', prefix: false }],
    });
    expect(query('genre:*')).toEqual({ kind: 'genre', values: [{ name: '', prefix: true }] });
  });

  it('reads , inside a value as alternatives', () => {
    expect(query('genre:jazz,"hip hop",blu*')).toEqual({
      kind: 'genre',
      values: [
        { name: 'jazz', prefix: false },
        { name: 'hip hop', prefix: false },
        { name: 'blu', prefix: true },
      ],
    });
  });

  it('reads years: one, a range, open ranges and comparisons', () => {
    const years = (text: string) => query(`year:${text}`);
    expect(years('1994')).toEqual({ kind: 'year', values: [{ min: 1994, max: 1994 }] });
    expect(years('1990..1999')).toEqual({ kind: 'year', values: [{ min: 1990, max: 1999 }] });
    expect(years('2020..')).toEqual({ kind: 'year', values: [{ min: 2020, max: null }] });
    expect(years('..1970')).toEqual({ kind: 'year', values: [{ min: null, max: 1970 }] });
    expect(years('>1990')).toEqual({ kind: 'year', values: [{ min: 1991, max: null }] });
    expect(years('<=1970,2000')).toEqual({
      kind: 'year',
      values: [
        { min: null, max: 1970 },
        { min: 2000, max: 2000 },
      ],
    });
  });

  it('reads tracks: as counts, ranges and comparisons', () => {
    expect(query('tracks:>10')).toEqual({ kind: 'tracks', values: [{ min: 11, max: null }] });
    expect(query('tracks:5..8')).toEqual({ kind: 'tracks', values: [{ min: 5, max: 8 }] });
    expect(query('tracks:<5')).toEqual({ kind: 'tracks', values: [{ min: null, max: 4 }] });
  });

  it('reads added: as an age or as dates', () => {
    expect(query('added:<30d')).toEqual({
      kind: 'added',
      values: [{ kind: 'within', amount: 30, unit: 'd' }],
    });
    expect(query('added:>1y')).toEqual({
      kind: 'added',
      values: [{ kind: 'before', amount: 1, unit: 'y' }],
    });
    expect(query('added:2026-01..2026-06')).toEqual({
      kind: 'added',
      values: [{ kind: 'dates', from: '2026-01', to: '2026-06' }],
    });
    expect(query('added:2025-03-09')).toEqual({
      kind: 'added',
      values: [{ kind: 'dates', from: '2025-03-09', to: '2025-03-09' }],
    });
    expect(query('added:..2025')).toEqual({
      kind: 'added',
      values: [{ kind: 'dates', from: null, to: '2025' }],
    });
  });
});

describe('parseAlbumQuery: combining', () => {
  it('negates with - before a word, a phrase, a field or a group', () => {
    expect(query('-tag:owned')).toEqual({
      kind: 'not',
      node: { kind: 'tag', values: [{ name: 'owned', prefix: false }] },
    });
    expect(query('-"live at"')).toEqual({
      kind: 'not',
      node: { kind: 'text', value: { text: 'live at', quoted: true } },
    });
    expect(query('-(a b)')).toEqual({
      kind: 'not',
      node: { kind: 'all', nodes: [word('a'), word('b')] },
    });
  });

  it('keeps a hyphen inside a word and a spaced dash as punctuation', () => {
    expect(query('jay-z')).toEqual(word('jay-z'));
    expect(query('a - b')).toEqual({ kind: 'all', nodes: [word('a'), word('b')] });
  });

  it('binds OR closer than the terms side by side', () => {
    expect(query('genre:jazz OR genre:blues year:1960..')).toEqual({
      kind: 'all',
      nodes: [
        {
          kind: 'any',
          nodes: [
            { kind: 'genre', values: [{ name: 'jazz', prefix: false }] },
            { kind: 'genre', values: [{ name: 'blues', prefix: false }] },
          ],
        },
        { kind: 'year', values: [{ min: 1960, max: null }] },
      ],
    });
    expect(query('a OR b OR c')).toEqual({ kind: 'any', nodes: [word('a'), word('b'), word('c')] });
  });

  it('groups with brackets and reads a lower-case or as a word', () => {
    expect(query('(a b) OR c')).toEqual({
      kind: 'any',
      nodes: [{ kind: 'all', nodes: [word('a'), word('b')] }, word('c')],
    });
    expect(query('this or that')).toEqual({
      kind: 'all',
      nodes: [word('this'), word('or'), word('that')],
    });
  });

  it('reads the example of a listener', () => {
    expect(query('genre:jazz year:1955..1965 -tag:owned')).toEqual({
      kind: 'all',
      nodes: [
        { kind: 'genre', values: [{ name: 'jazz', prefix: false }] },
        { kind: 'year', values: [{ min: 1955, max: 1965 }] },
        { kind: 'not', node: { kind: 'tag', values: [{ name: 'owned', prefix: false }] } },
      ],
    });
  });
});

describe('parseAlbumQuery: errors point at the bad token', () => {
  it('refuses an unknown field', () => {
    const error = failure('jazz yr:1990');
    expect(error.token).toBe('yr');
    expect(error.message).toMatch(/"yr" is not a field/);
  });

  it('refuses a field without a value, and an empty alternative', () => {
    expect(failure('genre: jazz')).toMatchObject({
      token: 'genre:',
      message: 'genre: needs a value',
    });
    expect(failure('genre:jazz,')).toMatchObject({ message: 'Put a value after the comma' });
  });

  it('refuses years, track counts and dates that are not', () => {
    expect(failure('year:90s')).toMatchObject({ token: '90s' });
    expect(failure('year:19940')).toMatchObject({ token: '19940' });
    expect(failure('year:1999..1990')).toMatchObject({
      message: expect.stringMatching(/backwards/),
    });
    expect(failure('year:..')).toMatchObject({ token: '..' });
    expect(failure('tracks:many')).toMatchObject({ token: 'many' });
    expect(failure('added:30d')).toMatchObject({ token: '30d' });
    expect(failure('added:<30x')).toMatchObject({ token: '<30x' });
    expect(failure('added:2026-13')).toMatchObject({ token: '2026-13' });
    expect(failure('added:2026-02-30')).toMatchObject({ token: '2026-02-30' });
    expect(failure('added:2026-06..2026-01')).toMatchObject({
      message: expect.stringMatching(/backwards/),
    });
    expect(failure('year:1990,x')).toMatchObject({ token: 'x' });
  });

  it('refuses an unclosed quote or bracket, and a stray one', () => {
    expect(failure('a "kind of')).toMatchObject({ token: '"kind of', message: 'Close the quote' });
    expect(failure('(a b')).toMatchObject({ token: '(a b', message: 'Close the bracket' });
    expect(failure('a b)')).toMatchObject({ token: ')', message: 'This ) closes no bracket' });
    expect(failure('()')).toMatchObject({ message: 'Put a term inside the brackets' });
  });

  it('refuses OR or - with nothing to join or negate', () => {
    expect(failure('OR jazz')).toMatchObject({ token: 'OR', message: 'OR needs a term before it' });
    expect(failure('jazz OR')).toMatchObject({ token: 'OR', message: 'OR needs a term after it' });
    expect(failure('a OR OR b')).toMatchObject({ token: 'OR' });
    expect(failure('a -(')).toMatchObject({ message: 'Close the bracket' });
  });

  it('refuses a query over the length limit', () => {
    expect(failure('a'.repeat(MAX_QUERY_LENGTH + 1)).message).toMatch(/at most/);
  });

  it('describes an error with the character and token it points at', () => {
    const text = 'jazz year:19x0';
    const parsed = parseAlbumQuery(text);
    if (parsed.ok) throw new Error('expected a refusal');
    expect(describeQueryError(text, parsed.error)).toMatch(/ \(at character 11 \("19x0"\)\)$/);
  });
});
