import type { Artist, ArtistSort, ArtistSummary } from '@gatefold/contract/artists';
import { type Kysely, sql } from 'kysely';
import { quickSearchReadsEveryMatch } from '../albums/queries';
import { toCount } from '../db/count';
import { isPostgres } from '../db/database';
import { libraryResults } from '../db/library-results';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import {
  idsWithWordsStarting,
  inCodePointOrder,
  nameRank,
  readSearch,
  type Search,
  sqliteIdsWithWordsStarting,
  startsWithPhrase,
  startsWords,
} from '../db/search-text';
import { idInKey } from '../http/params';

export type ArtistQuery = {
  added_since?: string | undefined;
  q?: string | undefined;
  sort: ArtistSort;
  limit: number;
  offset: number;
};

/** Which artists a search matches: the artists page's by name or genre, the quick search's by name. */
type ArtistMatch = 'name-or-genre' | 'name';

/** The user's artists credited on at least one album, optionally matched by q. */
function matchingArtists(
  db: Kysely<Database>,
  userId: number,
  words: string[] | undefined,
  { addedSince, match = 'name-or-genre' }: { addedSince?: string; match?: ArtistMatch } = {},
) {
  return db
    .selectFrom('artists')
    .where('artists.user_id', '=', userId)
    .where('artists.album_count', '>', 0)
    .$if(addedSince !== undefined, (query) =>
      query.where('artists.latest_album_date', '>', new Date(addedSince ?? 0).toISOString()),
    )
    .$if(words !== undefined && match === 'name', (query) =>
      query.where(artistNameMatches(db, userId, words ?? [])),
    )
    .$if(words !== undefined && match === 'name-or-genre', (query) =>
      // SPEC §5: the name or any genre of the artist's albums, regardless of case and accents.
      query.where(({ or, eb, selectFrom }) =>
        or([
          artistNameMatches(db, userId, words ?? []),
          eb(
            'artists.id',
            'in',
            selectFrom('album_artists')
              .innerJoin('album_genres', 'album_genres.album_id', 'album_artists.album_id')
              .select('album_artists.artist_id')
              .where('album_genres.genre_id', 'in', matchingGenreIds(db, userId, words ?? [])),
          ),
        ]),
      ),
    );
}

/** Every word starts a word of the artist's name: through the text index of each database. */
function artistNameMatches(db: Kysely<Database>, userId: number, words: string[]) {
  if (words.length === 0) return startsWords(sql.ref('artists.search_text'), words);
  // As an array PostgreSQL reads the matches by key; as `in` it scanned all the user's artists to
  // hash them (a quick search's artists 1.35 → 0.9 ms at 5,000 artists).
  if (isPostgres(db))
    return sql<boolean>`artists.id = any(array(${idsWithWordsStarting('artists', userId, words)}))`;
  return sql<boolean>`artists.id in (${sqliteIdsWithWordsStarting('artists', userId, words)})`;
}

function matchingGenreIds(db: Kysely<Database>, userId: number, words: string[]) {
  return db
    .selectFrom('genres')
    .select('genres.id')
    .where('genres.user_id', '=', userId)
    .where((eb) => startsWords(eb.ref('genres.search_text'), words));
}

const artistColumns = [
  'artists.id',
  'artists.slug',
  'artists.name',
  'artists.image_url',
  'artists.album_count',
  'artists.first_album_date',
  'artists.latest_album_date',
] as const;

/**
 * One page of artists and the count of all that match, in a fixed number of queries. Every sort
 * reads an index: names by their folded form, "added" by the latest album kept on each artist.
 * With q, exact and prefix name matches come first.
 */
export async function listArtists(db: Kysely<Database>, userId: number, query: ArtistQuery) {
  const matching = matchingArtists(db, userId, searchOf(query)?.words, {
    addedSince: query.added_since,
  });
  const [count, artists] = await Promise.all([
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    artistRows(db, userId, query).then((rows) => presentArtists(db, rows)),
  ]);
  return { total: toCount(count?.total), artists };
}

const searchOf = (query: ArtistQuery) => (query.q ? readSearch(query.q) : undefined);

