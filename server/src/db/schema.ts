import type { Job } from '@gatefold/contract/maintenance';
import type { ColumnType, Generated } from 'kysely';

/** Timestamps are ISO-8601 UTC text in both databases, so one schema and one sort order serve both. */
type Timestamp = string;

/**
 * An id that ties a row to its user, album or label: written once, never updated, as the counts
 * kept from it follow inserts and deletes alone (migration 0037 refuses an update).
 */
type FixedId = ColumnType<number, number, never>;

export type Database = {
  users: UsersTable;
  sessions: SessionsTable;
  sign_in_attempts: SignInAttemptsTable;
  demo_authorization_codes: DemoAuthorizationCodesTable;
  artists: ArtistsTable;
  albums: AlbumsTable;
  album_artists: AlbumArtistsTable;
  album_first_adds: AlbumFirstAddsTable;
  tracks: TracksTable;
  tag_uses_by_day: TagUsesByDayTable;
  genres: GenresTable;
  album_genres: AlbumGenresTable;
  artist_genres: ArtistGenresTable;
  tags: TagsTable;
  album_tags: AlbumTagsTable;
  folders: FoldersTable;
  folder_albums: FolderAlbumsTable;
  images: ImagesTable;
  discovery_searches: DiscoverySearchesTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  job_file_parts: JobFilePartsTable;
  bulk_changes: BulkChangesTable;
  bulk_change_parts: BulkChangePartsTable;
};

