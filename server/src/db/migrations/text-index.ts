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
