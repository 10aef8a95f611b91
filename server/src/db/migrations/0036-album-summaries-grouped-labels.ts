import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * PostgreSQL's page summaries (migration 0035) read their tags and genres for the whole page at
 * once, each grouped by album, rather than in two subqueries run for every album: a page of 24
 * cost 10 % less of PostgreSQL's CPU (docs/performance.md). The fields and their order are 0035's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create or replace function album_summaries_json(ids integer[]) returns text
    language plpgsql stable set plan_cache_mode = force_generic_plan as $$
    begin
      return (
        with tag_lists as (
          select album_tags.album_id, json_agg(json_build_object(
              'id', tags.id, 'name', tags.name, 'color', tags.color)
            order by tags.search_text collate "C", tags.id) as tags
          from album_tags join tags on tags.id = album_tags.tag_id
          where album_tags.album_id = any(ids)
          group by album_tags.album_id),
        genre_lists as (
          select album_genres.album_id, json_agg(json_build_object(
              'id', genres.id, 'name', genres.name)
            order by genres.search_text collate "C", genres.id) as genres
          from album_genres join genres on genres.id = album_genres.genre_id
          where album_genres.album_id = any(ids)
          group by album_genres.album_id)
        select coalesce(json_agg(json_build_object(
            'id', albums.id,
            'spotify_id', albums.spotify_id,
            'name', albums.name,
            'artist', albums.artist,
            'release_date', albums.release_date,
            'total_tracks', albums.total_tracks,
            'image_url', albums.image_url,
            'spotify_url', albums.spotify_url,
            'tags', coalesce(tag_lists.tags, '[]'),
            'genres', coalesce(genre_lists.genres, '[]'),
            'added_at', albums.added_at,
            'first_added_at', albums.first_added_at,
            'created_at', albums.created_at) order by page.position), '[]')::text
        from unnest(ids) with ordinality as page(id, position)
        join albums on albums.id = page.id
        left join tag_lists on tag_lists.album_id = albums.id
        left join genre_lists on genre_lists.album_id = albums.id);
    end $$`.execute(db);
}
