import { z } from 'zod';

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
/** MusicBrainz asks for at most one request a second from each client. */
const REQUEST_SPACING_MS = 1100;

/**
 * Genres from MusicBrainz's community tags on the best-matching release group. Optional by design:
 * any failure or a slow answer yields no genres, and an album is never held up for it.
 */
export function musicBrainzGenres(
  baseUrl: string,
  userAgent: string,
  timeoutMs = 3000,
): GenreSource {
  let nextSlot = 0;
  return {
    async genresFor(artist, album) {
      const wait = Math.max(0, nextSlot - Date.now());
      nextSlot = Date.now() + wait + REQUEST_SPACING_MS;
      if (wait > timeoutMs) return [];
      await new Promise((resolve) => setTimeout(resolve, wait));
      const query = `releasegroup:"${luceneEscape(album)}" AND artist:"${luceneEscape(artist)}"`;
      const url = `${baseUrl}/release-group?fmt=json&limit=1&query=${encodeURIComponent(query)}`;
      try {
        const response = await fetch(url, {
          headers: { 'user-agent': userAgent, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const parsed = releaseGroupSearch.safeParse(
          response.ok ? await response.json() : undefined,
        );
        const best = parsed.success ? parsed.data['release-groups'][0] : undefined;
        if (!best || (best.score ?? 0) < MINIMUM_SCORE) return [];
        return (best.tags ?? [])
          .filter((tag) => tag.count > 0)
          .sort((a, b) => b.count - a.count)
          .slice(0, MAX_GENRES)
          .map((tag) => tag.name.toLowerCase());
      } catch {
        return [];
      }
    },
  };
}

const luceneEscape = (text: string) => text.replace(/([+\-&|!(){}[\]^"~*?:\\/])/g, '\\$1');
