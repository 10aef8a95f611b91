import { describe, expect, it } from 'vitest';
import { displayDate } from './display-date';

describe('displayDate', () => {
  it('writes a date as Mon D, YYYY without a leading zero', () => {
    expect(displayDate(new Date(2026, 10, 3, 15, 0))).toBe('Nov 3, 2026');
    expect(displayDate(new Date(1999, 0, 31))).toBe('Jan 31, 1999');
  });

  it('reads ISO text in local time', () => {
    expect(displayDate('2024-02-29T12:00:00')).toBe('Feb 29, 2024');
  });

  it('gives nothing for a missing or unreadable date', () => {
    expect(displayDate(null)).toBeNull();
    expect(displayDate(undefined)).toBeNull();
    expect(displayDate('')).toBeNull();
    expect(displayDate('someday')).toBeNull();
  });
});