/**
 * Up to `limit` artists whose folded names are the phrase or start with it (a range of the
 * search-text index, in order, the exact name first): the first a quick search lists.
 */
function artistsLeadingWith(db: Kysely<Database>, userId: number, phrase: string, limit: number) {
  const text = inCodePointOrder(db, 'artists.search_text');
  return (
    matchingArtists(db, userId, undefined)
      .where(startsWithPhrase(text, phrase))
      .select(artistColumns)
      .orderBy(text)
      .orderBy('artists.id')
      // Written out: as a parameter it had PostgreSQL plan the artists' statement for each search
      // when it stood alone, and the limit is the same for every search.
      .limit(sql.lit(limit))
  );
}

/**
 * The artists a quick search reads with its tags and genres: in a small collection
 * (`everyMatch`, as `quickSearchReadsEveryMatch` tells) up to `limit` of every artist whose name
 * has words starting with the search's, those that are the phrase or start with it first, each
 * kind by folded name; in a large one the leading names alone (`artistsLeadingWith`), the rest
 * left to `searchArtistSummaries`.
 */
export function quickSearchArtists(
  db: Kysely<Database>,
  userId: number,
  { words, phrase }: Search,
  limit: number,
  everyMatch: boolean,
) {
  if (!everyMatch) return artistsLeadingWith(db, userId, phrase, limit);
  const text = inCodePointOrder(db, 'artists.search_text');
  return matchingArtists(db, userId, words, { match: 'name' })
    .select(artistColumns)
    .orderBy(sql<boolean>`not ${startsWithPhrase(text, phrase)}`)
    .orderBy(text)
    .orderBy('artists.id')
    .limit(sql.lit(limit));
}

/**
 * The quick search's best `limit` artists, read as its albums are: `listed`, those read with the
 * search's tags and genres (`quickSearchArtists` with the same words and limit, for the same
 * album count), then in a large collection the other matches by folded name, read only when the
 * leading names are too few. Matched by name alone, as the search lists the genres themselves (a prefix naming a
 * genre would match every artist of its albums), and without their genres and tags.
 */
export async function searchArtistSummaries(
  db: Kysely<Database>,
  userId: number,
  { words, phrase }: Search,
  limit: number,
  { listed, albumCount }: { listed: ArtistSummary[]; albumCount: number },
): Promise<ArtistSummary[]> {
  const complete = phrase === '' || quickSearchReadsEveryMatch(albumCount);
  if (complete || listed.length >= limit) return listed.slice(0, limit);
  const text = inCodePointOrder(db, 'artists.search_text');
  const others = await matchingArtists(db, userId, words, { match: 'name' })
    .where(sql<boolean>`not ${startsWithPhrase(text, phrase)}`)
    .select(artistColumns)
    .orderBy(text)
    .orderBy('artists.id')
    .limit(limit - listed.length)
    .execute();
  return [...listed, ...others.map(summaryOf)];
}

