import { describe, expect, it } from 'vitest';
import { isValidYearFilter, parseYearFilter } from './year-filter';

describe('parseYearFilter', () => {
  it('reads a single year as a one-year range', () => {
    expect(parseYearFilter('1990')).toEqual({ from: 1990, to: 1990 });
    expect(parseYearFilter(' 1990 ')).toEqual({ from: 1990, to: 1990 });
  });

  it('reads a closed range and an open one', () => {
    expect(parseYearFilter('1990-2000')).toEqual({ from: 1990, to: 2000 });
    expect(parseYearFilter('2020-')).toEqual({ from: 2020, to: null });
  });

  it('refuses a range that runs backwards and anything not a year', () => {
    expect(parseYearFilter('2000-1990')).toBeNull();
    expect(parseYearFilter('90s')).toBeNull();
    expect(parseYearFilter('-2000')).toBeNull();
    expect(parseYearFilter('19900')).toBeNull();
  });
});

describe('isValidYearFilter', () => {
  it('accepts a blank filter and the SPEC examples, and nothing else', () => {
    for (const text of ['', '  ', '1990', '1990-2000', '2020-']) {
      expect(isValidYearFilter(text)).toBe(true);
    }
    expect(isValidYearFilter('1990 to 2000')).toBe(false);
  });
});
