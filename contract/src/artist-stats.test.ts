import { describe, expect, it } from 'vitest';
import { addedThisMonth, oneMonthBefore, yearsInCollection } from './artist-stats';

describe('yearsInCollection', () => {
  const now = new Date(2026, 10, 22);

  it('is the current year minus the first-album year', () => {
    expect(yearsInCollection('2021-03-01T10:00:00', now)).toBe(5);
  });

  it('is at least 1 once there is a date', () => {
    expect(yearsInCollection('2026-11-20T10:00:00', now)).toBe(1);
  });

  it('is 0 without a date', () => {
    expect(yearsInCollection(null, now)).toBe(0);
    expect(yearsInCollection('never', now)).toBe(0);
  });
});

describe('addedThisMonth', () => {
  const now = new Date(2026, 10, 22, 12, 0);

  it('counts an artist whose latest album is newer than one month ago', () => {
    expect(addedThisMonth(new Date(2026, 10, 1).toISOString(), now)).toBe(true);
    expect(addedThisMonth(new Date(2026, 9, 23).toISOString(), now)).toBe(true);
  });

  it('leaves out older artists and those without a date', () => {
    expect(addedThisMonth(new Date(2026, 9, 21).toISOString(), now)).toBe(false);
    expect(addedThisMonth(null, now)).toBe(false);
  });

  it('steps back a calendar month, clamped to the shorter month', () => {
    expect(oneMonthBefore(new Date(2026, 2, 31))).toEqual(new Date(2026, 1, 28));
    expect(oneMonthBefore(new Date(2026, 0, 15))).toEqual(new Date(2025, 11, 15));
  });
});
