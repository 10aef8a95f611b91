function readDate(value: string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * SPEC §9's Years in Collection: the current year minus the year of the first album added, at
 * least 1; 0 when there is no date.
 */
export function yearsInCollection(firstAlbumDate: string | null | undefined, now = new Date()) {
  const first = readDate(firstAlbumDate);
  if (first === null) return 0;
  return Math.max(1, now.getFullYear() - first.getFullYear());
}

/** The moment one calendar month before `now` (31 March → the last day of February). */
export function oneMonthBefore(now: Date): Date {
  const target = new Date(now);
  target.setDate(1);
  target.setMonth(target.getMonth() - 1);
  const lastDay = new Date(target.getFullYear(), target.getMonth() + 1, 0).getDate();
  target.setDate(Math.min(now.getDate(), lastDay));
  return target;
}

/** SPEC §9's Added This Month: the artist's latest album is newer than one month ago. */
export function addedThisMonth(latestAlbumDate: string | null | undefined, now = new Date()) {
  const latest = readDate(latestAlbumDate);
  return latest !== null && latest.getTime() > oneMonthBefore(now).getTime();
}
