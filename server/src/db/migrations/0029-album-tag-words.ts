import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../database';
import { LETTERS_AS_FOLDED_TOKENIZER, sqliteOwnedWords } from './text-index';

/** The words of every tag of an album, as its user's own tokens; null when it has none. */
const tagWordsOf = (albumId: string) => `(select group_concat(${sqliteOwnedWords(
  'tags.user_id',
  'tags.search_text',
)}, ' ')
  from album_tags join tags on tags.id = album_tags.tag_id where album_tags.album_id = ${albumId})`;

/** Writes the index entries of the albums that `where` picks, from their rows and tags. */
const indexAlbums = (where: string) =>
  `insert into album_search (rowid, text, tags)
     select albums.id, ${sqliteOwnedWords('albums.user_id', 'albums.search_text')}, ${tagWordsOf('albums.id')}
     from albums where ${where};`;

/**
 * SQLite's albums' text index takes the words of each album's tags in a column of their own, so
 * a word is counted from the index alone: it matches in either column, and no union with the
 * tagged albums is built (86 prefixes of the bench's words at 50,000 albums: 2.1–2.3 → 0.73
 * ms). Each tagging, untagging and tag rename writes its albums' entries again, in its transaction
 * (5,000 entries rewritten in one: 80 ms). A quoted phrase, and several words that must be in
 * one name, still read the `text` column alone, with the tags' names tested on their own: the
 * column runs every tag's words together. The other text indexes keep their one column, and
 * `rebuildSqliteOwnedWordIndexes` must not be given this one: it knows nothing of `tags`.
 * PostgreSQL reads tagged albums from their links (`album_words` holds names alone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  const statements = [
    'drop trigger album_search_insert',
    'drop trigger album_search_delete',
    'drop trigger album_search_update',
    'drop table album_search',
    `create virtual table album_search using fts5(text, tags, content='', contentless_delete=1,
       tokenize='${LETTERS_AS_FOLDED_TOKENIZER.replaceAll("'", "''")}')`,
    indexAlbums('true'),
    `create trigger album_search_insert after insert on albums begin
       insert into album_search (rowid, text)
         values (new.id, ${sqliteOwnedWords('new.user_id', 'new.search_text')});
     end`,
    `create trigger album_search_delete after delete on albums begin
       delete from album_search where rowid = old.id; end`,
    `create trigger album_search_update after update of search_text on albums begin
       delete from album_search where rowid = old.id;
       ${indexAlbums('albums.id = new.id')}
     end`,
    `create trigger album_search_tag_insert after insert on album_tags begin
       delete from album_search where rowid = new.album_id;
       ${indexAlbums('albums.id = new.album_id')}
     end`,
    // An album deleted takes its links with it, after its row, and its entry is left to its own
    // trigger, which runs last. A user deleted takes their tags' links first, while the albums
    // are there: their entries go with the albums too.
    `create trigger album_search_tag_delete after delete on album_tags
     when exists (select 1 from albums join users on users.id = albums.user_id
       where albums.id = old.album_id) begin
       delete from album_search where rowid = old.album_id;
       ${indexAlbums('albums.id = old.album_id')}
     end`,
    `create trigger album_search_tag_rename after update of search_text on tags begin
       delete from album_search
         where rowid in (select album_id from album_tags where tag_id = new.id);
       ${indexAlbums('albums.id in (select album_id from album_tags where tag_id = new.id)')}
     end`,
  ];
  await db.transaction().execute(async (trx) => {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  });
}
