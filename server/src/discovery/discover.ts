import type { AdvancedSearchQuery, AdvancedSearchResults } from '@gatefold/contract/discovery';
import type { Kysely } from 'kysely';
import { collectionIds } from '../albums/collection-marks';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { DemoStreamingService } from '../streaming/demo/demo-service';
import type { MusicBrainz } from '../streaming/musicbrainz-client';
import type { StreamingService } from '../streaming/port';
import { discoverInCatalogue } from './catalogue-discovery';
import { type DiscoveryFilters, parseFilters, toStreamingQuery } from './filters';
import type { DiscoveryHit } from './hits';
import { discoverThroughMusicBrainz } from './musicbrainz-discovery';
import { toDiscoveryAlbum } from './present';
import { SearchLog } from './search-log';

export type DiscoveryDependencies = {
  db: Kysely<Database>;
  streaming: StreamingService;
  musicBrainz: MusicBrainz;
};

const RESULT_LIMIT = 50;

/**
 * One advanced search (SPEC §2 Discover): global discovery by country, genre and year, or a
 * multi-source recommendation. Failures yield no results and an error in the log, as SPEC §8 says;
 * so does `signal` ending (the request's deadline, or the client gone), which stops the work.
 */
export async function discover(
  deps: DiscoveryDependencies,
  userId: number,
  query: AdvancedSearchQuery,
  signal: AbortSignal,
): Promise<AdvancedSearchResults> {
  const started = Date.now();
  const log = new SearchLog();
  const filters = parseFilters(query);
  log.add(
    'info',
    'Discover',
    `Searching with ${query.algorithm === 'musicbrainz' ? 'global discovery' : 'Real Discovery'}`,
    describe(filters),
  );
  let hits: DiscoveryHit[] = [];
  try {
    hits =
      query.algorithm === 'musicbrainz'
        ? await globalDiscovery(deps, filters, log, signal)
        : await realDiscovery(deps, userId, filters, log);
  } catch {
    log.add(
      'error',
      'Discover',
      'Search failed',
      signal.aborted
        ? 'The sources took too long to answer; no results.'
        : 'The sources could not be reached; no results.',
    );
  }
  const owned = await collectionIds(
    deps.db,
    userId,
    hits.map((hit) => hit.album.id),
  );
  const albums = hits
    .slice(0, RESULT_LIMIT)
    .map((hit) => toDiscoveryAlbum(hit.album, owned.get(hit.album.id), hit.popularity));
  log.add(
    'success',
    'Discover',
    `Found ${hits.length} albums`,
    `${owned.size} already in your collection`,
  );
  await recordSearch(deps.db, userId, query, hits.length);
  return { albums, total: hits.length, took_ms: Date.now() - started, log: log.entries };
}

async function globalDiscovery(
  deps: DiscoveryDependencies,
  filters: DiscoveryFilters,
  log: SearchLog,
  signal: AbortSignal,
) {
  const { streaming } = deps;
  if (streaming instanceof DemoStreamingService) {
    return log.step(
      'Catalogue',
      'Searching by country of origin, genre and year',
      async () => discoverInCatalogue(streaming.catalogue, filters),
      (hits) => `Found ${hits.length} albums`,
    );
  }
  return discoverThroughMusicBrainz(deps.musicBrainz, streaming, filters, log, signal);
}

/** The streaming search, then what the user does not own yet first: discovery, not repetition. */
async function realDiscovery(
  deps: DiscoveryDependencies,
  userId: number,
  filters: DiscoveryFilters,
  log: SearchLog,
) {
  const query = toStreamingQuery(filters) || 'tag:new';
  if (filters.genres.length > 0 && deps.streaming.kind === 'spotify') {
    log.add(
      'warning',
      'Spotify',
      'Spotify cannot filter albums by genre',
      'The genre filter was sent but may be ignored.',
    );
  }
  const page = await log.step(
    deps.streaming.kind === 'spotify' ? 'Spotify' : 'Catalogue',
    `Searching "${query}"`,
    () => deps.streaming.searchAlbums(query, { limit: RESULT_LIMIT, offset: 0 }),
    (found) => `Found ${found.total} albums`,
  );
  const wanted = filters.albumType === 'ep' ? 'single' : filters.albumType;
  const albums = page.items
    .filter((album) => !wanted || album.album_type === wanted)
    .map((album) => ({ album, artistKeys: album.artists.map((artist) => nameKey(artist.name)) }));
  // Only the page's own artists are looked up, by name key, whatever the collection's size.
  const pageArtists = [...new Set(albums.flatMap(({ artistKeys }) => artistKeys))];
  const known = await log.step(
    'Collection',
    'Comparing with the artists you collect',
    async () => collectedArtistKeys(deps.db, userId, pageArtists),
    (artists) => `${artists.size} of ${pageArtists.length} artists already in your collection`,
  );
  const popularity = (id: string) =>
    deps.streaming instanceof DemoStreamingService
      ? (deps.streaming.catalogue.albumsById.get(id)?.detail.popularity ?? null)
      : null;
  return albums
    .map(({ album, artistKeys }, rank) => ({
      hit: { album, popularity: popularity(album.id) },
      familiar: artistKeys.some((key) => known.has(key)),
      rank,
    }))
    .sort((a, b) => Number(a.familiar) - Number(b.familiar) || a.rank - b.rank)
    .map(({ hit }) => hit);
}

/** Which of the given artist name keys (db/name-key.ts) the user collects. */
async function collectedArtistKeys(db: Kysely<Database>, userId: number, keys: string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('artists')
    .select('name_key')
    .where('user_id', '=', userId)
    .where('name_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.name_key));
}

async function recordSearch(
  db: Kysely<Database>,
  userId: number,
  query: AdvancedSearchQuery,
  resultCount: number,
) {
  const { algorithm, ...filters } = query;
  const given = Object.fromEntries(
    Object.entries(filters)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  await db
    .insertInto('discovery_searches')
    .values({
      user_id: userId,
      algorithm,
      filters: JSON.stringify(given),
      result_count: resultCount,
      created_at: new Date().toISOString(),
    })
    .execute();
}

function describe(filters: DiscoveryFilters): string {
  const parts = [
    filters.text && `text "${filters.text}"`,
    filters.genres.length > 0 && `genres ${filters.genres.join(' + ')}`,
    filters.artist && `artist ${filters.artist}`,
    filters.album && `album ${filters.album}`,
    filters.years &&
      `years ${filters.years.from}–${filters.years.to === 9999 ? '' : filters.years.to}`,
    filters.country && `country ${filters.country}`,
    filters.albumType && `type ${filters.albumType}`,
  ];
  return parts.filter(Boolean).join(', ');
}
