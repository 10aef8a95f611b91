import type { CollectionExport } from '@gatefold/contract/maintenance';
import {
  badRequest,
  EMPTY_BODY,
  type FieldError,
  INVALID_JSON,
  invalidFields,
} from '../http/errors';
import { WorkerThread } from '../worker-thread';
import type { ImportedLabels } from './import-albums';

type Albums = CollectionExport['albums'];

/** How the thread writes albums itself: the SQLite file, whose, with what, how many at a time. */
export type AlbumWriting = {
  databaseFile: string;
  userId: number;
  labels: ImportedLabels;
  batchSize: number;
};

/** How far the thread's writing has come. */
export type WritingProgress = { done: number; added: number };

export type ImportFileMessage =
  | { kind: 'piece'; bytes: Uint8Array }
  | { kind: 'read' }
  | { kind: 'albums'; count: number }
  | { kind: 'seek'; to: number }
  | ({ kind: 'write-batch' } & AlbumWriting);

export type ImportFileReply =
  | {
      kind: 'read';
      tags: CollectionExport['tags'];
      folders: CollectionExport['folders'];
      albumCount: number;
    }
  | { kind: 'empty' }
  | { kind: 'malformed' }
  | { kind: 'invalid'; errors: FieldError[] }
  | { kind: 'albums'; albums: Albums }
  | ({ kind: 'written' } & WritingProgress)
  | { kind: 'write-failed'; message: string };

/** An export file's bytes, whole or in the pieces they arrive in (a request's body as it comes). */
export type FileBytes = Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/** An export file as its thread read it: tags and folders at hand, albums fetched in batches. */
export type ImportFile = {
  /** The file's bytes in the pieces they came in, when asked to keep them: handed over once. */
  takeOriginal(): Uint8Array[] | undefined;
  tags: CollectionExport['tags'];
  folders: CollectionExport['folders'];
  albumCount: number;
  /** The file's albums in order from the `from`th, `size` at a time. */
  albumBatches(size: number, from?: number): AsyncGenerator<Albums>;
  /**
   * Has the thread write the file's next `batchSize` albums to a SQLite file itself, as one
   * transaction, so that not even the writing holds the event loop. Answers how far the writing
   * has come in all.
   */
  writeAlbumBatch(writing: AlbumWriting): Promise<WritingProgress>;
  /** Ends the thread; the file is gone from memory. */
  close(): Promise<void>;
};

/**
 * Parses and checks an export file (as `POST /v1/maintenance/import` receives it) on a worker
 * thread, refusing it as the schema validator would: 400 for what is not JSON, 422 naming the
 * fields that break the schema. Each piece goes to the thread as it arrives, so the event loop
 * never holds or copies the whole file at once; `keep` keeps the pieces as they came.
 */
export async function readImportFile(
  bytes: FileBytes,
  { keep = false }: { keep?: boolean } = {},
): Promise<ImportFile> {
  const thread: ImportFileThread = new WorkerThread(import.meta.url, 'import-file-worker');
  let original: Uint8Array[] | undefined = keep ? [] : undefined;
  const read = await sendFile(thread, bytes, original).catch(async (error: unknown) => {
    await thread.close();
    throw error;
  });
  if (read.kind !== 'read') {
    await thread.close();
    if (read.kind === 'empty') throw badRequest(EMPTY_BODY);
    if (read.kind === 'invalid') throw invalidFields(read.errors);
    throw badRequest(INVALID_JSON);
  }
  return {
    takeOriginal() {
      const taken = original;
      original = undefined;
      return taken;
    },
    tags: read.tags,
    folders: read.folders,
    albumCount: read.albumCount,
    async *albumBatches(size, from = 0) {
      thread.send({ kind: 'seek', to: from });
      for (let sent = from; sent < read.albumCount; sent += size) {
        thread.send({ kind: 'albums', count: size });
        const batch = await thread.next();
        if (batch.kind !== 'albums') throw unexpected(batch);
        yield batch.albums;
      }
    },
    async writeAlbumBatch(writing) {
      thread.send({ kind: 'write-batch', ...writing });
      const reply = await thread.next();
      if (reply.kind === 'write-failed') throw new Error(reply.message);
      if (reply.kind !== 'written') throw unexpected(reply);
      return { done: reply.done, added: reply.added };
    },
    close: () => thread.close(),
  };
}

/** Hands the file to the thread piece by piece, keeping the pieces in `kept` if given. */
async function sendFile(thread: ImportFileThread, bytes: FileBytes, kept?: Uint8Array[]) {
  for await (const piece of bytes) {
    kept?.push(piece);
    // A copy of its own, handed over whole: the piece may share its memory with others.
    const own = new Uint8Array(piece);
    thread.send({ kind: 'piece', bytes: own }, [own.buffer]);
  }
  thread.send({ kind: 'read' });
  return thread.next();
}

const unexpected = (reply: ImportFileReply) =>
  new Error(`The import file thread answered ${reply.kind}.`);

type ImportFileThread = WorkerThread<ImportFileMessage, ImportFileReply>;
