import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * A bulk change remembers what it did until its undo token expires: the change itself (which tag
 * or folder) and, in parts of a few thousand albums, exactly the rows it added or took away.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('bulk_changes')
    .addColumn('id', 'integer', (col) =>
      postgres ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('user_id', 'integer', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('bulk_changes_user').on('bulk_changes').column('user_id').execute();
  await db.schema
    .createIndex('bulk_changes_expiry')
    .on('bulk_changes')
    .column('expires_at')
    .execute();
  await db.schema
    .createTable('bulk_change_parts')
    .addColumn('change_id', 'integer', (col) =>
      col.notNull().references('bulk_changes.id').onDelete('cascade'),
    )
    .addColumn('part', 'integer', (col) => col.notNull())
    .addColumn('rows', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('bulk_change_parts_pk', ['change_id', 'part'])
    .execute();
}
