import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AlbumSources } from '../albums/add-from-streaming';
import { applyMetadata } from '../albums/refresh-metadata';
import type { NewAlbum } from '../albums/store';
import { removeUncreditedArtists } from '../artists/credits';
import { toCount } from '../db/count';
import type { Database } from '../db/schema';
import { inUserTransaction } from '../db/user-lock';
import type { JobWork } from './job-runner';
import { albumCount } from './jobs';
import { type KnownArtists, streamingAlbums } from './streaming-albums';

/** Albums fetched, then stored in one short transaction. */
const PAGE = 50;

export type RefreshDependencies = { db: Kysely<Database>; sources: AlbumSources };

/** Where a refresh goes on from: after this album id, with what it has counted so far. */
const resumePoint = z.object({
  after: z.number().int().min(0),
  updated: z.number().int().min(0),
  failed: z.number().int().min(0),
});

/** How many albums a refresh starting now would go through. */
export async function refreshableCount(db: Kysely<Database>, userId: number): Promise<number> {
  const count = await db
    .selectFrom('albums')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('user_id', '=', userId)
    .where('spotify_id', 'is not', null)
    .executeTakeFirst();
  return toCount(Number(count?.count ?? 0));
}

/**
 * Refreshes every album of the collection that came from the streaming service, a page at a
 * time. Corrections, tags and folders are kept (applyMetadata). Genres are the service's alone
 * (streamingAlbums): where it gives none, an album keeps the ones it has, MusicBrainz's among
 * them, and one without any is left to the look-up of genres.
 */
export function refreshCollection({ db, sources }: RefreshDependencies): JobWork {
  return async (job) => {
    const { userId, record, signal } = job;
    const total = job.total ?? 0;
    let { after, updated, failed } = resumePoint.parse(
      job.resumeFrom ?? { after: 0, updated: 0, failed: 0 },
    );
    let { done } = job;
    const artists: KnownArtists = new Map();
    for (;;) {
      const page = await db
        .selectFrom('albums')
        .select(['id', 'spotify_id'])
        .where('user_id', '=', userId)
        .where('spotify_id', 'is not', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      if (page.length === 0) break;
      after = page.at(-1)?.id ?? after;

      const wanted = page.flatMap(({ id, spotify_id }) => (spotify_id ? [{ id, spotify_id }] : []));
      const albums = await streamingAlbums(
        sources.streaming,
        wanted.map(({ spotify_id }) => ({ id: spotify_id })),
        artists,
        signal,
      );
      const fetched = new Map<number, NewAlbum>();
      wanted.forEach(({ id }, index) => {
        const album = albums[index];
        // One album the service cannot give is counted; the refresh goes on.
        if (album) fetched.set(id, album);
        else failed += 1;
      });
      done += page.length;
      await inUserTransaction(db, userId, async (trx) => {
        // Read again inside the transaction: an album may have been corrected or deleted since.
        const albums = await trx
          .selectFrom('albums')
          .select(['id', 'name', 'artist', 'release_date', 'image_url', 'corrected'])
          .where('user_id', '=', userId)
          .where('id', 'in', [...fetched.keys(), -1])
          .execute();
        for (const album of albums) {
          const fresh = fetched.get(album.id);
          if (fresh) await applyMetadata(trx, userId, album, fresh);
        }
        await removeUncreditedArtists(trx, userId);
        updated += albums.length;
        await record.progress(
          {
            done,
            total: Math.max(total, done),
            message: `Refreshed ${done} of ${albumCount(Math.max(total, done))}`,
            resumeFrom: { after, updated, failed },
          },
          trx,
        );
      });
    }
    const notes = [
      `Refreshed ${albumCount(updated)}`,
      failed > 0 ? `${failed} the streaming service could not give` : '',
    ];
    await record.finish(`${notes.filter(Boolean).join('; ')}.`);
  };
}
