import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';

/**
 * On PostgreSQL each word of an album's or artist's `search_text` becomes a row of `album_words`
 * or `artist_words`, keyed by user, word (bytewise, "C") and row, so the rows with a word
 * starting with a prefix are one range of that key, read from the index alone
 * (`idsWithWordsStarting`). The trigram indexes found them too, but rechecked every match in its
 * row: a broad word's 9,300 albums at 50,000 cost 7.8 ms counted with their tagged albums, 2.8
 * from the words. Triggers keep the words in step in the writer's transaction; they stand in for
 * a foreign key, whose cascade would need a second index on the row to delete by. SQLite's FTS5
 * indexes already read only the user's words (0018).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const statements = [
    ...wordTable('albums', 'album_words', 'album_id'),
    ...wordTable('artists', 'artist_words', 'artist_id'),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

function wordTable(table: string, words: string, key: string): string[] {
  /** The distinct words of each row of `rows`, with its user and id. */
  const wordsOf = (rows: string) => `select distinct ${rows}.user_id, word, ${rows}.id as ${key}
    from ${rows}, unnest(string_to_array(${rows}.search_text, ' ')) as word where word <> ''`;
  /** A function of the words' upkeep and the trigger on the table that runs it after `event`. */
  const trigger = (change: string, event: string, body: string) => [
    `create function ${words}_${change}() returns trigger language plpgsql as $$
     begin
       ${body}
       return null;
     end $$`,
    `create trigger ${words}_${change} after ${event} on ${table}
       ${change === 'update' ? 'for each row' : `referencing ${change === 'insert' ? 'new' : 'old'} table as changed for each statement`}
       execute function ${words}_${change}()`,
  ];
  return [
    `create table ${words} (
       user_id integer not null,
       word text collate "C" not null,
       ${key} integer not null,
       primary key (user_id, word, ${key}))`,
    `insert into ${words} (user_id, word, ${key}) ${wordsOf(table)}`,
    // Statement triggers, as the counts' (0007): an import batch writes its words in one insert.
    ...trigger(
      'insert',
      'insert',
      `insert into ${words} (user_id, word, ${key}) ${wordsOf('changed')};`,
    ),
    ...trigger(
      'delete',
      'delete',
      `delete from ${words} using (${wordsOf('changed')}) as gone
         where ${words}.user_id = gone.user_id and ${words}.word = gone.word
           and ${words}.${key} = gone.${key};`,
    ),
    // A trigger on a column may not have transition tables; a name changes one row at a time.
    ...trigger(
      'update',
      'update of search_text',
      `if old.search_text is distinct from new.search_text then
         delete from ${words} where user_id = old.user_id and ${key} = old.id
           and word = any(string_to_array(old.search_text, ' '));
         insert into ${words} (user_id, word, ${key})
           select distinct new.user_id, word, new.id
             from unnest(string_to_array(new.search_text, ' ')) as word where word <> '';
       end if;`,
    ),
  ];
}
