import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date(2026, 10, 22, 9, 30);
const daysAgo = (days: number) => new Date(2026, 10, 22 - days, 23, 0);

describe('relativeTime', () => {
  it('says today and yesterday by calendar day', () => {
    expect(relativeTime(new Date(2026, 10, 22, 0, 5), now)).toBe('today');
    expect(relativeTime(daysAgo(1), now)).toBe('yesterday');
  });

  it('counts days under a week, then weeks under 30 days', () => {
    expect(relativeTime(daysAgo(2), now)).toBe('2 days ago');
    expect(relativeTime(daysAgo(6), now)).toBe('6 days ago');
    expect(relativeTime(daysAgo(7), now)).toBe('1 week ago');
    expect(relativeTime(daysAgo(29), now)).toBe('4 weeks ago');
  });

  it('counts months under a year, then years', () => {
    expect(relativeTime(daysAgo(30), now)).toBe('1 month ago');
    expect(relativeTime(daysAgo(364), now)).toBe('12 months ago');
    expect(relativeTime(daysAgo(365), now)).toBe('1 year ago');
    expect(relativeTime(daysAgo(800), now)).toBe('2 years ago');
  });

  it('reads ISO text and gives nothing for an unreadable date', () => {
    expect(relativeTime('2026-11-19T10:00:00', now)).toBe('3 days ago');
    expect(relativeTime('not a date', now)).toBeNull();
  });

  it('treats a date in the future as today', () => {
    expect(relativeTime(new Date(2026, 10, 25), now)).toBe('today');
  });
});
