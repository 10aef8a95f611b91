import { z } from 'zod';
import { albumSummary } from './albums';
import { artistSummary } from './artists';
import { folder } from './folders';
import { genre } from './genres';
import { tag } from './tags';

export const collectionSearchQuery = z.object({
  q: z.string().trim().min(1, 'is required').max(200),
});

/** GET /v1/search/: a few of each kind, for a quick search box. */
export const collectionSearchResults = z.object({
  albums: z.array(albumSummary),
  artists: z.array(artistSummary),
  tags: z.array(tag),
  folders: z.array(folder),
  genres: z.array(genre),
});
export type CollectionSearchResults = z.infer<typeof collectionSearchResults>;

export const SEARCH_RESULTS_PER_KIND = 5;
export const SUGGESTION_LIMIT = 10;

/** GET /v1/search/suggestions: typeahead entries, each with where it leads. */
export const suggestion = z.object({
  kind: z.enum(['album', 'artist', 'tag', 'folder', 'genre']),
  label: z.string(),
  path: z.string(),
});
export const suggestions = z.object({ suggestions: z.array(suggestion) });
export type Suggestion = z.infer<typeof suggestion>;
