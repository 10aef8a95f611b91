import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * On PostgreSQL each word of an album's `search_text` becomes a row of `album_words`, keyed by
 * user, word (bytewise, "C") and album, so the albums with a word starting with a prefix are one
 * range of that key, read from the index alone. The trigram index found them too, but rechecked
 * every match in its album row: a broad word's 9,300 albums at 50,000 cost 7.8 ms counted with
 * their tagged albums, 2.8 from the words. Triggers keep the words in step in the writer's
 * transaction; they stand in for a foreign key, whose cascade would need a second index on the
 * album to delete by. SQLite's FTS5 index already reads only the user's words (0018).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const statement of ALBUM_WORDS) await sql.raw(statement).execute(db);
}

/** The distinct words of each row of `rows`, with its user and album. */
const wordsOf = (rows: string) => `select distinct ${rows}.user_id, word, ${rows}.id as album_id
  from ${rows}, unnest(string_to_array(${rows}.search_text, ' ')) as word where word <> ''`;

/** A function of the words' upkeep and the trigger on albums that runs it after `event`. */
const albumsTrigger = (name: string, event: string, body: string) => [
  `create function ${name}() returns trigger language plpgsql as $$
   begin
     ${body}
     return null;
   end $$`,
  `create trigger ${name} after ${event} execute function ${name}()`,
];

const ALBUM_WORDS = [
  `create table album_words (
     user_id integer not null,
     word text collate "C" not null,
     album_id integer not null,
     primary key (user_id, word, album_id))`,
  `insert into album_words (user_id, word, album_id) ${wordsOf('albums')}`,
  // Statement triggers, as the counts' (0007): an import batch writes its words in one insert.
  ...albumsTrigger(
    'album_words_insert',
    'insert on albums referencing new table as changed for each statement',
    `insert into album_words (user_id, word, album_id) ${wordsOf('changed')};`,
  ),
  ...albumsTrigger(
    'album_words_delete',
    'delete on albums referencing old table as removed for each statement',
    `delete from album_words using (${wordsOf('removed')}) as gone
       where album_words.user_id = gone.user_id and album_words.word = gone.word
         and album_words.album_id = gone.album_id;`,
  ),
  // A trigger on a column may not have transition tables; a name changes one album at a time.
  ...albumsTrigger(
    'album_words_update',
    `update of search_text on albums for each row
       when (old.search_text is distinct from new.search_text)`,
    `delete from album_words where user_id = old.user_id and album_id = old.id
       and word = any(string_to_array(old.search_text, ' '));
     insert into album_words (user_id, word, album_id)
       select distinct new.user_id, word, new.id
         from unnest(string_to_array(new.search_text, ' ')) as word where word <> '';`,
  ),
];