export type UsersTable = {
  id: Generated<number>;
  provider: 'spotify' | 'demo';
  provider_user_id: string;
  display_name: string;
  profile_image_url: string | null;
  theme_preference: Generated<'light' | 'dark' | 'system'>;
  /** Kept by a trigger, like every album_count below. */
  album_count: Generated<number>;
  /** Counts changes to the user's folders and their albums (a trigger): the folder list's ETag. */
  folders_version: Generated<number>;
  /** Counts changes to the user's albums, tags and taggings (triggers): what kept search results are valid for. */
  library_version: Generated<number>;
  /** Streaming-service tokens, encrypted (auth/secret-box.ts); never sent to the browser. */
  streaming_access_token: string | null;
  streaming_refresh_token: string | null;
  streaming_token_expires_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type SessionsTable = {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  expires_at: Timestamp;
  created_at: Timestamp;
};

/** One row per sign-in in flight: the OAuth state and its PKCE verifier, used once. */
export type SignInAttemptsTable = {
  state: string;
  code_verifier: string;
  expires_at: Timestamp;
};

export type DemoAuthorizationCodesTable = {
  code_hash: string;
  display_name: string;
  code_challenge: string;
  redirect_uri: string;
  expires_at: Timestamp;
};

export type ArtistsTable = {
  id: Generated<number>;
  user_id: FixedId;
  spotify_id: string | null;
  name: string;
  slug: string;
  image_url: string | null;
  created_at: Timestamp;
  /** Kept by triggers from the artist's albums (migration 0004). */
  album_count: Generated<number>;
  /** db/name-key.ts; uniqueness and lookups by name use it. */
  name_key: string;
  first_album_date: Generated<Timestamp | null>;
  latest_album_date: Generated<Timestamp | null>;
  search_text: string;
};

export type AlbumsTable = {
  id: Generated<number>;
  user_id: FixedId;
  spotify_id: string | null;
  name: string;
  /** Credited artists joined for display ("A, B"); album_artists holds each one. */
  artist: string;
  /** A full date, a year-month or a year, as the service gives it. */
  release_date: string | null;
  total_tracks: number | null;
  image_url: string | null;
  spotify_url: string | null;
  /**
   * db/search-text.ts folds of the name, of the artist (the artist sort), and of name and artist
   * together (the text index).
   */
  search_name: string;
  search_artist: string;
  search_text: string;
  added_at: Timestamp;
  first_added_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The fields the user corrected ("name,image_url"), which a metadata refresh keeps. */
  corrected: Generated<string>;
};

export type AlbumArtistsTable = {
  album_id: FixedId;
  artist_id: FixedId;
  position: number;
};

/** Remembers when a user first added an album, across removals and re-adds. */
export type AlbumFirstAddsTable = {
  user_id: number;
  spotify_id: string;
  first_added_at: Timestamp;
};

export type TracksTable = {
  id: Generated<number>;
  album_id: number;
  spotify_id: string | null;
  name: string;
  artist: string;
  track_number: number;
  disc_number: Generated<number>;
  duration_ms: number;
  spotify_url: string | null;
};

export type GenresTable = {
  id: Generated<number>;
  user_id: FixedId;
  name: string;
  name_key: string;
  created_at: Timestamp;
  album_count: Generated<number>;
  search_text: string;
};

export type AlbumGenresTable = {
  album_id: FixedId;
  genre_id: FixedId;
  source: 'streaming' | 'musicbrainz' | 'user';
  /** The album's, copied by triggers (migration 0026): never written by the app. */
  release_date: ColumnType<string | null, never, never>;
};

export type ArtistGenresTable = {
  artist_id: number;
  genre_id: number;
};

export type TagsTable = {
  id: Generated<number>;
  user_id: FixedId;
  name: string;
  name_key: string;
  color: Generated<string>;
  created_at: Timestamp;
  album_count: Generated<number>;
  search_text: string;
};

/** How many albums got a tag on each UTC day, for the trending window. */
export type TagUsesByDayTable = {
  tag_id: number;
  /** YYYY-MM-DD */
  day: string;
  uses: number;
};

export type AlbumTagsTable = {
  album_id: FixedId;
  tag_id: FixedId;
  created_at: Timestamp;
};

export type FoldersTable = {
  id: Generated<number>;
  user_id: FixedId;
  parent_id: number | null;
  name: string;
  description: string | null;
  image_url: string | null;
  sort_order: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  album_count: Generated<number>;
  search_text: string;
  /** A smart folder's album query (contract/album-query.ts); null for a plain folder. */
  query: string | null;
};

export type FolderAlbumsTable = {
  folder_id: FixedId;
  album_id: FixedId;
  added_at: Timestamp;
};

/** Uploaded images live in the database so every app instance can serve them. */
export type ImagesTable = {
  id: Generated<number>;
  user_id: number;
  /** Random, unguessable key used in the public image URL. */
  key: string;
  content_type: string;
  bytes: Uint8Array;
  width: number;
  height: number;
  created_at: Timestamp;
};

export type DiscoverySearchesTable = {
  id: Generated<number>;
  user_id: number;
  algorithm: 'musicbrainz' | 'recommendation' | 'new-releases';
  /** The filters as JSON, exactly as searched. */
  filters: string;
  result_count: number;
  created_at: Timestamp;
};

/** A long piece of maintenance work and how far it has got. */
export type JobsTable = {
  id: Generated<number>;
  user_id: number;
  kind: Job['kind'];
  status: 'running' | 'finished' | 'failed';
  done: Generated<number>;
  total: number | null;
  /** Albums the work added to the collection. */
  added: Generated<number>;
  message: Generated<string>;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  /** Moved by the instance running the job; one that stopped moving was cut off. */
  heartbeat_at: Timestamp | null;
  /** The app instance running the job; null when none is (released at shutdown). */
  claimed_by: Generated<string | null>;
  /** Where the work goes on from (JSON, the job kind's own shape), kept with each batch. */
  resume_from: Generated<string | null>;
};

/** A running file import's file, and the ids its tags and folders became (JSON), for a takeover. */
export type JobFilesTable = {
  job_id: number;
  labels: string;
};

/** A kept import file, in parts of about a megabyte, numbered from 0 in the file's order. */
export type JobFilePartsTable = {
  job_id: number;
  part: number;
  bytes: Uint8Array;
};

/** A bulk change that can still be undone (albums/bulk): what it was, until `expires_at`. */
export type BulkChangesTable = {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the undo token; the token itself is only ever in the answer to the change. */
  token_hash: string;
  action: 'tag' | 'untag' | 'add_to_folder' | 'remove_from_folder' | 'delete';
  /** JSON: the tag or folder the change was about (albums/bulk/undo-record.ts). */
  detail: string;
  created_at: Timestamp;
  expires_at: Timestamp;
};

/** The rows a bulk change added or took away, as JSON, a few thousand albums to a part. */
export type BulkChangePartsTable = {
  change_id: number;
  part: number;
  rows: string;
};
