import { artistSummary } from '@gatefold/contract/artists';
import type { CollectionSearchResults, Suggestion } from '@gatefold/contract/collection-search';
import { genre } from '@gatefold/contract/genres';
import { tag } from '@gatefold/contract/tags';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { fromJson, jsonArrayOf } from '../albums/labelled-albums';
import { presentAlbum } from '../albums/present';
import { quickSearchReadsEveryMatch, searchAlbumRows } from '../albums/queries';
import { quickSearchArtists, searchArtistSummaries } from '../artists/queries';
import { type LibraryState, libraryResults } from '../db/library-results';
import type { Database } from '../db/schema';
import { searchShapedQuery } from '../db/search-shaped-query';
import { readSearch, type Search } from '../db/search-text';
import { foldersWithIds } from '../folders/kept-folder-rows';
import { presentFolder } from '../folders/present';
import { folderHitsQuery } from '../folders/queries';
import { genresMatching } from '../genres/queries';
import { tagsMatching } from '../tags/queries';

/**
 * Searches kept per user until their library or folders change: typeahead asks for the same few
 * letters again and again, and a broad prefix ranks thousands of albums.
 */
const keptSearches = libraryResults<CollectionSearchResults>(64);

/**
 * Up to `perKind` albums, artists, tags, folders and genres whose names have words starting with
 * q's, regardless of case and accents, exact and prefix name matches first: a fixed set of queries.
 */
export function searchCollection(
  db: Kysely<Database>,
  userId: number,
  q: string,
  perKind: number,
  library: LibraryState,
): Promise<CollectionSearchResults> {
  const search = readSearch(q);
  const key = `${perKind}\u0000${search.phrase}`;
  const read = () => searchEveryKind(db, userId, search, perKind, library);
  return keptSearches(db, userId, key, read, library.version);
}

async function searchEveryKind(
  db: Kysely<Database>,
  userId: number,
  search: Search,
  perKind: number,
  library: LibraryState,
): Promise<CollectionSearchResults> {
  const { albumCount } = library;
  const [albums, labels] = await Promise.all([
    searchAlbumRows(db, userId, search, perKind, albumCount).then((rows) => rows.map(presentAlbum)),
    searchLabels(db, userId, search, perKind, albumCount).then(async (lists) => {
      const [artists, folders] = await Promise.all([
        searchArtistSummaries(db, userId, search, perKind, { listed: lists.artists, albumCount }),
        // Their counts come from the folders kept for the list.
        foldersWithIds(db, userId, lists.folderIds, library),
      ]);
      return {
        tags: lists.tags,
        genres: lists.genres,
        artists,
        folders: folders.map(presentFolder),
      };
    }),
  ]);
  return { albums, ...labels };
}

const labelLists = z.object({
  tags: z.array(tag),
  genres: z.array(genre),
  artists: z.array(artistSummary),
  folders: z.array(z.object({ id: z.number().int() })),
});

/**
 * The tags, genres and artists of a search (`quickSearchArtists`), each list as its own module
 * orders it, and the ids of its folders, read in one statement: each is a short read of a small
 * table, and on PostgreSQL four statements cost four round trips and four turns of a pooled
 * connection. Built once for each shape of search.
 */
export const labelsStatement = searchShapedQuery(
  (db, userId, search, { perKind, everyMatch }: { perKind: number; everyMatch: boolean }) => {
    // A search of punctuation alone names no artist.
    const artistLimit = search.words.length === 0 ? 0 : perKind;
    const jsonArray = jsonArrayOf(db);
    return db.selectNoFrom([
      jsonArray(tagsMatching(db, userId, search).limit(sql.lit(perKind))).as('tags'),
      jsonArray(genresMatching(db, userId, search).limit(sql.lit(perKind))).as('genres'),
      jsonArray(quickSearchArtists(db, userId, search, artistLimit, everyMatch)).as('artists'),
      jsonArray(folderHitsQuery(db, userId, search, perKind)).as('folders'),
    ]);
  },
);

async function searchLabels(
  db: Kysely<Database>,
  userId: number,
  search: Search,
  perKind: number,
  albumCount: number,
) {
  const everyMatch = quickSearchReadsEveryMatch(albumCount);
  const { rows } = await db.executeQuery(
    labelsStatement(db, userId, search, { perKind, everyMatch }),
  );
  const [lists] = rows;
  if (!lists) throw new Error('The labels of a search came back without their row.');
  const { folders, ...labels } = labelLists.parse({
    tags: fromJson(lists.tags),
    genres: fromJson(lists.genres),
    artists: fromJson(lists.artists),
    folders: fromJson(lists.folders),
  });
  return { ...labels, folderIds: folders.map((folder) => folder.id) };
}

/** Typeahead: the best few of each kind, taken in turn, each with the screen it opens. */
export function toSuggestions(results: CollectionSearchResults, limit: number): Suggestion[] {
  const lists: Suggestion[][] = [
    results.albums.map((a) => ({
      kind: 'album',
      label: `${a.name} — ${a.artist}`,
      path: `/albums/${a.id}`,
    })),
    results.artists.map((a) => ({ kind: 'artist', label: a.name, path: `/artists/${a.id}` })),
    results.tags.map((t) => ({
      kind: 'tag',
      label: t.name,
      path: `/tags/${encodeURIComponent(t.name)}`,
    })),
    results.folders.map((f) => ({ kind: 'folder', label: f.name, path: `/folders/${f.id}` })),
    results.genres.map((g) => ({
      kind: 'genre',
      label: g.name,
      path: `/genres/${encodeURIComponent(g.name)}`,
    })),
  ];
  const suggestions: Suggestion[] = [];
  for (
    let round = 0;
    suggestions.length < limit && lists.some((list) => round < list.length);
    round += 1
  ) {
    for (const list of lists) {
      const next = list[round];
      if (next && suggestions.length < limit) suggestions.push(next);
    }
  }
  return suggestions;
}
