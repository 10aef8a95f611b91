import { describe, expect, it } from 'vitest';
import { releaseYear } from './release-year';

describe('releaseYear', () => {
  it('takes the part before the first dash of a full date or a year-month', () => {
    expect(releaseYear('1959-08-17')).toBe('1959');
    expect(releaseYear('1969-09')).toBe('1969');
  });

  it('takes a four-digit value as it is', () => {
    expect(releaseYear('1973')).toBe('1973');
    expect(releaseYear(' 2001 ')).toBe('2001');
  });

  it('falls back to the year of a date it can parse', () => {
    expect(releaseYear('March 3, 1971')).toBe('1971');
  });

  it('hides the year when there is none to take', () => {
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear(undefined)).toBeNull();
    expect(releaseYear('')).toBeNull();
    expect(releaseYear('unknown')).toBeNull();
    expect(releaseYear('sometime-soon')).toBeNull();
  });
});
