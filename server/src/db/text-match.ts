import { type Expression, type RawBuilder, sql } from 'kysely';

/** A LIKE pattern that finds `text` anywhere, case-insensitively, with wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** lower(column) LIKE '%text%' — the same meaning on SQLite and PostgreSQL. */
export function containsText(column: Expression<string | null>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) like ${containsPattern(text)} escape '\\'`;
}

/** lower(column) = lower(text): names are matched regardless of case. */
export function sameText(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) = ${text.toLowerCase()}`;
}

/** Both drivers count in different types (PostgreSQL: bigint strings); counts are small numbers. */
export const toCount = (value: string | number | bigint | null | undefined) => Number(value ?? 0);
