import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { searchText } from '../search-text';
import { sqliteTextIndex } from './text-index';

/**
 * Counts kept beside what they count, and names folded for search, so that no read has to count
 * or scan a whole collection. Triggers keep every counter and the text index in step inside the
 * transaction of each change, cascaded deletes included, whoever writes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  const addColumn = (table: string, column: string, type: 'integer' | 'text', fallback?: 0 | '') =>
    db.schema
      .alterTable(table)
      .addColumn(column, type, (col) =>
        fallback === undefined ? col : col.notNull().defaultTo(fallback),
      )
      .execute();

  await addColumn('users', 'album_count', 'integer', 0);
  // Changes with every change to the user's folders or what they hold: the folder list's ETag.
  await addColumn('users', 'folders_version', 'integer', 0);
  for (const table of ['folders', 'tags', 'genres', 'artists'])
    await addColumn(table, 'album_count', 'integer', 0);
  await addColumn('artists', 'first_album_date', 'text');
  await addColumn('artists', 'latest_album_date', 'text');
  await addColumn('albums', 'search_name', 'text', '');
  await addColumn('albums', 'search_text', 'text', '');
  for (const table of ['folders', 'tags', 'genres', 'artists'])
    await addColumn(table, 'search_text', 'text', '');

  // Tag uses per day: the trending window sums at most 30 rows per tag, whatever the collection.
  await db.schema
    .createTable('tag_uses_by_day')
    .addColumn('tag_id', 'integer', (col) =>
      col.notNull().references('tags.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('uses', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('tag_uses_by_day_pk', ['tag_id', 'day'])
    .execute();

  await backfillSearchText(db);
  await backfillCounts(db);
  for (const statement of postgres ? postgresTriggers : sqliteTriggers)
    await sql.raw(statement).execute(db);
  if (postgres) await postgresTextIndexes(db);
  else
    for (const statement of sqliteTextIndex('albums', 'album_search'))
      await sql.raw(statement).execute(db);

  if (postgres) {
    // "Newest first" puts undated albums last; PostgreSQL's descending order puts nulls first,
    // so without this index it sorts the whole collection for every page.
    await sql`create index albums_user_year_desc
      on albums (user_id, release_date desc nulls last, id desc)`.execute(db);
  }
  await db.schema
    .createIndex('artists_user_latest')
    .on('artists')
    .columns(['user_id', 'latest_album_date', 'id'])
    .execute();
}

async function backfillSearchText(db: Kysely<unknown>) {
  const rows = await sql<{ id: number; name: string; artist: string }>`
    select id, name, artist from albums`.execute(db);
  for (const row of rows.rows) {
    await sql`update albums set search_name = ${searchText(row.name)},
      search_text = ${searchText(`${row.name} ${row.artist}`)} where id = ${row.id}`.execute(db);
  }
  for (const table of ['folders', 'tags', 'genres', 'artists']) {
    const named = await sql<{ id: number; name: string }>`
      select id, name from ${sql.table(table)}`.execute(db);
    for (const row of named.rows) {
      await sql`update ${sql.table(table)} set search_text = ${searchText(row.name)}
        where id = ${row.id}`.execute(db);
    }
  }
}

async function backfillCounts(db: Kysely<unknown>) {
  await sql`update users set album_count =
    (select count(*) from albums where albums.user_id = users.id)`.execute(db);
  const memberships = [
    ['folders', 'folder_albums', 'folder_id'],
    ['tags', 'album_tags', 'tag_id'],
    ['genres', 'album_genres', 'genre_id'],
  ] as const;
  for (const [table, links, key] of memberships) {
    await sql`update ${sql.table(table)} set album_count = (select count(*) from
      ${sql.table(links)} where ${sql.ref(`${links}.${key}`)} = ${sql.ref(`${table}.id`)})`.execute(
      db,
    );
  }
  await sql.raw(`update artists set ${artistStats('artists.id')}`).execute(db);
  await sql`insert into tag_uses_by_day (tag_id, day, uses)
    select tag_id, substr(created_at, 1, 10), count(*) from album_tags
    group by tag_id, substr(created_at, 1, 10)`.execute(db);
}

/** An artist's album count and first and latest add, from its own few albums. */
export function artistStats(artistId: string) {
  const ofArtist = `from album_artists join albums on albums.id = album_artists.album_id
    where album_artists.artist_id = ${artistId}`;
  return `album_count = (select count(*) from album_artists where artist_id = ${artistId}),
    first_album_date = (select min(albums.first_added_at) ${ofArtist}),
    latest_album_date = (select max(albums.added_at) ${ofArtist})`;
}

/** A new album for an artist: one more, and its dates if they are the earliest or latest yet. */
function artistWithAlbum(albumId: string) {
  const of = (column: string) => `(select ${column} from albums where id = ${albumId})`;
  return `album_count = album_count + 1,
    first_album_date = case when first_album_date is null
      or first_album_date > ${of('first_added_at')} then ${of('first_added_at')}
      else first_album_date end,
    latest_album_date = case when latest_album_date is null
      or latest_album_date < ${of('added_at')} then ${of('added_at')}
      else latest_album_date end`;
}

