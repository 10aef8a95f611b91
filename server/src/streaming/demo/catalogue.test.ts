import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCatalogueFiles } from './catalogue-files';

const albums = readCatalogueFiles(path.join(import.meta.dirname, 'catalogue'));
const decadeOf = (date: string) => `${date.slice(0, 3)}0s`;

describe('the embedded demo catalogue', () => {
  it('holds at least 300 albums by at least 150 artists', () => {
    expect(albums.length).toBeGreaterThanOrEqual(300);
    expect(new Set(albums.flatMap((a) => a.artists)).size).toBeGreaterThanOrEqual(150);
  });

  it('spans every decade from the 1950s to the 2020s', () => {
    const decades = new Set(albums.map((a) => decadeOf(a.release_date)));
    for (const decade of ['1950s', '1960s', '1970s', '1980s', '1990s', '2000s', '2010s', '2020s']) {
      expect(decades, decade).toContain(decade);
    }
  });

  it('covers at least 30 genres and 25 countries', () => {
    expect(new Set(albums.flatMap((a) => a.genres)).size).toBeGreaterThanOrEqual(30);
    expect(new Set(albums.map((a) => a.country)).size).toBeGreaterThanOrEqual(25);
  });

  it('has release dates at all three precisions, and multi-disc albums', () => {
    const precisions = new Set(albums.map((a) => a.release_date.length));
    expect([...precisions].sort((a, b) => a - b)).toEqual([4, 7, 10]);
    expect(albums.some((a) => a.tracks.some((t) => t.disc > 1))).toBe(true);
  });

  it('lists each album once, with tracks numbered without gaps on each disc', () => {
    const keys = albums.map((a) => `${a.artists.join('|')}|${a.name}`.toLowerCase());
    expect(keys.length - new Set(keys).size).toBe(0);
    for (const album of albums) {
      const discs = new Map<number, number[]>();
      for (const track of album.tracks)
        discs.set(track.disc, [...(discs.get(track.disc) ?? []), track.number]);
      for (const [disc, numbers] of discs) {
        expect(numbers, `${album.name} disc ${disc}`).toEqual(numbers.map((_, i) => i + 1));
      }
    }
  });
});
