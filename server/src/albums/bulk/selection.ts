import { type BulkScope, MAX_BULK_ALBUMS } from '@gatefold/contract/bulk';
import type { Kysely } from 'kysely';
import { inTurns, nextTurn } from '../../db/in-turns';
import type { Database } from '../../db/schema';
import { savedQuery } from '../../folders/smart-counts';
import { HttpError, notFound } from '../../http/errors';
import { readAlbumQuery } from '../album-page';
import { type AlbumFilter, albumsMatching } from '../matching-albums';

/** Which albums a bulk change is about: listed by id, or all that match a query in a scope. */
export type BulkSelection = { albums: number[] } | { query: string; within?: BulkScope };

export const tooMany = () =>
  new HttpError(
    413,
    `A bulk change can touch at most ${MAX_BULK_ALBUMS.toLocaleString('en-US')} albums: narrow the query.`,
  );

/** The user's albums one statement of a selection looks at, however few of them match. */
const ALBUMS_PER_STATEMENT = 5_000;

/**
 * The selected album ids, ascending, all the user's. A listed id that is not one of the user's
 * albums is a 404 naming it, as is a scope that is not theirs; the change then does nothing.
 */
export async function selectedAlbumIds(
  trx: Kysely<Database>,
  userId: number,
  selection: BulkSelection,
): Promise<number[]> {
  if ('albums' in selection) return listedAlbumIds(trx, userId, selection.albums);
  const filter = await scopeFilter(trx, userId, selection.within ?? {});
  const matching = albumsMatching(trx, userId, {
    ...filter,
    query: readAlbumQuery(selection.query),
  })
    .select('albums.id')
    .orderBy('albums.id');
  // The matches among `ALBUMS_PER_STATEMENT` of the user's albums at a time, in turns, so that
  // selecting from 50,000 never holds the event loop long. Taking that many matches at a time
  // instead, a query that few albums match read every album in one statement (74 ms at 50,000
  // on a slow machine). The windows come from the user's own ids, whoever else has albums.
  const ids: number[] = [];
  for await (const window of ownIdWindows(trx, userId)) {
    const rows = await matching
      .where('albums.id', '>=', window.first)
      .where('albums.id', '<=', window.last)
      .execute();
    for (const row of rows) ids.push(row.id);
    if (ids.length > MAX_BULK_ALBUMS) throw tooMany();
    await nextTurn();
  }
  return ids;
}

/** The user's album ids in ascending windows of `ALBUMS_PER_STATEMENT`, by first and last. */
async function* ownIdWindows(trx: Kysely<Database>, userId: number) {
  const inOrder = trx
    .selectFrom('albums')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('id')
    .limit(ALBUMS_PER_STATEMENT);
  for (let after = 0; ; ) {
    const rows = await inOrder.where('id', '>', after).execute();
    const first = rows[0];
    const last = rows.at(-1);
    if (!first || !last) return;
    yield { first: first.id, last: last.id };
    if (rows.length < ALBUMS_PER_STATEMENT) return;
    after = last.id;
  }
}

async function listedAlbumIds(trx: Kysely<Database>, userId: number, listed: number[]) {
  const wanted = [...new Set(listed)].sort((a, b) => a - b);
  const owned = new Set<number>();
  for await (const chunk of inTurns(wanted, 5_000)) {
    const rows = await trx
      .selectFrom('albums')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', chunk)
      .execute();
    for (const row of rows) owned.add(row.id);
  }
  const missing = wanted.find((albumId) => !owned.has(albumId));
  if (missing !== undefined) throw notFound(`No such album: ${missing}.`);
  return wanted;
}

/** The list a query narrows; a smart folder's albums are those its own query matches. */
async function scopeFilter(
  trx: Kysely<Database>,
  userId: number,
  within: BulkScope,
): Promise<AlbumFilter> {
  const filter: AlbumFilter = {};
  if (within.folder_id !== undefined) {
    const folder = await trx
      .selectFrom('folders')
      .select('query')
      .where('user_id', '=', userId)
      .where('id', '=', within.folder_id)
      .executeTakeFirst();
    if (!folder) throw notFound('No such folder.');
    if (folder.query === null) filter.folderId = within.folder_id;
    else filter.smartQuery = savedQuery(folder.query);
  }
  for (const [table, rowId, key, noun] of [
    ['tags', within.tag_id, 'tagId', 'tag'],
    ['genres', within.genre_id, 'genreId', 'genre'],
    ['artists', within.artist_id, 'artistId', 'artist'],
  ] as const) {
    if (rowId === undefined) continue;
    const owned = await trx
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', rowId)
      .executeTakeFirst();
    if (!owned) throw notFound(`No such ${noun}.`);
    filter[key] = rowId;
  }
  return filter;
}
