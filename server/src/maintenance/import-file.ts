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
  | { kind: 'forget' }
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
  /** Lets go of the file; its thread ends, or waits for the next file if it was idle. */
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
  const thread = takeThread();
  let original: Uint8Array[] | undefined = keep ? [] : undefined;
  const read = await sendFile(thread, bytes, original).catch(async (error: unknown) => {
    await thread.close();
    throw error;
  });
  // A thread is given back only when it has answered everything asked of it.
  let asked = false;
  let closed = false;
  const ask = async (message: ImportFileMessage) => {
    // Given back, the thread may be reading another user's file by now.
    if (closed) throw new Error('The import file is closed.');
    asked = true;
    thread.send(message);
    const reply = await thread.next();
    asked = false;
    return reply;
  };
  if (read.kind !== 'read') {
    giveBack(thread);
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
      if (closed) throw new Error('The import file is closed.');
      thread.send({ kind: 'seek', to: from });
      for (let sent = from; sent < read.albumCount; sent += size) {
        const batch = await ask({ kind: 'albums', count: size });
        if (batch.kind !== 'albums') throw unexpected(batch);
        yield batch.albums;
      }
    },
    async writeAlbumBatch(writing) {
      const reply = await ask({ kind: 'write-batch', ...writing });
      if (reply.kind === 'write-failed') throw new Error(reply.message);
      if (reply.kind !== 'written') throw unexpected(reply);
      return { done: reply.done, added: reply.added };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      if (asked) await thread.close();
      else giveBack(thread);
    },
  };
}

/**
 * How long a thread that read a file waits for the next before it ends. Starting one took 0.34 s
 * (the built worker, to its first answer), and its first file is read with cold code: in the
 * bench's ten files of 5,000 albums, that was about a tenth of the import. Waiting, it keeps its
 * heap, which the last file's albums may still fill until it collects them.
 */
const IDLE_THREAD_MS = 60_000;

/** The one thread that waits for a file, if any, and when it stops waiting. */
let idle: { thread: ImportFileThread; timer: NodeJS.Timeout } | undefined;

/** The waiting thread, or a new one. */
function takeThread(): ImportFileThread {
  const waiting = idle;
  idle = undefined;
  if (waiting) clearTimeout(waiting.timer);
  if (waiting && !waiting.thread.ended) {
    waiting.thread.ref();
    return waiting.thread;
  }
  return new WorkerThread(import.meta.url, 'import-file-worker');
}

/** Has the thread forget its file and wait for the next, unless another waits already. */
function giveBack(thread: ImportFileThread) {
  if (thread.ended || (idle && !idle.thread.ended)) {
    void thread.close();
    return;
  }
  if (idle) clearTimeout(idle.timer);
  thread.send({ kind: 'forget' });
  // Waiting, it does not keep the process alive.
  thread.unref();
  const timer = setTimeout(() => {
    if (idle?.thread === thread) idle = undefined;
    void thread.close();
  }, IDLE_THREAD_MS);
  timer.unref();
  idle = { thread, timer };
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
