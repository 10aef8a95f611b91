import type { QueryClient } from '@tanstack/react-query';
import { albumQueries } from './album-queries';
import { folderQueries } from './folder-queries';
import { tagQueries } from './tag-queries';

/**
 * After any change to the collection: albums, folders and tags all carry counts of one another,
 * so every list on screen reloads (the ones not on screen reload when they next mount). Resolves
 * once the screen shows the change, so a busy button stays busy until then.
 */
export function refreshCollection(client: QueryClient): Promise<unknown> {
  return Promise.all(
    [albumQueries.all(), folderQueries.all(), tagQueries.all()].map((queryKey) =>
      client.invalidateQueries({ queryKey }),
    ),
  );
}
