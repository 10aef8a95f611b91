import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AlbumSources } from '../albums/add-from-streaming';
import { toCount } from '../db/count';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import { upsertGenres } from '../genres/queries';
import { albumsWithoutGenres } from './findings';
import type { JobWork } from './job-runner';
import { albumCount } from './jobs';

const PAGE = 50;

export type GenreLookupDependencies = {
  db: Kysely<Database>;
  sources: Pick<AlbumSources, 'genres'>;
};

/** Where a look-up goes on from: after this album id. */
const resumePoint = z.object({ after: z.number().int().min(0) });

/** How many albums a look-up starting now would go through. */
export async function albumsWithoutGenresCount(
  db: Kysely<Database>,
  userId: number,
): Promise<number> {
  const count = await albumsWithoutGenres(db, userId)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirst();
  return toCount(Number(count?.count ?? 0));
}

/**
 * Gives genres to the albums that have none: the genres its artists are known for, or else
 * MusicBrainz's for the release (one call a second).
 */
export function lookUpGenres({ db, sources }: GenreLookupDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    const total = job.total ?? 0;
    let { after } = resumePoint.parse(job.resumeFrom ?? { after: 0 });
    let { done, added } = job;
    for (;;) {
      const page = await albumsWithoutGenres(db, userId)
        .select(['albums.id', 'albums.name', 'albums.artist'])
        .where('albums.id', '>', after)
        .orderBy('albums.id')
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      after = page.at(-1)?.id ?? after;

      const artistGenres = await db
        .selectFrom('album_artists')
        .innerJoin('artist_genres', 'artist_genres.artist_id', 'album_artists.artist_id')
        .innerJoin('genres', 'genres.id', 'artist_genres.genre_id')
        .select(['album_artists.album_id', 'genres.name'])
        .where(
          'album_artists.album_id',
          'in',
          page.map((album) => album.id),
        )
        .execute();
      const found = new Map<number, { genres: string[]; source: 'streaming' | 'musicbrainz' }>();
      for (const row of artistGenres) {
        const entry = found.get(row.album_id) ?? { genres: [], source: 'streaming' as const };
        entry.genres.push(row.name);
        found.set(row.album_id, entry);
      }
      for (const album of page) {
        if (found.has(album.id)) continue;
        signal.throwIfAborted();
        const primary = album.artist.split(', ')[0] ?? album.artist;
        try {
          const genres = await sources.genres.genresFor(primary, album.name);
          if (genres.length > 0) found.set(album.id, { genres, source: 'musicbrainz' });
        } catch {
          // An album MusicBrainz cannot answer for stays without genres; the rest go on.
        }
      }

      done += page.length;
      await inUserTransaction(db, userId, async (trx) => {
        const genreIds = await upsertGenres(
          trx,
          userId,
          [...found.values()].flatMap((entry) => entry.genres),
        );
        const links = [...found].flatMap(([albumId, { genres, source }]) =>
          [...new Set(genres.flatMap((name) => genreIds.get(nameKey(name)) ?? []))].map(
            (genreId) => ({ album_id: albumId, genre_id: genreId, source }),
          ),
        );
        // An album deleted meanwhile is left out rather than failing the page.
        const still = new Set(
          (
            await trx
              .selectFrom('albums')
              .select('id')
              .where('user_id', '=', userId)
              .where('id', 'in', [...found.keys(), -1])
              .execute()
          ).map((row) => row.id),
        );
        const kept = links.filter((link) => still.has(link.album_id));
        if (kept.length > 0)
          await trx
            .insertInto('album_genres')
            .values(kept)
            .onConflict((oc) => oc.columns(['album_id', 'genre_id']).doNothing())
            .execute();
        added += new Set(kept.map((link) => link.album_id)).size;
        await record.progress(
          {
            done,
            added,
            total: Math.max(total, done),
            message: `Looked up ${done} of ${Math.max(total, done)} albums`,
            resumeFrom: { after },
          },
          trx,
        );
      });
    }
    const missing = done - added;
    await record.finish(
      `Found genres for ${albumCount(added)}${missing > 0 ? `; none found for ${missing}` : ''}.`,
    );
  };
}
