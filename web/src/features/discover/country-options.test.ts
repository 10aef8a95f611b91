import { MARKETS } from '@gatefold/contract/markets';
import { describe, expect, it } from 'vitest';
import { countryOptions, filterCountries, flagOf } from './country-options';

describe('country options', () => {
  it('names every market, with its flag, A-Z', () => {
    const options = countryOptions('en');
    expect(options).toHaveLength(MARKETS.length);
    expect(options.find((option) => option.code === 'JP')).toEqual({
      code: 'JP',
      name: 'Japan',
      flag: flagOf('JP'),
    });
    expect(flagOf('JP')).toBe('\u{1F1EF}\u{1F1F5}');
    const names = options.map((option) => option.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('finds countries by part of the name, ignoring case and accents, or by code', () => {
    const options = countryOptions('en');
    expect(filterCountries(options, 'japan').map((option) => option.code)).toEqual(['JP']);
    expect(filterCountries(options, 'cote').map((option) => option.code)).toContain('CI');
    expect(filterCountries(options, 'de').map((option) => option.code)).toContain('DE');
    expect(filterCountries(options, '')).toHaveLength(options.length);
  });
});
