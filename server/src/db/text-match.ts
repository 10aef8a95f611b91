import { type Expression, type RawBuilder, sql } from 'kysely';

/** lower(column) = lower(text): names are matched regardless of case. */
export function sameText(column: Expression<string>, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${column}) = ${text.toLowerCase()}`;
}

/** Both drivers count in different types (PostgreSQL: bigint strings); counts are small numbers. */
export const toCount = (value: string | number | bigint | null | undefined) => Number(value ?? 0);
