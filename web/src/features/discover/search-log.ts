import type { SearchLogEntry } from '@gatefold/contract/discovery';

/** SPEC §9: the Search Log keeps this many entries, the newest ones. */
export const SEARCH_LOG_LIMIT = 50;

/** The log with `entries` added at the end, cut to the last SEARCH_LOG_LIMIT. */
export function appendToLog(log: SearchLogEntry[], entries: SearchLogEntry[]): SearchLogEntry[] {
  return [...log, ...entries].slice(-SEARCH_LOG_LIMIT);
}

let nextLocalId = 0;

/** An entry written by the web app itself (the server's carry their own ids). */
export function localLogEntry(
  type: SearchLogEntry['type'],
  source: string,
  message: string,
  details = '',
): SearchLogEntry {
  nextLocalId += 1;
  return {
    id: `web-${nextLocalId}`,
    type,
    source,
    message,
    details,
    timestamp: new Date().toISOString(),
  };
}

/** DESIGN §7: the demo routine replays these, one after another, to show what the log does. */
export const DEMO_LOG_MESSAGES: readonly Omit<SearchLogEntry, 'id' | 'timestamp'>[] = [
  {
    type: 'info',
    source: 'Demo',
    message: 'Searching with global discovery',
    details: 'country JP, genres electronic',
  },
  {
    type: 'info',
    source: 'MusicBrainz',
    message: 'Looking up releases by country of origin',
    details: '',
  },
  {
    type: 'success',
    source: 'MusicBrainz',
    message: 'Found 24 candidate releases',
    details: '412 ms',
  },
  {
    type: 'info',
    source: 'Spotify',
    message: 'Matching releases to the catalogue',
    details: 'at most 15',
  },
  {
    type: 'warning',
    source: 'Spotify',
    message: 'Two releases had no catalogue match',
    details: 'skipped',
  },
  {
    type: 'success',
    source: 'Discover',
    message: 'Found 13 albums',
    details: '2 already in your collection',
  },
];
