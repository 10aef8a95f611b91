import type { CollectionExport, Job } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { chunks } from '../albums/store';
import { refreshPlannerStatistics, sharedWriter } from '../db/database';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { inUserTransaction } from '../db/user-lock';
import { checkFolderLimits } from '../folders/limits';
import { parentsFirst } from '../folders/parents-first';
import { type ImportedLabels, importAlbums } from './import-albums';
import type { ImportFile, WritingProgress } from './import-file';
import type { JobRunner, RunningJob } from './job-runner';

/** Albums written per transaction: each holds the database for tens of milliseconds at most. */
const ALBUMS_PER_BATCH = 250;

type ExportedFolder = CollectionExport['folders'][number];

/**
 * Adds an exported collection to this user's: its tags (matched by name), its folders (as new
 * folders, nested as they were), and each album not already collected, with its tags, genres,
 * tracks and folders. Nothing the user has is changed or removed. Tags and folders are one
 * transaction before the answer (a file past the folder limits is refused whole); the albums
 * then go in batches as a job, so other requests are served between them and a progress bar
 * can follow. An import cut short is completed by importing the same file again, which adds only
 * what is missing (INTERRUPTED_IMPORT).
 */
export async function startCollectionImport(
  jobs: JobRunner,
  db: Kysely<Database>,
  userId: number,
  file: ImportFile,
): Promise<Job> {
  return jobs
    .beginWith(userId, 'collection-import', file.albumCount, async () => {
      const labels = await inUserTransaction(db, userId, async (trx) => {
        const tags = await importTags(trx, userId, file.tags);
        const folders = await importFolders(trx, userId, file.folders);
        await checkFolderLimits(trx, userId, 'folders');
        return { ...tags, ...folders };
      });
      return (job) => importAlbumsInBatches(db, job, file, labels);
    })
    .catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
}

/** What a file import cut short (its instance stopped) tells the user. */
export const INTERRUPTED_IMPORT =
  'The import was interrupted. Import the same file again: only what is missing is added.';

async function importAlbumsInBatches(
  db: Kysely<Database>,
  { userId, record, signal }: RunningJob,
  file: ImportFile,
  labels: ImportedLabels & { tagsAdded: number; foldersAdded: number },
) {
  try {
    const { added } = await writeAlbums(db, userId, file, labels, async (written) => {
      signal.throwIfAborted();
      await record.progress({
        ...written,
        message: `Imported ${written.done} of ${file.albumCount} albums`,
      });
    });
    await refreshPlannerStatistics(db, { albumsAdded: added });
    await record.finish(
      `Imported ${added} albums (${file.albumCount - added} already here), ` +
        `${labels.tagsAdded} tags and ${labels.foldersAdded} folders.`,
    );
  } finally {
    await file.close();
  }
}

/**
 * The albums, a batch per transaction. A SQLite file is written by the file's own thread, so the
 * event loop serves other requests meanwhile; otherwise (PostgreSQL, whose driver waits without
 * holding it) the batches come over and are written here.
 */
async function writeAlbums(
  db: Kysely<Database>,
  userId: number,
  file: ImportFile,
  labels: ImportedLabels,
  progress: (written: WritingProgress) => Promise<void>,
): Promise<WritingProgress> {
  const writer = sharedWriter(db);
  const { tagIds, folderIds } = labels;
  let written = { done: 0, added: 0 };
  if (writer) {
    const writing = {
      databaseFile: writer.file,
      userId,
      labels: { tagIds, folderIds },
      batchSize: ALBUMS_PER_BATCH,
    };
    while (written.done < file.albumCount) {
      // The server's own writes wait for the batch here, each in its turn between batches.
      written = await writer.holdWrites(() => file.writeAlbumBatch(writing));
      await progress(written);
    }
    return written;
  }
  for await (const batch of file.albumBatches(ALBUMS_PER_BATCH)) {
    written.added += await inUserTransaction(db, userId, (trx) =>
      importAlbums(trx, userId, batch, { tagIds, folderIds }),
    );
    written.done += batch.length;
    await progress(written);
  }
  return written;
}

async function importTags(trx: Kysely<Database>, userId: number, tags: CollectionExport['tags']) {
  const existing = await trx
    .selectFrom('tags')
    .select(['id', 'name'])
    .where('user_id', '=', userId)
    .execute();
  const tagIds = new Map(existing.map((tag) => [nameKey(tag.name), tag.id]));
  const missing = [
    ...new Map(
      tags.filter((tag) => !tagIds.has(nameKey(tag.name))).map((tag) => [nameKey(tag.name), tag]),
    ).values(),
  ];
  const now = new Date().toISOString();
  for (const chunk of chunks(missing, 1_000)) {
    const created = await trx
      .insertInto('tags')
      .values(
        chunk.map((tag) => ({
          user_id: userId,
          name: tag.name,
          name_key: nameKey(tag.name),
          search_text: searchText(tag.name),
          color: tag.color.toUpperCase(),
          created_at: now,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const tag of created) tagIds.set(nameKey(tag.name), tag.id);
  }
  return { tagIds, tagsAdded: missing.length };
}

/**
 * Creates the file's folders, parents first, in one pass over them. A folder whose parent is not
 * in the file, is a smart folder, or sits in a loop, goes to the root. The ids answered are the
 * plain folders', which albums can be put in.
 */
async function importFolders(trx: Kysely<Database>, userId: number, folders: ExportedFolder[]) {
  const folderIds = new Map<number, number>();
  let foldersAdded = 0;
  const now = new Date().toISOString();
  const ordered = parentsFirst(
    folders,
    (folder) => folder.key,
    (folder) => folder.parent_key,
  );
  for (const folder of ordered) {
    // A parent not created before its subfolder is missing or in a loop: the root, then.
    const parentId = folder.parent_key === null ? undefined : folderIds.get(folder.parent_key);
    const created = await trx
      .insertInto('folders')
      .values({
        user_id: userId,
        parent_id: parentId ?? null,
        name: folder.name,
        search_text: searchText(folder.name),
        description: folder.description,
        image_url: folder.image_url,
        query: folder.query ?? null,
        sort_order: folder.sort_order,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    foldersAdded += 1;
    if (!folder.query) folderIds.set(folder.key, created.id);
  }
  return { folderIds, foldersAdded };
}
