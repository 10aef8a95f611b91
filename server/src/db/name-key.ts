/**
 * The key two names share when they are the same name to a person: Unicode NFKC with full case
 * folding ("Été" = "ÉTÉ", "Straße" = "STRASSE", "ΣΟΦΟΣ" = "σοφος"). Uniqueness and lookups of
 * tags, genres and artists use it on both databases, where SQL's lower() folds only ASCII.
 */
export function nameKey(name: string): string {
  // Upper then lower case is full case folding for all but a few letters no name tells apart.
  return name.trim().normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}
