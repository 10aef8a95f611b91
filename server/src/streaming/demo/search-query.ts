/** A catalogue query in Spotify's syntax: free words plus field filters. */
export type SearchQuery = {
  words: string[];
  artist?: string;
  album?: string;
  genre?: string;
  years?: { from: number; to: number };
  newOnly: boolean;
};

/** Lower case without accents, so "Björk" is found as "bjork". */
export const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

const FILTER = /(\w+):(?:"([^"]*)"|(\S+))/g;

/** Parses `artist:"Miles Davis" year:1955-1960 blue` as Spotify's search does. */
export function parseSearchQuery(raw: string): SearchQuery {
  const query: SearchQuery = { words: [], newOnly: false };
  const rest = raw.replace(FILTER, (whole, field: string, quoted?: string, bare?: string) => {
    const value = fold((quoted ?? bare ?? '').trim());
    switch (field.toLowerCase()) {
      case 'artist':
        query.artist = value;
        return ' ';
      case 'album':
        query.album = value;
        return ' ';
      case 'genre':
        query.genre = value;
        return ' ';
      case 'year': {
        const range = /^(\d{4})(?:-(\d{4})?)?$/.exec(value);
        if (range) {
          const from = Number(range[1]);
          const to = value.includes('-') ? Number(range[2] ?? 9999) : from;
          query.years = { from, to };
        }
        return ' ';
      }
      case 'tag':
        if (value === 'new') query.newOnly = true;
        return ' ';
      default:
        return whole;
    }
  });
  query.words = fold(rest)
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return query;
}
