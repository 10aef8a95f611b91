/** Both drivers count in different types (PostgreSQL: bigint strings); counts are small numbers. */
export const toCount = (value: string | number | bigint | null | undefined) => Number(value ?? 0);
