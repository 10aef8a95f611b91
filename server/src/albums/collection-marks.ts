import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Which of these streaming albums the user already has, and under which id: one query. */
export async function collectionIds(db: Kysely<Database>, userId: number, spotifyIds: string[]) {
  if (spotifyIds.length === 0) return new Map<string, number>();
  const rows = await db
    .selectFrom('albums')
    .select(['id', 'spotify_id'])
    .where('user_id', '=', userId)
    .where('spotify_id', 'in', spotifyIds)
    .execute();
  return new Map(
    rows.flatMap((row) => (row.spotify_id ? [[row.spotify_id, row.id] as const] : [])),
  );
}
