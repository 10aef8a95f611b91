import type { AlbumSummary } from '@gatefold/contract/albums';
import { genreRef } from '@gatefold/contract/genres';
import { tagRef } from '@gatefold/contract/tags';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { z } from 'zod';
import { perDatabase } from '../db/database';
import type { AlbumsTable, Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';

/**
 * The album columns a summary shows (`presentAlbum`), which lists, quick search and an album's
 * page read alone: the folded search columns and bookkeeping are a third of a row, and each was
 * decoded, handed over from SQLite's reader thread and held with every kept page for nothing.
 */
const SUMMARY_COLUMNS = [
  'albums.id',
  'albums.spotify_id',
  'albums.name',
  'albums.artist',
  'albums.release_date',
  'albums.total_tracks',
  'albums.image_url',
  'albums.spotify_url',
  'albums.added_at',
  'albums.first_added_at',
  'albums.created_at',
] as const;

type SummaryColumn = (typeof SUMMARY_COLUMNS)[number] extends `albums.${infer Column}`
  ? Column & keyof AlbumsTable
  : never;

/** An album's summary columns with the tags and genres a list shows beside them. */
export type LabelledAlbumRow = Pick<Selectable<AlbumsTable>, SummaryColumn> &
  Pick<AlbumSummary, 'tags' | 'genres'>;

/** Kysely's rows-as-a-JSON-array helper for the database's dialect. */
export const jsonArrayOf = (db: Kysely<Database>) =>
  perDatabase(db, { postgres: postgresJsonArray, sqlite: sqliteJsonArray });

/**
 * Album rows as a summary shows them, with their tags and genres by name as JSON arrays: a page
 * of albums and its labels in one statement rather than three.
 */
export function selectLabelledAlbums(
  db: Kysely<Database>,
  query: SelectQueryBuilder<Database, 'albums', object>,
) {
  const jsonArray = jsonArrayOf(db);
  return query.select(SUMMARY_COLUMNS).select((eb) => [
    // SQLite hands the arrays over as JSON text, PostgreSQL parsed: `labelled` reads either.
    jsonArray(
      eb
        .selectFrom('album_tags')
        .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
        .select(['tags.id', 'tags.name', 'tags.color'])
        .whereRef('album_tags.album_id', '=', 'albums.id')
        .orderBy(inCodePointOrder(db, 'tags.search_text'))
        .orderBy('tags.id'),
    )
      .$castTo<unknown>()
      .as('tags'),
    jsonArray(
      eb
        .selectFrom('album_genres')
        .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
        .select(['genres.id', 'genres.name'])
        .whereRef('album_genres.album_id', '=', 'albums.id')
        .orderBy(inCodePointOrder(db, 'genres.search_text'))
        .orderBy('genres.id'),
    )
      .$castTo<unknown>()
      .as('genres'),
  ]);
}

const tagRefs = z.array(tagRef);
const genreRefs = z.array(genreRef);

/** SQLite hands JSON over as text, PostgreSQL parsed. */
export const fromJson = (value: unknown): unknown =>
  typeof value === 'string' ? JSON.parse(value) : value;

/** A row of `selectLabelledAlbums` with its arrays read. */
export function labelled<Row extends { tags: unknown; genres: unknown }>(
  row: Row,
): Omit<Row, 'tags' | 'genres'> & Pick<AlbumSummary, 'tags' | 'genres'> {
  return {
    ...row,
    tags: tagRefs.parse(fromJson(row.tags)),
    genres: genreRefs.parse(fromJson(row.genres)),
  };
}
