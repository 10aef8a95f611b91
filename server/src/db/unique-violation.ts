import { conflict } from '../http/errors';

/** PostgreSQL's unique_violation, or SQLite's unique-constraint failure. */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Runs a write again when a concurrent one won a race to create the same row (an artist, a
 * genre, a tag); on the retry the row exists and is found instead of created.
 */
export async function retryOnUniqueViolation<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isUniqueViolation(error)) throw error;
    }
  }
}

/** For a create that lost a race to a concurrent one: the other's row stands, this one conflicts. */
export function conflictOnUniqueViolation(detail: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw conflict(detail);
    throw error;
  };
}
