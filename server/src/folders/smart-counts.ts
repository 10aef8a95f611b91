import { parseAlbumQuery, type QueryNode } from '@gatefold/contract/album-query';
import type { Kysely } from 'kysely';
import { albumsMatching } from '../albums/matching-albums';
import { toCount } from '../db/count';
import { libraryResults } from '../db/library-results';
import type { Database } from '../db/schema';

/** Each smart folder's count, kept while the library and folders stay as they were. */
const keptCounts = libraryResults<number>(1024);

/**
 * A smart folder's saved query, read. Saved queries were checked when saved; one the language
 * no longer reads matches nothing rather than everything.
 */
export function savedQuery(text: string): QueryNode {
  const parsed = parseAlbumQuery(text);
  return parsed.ok ? (parsed.query ?? { kind: 'all', nodes: [] }) : { kind: 'any', nodes: [] };
}

/** How many of the user's albums a smart folder's query matches now. */
export function smartFolderCount(
  db: Kysely<Database>,
  userId: number,
  query: string,
  now: Date,
  knownVersion?: string,
): Promise<number> {
  const count = () =>
    albumsMatching(db, userId, { smartQuery: savedQuery(query) }, now)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirst()
      .then((counted) => toCount(counted?.total));
  return keptCounts(db, userId, query, count, knownVersion, now.toISOString());
}
