const FOUR_DIGITS = /^\d{4}$/;

/**
 * SPEC §5: the year is the part of release_date before the first dash, or a four-digit value, or
 * the year of a parsed date; anything else has no year to show (null).
 */
export function releaseYear(releaseDate: string | null | undefined): string | null {
  const value = releaseDate?.trim() ?? '';
  if (value === '') return null;
  const beforeDash = value.split('-', 1)[0] ?? '';
  if (value.includes('-') && FOUR_DIGITS.test(beforeDash)) return beforeDash;
  if (FOUR_DIGITS.test(value)) return value;
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : String(parsed.getFullYear());
}
