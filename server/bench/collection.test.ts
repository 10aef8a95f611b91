import { collectionExport } from '@gatefold/contract/maintenance';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectionBatches, GENRES } from './collection';

type Folder = { key: number; parent_key: number | null };

/** How many levels a folder sits at: 1 for a top-level folder. */
function levelOf(folder: Folder, byKey: Map<number, Folder>): number {
  const parent = folder.parent_key === null ? undefined : byKey.get(folder.parent_key);
  return parent ? 1 + levelOf(parent, byKey) : 1;
}

describe("the bench's collection", () => {
  let files: ReturnType<typeof collectionBatches> = [];
  let albums: (typeof files)[number]['albums'] = [];
  beforeAll(() => {
    files = collectionBatches({ albums: 50_000, batches: 10 });
    albums = files.flatMap((file) => file.albums);
  });

  it('is 50,000 albums of 10 tracks in ten import files of 5,000', () => {
    expect(files.map((file) => file.albums.length)).toEqual(Array(10).fill(5_000));
    expect(new Set(albums.map((album) => album.spotify_id)).size).toBe(50_000);
    expect(albums.every((album) => album.tracks.length === 10)).toBe(true);
  });

  it('has 2,000 folders nested up to 8 deep, each album in 0 to 2 of them', () => {
    expect(files.reduce((sum, file) => sum + file.folders.length, 0)).toBe(2_000);
    const deepest = files.map((file) => {
      const byKey = new Map(file.folders.map((folder) => [folder.key, folder]));
      return Math.max(...file.folders.map((folder) => levelOf(folder, byKey)));
    });
    expect(Math.max(...deepest)).toBe(8);
    const inFolders = albums.map((album) => new Set(album.folder_keys).size);
    expect(Math.max(...inFolders)).toBe(2);
    expect(inFolders.filter((count) => count > 0).length).toBeGreaterThan(25_000);
  });

  it('draws on about 5,000 artists, 300 tags and 60 genres', () => {
    const artists = new Set(albums.map((album) => album.artist));
    expect(artists.size).toBeGreaterThan(4_900);
    expect(artists.size).toBeLessThanOrEqual(5_000);
    expect(new Set(albums.flatMap((album) => album.tags)).size).toBe(300);
    expect(new Set(albums.flatMap((album) => album.genres)).size).toBe(GENRES);
  });

  it('is made of files the import accepts', () => {
    for (const file of [files[0], files[9]]) {
      expect(collectionExport.safeParse(file).error).toBeUndefined();
    }
  });

  it('gives a small collection labelled as the large one its tags and as many folders', () => {
    const small = collectionBatches({ albums: 50, batches: 10, labelledAs: 50_000 });
    expect(small.flatMap((file) => file.albums)).toHaveLength(50);
    expect(small.map((file) => file.tags)).toEqual(files.map((file) => file.tags));
    expect(small.map((file) => file.folders.length)).toEqual(files.map((f) => f.folders.length));
  });

  it('is the same collection on every run', () => {
    const names = (shape: { albums: number; batches: number }) =>
      collectionBatches(shape).flatMap((file) => file.albums.map((album) => album.name));
    expect(names({ albums: 500, batches: 2 })).toEqual(names({ albums: 500, batches: 2 }));
  });
});
