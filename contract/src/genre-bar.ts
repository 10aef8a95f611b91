/**
 * SPEC §9: a genre's bar is its album count relative to the largest count, in percent, capped at
 * 100 (and never below 0); an empty list's largest count of 0 gives 0.
 */
export function genreBarPercent(albumCount: number, largestCount: number): number {
  if (largestCount <= 0 || albumCount <= 0) return 0;
  return Math.min(100, (albumCount / largestCount) * 100);
}
