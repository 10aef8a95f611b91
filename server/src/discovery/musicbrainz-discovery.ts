import { z } from 'zod';
import type { MusicBrainz } from '../streaming/musicbrainz-client';
import type { StreamingService } from '../streaming/port';
import { untilAborted } from '../streaming/until-aborted';
import type { DiscoveryFilters } from './filters';
import type { DiscoveryHit } from './hits';
import type { SearchLog } from './search-log';

const releaseSearch = z
  .object({
    releases: z.array(
      z
        .object({
          title: z.string(),
          'artist-credit': z.array(z.object({ name: z.string() }).loose()).optional(),
          'release-group': z.object({ id: z.string() }).loose().optional(),
        })
        .loose(),
    ),
  })
  .loose();

const MAX_CANDIDATES = 15;
/** The release search alone; the whole discovery has the request's deadline as well. */
const SEARCH_TIMEOUT_MS = 8000;

/**
 * Global discovery with Spotify as the service: MusicBrainz finds releases by country, genre
 * (its tags) and year, and each is matched back to the streaming catalogue by artist and title.
 * `signal` ends the work (the deadline passed, or the client left): no call starts after it.
 */
export async function discoverThroughMusicBrainz(
  musicBrainz: MusicBrainz,
  streaming: StreamingService,
  filters: DiscoveryFilters,
  log: SearchLog,
  signal: AbortSignal,
): Promise<DiscoveryHit[]> {
  const query = musicBrainzQuery(filters);
  const candidates = await log.step(
    'MusicBrainz',
    'Searching releases by country, genre and year',
    async () => {
      const answer = await musicBrainz.getJson(
        `/release?fmt=json&limit=50&query=${encodeURIComponent(query)}`,
        AbortSignal.any([signal, AbortSignal.timeout(SEARCH_TIMEOUT_MS)]),
      );
      signal.throwIfAborted();
      const parsed = releaseSearch.safeParse(answer);
      if (!parsed.success)
        throw Object.assign(new Error('MusicBrainz failed'), {
          detail: 'MusicBrainz did not answer.',
        });
      const seen = new Set<string>();
      return parsed.data.releases.flatMap((release) => {
        const artist = release['artist-credit']?.[0]?.name;
        const key = release['release-group']?.id ?? `${artist}|${release.title}`;
        if (!artist || seen.has(key)) return [];
        seen.add(key);
        return [{ artist, title: release.title }];
      });
    },
    (found) => `Found ${found.length} release groups`,
  );
  const hits: DiscoveryHit[] = [];
  await log.step(
    'Spotify',
    `Matching up to ${MAX_CANDIDATES} of them to the catalogue`,
    async () => {
      for (const candidate of candidates.slice(0, MAX_CANDIDATES)) {
        const page = await untilAborted(
          streaming.searchAlbums(`artist:"${candidate.artist}" album:"${candidate.title}"`, {
            limit: 1,
            offset: 0,
          }),
          signal,
        );
        const album = page.items[0];
        if (album && !hits.some((hit) => hit.album.id === album.id))
          hits.push({ album, popularity: null });
      }
      return hits;
    },
    (matched) => `Matched ${matched.length} albums`,
  );
  return hits;
}

function musicBrainzQuery(filters: DiscoveryFilters): string {
  const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;
  const parts = [
    filters.text && quote(filters.text),
    filters.artist && `artist:${quote(filters.artist)}`,
    filters.album && `release:${quote(filters.album)}`,
    filters.country && `country:${filters.country}`,
    filters.years &&
      `date:[${filters.years.from} TO ${filters.years.to === 9999 ? '*' : filters.years.to}]`,
    filters.albumType &&
      `primarytype:${filters.albumType === 'compilation' ? 'album' : filters.albumType}`,
    filters.albumType === 'compilation' && 'secondarytype:compilation',
    ...filters.genres.map((genre) => `tag:${quote(genre)}`),
  ];
  return parts.filter(Boolean).join(' AND ');
}
