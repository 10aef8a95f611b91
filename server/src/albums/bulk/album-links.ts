import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { isPostgres, perDatabase } from '../../db/database';
import { inTurns } from '../../db/in-turns';
import { oneOfIds } from '../../db/one-of-ids';
import type { Database } from '../../db/schema';
import type { UndoRecorder } from './undo-record';

/**
 * Albums per statement. SQLite holds the event loop for each (about 7 ms a thousand), so its
 * statements are small; PostgreSQL's cost is the round trips, so its are as large as its limit of
 * bound values comfortably allows.
 */
const albumsPerStatement = (trx: Kysely<Database>) =>
  perDatabase(trx, { postgres: 5_000, sqlite: 1_000 });

/** A table linking albums to one tag or folder, with when each link was made. */
export type AlbumLinks =
  | { table: 'album_tags'; owner: 'tag_id'; stamp: 'created_at' }
  | { table: 'folder_albums'; owner: 'folder_id'; stamp: 'added_at' };

export const TAG_LINKS: AlbumLinks = { table: 'album_tags', owner: 'tag_id', stamp: 'created_at' };
export const FOLDER_LINKS: AlbumLinks = {
  table: 'folder_albums',
  owner: 'folder_id',
  stamp: 'added_at',
};

/** A link as a change took it away: the album, and when the link had been made. */
export const removedLink = z.tuple([z.number().int(), z.string()]);
type RemovedLink = z.infer<typeof removedLink>;

/** Links the albums (all the user's) to the tag or folder; the undo record keeps the new links. */
export async function addLinks(
  trx: Kysely<Database>,
  links: AlbumLinks,
  ownerId: number,
  albumIds: number[],
  record: UndoRecorder,
  now = new Date().toISOString(),
): Promise<number> {
  let added = 0;
  for await (const chunk of inTurns(albumIds, albumsPerStatement(trx))) {
    const rows = isPostgres(trx)
      ? sql`select unnest(cast(${chunk} as integer[])), cast(${ownerId} as integer), cast(${now} as text)`
      : sql`values ${sql.join(chunk.map((albumId) => sql`(${albumId}, ${ownerId}, ${now})`))}`;
    const { rows: inserted } = await sql<{ album_id: number }>`
      insert into ${sql.table(links.table)} (album_id, ${sql.ref(links.owner)}, ${sql.ref(links.stamp)})
      ${rows} on conflict do nothing returning album_id`.execute(trx);
    added += inserted.length;
    await record.keep(inserted.map((row) => row.album_id));
  }
  return added;
}

/** Unlinks the albums from the tag or folder; the undo record keeps each link with its time. */
export async function removeLinks(
  trx: Kysely<Database>,
  links: AlbumLinks,
  ownerId: number,
  albumIds: number[],
  record: UndoRecorder,
): Promise<number> {
  let removed = 0;
  for await (const chunk of inTurns(albumIds, albumsPerStatement(trx))) {
    const { rows } = await sql<{ album_id: number; stamp: string }>`
      delete from ${sql.table(links.table)}
      where ${sql.ref(links.owner)} = ${ownerId} and ${oneOfIds(trx, 'album_id', chunk)}
      returning album_id, ${sql.ref(links.stamp)} as stamp`.execute(trx);
    removed += rows.length;
    await record.keep(rows.map((row): RemovedLink => [row.album_id, row.stamp]));
  }
  return removed;
}

/** Takes away the links a change added; links made since by hand to other albums stay. */
export async function undoAddedLinks(
  trx: Kysely<Database>,
  links: AlbumLinks,
  ownerId: number,
  parts: AsyncGenerator<number[]>,
): Promise<number> {
  let undone = 0;
  for await (const albumIds of parts) {
    for await (const chunk of inTurns(albumIds, albumsPerStatement(trx))) {
      const { rows } = await sql<{ album_id: number }>`
        delete from ${sql.table(links.table)}
        where ${sql.ref(links.owner)} = ${ownerId} and ${oneOfIds(trx, 'album_id', chunk)}
        returning album_id`.execute(trx);
      undone += rows.length;
    }
  }
  return undone;
}

/**
 * Puts back the links a change took away, each with its original time, for the albums still in
 * the collection (the owner was checked to be the user's and still there).
 */
export async function undoRemovedLinks(
  trx: Kysely<Database>,
  userId: number,
  links: AlbumLinks,
  ownerId: number,
  parts: AsyncGenerator<RemovedLink[]>,
): Promise<number> {
  let undone = 0;
  for await (const removed of parts) {
    for await (const chunk of inTurns(removed, albumsPerStatement(trx))) {
      // Named as SQLite names the columns of VALUES.
      const removedRows = isPostgres(trx)
        ? sql`unnest(cast(${chunk.map(([albumId]) => albumId)} as integer[]),
            cast(${chunk.map(([, stamp]) => stamp)} as text[])) as removed (column1, column2)`
        : sql`(values ${sql.join(chunk.map(([albumId, stamp]) => sql`(${albumId}, ${stamp})`))}) as removed`;
      const { rows: inserted } = await sql<{ album_id: number }>`
        insert into ${sql.table(links.table)} (album_id, ${sql.ref(links.owner)}, ${sql.ref(links.stamp)})
        select albums.id, cast(${ownerId} as integer), removed.column2
        from ${removedRows}
        join albums on albums.id = removed.column1 and albums.user_id = ${userId}
        where true on conflict do nothing returning album_id`.execute(trx);
      undone += inserted.length;
    }
  }
  return undone;
}
