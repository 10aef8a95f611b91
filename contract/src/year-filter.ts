/** SPEC §2: a year (1990), a range (1990-2000) or an open range (2020-). */
const YEAR_FILTER = /^(\d{4})(-(\d{4})?)?$/;

export interface YearRange {
  from: number;
  /** null: open-ended (2020- means 2020 onwards). */
  to: number | null;
}

/** The range a year filter means, or null when the text is not one (or runs backwards). */
export function parseYearFilter(text: string): YearRange | null {
  const match = YEAR_FILTER.exec(text.trim());
  if (match === null) return null;
  const from = Number(match[1]);
  if (match[2] === undefined) return { from, to: from };
  const to = match[3] === undefined ? null : Number(match[3]);
  if (to !== null && to < from) return null;
  return { from, to };
}

/** A blank filter is fine (no year asked for); anything else must parse. */
export function isValidYearFilter(text: string): boolean {
  return text.trim() === '' || parseYearFilter(text) !== null;
}
