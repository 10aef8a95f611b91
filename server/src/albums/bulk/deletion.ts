import type { Insertable, Kysely } from 'kysely';
import { z } from 'zod';
import { removeUncreditedArtists, upsertArtists } from '../../artists/credits';
import { inTurns, nextTurn } from '../../db/in-turns';
import { nameKey } from '../../db/name-key';
import type { Database } from '../../db/schema';
import { searchText } from '../../db/search-text';
import { albumSearchText } from '../store';
import type { UndoRecorder } from './undo-record';

/**
 * Albums per part of the record, each part read and then deleted in a turn of the event loop of
 * its own. On SQLite, which answers on the loop, a part of 1,000 albums at 50,000 held it for
 * 420 ms on a slow machine (snapshot 150 ms, delete 180 with its tracks, links and counts); a
 * part of 100 holds it a tenth as long. PostgreSQL answers off the loop, but a part's record is
 * still built, serialised and parsed on it: 1,000 albums held it for 48 ms. A part keeps its
 * albums' tracks: 100 albums are 100–200 kB.
 */
const ALBUMS_PER_PART = 100;

const text = z.string();
const maybe = <T extends z.ZodType>(schema: T) => schema.nullable();

/** Everything an album's delete takes away, as kept in the undo record. */
export const deletedAlbum = z.object({
  album: z.object({
    id: z.number().int(),
    spotify_id: maybe(text),
    name: text,
    artist: text,
    release_date: maybe(text),
    total_tracks: maybe(z.number().int()),
    image_url: maybe(text),
    spotify_url: maybe(text),
    added_at: text,
    first_added_at: text,
    created_at: text,
    updated_at: text,
    corrected: text.default(''),
  }),
  artists: z.array(
    z.object({
      id: z.number().int(),
      slug: text,
      created_at: text,
      spotify_id: maybe(text),
      name: text,
      image_url: maybe(text),
      genres: z.array(text),
    }),
  ),
  tracks: z.array(
    z.object({
      id: z.number().int(),
      spotify_id: maybe(text),
      name: text,
      artist: text,
      track_number: z.number().int(),
      disc_number: z.number().int(),
      duration_ms: z.number().int(),
      spotify_url: maybe(text),
    }),
  ),
  genres: z.array(z.tuple([z.number().int(), z.enum(['streaming', 'musicbrainz', 'user'])])),
  tags: z.array(z.tuple([z.number().int(), text])),
  folders: z.array(z.tuple([z.number().int(), text])),
});
type DeletedAlbum = z.infer<typeof deletedAlbum>;

/** Deletes the albums (all the user's), keeping each one whole in the undo record first. */
export async function deleteAlbums(
  trx: Kysely<Database>,
  userId: number,
  albumIds: number[],
  record: UndoRecorder,
): Promise<number> {
  for await (const chunk of inTurns(albumIds, ALBUMS_PER_PART)) {
    await record.keep(await snapshot(trx, chunk));
    await nextTurn();
    await trx.deleteFrom('albums').where('user_id', '=', userId).where('id', 'in', chunk).execute();
  }
  await removeUncreditedArtists(trx, userId);
  return albumIds.length;
}

