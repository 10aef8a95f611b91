import { type Kysely, sql } from 'kysely';

/**
 * Search texts fold final sigma to sigma (db/search-text.ts), as SQLite's text index does, so
 * that a LIKE on them agrees with the index; rows folded before keep "ς" until rewritten here.
 * The albums' and artists' index triggers follow their rows.
 */
const FOLDED_COLUMNS = [
  ['albums', 'search_name'],
  ['albums', 'search_text'],
  ['artists', 'search_text'],
  ['tags', 'search_text'],
  ['folders', 'search_text'],
  ['genres', 'search_text'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Each statement rewrites only what still holds "ς": cut short on SQLite, where migrations run
  // outside a transaction, the next attempt finishes the rest.
  for (const [table, column] of FOLDED_COLUMNS) {
    await sql`update ${sql.table(table)} set ${sql.ref(column)} = replace(${sql.ref(column)}, 'ς', 'σ')
      where ${sql.ref(column)} like ${'%ς%'}`.execute(db);
  }
}
