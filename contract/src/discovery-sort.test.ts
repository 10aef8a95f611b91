import { describe, expect, it } from 'vitest';
import { isDiscoverySort, sortDiscoveryAlbums } from './discovery-sort';

const album = (
  name: string,
  artist: string,
  release_date: string | null,
  popularity: number | null,
) => ({
  name,
  artist,
  release_date,
  popularity,
});

const albums = [
  album('Kind of Blue', 'Miles Davis', '1959-08-17', 80),
  album('blue Train', 'John Coltrane', '1957', 70),
  album('Unknown', 'anonymous', null, null),
  album('A Love Supreme', 'John Coltrane', '1965-01', 85),
];
const names = (list: { name: string }[]) => list.map((item) => item.name);

describe('sortDiscoveryAlbums', () => {
  it('keeps the server order for relevance and does not touch the input', () => {
    const before = names(albums);
    expect(names(sortDiscoveryAlbums(albums, 'relevance'))).toEqual(before);
    sortDiscoveryAlbums(albums, 'name');
    expect(names(albums)).toEqual(before);
  });

  it('sorts names and artists A-Z, ignoring case', () => {
    expect(names(sortDiscoveryAlbums(albums, 'name'))).toEqual([
      'A Love Supreme',
      'blue Train',
      'Kind of Blue',
      'Unknown',
    ]);
    expect(names(sortDiscoveryAlbums(albums, 'artist'))).toEqual([
      'Unknown',
      'A Love Supreme',
      'blue Train',
      'Kind of Blue',
    ]);
  });

  it('puts the newest and the most popular first, missing values last', () => {
    expect(names(sortDiscoveryAlbums(albums, 'year'))).toEqual([
      'A Love Supreme',
      'Kind of Blue',
      'blue Train',
      'Unknown',
    ]);
    expect(names(sortDiscoveryAlbums(albums, 'popularity'))).toEqual([
      'A Love Supreme',
      'Kind of Blue',
      'blue Train',
      'Unknown',
    ]);
  });

  it('knows its sort values', () => {
    expect(isDiscoverySort('popularity')).toBe(true);
    expect(isDiscoverySort('added')).toBe(false);
  });
});
