import type { CollectionSearchResults, Suggestion } from '@gatefold/contract/collection-search';
import type { Kysely } from 'kysely';
import { presentAlbum } from '../albums/present';
import { searchAlbumRows } from '../albums/queries';
import { searchArtistSummaries } from '../artists/queries';
import { type LibraryState, libraryResults } from '../db/library-results';
import type { Database } from '../db/schema';
import { searchWords } from '../db/search-text';
import { searchFolders } from '../folders/kept-folder-rows';
import { presentFolder } from '../folders/present';
import { listGenres } from '../genres/queries';
import { listTags } from '../tags/queries';

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
  const key = `${perKind}\u0000${searchWords(q).join(' ')}`;
  const search = () => searchEveryKind(db, userId, q, perKind, library);
  return keptSearches(db, userId, key, search, library.version);
}

async function searchEveryKind(
  db: Kysely<Database>,
  userId: number,
  q: string,
  perKind: number,
  library: LibraryState,
): Promise<CollectionSearchResults> {
  const page = { limit: perKind, offset: 0 };
  const [albums, artists, tags, folders, genres] = await Promise.all([
    searchAlbumRows(db, userId, q, perKind).then((rows) => rows.map(presentAlbum)),
    searchArtistSummaries(db, userId, q, perKind),
    // The tags' own kept pages, under the version the session read.
    listTags(db, userId, { q, ...page }, library.version).then((found) => found.tags),
    // Their counts come from the folders kept for the list.
    searchFolders(db, userId, searchWords(q), perKind, library).then((rows) =>
      rows.map(presentFolder),
    ),
    listGenres(db, userId, q).then((found) => found.slice(0, perKind)),
  ]);
  return { albums, artists, tags, folders, genres };
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
