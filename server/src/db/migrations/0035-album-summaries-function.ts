import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * On PostgreSQL a page of albums writes its summaries through a function that keeps its plan: a
 * page's ids turn on its values and are planned on each call, and planned with them the
 * summaries' part took three quarters of a page's planning (0.35 of 0.43 ms; docs/performance.md).
 * A PL/pgSQL function keeps each statement's plan for its connection, and the summaries' plan does
 * not turn on which albums they are. Its fields are SQLite's (`sqliteAlbumSummariesJson`) and the
 * contract's `AlbumSummary`, in the ids' order; `albums/album-list-json.test.ts` reads both
 * databases' pages against the contract. It reads any album by id: callers give it ids from a
 * query scoped to the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function album_summaries_json(ids integer[]) returns text
    language plpgsql stable set plan_cache_mode = force_generic_plan as $$
    begin
      return (select coalesce(json_agg(json_build_object(
          'id', albums.id,
          'spotify_id', albums.spotify_id,
          'name', albums.name,
          'artist', albums.artist,
          'release_date', albums.release_date,
          'total_tracks', albums.total_tracks,
          'image_url', albums.image_url,
          'spotify_url', albums.spotify_url,
          'tags', (select coalesce(json_agg(tag), '[]') from (
            select tags.id, tags.name, tags.color from album_tags
            join tags on tags.id = album_tags.tag_id
            where album_tags.album_id = albums.id
            order by tags.search_text collate "C", tags.id) as tag),
          'genres', (select coalesce(json_agg(genre), '[]') from (
            select genres.id, genres.name from album_genres
            join genres on genres.id = album_genres.genre_id
            where album_genres.album_id = albums.id
            order by genres.search_text collate "C", genres.id) as genre),
          'added_at', albums.added_at,
          'first_added_at', albums.first_added_at,
          'created_at', albums.created_at) order by page.position), '[]')::text
        from unnest(ids) with ordinality as page(id, position)
        join albums on albums.id = page.id);
    end $$`.execute(db);
}
