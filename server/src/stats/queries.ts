import {
  type CollectionStats,
  STATS_OTHER_GENRES,
  STATS_TOP_ARTISTS,
  STATS_TOP_GENRES,
  statsMonths,
} from '@gatefold/contract/stats';
import { type Kysely, sql } from 'kysely';
import { toCount } from '../db/count';
import { libraryResults } from '../db/library-results';
import type { Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';

/** Kept per library version and month: the charts change only when the collection does. */
const keptStats = libraryResults<CollectionStats>(64);

/** `knownVersion`: the library's version read with the session, if the caller has it. */
export function collectionStats(
  db: Kysely<Database>,
  userId: number,
  knownVersion?: string,
): Promise<CollectionStats> {
  const now = new Date();
  const months = statsMonths(now);
  return keptStats(
    db,
    userId,
    'stats',
    async () => {
      const [genres, decades, added, topArtists] = await Promise.all([
        genreCounts(db, userId),
        decadeCounts(db, userId),
        addedPerMonth(db, userId, months),
        artistsWithMostAlbums(db, userId),
      ]);
      return { genres, decades, added_per_month: added, top_artists: topArtists };
    },
    knownVersion,
    months.at(-1),
  );
}

/** From the genres' kept counts: no album is read. */
async function genreCounts(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('genres')
    .select(['name', 'album_count'])
    .where('user_id', '=', userId)
    .where('album_count', '>', 0)
    .orderBy('album_count', 'desc')
    .orderBy(inCodePointOrder(db, 'search_text'))
    .orderBy('id')
    .execute();
  const counted = rows.map((row) => ({ name: row.name, album_count: toCount(row.album_count) }));
  const top = counted.slice(0, STATS_TOP_GENRES);
  const rest = counted.slice(STATS_TOP_GENRES);
  if (rest.length === 0) return top;
  const other = rest.reduce((sum, genre) => sum + genre.album_count, 0);
  return [...top, { name: STATS_OTHER_GENRES, album_count: other }];
}

/** Release dates are YYYY… text: the first three digits are the decade, read off the year index. */
async function decadeCounts(db: Kysely<Database>, userId: number) {
  const decade = sql<string>`substr(albums.release_date, 1, 3)`;
  const rows = await db
    .selectFrom('albums')
    .select([decade.as('decade'), (eb) => eb.fn.countAll().as('album_count')])
    .where('user_id', '=', userId)
    .where('release_date', 'is not', null)
    .groupBy(decade)
    .orderBy(decade)
    .execute();
  return rows.map((row) => ({
    decade: Number(row.decade) * 10,
    album_count: toCount(row.album_count),
  }));
}

/** added_at is ISO text: its first seven characters are the month, read off the added index. */
async function addedPerMonth(db: Kysely<Database>, userId: number, months: string[]) {
  const month = sql<string>`substr(albums.added_at, 1, 7)`;
  const rows = await db
    .selectFrom('albums')
    .select([month.as('month'), (eb) => eb.fn.countAll().as('album_count')])
    .where('user_id', '=', userId)
    .where('added_at', '>=', months[0] ?? '')
    .groupBy(month)
    .execute();
  const counts = new Map(rows.map((row) => [row.month, toCount(row.album_count)]));
  return months.map((name) => ({ month: name, album_count: counts.get(name) ?? 0 }));
}

async function artistsWithMostAlbums(db: Kysely<Database>, userId: number) {
  const rows = await db
    .selectFrom('artists')
    .select(['name', 'slug', 'album_count'])
    .where('user_id', '=', userId)
    .where('album_count', '>', 0)
    .orderBy('album_count', 'desc')
    .orderBy(inCodePointOrder(db, 'search_text'))
    .orderBy('id')
    .limit(STATS_TOP_ARTISTS)
    .execute();
  return rows.map((row) => ({ ...row, album_count: toCount(row.album_count) }));
}
