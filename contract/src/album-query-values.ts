/** The values of `year:`, `tracks:` and `added:`: what each may be, read into ranges. */

/** Inclusive bounds; null is open on that side. */
export type NumberRange = { min: number | null; max: number | null };

export type AgeUnit = 'd' | 'w' | 'm' | 'y';

/**
 * When an album was added: within the last amount of time (`<30d`), longer ago than it (`>1y`),
 * or between two dates given as YYYY, YYYY-MM or YYYY-MM-DD, each end inclusive of its period.
 */
export type AddedValue =
  | { kind: 'within'; amount: number; unit: AgeUnit }
  | { kind: 'before'; amount: number; unit: AgeUnit }
  | { kind: 'dates'; from: string | null; to: string | null };

/** A value that cannot be read: the message says what would be. */
export type ValueResult<T> = { ok: true; value: T } | { ok: false; message: string };

const RANGE = /^(.*?)\.\.(.*)$/;
const COMPARISON = /^(>=|<=|>|<)(.*)$/;

/**
 * A whole number or a range of them: `1994`, `1990..1999`, `2020..`, `..1970`, `>10`, `<=8`.
 * `digits` is how a bound must be written (four digits for a year).
 */
export function readNumberRange(
  text: string,
  digits: RegExp,
  noun: string,
): ValueResult<NumberRange> {
  const bound = (part: string): number | null | undefined =>
    part === '' ? null : digits.test(part) ? Number(part) : undefined;
  const refused = {
    ok: false as const,
    message: `"${text}" is not a ${noun}, a range like 1990..1999 or a comparison like >10`,
  };
  const comparison = COMPARISON.exec(text);
  if (comparison) {
    const [, operator, rest = ''] = comparison;
    const number = bound(rest);
    if (number === undefined || number === null) return refused;
    switch (operator) {
      case '>':
        return { ok: true, value: { min: number + 1, max: null } };
      case '>=':
        return { ok: true, value: { min: number, max: null } };
      case '<':
        return { ok: true, value: { min: null, max: number - 1 } };
      default:
        return { ok: true, value: { min: null, max: number } };
    }
  }
  const range = RANGE.exec(text);
  if (!range) {
    const number = bound(text);
    return number === undefined || number === null
      ? refused
      : { ok: true, value: { min: number, max: number } };
  }
  const min = bound(range[1] ?? '');
  const max = bound(range[2] ?? '');
  if (min === undefined || max === undefined || (min === null && max === null)) return refused;
  if (min !== null && max !== null && max < min) {
    return { ok: false, message: `"${text}" runs backwards: put the smaller number first` };
  }
  return { ok: true, value: { min, max } };
}

const AGE = /^(\d{1,4})([dwmy])$/;
const DATE = /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;

/** `<30d`, `>1y`, `2026-01..2026-06`, `2026-03`, `..2025`. */
export function readAddedValue(text: string): ValueResult<AddedValue> {
  const refused = {
    ok: false as const,
    message: `"${text}" is not a time like <30d or >1y (d, w, m, y) or dates like 2026-01..2026-06`,
  };
  const comparison = COMPARISON.exec(text);
  if (comparison) {
    const [, operator, rest = ''] = comparison;
    const age = AGE.exec(rest);
    const unit = age?.[2];
    if (!isAgeUnit(unit) || (operator !== '<' && operator !== '>')) return refused;
    const amount = Number(age?.[1]);
    return { ok: true, value: { kind: operator === '<' ? 'within' : 'before', amount, unit } };
  }
  const range = RANGE.exec(text);
  const [from, to] = range ? [range[1] ?? '', range[2] ?? ''] : [text, text];
  const date = (part: string) => (part === '' ? null : isDate(part) ? part : undefined);
  const start = date(from);
  const end = date(to);
  if (start === undefined || end === undefined || (start === null && end === null)) return refused;
  if (start !== null && end !== null && periodAfter(end) <= start) {
    return { ok: false, message: `"${text}" runs backwards: put the earlier date first` };
  }
  return { ok: true, value: { kind: 'dates', from: start, to: end } };
}

function isAgeUnit(unit: string | undefined): unit is AgeUnit {
  return unit === 'd' || unit === 'w' || unit === 'm' || unit === 'y';
}

function isDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const [year = 0, month = 1, day = 1] = text.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The first date after a YYYY, YYYY-MM or YYYY-MM-DD period, written to the same precision:
 * "2026" → "2027", "2026-12" → "2027-01", "2026-02-28" → "2026-03-01". ISO timestamps compare
 * as text, so `added_at < periodAfter(to)` keeps the whole of the last period.
 */
export function periodAfter(period: string): string {
  const [year = 0, month, day] = period.split('-').map(Number);
  if (month === undefined) return String(year + 1).padStart(4, '0');
  if (day === undefined) {
    return month === 12
      ? `${String(year + 1).padStart(4, '0')}-01`
      : `${period.slice(0, 5)}${pad(month + 1)}`;
  }
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The moment `amount` units before `now`, as an ISO timestamp (months and years by the calendar). */
export function ageBefore(now: Date, amount: number, unit: AgeUnit): string {
  const moment = new Date(now.getTime());
  switch (unit) {
    case 'd':
      moment.setUTCDate(moment.getUTCDate() - amount);
      break;
    case 'w':
      moment.setUTCDate(moment.getUTCDate() - 7 * amount);
      break;
    case 'm':
      moment.setUTCMonth(moment.getUTCMonth() - amount);
      break;
    case 'y':
      moment.setUTCFullYear(moment.getUTCFullYear() - amount);
      break;
  }
  return moment.toISOString();
}
