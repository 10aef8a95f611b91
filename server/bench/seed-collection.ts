import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

const WORDS = [
  'Blue',
  'Night',
  'River',
  'Gold',
  'Echo',
  'Velvet',
  'Summer',
  'Ghost',
  'Paper',
  'Electric',
  'Silent',
  'Wild',
  'Glass',
  'Neon',
  'Ocean',
  'Dust',
];

/** A seeded, repeatable collection: `albums` albums by albums/10 artists, with tags and genres. */
export async function seedCollection(db: Kysely<Database>, userId: number, albums: number) {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
  const now = Date.now();
  const iso = (offsetDays: number) => new Date(now - offsetDays * 86_400_000).toISOString();

  await db.transaction().execute(async (trx) => {
    const tags = await trx
      .insertInto('tags')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          user_id: userId,
          name: `Tag ${i}`,
          search_text: `tag ${i}`,
          created_at: iso(400),
        })),
      )
      .returning('id')
      .execute();
    const genres = await trx
      .insertInto('genres')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          user_id: userId,
          name: `Genre ${i}`,
          search_text: `genre ${i}`,
          created_at: iso(400),
        })),
      )
      .returning('id')
      .execute();
    const artistCount = Math.max(1, Math.floor(albums / 10));
    const artists: { id: number }[] = [];
    for (let start = 0; start < artistCount; start += 500) {
      const batch = Array.from({ length: Math.min(500, artistCount - start) }, (_, i) => ({
        user_id: userId,
        spotify_id: null,
        name: `${pick(WORDS)} ${pick(WORDS)} ${start + i}`,
        search_text: '',
        slug: `artist-${start + i}`,
        image_url: null,
        created_at: iso(400),
      }));
      artists.push(...(await trx.insertInto('artists').values(batch).returning('id').execute()));
    }
    for (let start = 0; start < albums; start += 500) {
      const size = Math.min(500, albums - start);
      const rows = Array.from({ length: size }, (_, i) => {
        const added = iso(random() * 3000);
        return {
          user_id: userId,
          spotify_id: `bench${start + i}`,
          name: `${pick(WORDS)} ${pick(WORDS)} ${start + i}`,
          artist: `${pick(WORDS)} Artist`,
          search_name: '',
          search_text: '',
          release_date: `${1950 + Math.floor(random() * 75)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
          total_tracks: 10,
          image_url: null,
          spotify_url: null,
          added_at: added,
          first_added_at: added,
          created_at: added,
          updated_at: added,
        };
      });
      const inserted = await trx.insertInto('albums').values(rows).returning('id').execute();
      await trx
        .insertInto('album_artists')
        .values(
          inserted.map((album) => ({
            album_id: album.id,
            artist_id: pick(artists).id,
            position: 0,
          })),
        )
        .execute();
      await trx
        .insertInto('album_tags')
        .values(
          inserted.map((album) => ({
            album_id: album.id,
            tag_id: pick(tags).id,
            created_at: iso(random() * 90),
          })),
        )
        .execute();
      await trx
        .insertInto('album_genres')
        .values(
          inserted.map((album) => ({
            album_id: album.id,
            genre_id: pick(genres).id,
            source: 'streaming' as const,
          })),
        )
        .execute();
    }
  });
}
