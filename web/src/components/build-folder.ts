import type { Folder } from '@gatefold/contract/folders';

/** A folder as the API lists it, for tests: no description, image or albums. */
export const buildFolder = (
  id: number,
  name: string,
  parentId: number | null,
  sortOrder = 0,
): Folder => ({
  id,
  name,
  description: null,
  image_url: null,
  parent_id: parentId,
  sort_order: sortOrder,
  album_count: 0,
  total_count: 0,
  query: null,
  created_at: '2026-01-01T00:00:00.000Z',
});
