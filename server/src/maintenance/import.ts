import type { CollectionExport, Job } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { chunks } from '../albums/store';
import { sharedWriter } from '../db/database';
import { nextTurn } from '../db/in-turns';
import { nameKey } from '../db/name-key';
import type { Database } from '../db/schema';
import { searchText } from '../db/search-text';
import { inUserTransaction } from '../db/user-lock';
import { checkFolderLimits } from '../folders/limits';
import { parentsFirst } from '../folders/parents-first';
import { type ImportedLabels, importAlbums } from './import-albums';
import { type ImportFile, readImportFile, type WritingProgress } from './import-file';
import { refreshStatisticsAfterImport } from './import-statistics';
import type { JobRunner, JobWork, RunningJob } from './job-runner';
import { keepImportFile, keptImportFile } from './kept-import-file';

/** Albums written per transaction: each holds the database for tens of milliseconds at most. */
const ALBUMS_PER_BATCH = 250;

type ExportedFolder = CollectionExport['folders'][number];

/**
 * Adds an exported collection to this user's: its tags (matched by name), its folders (as new
 * folders, nested as they were), and each album not already collected, with its tags, genres,
 * tracks and folders. Nothing the user has is changed or removed. Tags and folders are one
 * transaction before the answer (a file past the folder limits is refused whole); the albums
 * then go in batches as a job, so other requests are served between them and a progress bar
 * can follow. On PostgreSQL, where another instance may take the job over, the file (`original`)
 * and the ids its tags and folders became are kept with the job until it ends.
 */
export async function startCollectionImport(
  jobs: JobRunner,
  db: Kysely<Database>,
  userId: number,
  file: ImportFile,
): Promise<Job> {
  return jobs
    .beginWith(userId, 'collection-import', file.albumCount, async (jobId, record) => {
      // Kept with the job, then let go: the albums are read from the file's thread.
      const original = file.takeOriginal();
      const labels = await inUserTransaction(db, userId, async (trx) => {
        const tags = await importTags(trx, userId, file.tags);
        const folders = await importFolders(trx, userId, file.folders);
        await checkFolderLimits(trx, userId, 'folders');
        const made = { ...tags, ...folders };
        if (original) {
          await trx
            .insertInto('job_files')
            .values({ job_id: jobId, labels: JSON.stringify(keptLabels.encode(made)) })
            .execute();
          await keepImportFile(trx, jobId, original);
        }
        // Only while the job is still this instance's: a shutdown may have released it.
        await record.progress({}, trx);
        return made;
      });
      return (job) => importAlbumsInBatches(db, job, file, labels);
    })
    .catch(async (error: unknown) => {
      await file.close();
      throw error;
    });
}

/** What a file import cut short tells the user when its file was not kept (SQLite). */
export const INTERRUPTED_IMPORT =
  'The import was interrupted. Import the same file again: only what is missing is added.';

/** A file import taken over from an instance that stopped: its kept file, from the next batch. */
export function resumeCollectionImport(db: Kysely<Database>): JobWork {
  return async (job) => {
    const kept = await db
      .selectFrom('job_files')
      .select('labels')
      .where('job_id', '=', job.id)
      .executeTakeFirst();
    if (!kept) return job.record.interrupted(INTERRUPTED_IMPORT);
    const file = await readImportFile(keptImportFile(db, job.id));
    await importAlbumsInBatches(db, job, file, keptLabels.decode(JSON.parse(kept.labels)));
  };
}

type Labels = ImportedLabels & { tagsAdded: number; foldersAdded: number };

/** The labels as JSON: the maps as lists of pairs. */
const keptLabels = {
  encode: ({ tagIds, folderIds, tagsAdded, foldersAdded }: Labels) => ({
    tagIds: [...tagIds],
    folderIds: [...folderIds],
    tagsAdded,
    foldersAdded,
  }),
  decode: (json: unknown): Labels => {
    const kept = z
      .object({
        tagIds: z.array(z.tuple([z.string(), z.number()])),
        folderIds: z.array(z.tuple([z.number(), z.number()])),
        tagsAdded: z.number(),
        foldersAdded: z.number(),
      })
      .parse(json);
    return { ...kept, tagIds: new Map(kept.tagIds), folderIds: new Map(kept.folderIds) };
  },
};

/** Where a file import goes on from: the file's next album. */
const resumePoint = z.object({ next: z.number().int().min(0) });

async function importAlbumsInBatches(
  db: Kysely<Database>,
  { userId, record, signal, done, added, resumeFrom }: RunningJob,
  file: ImportFile,
  labels: Labels,
) {
  try {
    const { next } = resumePoint.parse(resumeFrom ?? { next: 0 });
    const written = await writeAlbums(
      db,
      userId,
      file,
      labels,
      { from: next, done, added },
      async (progress, trx) => {
        signal.throwIfAborted();
        await record.progress(
          {
            ...progress,
            message: `Imported ${progress.done} of ${file.albumCount} albums`,
            resumeFrom: { next: progress.done },
          },
          trx,
        );
      },
    );
    await refreshStatisticsAfterImport(db, record, written.added);
    await record.finish(
      `Imported ${written.added} albums (${file.albumCount - written.added} already here), ` +
        `${labels.tagsAdded} tags and ${labels.foldersAdded} folders.`,
    );
  } finally {
    await file.close();
  }
}

/**
 * The albums from the file's `from`th, a batch per transaction. A SQLite file is written by the
 * file's own thread, so the event loop serves other requests meanwhile; otherwise (PostgreSQL,
 * whose driver waits without holding it) the batches come over and are written here, each with
 * the job's progress in its transaction.
 */
async function writeAlbums(
  db: Kysely<Database>,
  userId: number,
  file: ImportFile,
  labels: ImportedLabels,
  start: WritingProgress & { from: number },
  progress: (written: WritingProgress, trx?: Kysely<Database>) => Promise<void>,
): Promise<WritingProgress> {
  const writer = sharedWriter(db);
  const { tagIds, folderIds } = labels;
  if (writer) {
    const writing = {
      databaseFile: writer.file,
      userId,
      labels: { tagIds, folderIds },
      batchSize: ALBUMS_PER_BATCH,
    };
    let written = { done: 0, added: 0 };
    while (written.done < file.albumCount) {
      // The server's own writes wait for the batch here, each in its turn between batches.
      written = await writer.holdWrites(() => file.writeAlbumBatch(writing));
      await progress(written);
    }
    return written;
  }
  const written = { done: start.done, added: start.added };
  for await (const batch of file.albumBatches(ALBUMS_PER_BATCH, start.from)) {
    await inUserTransaction(db, userId, async (trx) => {
      const added = await importAlbums(trx, userId, batch, { tagIds, folderIds });
      await progress({ done: written.done + batch.length, added: written.added + added }, trx);
      written.done += batch.length;
      written.added += added;
    });
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

/** Folders created between two turns of the event loop. */
const FOLDERS_PER_TURN = 25;

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
  for (const [index, folder] of ordered.entries()) {
    // On SQLite each insert answers at once: at 100 a turn, a turn held the loop 30-49 ms in
    // the bench's import; at 25, about 10.
    if (index > 0 && index % FOLDERS_PER_TURN === 0) await nextTurn();
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