const sqliteTriggers = [
  `create trigger albums_count_insert after insert on albums begin
     update users set album_count = album_count + 1 where id = new.user_id; end`,
  `create trigger albums_count_delete after delete on albums begin
     update users set album_count = album_count - 1 where id = old.user_id; end`,
  `create trigger folder_albums_count_insert after insert on folder_albums begin
     update folders set album_count = album_count + 1 where id = new.folder_id; end`,
  `create trigger folder_albums_count_delete after delete on folder_albums begin
     update folders set album_count = album_count - 1 where id = old.folder_id; end`,
  `create trigger album_genres_count_insert after insert on album_genres begin
     update genres set album_count = album_count + 1 where id = new.genre_id; end`,
  `create trigger album_genres_count_delete after delete on album_genres begin
     update genres set album_count = album_count - 1 where id = old.genre_id; end`,
  `create trigger album_tags_count_insert after insert on album_tags begin
     update tags set album_count = album_count + 1 where id = new.tag_id;
     insert into tag_uses_by_day (tag_id, day, uses)
       values (new.tag_id, substr(new.created_at, 1, 10), 1)
       on conflict (tag_id, day) do update set uses = uses + 1;
   end`,
  `create trigger album_tags_count_delete after delete on album_tags begin
     update tags set album_count = album_count - 1 where id = old.tag_id;
     update tag_uses_by_day set uses = uses - 1
       where tag_id = old.tag_id and day = substr(old.created_at, 1, 10);
   end`,
  ...['insert', 'update', 'delete'].map(
    (change) => `create trigger folders_version_${change} after ${change} on folders begin
       update users set folders_version = folders_version + 1
         where id = ${change === 'delete' ? 'old' : 'new'}.user_id;
     end`,
  ),
  `create trigger album_tags_day_update after update of created_at on album_tags begin
     update tag_uses_by_day set uses = uses - 1
       where tag_id = old.tag_id and day = substr(old.created_at, 1, 10);
     insert into tag_uses_by_day (tag_id, day, uses)
       values (new.tag_id, substr(new.created_at, 1, 10), 1)
       on conflict (tag_id, day) do update set uses = uses + 1;
   end`,
  `create trigger albums_dates_update after update of added_at, first_added_at on albums begin
     update artists set ${artistStats('artists.id')}
       where id in (select artist_id from album_artists where album_id = new.id);
   end`,
  `create trigger album_artists_stats_insert after insert on album_artists begin
     update artists set ${artistWithAlbum('new.album_id')} where id = new.artist_id; end`,
  `create trigger album_artists_stats_delete after delete on album_artists begin
     update artists set ${artistStats('old.artist_id')} where id = old.artist_id; end`,
];

/**
 * One function per counted table; each runs after every inserted or deleted link row. Their
 * statements are planned at each call: a plan cached while an import's tables were still empty
 * would scan them row by row once they hold 50,000 albums.
 */
const postgresTriggers = [
  countingTrigger('albums', 'users', 'user_id'),
  countingTrigger('folder_albums', 'folders', 'folder_id'),
  countingTrigger('album_genres', 'genres', 'genre_id'),
  countingTrigger('album_tags', 'tags', 'tag_id', {
    insert: `insert into tag_uses_by_day (tag_id, day, uses)
      values (new.tag_id, substr(new.created_at, 1, 10), 1)
      on conflict (tag_id, day) do update set uses = tag_uses_by_day.uses + 1;`,
    delete: `update tag_uses_by_day set uses = uses - 1
      where tag_id = old.tag_id and day = substr(old.created_at, 1, 10);`,
  }),
  `create function folders_version() returns trigger language plpgsql as $$
   begin
     update users set folders_version = folders_version + 1
       where id = case when tg_op = 'DELETE' then old.user_id else new.user_id end;
     return null;
   end $$`,
  `create trigger folders_version after insert or update or delete on folders
     for each row execute function folders_version()`,
  `create function album_tags_day_update() returns trigger language plpgsql as $$
   begin
     update tag_uses_by_day set uses = uses - 1
       where tag_id = old.tag_id and day = substr(old.created_at, 1, 10);
     insert into tag_uses_by_day (tag_id, day, uses)
       values (new.tag_id, substr(new.created_at, 1, 10), 1)
       on conflict (tag_id, day) do update set uses = tag_uses_by_day.uses + 1;
     return null;
   end $$`,
  `create trigger album_tags_day_update after update of created_at on album_tags
     for each row execute function album_tags_day_update()`,
  `create function albums_dates_update() returns trigger language plpgsql as $$
   begin
     update artists set ${artistStats('artists.id')}
       where id in (select artist_id from album_artists where album_id = new.id);
     return null;
   end $$`,
  `create trigger albums_dates_update after update of added_at, first_added_at on albums
     for each row execute function albums_dates_update()`,
  `create function album_artists_stats() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       update artists set ${artistWithAlbum('new.album_id')} where id = new.artist_id;
     else
       update artists set ${artistStats('old.artist_id')} where id = old.artist_id;
     end if;
     return null;
   end $$`,
  `create trigger album_artists_stats after insert or delete on album_artists
     for each row execute function album_artists_stats()`,
]
  .flat()
  .map((statement) =>
    statement.replace(
      'language plpgsql as',
      'language plpgsql set plan_cache_mode = force_custom_plan as',
    ),
  );

function countingTrigger(
  links: string,
  counted: string,
  key: string,
  also: { insert: string; delete: string } = { insert: '', delete: '' },
) {
  return [
    `create function ${links}_count() returns trigger language plpgsql as $$
     begin
       if tg_op = 'INSERT' then
         update ${counted} set album_count = album_count + 1 where id = new.${key};
         ${also.insert}
       else
         update ${counted} set album_count = album_count - 1 where id = old.${key};
         ${also.delete}
       end if;
       return null;
     end $$`,
    `create trigger ${links}_count after insert or delete on ${links}
       for each row execute function ${links}_count()`,
  ];
}

/** Trigram indexes serve `' ' || search_text LIKE '% word%'` for albums and artists. */
async function postgresTextIndexes(db: Kysely<unknown>) {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const table of ['albums', 'artists']) {
    await sql
      .raw(`create index ${table}_search on ${table} using gin ((' ' || search_text) gin_trgm_ops)`)
      .execute(db);
  }
}
