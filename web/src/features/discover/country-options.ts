import { MARKETS } from '@gatefold/contract/markets';

/** SPEC §3: a country option, a two-letter code and a name, shown with its flag. */
export interface CountryOption {
  code: string;
  name: string;
  flag: string;
}

const REGIONAL_INDICATOR_A = 0x1f1e6;

/** A flag emoji is the code's two letters as regional-indicator symbols. */
export function flagOf(code: string): string {
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((letter) => REGIONAL_INDICATOR_A + letter.charCodeAt(0) - 65),
  );
}

/** Every market the streaming service serves, named in the browser's language, A-Z. */
export function countryOptions(locale?: string): CountryOption[] {
  const names = new Intl.DisplayNames(locale, { type: 'region' });
  return MARKETS.map((code) => ({ code, name: names.of(code) ?? code, flag: flagOf(code) })).sort(
    (a, b) => a.name.localeCompare(b.name, locale),
  );
}

/** Options whose name or code contains the typed text, ignoring case and accents. */
export function filterCountries(options: CountryOption[], text: string): CountryOption[] {
  const fold = (value: string) =>
    value
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
  const wanted = fold(text.trim());
  if (wanted === '') return options;
  return options.filter(
    (option) => fold(option.name).includes(wanted) || option.code.toLowerCase() === wanted,
  );
}
