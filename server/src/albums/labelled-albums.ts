import type { AlbumSummary } from '@gatefold/contract/albums';
import { genreRef } from '@gatefold/contract/genres';
import { tagRef } from '@gatefold/contract/tags';
import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SelectQueryBuilder,
  sql,
} from 'kysely';
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { z } from 'zod';
import { perDatabase } from '../db/database';
import type { AlbumsTable, Database } from '../db/schema';
import { inCodePointOrder } from '../db/search-text';
import type { JsonText } from '../http/json-text';

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
  // SQLite hands the arrays over as JSON text, PostgreSQL parsed: `labelled` reads either.
  return query
    .select(SUMMARY_COLUMNS)
    .select((eb) => [
      tagsOf(db, eb).$castTo<unknown>().as('tags'),
      genresOf(db, eb).$castTo<unknown>().as('genres'),
    ]);
}

/** The album's tags as a JSON array of `TagRef`, in name order. */
function tagsOf(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'albums'>) {
  return jsonArrayOf(db)(
    eb
      .selectFrom('album_tags')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select(['tags.id', 'tags.name', 'tags.color'])
      .whereRef('album_tags.album_id', '=', 'albums.id')
      .orderBy(inCodePointOrder(db, 'tags.search_text'))
      .orderBy('tags.id'),
  );
}

/** The album's genres as a JSON array of `GenreRef`, in name order. */
function genresOf(db: Kysely<Database>, eb: ExpressionBuilder<Database, 'albums'>) {
  return jsonArrayOf(db)(
    eb
      .selectFrom('album_genres')
      .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
      .select(['genres.id', 'genres.name'])
      .whereRef('album_genres.album_id', '=', 'albums.id')
      .orderBy(inCodePointOrder(db, 'genres.search_text'))
      .orderBy('genres.id'),
  );
}

/**
 * The selected albums as the JSON array a list answers, written by SQLite in `order`: one text to
 * send as it is. A page of rows cost the server's thread ten times as much: rows copied from
 * SQLite's reader thread, their labels parsed and checked, and the whole encoded again
 * (docs/decisions.md, "A page of albums leaves the database as JSON"). PostgreSQL writes the same
 * fields by a function of its own (migrations 0035 and 0036).
 */
export function sqliteAlbumSummariesJson(
  db: Kysely<Database>,
  eb: ExpressionBuilder<Database, 'albums'>,
  order: RawBuilder<unknown>,
): RawBuilder<JsonText<AlbumSummary[]>> {
  const album = (column: SummaryColumn) => eb.ref(`albums.${column}`);
  // Every field of the contract's summary, and no other.
  const fields = {
    id: album('id'),
    spotify_id: album('spotify_id'),
    name: album('name'),
    artist: album('artist'),
    release_date: album('release_date'),
    total_tracks: album('total_tracks'),
    image_url: album('image_url'),
    spotify_url: album('spotify_url'),
    // json() marks the array's text as JSON, to be nested rather than quoted.
    tags: sql`json(${tagsOf(db, eb)})`,
    genres: sql`json(${genresOf(db, eb)})`,
    added_at: album('added_at'),
    first_added_at: album('first_added_at'),
    created_at: album('created_at'),
  } satisfies Record<keyof AlbumSummary, Expression<unknown>>;
  const pairs = sql.join(
    Object.entries(fields).map(([field, value]) => sql`${sql.lit(field)}, ${value}`),
  );
  return sql`json_group_array(json_object(${pairs}) order by ${order})`;
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
