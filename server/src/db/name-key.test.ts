import { describe, expect, it } from 'vitest';
import { nameKey } from './name-key';

describe('nameKey', () => {
  it('is one key for a name in any case, in any script', () => {
    expect(nameKey('Été')).toBe(nameKey('éTÉ'));
    expect(nameKey('ØRESUND')).toBe(nameKey('øresund'));
    expect(nameKey('ΣΟΦΟΣ')).toBe(nameKey('σοφος'));
    expect(nameKey('ΣΟΦΟΣ')).toBe(nameKey('σοφοσ'));
    expect(nameKey('КИНО')).toBe(nameKey('кино'));
    expect(nameKey('İstanbul')).toBe(nameKey('i̇stanbul'));
    expect(nameKey('Straße')).toBe(nameKey('STRASSE'));
  });

  it('joins composed and decomposed accents and compatibility forms, and ignores outer spaces', () => {
    expect(nameKey('E\u0301te\u0301')).toBe(nameKey('Été'));
    expect(nameKey('ﬁlm')).toBe(nameKey('FILM'));
    expect(nameKey('  Jazz ')).toBe(nameKey('jazz'));
  });

  it('keeps names with other letters apart', () => {
    expect(nameKey('Été')).not.toBe(nameKey('Ete'));
    expect(nameKey('Istanbul')).not.toBe(nameKey('İstanbul'));
  });
});
