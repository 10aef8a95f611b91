import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

/** The whole schema of SPEC §3: users and sessions, the collection, its organisation, uploads. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const table = (name: string) => withId(db.schema.createTable(name), postgres);
  const owner = (col: ColumnDefinitionBuilder) =>
    col.notNull().references('users.id').onDelete('cascade');

  await table('users')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_user_id', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('profile_image_url', 'text')
    .addColumn('theme_preference', 'text', (col) => col.notNull().defaultTo('system'))
    .addColumn('streaming_access_token', 'text')
    .addColumn('streaming_refresh_token', 'text')
    .addColumn('streaming_token_expires_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('users_provider_identity', ['provider', 'provider_user_id'])
    .addCheckConstraint('users_theme', sql`theme_preference in ('light', 'dark', 'system')`)
    .execute();

  await table('sessions')
    .addColumn('user_id', 'integer', owner)
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('code_verifier', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('demo_authorization_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('display_name', 'text', (col) => col.notNull())
    .addColumn('code_challenge', 'text', (col) => col.notNull())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();

  await table('artists')
    .addColumn('user_id', 'integer', owner)
    .addColumn('spotify_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('artists_spotify_id', ['user_id', 'spotify_id'])
    .addUniqueConstraint('artists_slug', ['user_id', 'slug'])
    .execute();
  await caseInsensitiveIndex(db, 'artists_name', 'artists', { unique: false });

  await table('albums')
    .addColumn('user_id', 'integer', owner)
    .addColumn('spotify_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('artist', 'text', (col) => col.notNull())
    .addColumn('release_date', 'text')
    .addColumn('total_tracks', 'integer')
    .addColumn('image_url', 'text')
    .addColumn('spotify_url', 'text')
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addColumn('first_added_at', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('albums_spotify_id', ['user_id', 'spotify_id'])
    .execute();
  for (const column of ['added_at', 'name', 'artist', 'release_date']) {
    await db.schema
      .createIndex(`albums_user_${column}`)
      .on('albums')
      .columns(['user_id', column])
      .execute();
  }

  await db.schema
    .createTable('album_artists')
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_artists_pk', ['album_id', 'artist_id'])
    .execute();
  await db.schema
    .createIndex('album_artists_artist')
    .on('album_artists')
    .column('artist_id')
    .execute();

  await db.schema
    .createTable('album_first_adds')
    .addColumn('user_id', 'integer', owner)
    .addColumn('spotify_id', 'text', (col) => col.notNull())
    .addColumn('first_added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_first_adds_pk', ['user_id', 'spotify_id'])
    .execute();

  await table('tracks')
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('spotify_id', 'text')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('artist', 'text', (col) => col.notNull())
    .addColumn('track_number', 'integer', (col) => col.notNull())
    .addColumn('disc_number', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('spotify_url', 'text')
    .execute();
  await db.schema
    .createIndex('tracks_album_order')
    .on('tracks')
    .columns(['album_id', 'disc_number', 'track_number'])
    .execute();

  await table('genres')
    .addColumn('user_id', 'integer', owner)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await caseInsensitiveIndex(db, 'genres_name', 'genres', { unique: true });

  await db.schema
    .createTable('album_genres')
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('genre_id', 'integer', (col) =>
      col.notNull().references('genres.id').onDelete('cascade'),
    )
    .addColumn('source', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_genres_pk', ['album_id', 'genre_id'])
    .execute();
  await db.schema.createIndex('album_genres_genre').on('album_genres').column('genre_id').execute();

  await db.schema
    .createTable('artist_genres')
    .addColumn('artist_id', 'integer', (col) =>
      col.notNull().references('artists.id').onDelete('cascade'),
    )
    .addColumn('genre_id', 'integer', (col) =>
      col.notNull().references('genres.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('artist_genres_pk', ['artist_id', 'genre_id'])
    .execute();
  await db.schema
    .createIndex('artist_genres_genre')
    .on('artist_genres')
    .column('genre_id')
    .execute();

  await table('tags')
    .addColumn('user_id', 'integer', owner)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('color', 'text', (col) => col.notNull().defaultTo('#3B82F6'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await caseInsensitiveIndex(db, 'tags_name', 'tags', { unique: true });

  await db.schema
    .createTable('album_tags')
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('tag_id', 'integer', (col) =>
      col.notNull().references('tags.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('album_tags_pk', ['album_id', 'tag_id'])
    .execute();
  await db.schema
    .createIndex('album_tags_tag')
    .on('album_tags')
    .columns(['tag_id', 'created_at'])
    .execute();

  // A folder's subfolders move up to its parent before it is deleted, so no cascade here.
  await table('folders')
    .addColumn('user_id', 'integer', owner)
    .addColumn('parent_id', 'integer', (col) => col.references('folders.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('image_url', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('folders_user_parent')
    .on('folders')
    .columns(['user_id', 'parent_id', 'sort_order'])
    .execute();
  await db.schema.createIndex('folders_parent').on('folders').column('parent_id').execute();

  await db.schema
    .createTable('folder_albums')
    .addColumn('folder_id', 'integer', (col) =>
      col.notNull().references('folders.id').onDelete('cascade'),
    )
    .addColumn('album_id', 'integer', (col) =>
      col.notNull().references('albums.id').onDelete('cascade'),
    )
    .addColumn('added_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('folder_albums_pk', ['folder_id', 'album_id'])
    .execute();
  await db.schema
    .createIndex('folder_albums_album')
    .on('folder_albums')
    .column('album_id')
    .execute();

  await table('images')
    .addColumn('user_id', 'integer', owner)
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('content_type', 'text', (col) => col.notNull())
    .addColumn('bytes', postgres ? 'bytea' : 'blob', (col) => col.notNull())
    .addColumn('width', 'integer', (col) => col.notNull())
    .addColumn('height', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('images_user').on('images').column('user_id').execute();

  await table('discovery_searches')
    .addColumn('user_id', 'integer', owner)
    .addColumn('algorithm', 'text', (col) => col.notNull())
    .addColumn('filters', 'text', (col) => col.notNull())
    .addColumn('result_count', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('discovery_searches_user_time')
    .on('discovery_searches')
    .columns(['user_id', 'created_at'])
    .execute();
}

/** An integer key the database assigns: identity on PostgreSQL, rowid alias on SQLite. */
function withId<T extends string>(builder: CreateTableBuilder<T, never>, postgres: boolean) {
  return postgres
    ? builder.addColumn('id', 'integer', (col) => col.primaryKey().generatedByDefaultAsIdentity())
    : builder.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** Names are matched regardless of case, per user; the index serves both lookup and uniqueness. */
async function caseInsensitiveIndex(
  db: Kysely<unknown>,
  name: string,
  table: string,
  { unique }: { unique: boolean },
) {
  const builder = db.schema
    .createIndex(name)
    .on(table)
    .columns(['user_id'])
    .expression(sql`lower(name)`);
  await (unique ? builder.unique() : builder).execute();
}
