import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/** An album's words as its text index holds them: its own text, then its tags' names. */
const wordsOf = (albumId: string) => `albums.search_text || coalesce((select ' ' ||
    group_concat(tags.search_text, ' ') from album_tags join tags on tags.id = album_tags.tag_id
    where album_tags.album_id = ${albumId}), '')`;

/** Ends an insert of changes to `prefix_counts`: each is added to the count kept. */
const ADDED_TO_COUNTS =
  'on conflict (user_id, prefix) do update set album_count = album_count + excluded.album_count';

/** The words an album was last counted for, '' for none. */
const countedWords = (albumId: string) =>
  `coalesce((select words from album_counted_words where album_id = ${albumId}), '')`;

/** Counts the albums that `where` picks again, from their words as they stand. */
const recountAlbums = (where: string) => `
  insert into prefix_counts (user_id, prefix, album_count)
    select albums.user_id, changes.prefix, changes.change
    from albums, prefix_changes(
      ${countedWords('albums.id')}, ${wordsOf('albums.id')}) as changes
    where ${where}
    ${ADDED_TO_COUNTS};
  insert into album_counted_words (album_id, user_id, words)
    select albums.id, albums.user_id, ${wordsOf('albums.id')} from albums where ${where}
    on conflict (album_id) do update set words = excluded.words;`;

/** Counts one album's change from the words it was counted for to `words`. */
const countChange = ({ album, user, words }: { album: string; user: string; words: string }) => `
  insert into prefix_counts (user_id, prefix, album_count)
    select ${user}, changes.prefix, changes.change
    from prefix_changes(${countedWords(album)}, ${words}) as changes
    where true
    ${ADDED_TO_COUNTS};
  insert into album_counted_words (album_id, user_id, words) values (${album}, ${user}, ${words})
    on conflict (album_id) do update set words = excluded.words;`;

/** Counts every album afresh into empty tables: the migration's, and a test's. */
export const COUNT_EVERY_ALBUM = [
  `insert into album_counted_words (album_id, user_id, words)
     select albums.id, albums.user_id, ${wordsOf('albums.id')} from albums`,
  `insert into prefix_counts (user_id, prefix, album_count)
     select counted.user_id, changes.prefix, count(*)
     from album_counted_words as counted, prefix_changes('', counted.words) as changes
     group by counted.user_id, changes.prefix`,
];

/**
 * SQLite keeps each user's count of albums for every prefix of every word of their names,
 * artists and tags' names, as PostgreSQL does since 0031, so that a filter of one word is
 * counted by reading one row: its text index merges a prefix's every match to count them (the
 * bench's 84 prefixes at 50,000 albums 0.90–0.98 ms a count, against 0.03 at 50). Each album's
 * counted words are kept beside it (`album_counted_words`), and row triggers count the
 * difference from them (`prefix_changes`, a function the app registers on each connection,
 * `db/word-prefixes.ts`; an argument that is null is an equality no row meets, so none is ever
 * null). A new album counts its text and a new link adds its tag's words. A change to an album's
 * text, a removed link or a tag's rename recounts the album from its row and tags as they stand,
 * so the order in which a cascade fires its triggers cannot matter. A deleted album takes away
 * what it was counted for; an account's deletion takes its counts with it through their foreign
 * key, and its albums' and links' triggers are skipped. A count that reaches nought is removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const albumAndUserRemain = (albumId: string) => `exists (select 1 from albums
    join users on users.id = albums.user_id where albums.id = ${albumId})`;
  const statements = [
    `create table prefix_counts (
       user_id integer not null references users (id) on delete cascade,
       prefix text not null,
       album_count integer not null,
       primary key (user_id, prefix)) without rowid`,
    `create table album_counted_words (
       album_id integer primary key,
       user_id integer not null references users (id) on delete cascade,
       words text not null)`,
    `create index album_counted_words_user on album_counted_words (user_id)`,
    ...COUNT_EVERY_ALBUM,
    `create trigger prefix_counts_nought after update of album_count on prefix_counts
     when new.album_count = 0 begin
       delete from prefix_counts where user_id = new.user_id and prefix = new.prefix;
     end`,
    // A new album has no links yet, and a new link adds one tag's words: an import and a bulk
    // tagging count only those, where a recount read the album's every tag again.
    `create trigger prefix_counts_album_insert after insert on albums begin
       ${countChange({ album: 'new.id', user: 'new.user_id', words: 'new.search_text' })}
     end`,
    // A refresh or correction writes the album's text whether or not it changed.
    `create trigger prefix_counts_album_text after update of search_text on albums
     when old.search_text <> new.search_text begin
       ${recountAlbums('albums.id = new.id')}
     end`,
    `create trigger prefix_counts_album_delete after delete on albums
     when exists (select 1 from users where users.id = old.user_id) begin
       insert into prefix_counts (user_id, prefix, album_count)
         select old.user_id, changes.prefix, changes.change
         from prefix_changes(${countedWords('old.id')}, '') as changes
         where true
         ${ADDED_TO_COUNTS};
       delete from album_counted_words where album_id = old.id;
     end`,
    `create trigger prefix_counts_link_insert after insert on album_tags begin
       ${countChange({
         album: 'new.album_id',
         user: '(select user_id from albums where id = new.album_id)',
         words: `${countedWords('new.album_id')} || ' ' ||
           (select search_text from tags where id = new.tag_id)`,
       })}
     end`,
    `create trigger prefix_counts_link_delete after delete on album_tags
     when ${albumAndUserRemain('old.album_id')} begin
       ${recountAlbums('albums.id = old.album_id')}
     end`,
    `create trigger prefix_counts_tag_rename after update of search_text on tags
     when old.search_text <> new.search_text begin
       ${recountAlbums('albums.id in (select album_id from album_tags where tag_id = new.id)')}
     end`,
  ];
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}