async function artistRows(
  db: Kysely<Database>,
  userId: number,
  query: ArtistQuery,
): Promise<ArtistRow[]> {
  const search = searchOf(query);
  const direction = query.sort.endsWith('asc') ? 'asc' : 'desc';
  // "Added" sorts break ties by name, A to Z.
  const nameDirection = query.sort.startsWith('name') ? direction : 'asc';
  return matchingArtists(db, userId, search?.words, { addedSince: query.added_since })
    .select(artistColumns)
    .$call((q) =>
      search ? q.orderBy((eb) => nameRank(eb.ref('artists.search_text'), search.phrase)) : q,
    )
    .$if(query.sort.startsWith('added'), (q) => q.orderBy('artists.latest_album_date', direction))
    .orderBy(inCodePointOrder(db, 'artists.search_text'), nameDirection)
    .orderBy('artists.id', nameDirection)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

/**
 * Pages of the artists list kept per user until their library changes: each artist's genres and
 * tags are tallied over all of its albums, which at 50,000 albums costs milliseconds a page.
 */
const keptArtistPages = libraryResults<Awaited<ReturnType<typeof listArtists>>>(64);

/** One page of artists as listArtists gives it, from the kept pages when the library is unchanged. */
export function artistsPage(
  db: Kysely<Database>,
  userId: number,
  query: ArtistQuery,
  knownVersion?: string,
) {
  const page = () => listArtists(db, userId, query);
  return keptArtistPages(db, userId, JSON.stringify(query), page, knownVersion);
}

/**
 * Artists by key, kept per user until their library changes: an artist's screen asks for the
 * artist and again for its albums, and its genres and tags are tallied over all of them.
 */
const keptArtists = libraryResults<Artist | null>(128);

/** An artist by id, slug or name (DESIGN §5), with its albums counted; null if none. */
export function findArtist(
  db: Kysely<Database>,
  userId: number,
  key: string,
  knownVersion?: string,
): Promise<Artist | null> {
  const lookUp = () => lookUpArtist(db, userId, key);
  return keptArtists(db, userId, key, lookUp, knownVersion);
}

async function lookUpArtist(db: Kysely<Database>, userId: number, key: string) {
  const artistId = idInKey(key);
  const candidates = await matchingArtists(db, userId, undefined)
    .select(artistColumns)
    .where((eb) =>
      eb.or([
        ...(artistId !== undefined ? [eb('artists.id', '=', artistId)] : []),
        eb('artists.slug', '=', key.toLowerCase()),
        eb('artists.name_key', '=', nameKey(key)),
      ]),
    )
    .execute();
  // An id beats a slug beats a name, should one key match several artists.
  const best =
    candidates.find((row) => String(row.id) === key) ??
    candidates.find((row) => row.slug === key.toLowerCase()) ??
    candidates[0];
  if (!best) return null;
  return (await presentArtists(db, [best]))[0] ?? null;
}

type ArtistRow = {
  id: number;
  slug: string;
  name: string;
  image_url: string | null;
  album_count: unknown;
  first_album_date: string | null;
  latest_album_date: string | null;
};

/**
 * Adds genres and tags (most frequent first) to artist rows: two queries for any number. The
 * genres are those of the user's albums by the artist, so each leads to albums of theirs; what the
 * streaming service says of the artist stays out.
 */
async function presentArtists(db: Kysely<Database>, rows: ArtistRow[]): Promise<Artist[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [albumGenres, tags] = await Promise.all([
    db
      .selectFrom('album_artists')
      .innerJoin('album_genres', 'album_genres.album_id', 'album_artists.album_id')
      .innerJoin('genres', 'genres.id', 'album_genres.genre_id')
      .select(['album_artists.artist_id', 'genres.name', (eb) => eb.fn.countAll().as('uses')])
      .where('album_artists.artist_id', 'in', ids)
      .groupBy(['album_artists.artist_id', 'genres.name'])
      .execute(),
    db
      .selectFrom('album_artists')
      .innerJoin('album_tags', 'album_tags.album_id', 'album_artists.album_id')
      .innerJoin('tags', 'tags.id', 'album_tags.tag_id')
      .select([
        'album_artists.artist_id',
        'tags.name',
        'tags.color',
        (eb) => eb.fn.countAll().as('uses'),
      ])
      .where('album_artists.artist_id', 'in', ids)
      .groupBy(['album_artists.artist_id', 'tags.name', 'tags.color'])
      .execute(),
  ]);
  const byUse = <T extends { uses: unknown; name: string }>(a: T, b: T) =>
    toCount(Number(b.uses)) - toCount(Number(a.uses)) || a.name.localeCompare(b.name);

  return rows.map((row) => {
    const genres = albumGenres
      .filter((g) => g.artist_id === row.id)
      .sort(byUse)
      .map((g) => g.name);
    return {
      ...summaryOf(row),
      genres: [...new Map(genres.map((name) => [nameKey(name), name])).values()],
      tags: tags
        .filter((t) => t.artist_id === row.id)
        .sort(byUse)
        .map(({ name, color }) => ({ name, color })),
    };
  });
}

function summaryOf(row: ArtistRow): ArtistSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image_url: row.image_url,
    album_count: toCount(Number(row.album_count)),
    first_album_date: row.first_album_date,
    latest_album_date: row.latest_album_date,
  };
}
