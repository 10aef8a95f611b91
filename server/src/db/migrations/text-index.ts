import { type Kysely, sql } from 'kysely';

/**
 * An FTS5 index over a table's folded `search_text`, with word-prefix queries: rowid is the row's
 * id, and the owner column ("u" and the user id) keeps a search within one collection inside the
 * index. Triggers keep it in step with every write, in the writer's transaction. Migrations 0004
 * and 0015 build their indexes from it, so it must not change: a new index shape is a new
 * migration with its own statements.
 */
export function sqliteTextIndex(table: string, index: string): string[] {
  return [
    `create virtual table ${index} using fts5(owner, text, content='', contentless_delete=1,
       tokenize='unicode61 remove_diacritics 2')`,
    `insert into ${index} (rowid, owner, text) select id, 'u' || user_id, search_text from ${table}`,
    `create trigger ${index}_insert after insert on ${table} begin
       insert into ${index} (rowid, owner, text)
         values (new.id, 'u' || new.user_id, new.search_text);
     end`,
    `create trigger ${index}_delete after delete on ${table} begin
       delete from ${index} where rowid = old.id; end`,
    `create trigger ${index}_update after update of search_text on ${table} begin
       delete from ${index} where rowid = old.id;
       insert into ${index} (rowid, owner, text)
         values (new.id, 'u' || new.user_id, new.search_text);
     end`,
  ];
}

/**
 * SQL for the words of a folded text as its user's own tokens, "u" + the user id + "x" before
 * each word; both arguments are SQL expressions. Migrations 0018, 0027, 0028 and 0029 write their
 * indexes with it, so it must not change.
 */
export const sqliteOwnedWords = (userId: string, text: string) =>
  `'u' || ${userId} || 'x' || replace(${text}, ' ', ' u' || ${userId} || 'x')`;

/**
 * The text index as migration 0018 rebuilt it: each word is indexed as the user's own token,
 * "u" + the user id + "x" + the word (`fts5PrefixQuery`), so a search reads only the user's words.
 * With the owner a column of its own, every search also read the user's whole list of rows: a
 * broad word's count at 50,000 albums cost 1.06 ms of which 0.67 went to that, a rare word's 0.16
 * of which 0.14. Ids are digits, so the "x" ends one and no user's token starts another's.
 * Migrations 0018, 0027 and 0028 build their indexes from it, so what it writes for a tokenizer
 * must not change.
 */
export function sqliteOwnedWordIndex(
  table: string,
  index: string,
  tokenizer = 'unicode61 remove_diacritics 2',
): string[] {
  const ownedWords = (row: string) => sqliteOwnedWords(`${row}.user_id`, `${row}.search_text`);
  return [
    `create virtual table ${index} using fts5(text, content='', contentless_delete=1,
       tokenize='${tokenizer.replaceAll("'", "''")}')`,
    `insert into ${index} (rowid, text) select id, ${ownedWords(table)} from ${table}`,
    `create trigger ${index}_insert after insert on ${table} begin
       insert into ${index} (rowid, text) values (new.id, ${ownedWords('new')});
     end`,
    `create trigger ${index}_delete after delete on ${table} begin
       delete from ${index} where rowid = old.id; end`,
    `create trigger ${index}_update after update of search_text on ${table} begin
       delete from ${index} where rowid = old.id;
       insert into ${index} (rowid, text) values (new.id, ${ownedWords('new')});
     end`,
  ];
}

/**
 * FTS5's unicode61 with the letters of later Unicode versions that its own tables still class as
 * spacing marks (Mc): New Tai Lue's vowels U+19B0–19C0, 19C8, 19C9 and the Vedic signs U+1CF2–1CF3.
 * `searchText` keeps them, as letters, and drops every mark, so with Mc among the token
 * characters each folded word is one token.
 */
export const LETTERS_AS_FOLDED_TOKENIZER = "unicode61 remove_diacritics 2 categories 'L* N* Co Mc'";

/**
 * Drops SQLite's owned-word indexes of the tables and builds them anew with the tokenizer, in one
 * transaction: SQLite's migrations run outside one, and cut short, this would leave an index
 * dropped and not rebuilt. Not for `album_search` since migration 0029, which gave it a `tags`
 * column and triggers of its own.
 */
export async function rebuildSqliteOwnedWordIndexes(
  db: Kysely<unknown>,
  indexes: readonly { table: string; index: string }[],
  tokenizer?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { table, index } of indexes) {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger ${index}_${trigger}`).execute(trx);
      }
      await sql.raw(`drop table ${index}`).execute(trx);
      for (const statement of sqliteOwnedWordIndex(table, index, tokenizer)) {
        await sql.raw(statement).execute(trx);
      }
    }
  });
}
