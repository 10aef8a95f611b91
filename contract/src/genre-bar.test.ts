import { describe, expect, it } from 'vitest';
import { genreBarPercent } from './genre-bar';

describe('genreBarPercent', () => {
  it('is the count relative to the largest count', () => {
    expect(genreBarPercent(10, 10)).toBe(100);
    expect(genreBarPercent(5, 20)).toBe(25);
  });

  it('is capped at 100%', () => {
    expect(genreBarPercent(30, 20)).toBe(100);
  });

  it('is 0 for nothing to compare with', () => {
    expect(genreBarPercent(0, 0)).toBe(0);
    expect(genreBarPercent(3, 0)).toBe(0);
  });
});
