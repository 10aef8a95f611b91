import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatDuration(187_000)).toBe('3:07');
    expect(formatDuration(720_000)).toBe('12:00');
    expect(formatDuration(59_999)).toBe('0:59');
  });

  it('does not pad the minutes, even past an hour', () => {
    expect(formatDuration(3_725_000)).toBe('62:05');
  });

  it('shows 0:00 for nothing, a negative or a broken length', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(-5000)).toBe('0:00');
    expect(formatDuration(Number.NaN)).toBe('0:00');
  });
});