async function snapshot(trx: Kysely<Database>, albumIds: number[]): Promise<DeletedAlbum[]> {
  const albums = await trx
    .selectFrom('albums')
    .select([
      'id',
      'spotify_id',
      'name',
      'artist',
      'release_date',
      'total_tracks',
      'image_url',
      'spotify_url',
      'added_at',
      'first_added_at',
      'created_at',
      'updated_at',
      'corrected',
    ])
    .where('id', 'in', albumIds)
    .execute();
  const credits = await trx
    .selectFrom('album_artists')
    .innerJoin('artists', 'artists.id', 'album_artists.artist_id')
    .select([
      'album_artists.album_id',
      'album_artists.artist_id',
      'artists.slug',
      'artists.created_at',
      'artists.spotify_id',
      'artists.name',
      'artists.image_url',
    ])
    .where('album_artists.album_id', 'in', albumIds)
    .orderBy('album_artists.album_id')
    .orderBy('album_artists.position')
    .execute();
  const artistGenres = await trx
    .selectFrom('artist_genres')
    .innerJoin('genres', 'genres.id', 'artist_genres.genre_id')
    .select(['artist_genres.artist_id', 'genres.name'])
    .where('artist_genres.artist_id', 'in', [...new Set(credits.map((c) => c.artist_id)), -1])
    .execute();
  const tracks = await trx
    .selectFrom('tracks')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .orderBy('album_id')
    .orderBy('disc_number')
    .orderBy('track_number')
    .execute();
  const genres = await trx
    .selectFrom('album_genres')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .execute();
  const tags = await trx
    .selectFrom('album_tags')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .execute();
  const folders = await trx
    .selectFrom('folder_albums')
    .selectAll()
    .where('album_id', 'in', albumIds)
    .execute();

  const creditsOf = groupedBy(credits, (credit) => credit.album_id);
  const artistGenresOf = groupedBy(artistGenres, (genre) => genre.artist_id);
  const tracksOf = groupedBy(tracks, (track) => track.album_id);
  const genresOf = groupedBy(genres, (link) => link.album_id);
  const tagsOf = groupedBy(tags, (link) => link.album_id);
  const foldersOf = groupedBy(folders, (link) => link.album_id);
  return albums.map((album) => ({
    album,
    artists: creditsOf(album.id).map((credit) => ({
      id: credit.artist_id,
      slug: credit.slug,
      created_at: credit.created_at,
      spotify_id: credit.spotify_id,
      name: credit.name,
      image_url: credit.image_url,
      genres: artistGenresOf(credit.artist_id).map((genre) => genre.name),
    })),
    tracks: tracksOf(album.id).map(({ album_id: _album, ...track }) => track),
    genres: genresOf(album.id).map((link) => [link.genre_id, link.source]),
    tags: tagsOf(album.id).map((link) => [link.tag_id, link.created_at]),
    folders: foldersOf(album.id).map((link) => [link.folder_id, link.added_at]),
  }));
}

/** The rows grouped by a key, as a lookup that answers [] for a key with none. */
function groupedBy<T>(rows: T[], keyOf: (row: T) => number) {
  const grouped = new Map<number, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = grouped.get(key);
    if (group) group.push(row);
    else grouped.set(key, [row]);
  }
  return (key: number) => grouped.get(key) ?? [];
}

/**
 * Brings deleted albums back as they were: same ids, tracks, artists, genres, tags, folders and
 * dates. An album collected again since (the same streaming id) stays as it now is, and a tag,
 * genre or folder deleted since, or a folder turned smart, is left out.
 */
export async function restoreAlbums(
  trx: Kysely<Database>,
  userId: number,
  parts: AsyncGenerator<DeletedAlbum[]>,
): Promise<number> {
  let restored = 0;
  for await (const part of parts) {
    const again = await collectedAgain(trx, userId, part);
    const back = part.filter(({ album }) => !again.has(album.spotify_id ?? ''));
    if (back.length === 0) continue;
    await trx
      .insertInto('albums')
      // Folded anew, so that a record made before a change of folding comes back folded as now.
      .values(
        back.map(({ album }) => ({
          ...album,
          ...albumSearchText(album.name, album.artist),
          user_id: userId,
        })),
      )
      .execute();
    const credits = back.flatMap(({ artists }) => artists);
    await restoreGoneArtists(trx, userId, credits);
    const artistIds = await upsertArtists(trx, userId, credits);
    let next = 0;
    const artistLinks = back.flatMap(({ album, artists }) => {
      const own = artistIds.slice(next, next + artists.length);
      next += artists.length;
      return [...new Set(own)].map((artistId, position) => ({
        album_id: album.id,
        artist_id: artistId,
        position,
      }));
    });
    await insertAll(trx, 'album_artists', artistLinks);
    await insertAll(
      trx,
      'tracks',
      back.flatMap(({ album, tracks }) =>
        tracks.map((track) => ({ ...track, album_id: album.id })),
      ),
    );
    const kept = await stillThere(trx, userId, back);
    await insertAll(
      trx,
      'album_genres',
      back.flatMap(({ album, genres }) =>
        genres
          .filter(([genreId]) => kept.genres.has(genreId))
          .map(([genre_id, source]) => ({ album_id: album.id, genre_id, source })),
      ),
    );
    await insertAll(
      trx,
      'album_tags',
      back.flatMap(({ album, tags }) =>
        tags
          .filter(([tagId]) => kept.tags.has(tagId))
          .map(([tag_id, created_at]) => ({ album_id: album.id, tag_id, created_at })),
      ),
    );
    await insertAll(
      trx,
      'folder_albums',
      back.flatMap(({ album, folders }) =>
        folders
          .filter(([folderId]) => kept.folders.has(folderId))
          .map(([folder_id, added_at]) => ({ album_id: album.id, folder_id, added_at })),
      ),
    );
    restored += back.length;
  }
  return restored;
}

