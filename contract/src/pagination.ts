/** SPEC §9: at most this many page buttons, centred on the current page. */
export const MAX_PAGE_BUTTONS = 7;

/** How many pages `total` items fill, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers to offer: a window of at most `maxButtons` centred on the current page, slid
 * back inside 1..lastPage near either end (page 1 of 20 → 1–7, page 10 → 7–13, page 20 → 14–20).
 */
export function pageWindow(
  currentPage: number,
  lastPage: number,
  maxButtons: number = MAX_PAGE_BUTTONS,
): number[] {
  const last = Math.max(1, Math.floor(lastPage));
  const current = Math.min(Math.max(1, Math.floor(currentPage)), last);
  const size = Math.min(maxButtons, last);
  const start = Math.min(Math.max(1, current - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}
