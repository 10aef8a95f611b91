import { z } from 'zod';
import type { MusicBrainz } from './musicbrainz-client';

/** Where genres come from when the streaming service gives none (Spotify's are deprecated). */
export type GenreSource = { genresFor(artist: string, album: string): Promise<string[]> };

const releaseGroupSearch = z
  .object({
    'release-groups': z.array(
      z
        .object({
          score: z.number().optional(),
          tags: z.array(z.object({ name: z.string(), count: z.number() }).loose()).optional(),
        })
        .loose(),
    ),
  })
  .loose();

const MINIMUM_SCORE = 90;
const MAX_GENRES = 5;

/**
 * Genres from MusicBrainz's community tags on the best-matching release group. Optional by design:
 * any failure or a slow answer yields no genres, and an album is never held up for it.
 */
export function musicBrainzGenres(musicBrainz: MusicBrainz, timeoutMs = 3000): GenreSource {
  return {
    async genresFor(artist, album) {
      const query = `releasegroup:"${luceneEscape(album)}" AND artist:"${luceneEscape(artist)}"`;
      // The wait for a turn counts against the timeout too: an add never waits on a queue.
      const answer = await musicBrainz.getJson(
        `/release-group?fmt=json&limit=1&query=${encodeURIComponent(query)}`,
        AbortSignal.timeout(timeoutMs),
      );
      const parsed = releaseGroupSearch.safeParse(answer);
      const best = parsed.success ? parsed.data['release-groups'][0] : undefined;
      if (!best || (best.score ?? 0) < MINIMUM_SCORE) return [];
      return (best.tags ?? [])
        .filter((tag) => tag.count > 0)
        .sort((a, b) => b.count - a.count)
        .slice(0, MAX_GENRES)
        .map((tag) => tag.name.toLowerCase());
    },
  };
}

const luceneEscape = (text: string) => text.replace(/([+\-&|!(){}[\]^"~*?:\\/])/g, '\\$1');