/**
 * Artists the delete removed come back under their own id and slug, unless an artist of the same
 * streaming id, name or slug has come since: the albums are then credited to that one.
 */
async function restoreGoneArtists(
  trx: Kysely<Database>,
  userId: number,
  credits: DeletedAlbum['artists'],
) {
  const gone = new Map(credits.map((credit) => [credit.id, credit]));
  const present = await trx
    .selectFrom('artists')
    .select(['id', 'spotify_id', 'name_key', 'slug'])
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('id', 'in', [...gone.keys(), -1]),
        eb('spotify_id', 'in', [
          ...credits.flatMap((c) => (c.spotify_id ? [c.spotify_id] : [])),
          '',
        ]),
        eb('name_key', 'in', [...credits.map((c) => nameKey(c.name)), '']),
        eb('slug', 'in', [...credits.map((c) => c.slug), '']),
      ]),
    )
    .execute();
  const clashes = (credit: DeletedAlbum['artists'][number]) =>
    present.some(
      (artist) =>
        artist.id === credit.id ||
        (credit.spotify_id !== null && artist.spotify_id === credit.spotify_id) ||
        artist.name_key === nameKey(credit.name) ||
        artist.slug === credit.slug,
    );
  const rows = [...gone.values()].filter((credit) => !clashes(credit));
  if (rows.length === 0) return;
  await insertAll(
    trx,
    'artists',
    rows.map((credit) => ({
      id: credit.id,
      user_id: userId,
      spotify_id: credit.spotify_id,
      name: credit.name,
      name_key: nameKey(credit.name),
      search_text: searchText(credit.name),
      slug: credit.slug,
      image_url: credit.image_url,
      created_at: credit.created_at,
    })),
  );
}

async function collectedAgain(trx: Kysely<Database>, userId: number, part: DeletedAlbum[]) {
  const spotifyIds = part.flatMap(({ album }) => (album.spotify_id ? [album.spotify_id] : []));
  const rows = await trx
    .selectFrom('albums')
    .select('spotify_id')
    .where('user_id', '=', userId)
    .where('spotify_id', 'in', [...spotifyIds, ''])
    .execute();
  return new Set(rows.map((row) => row.spotify_id ?? ''));
}

/** Which of the genres, tags and plain folders the albums were in the user still has. */
async function stillThere(trx: Kysely<Database>, userId: number, albums: DeletedAlbum[]) {
  const idsOf = (pick: (album: DeletedAlbum) => [number, string][]) => [
    ...new Set([...albums.flatMap((album) => pick(album).map(([rowId]) => rowId)), -1]),
  ];
  const owned = async (table: 'genres' | 'tags', ids: number[]) =>
    new Set(
      (
        await trx
          .selectFrom(table)
          .select('id')
          .where('user_id', '=', userId)
          .where('id', 'in', ids)
          .execute()
      ).map((row) => row.id),
    );
  const folders = await trx
    .selectFrom('folders')
    .select('id')
    .where('user_id', '=', userId)
    .where('query', 'is', null)
    .where(
      'id',
      'in',
      idsOf((album) => album.folders),
    )
    .execute();
  return {
    genres: await owned(
      'genres',
      idsOf((album) => album.genres),
    ),
    tags: await owned(
      'tags',
      idsOf((album) => album.tags),
    ),
    folders: new Set(folders.map((row) => row.id)),
  };
}

/** Inserts rows a statement's worth at a time. */
async function insertAll<T extends keyof Database>(
  trx: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
) {
  for await (const chunk of inTurns(rows, 1_000))
    await trx.insertInto(table).values(chunk).execute();
}
