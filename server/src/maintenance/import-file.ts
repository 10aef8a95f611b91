import type { Worker } from 'node:worker_threads';
import type { CollectionExport } from '@gatefold/contract/maintenance';
import {
  badRequest,
  EMPTY_BODY,
  type FieldError,
  INVALID_JSON,
  invalidFields,
} from '../http/errors';
import { startWorker } from '../start-worker';

type Albums = CollectionExport['albums'];

export type ImportFileMessage =
  | { kind: 'read'; file: Uint8Array }
  | { kind: 'albums'; count: number };
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
  | { kind: 'albums'; albums: Albums };

/** An export file as its thread read it: tags and folders at hand, albums fetched in batches. */
export type ImportFile = {
  tags: CollectionExport['tags'];
  folders: CollectionExport['folders'];
  albumCount: number;
  /** The file's albums in order, `size` at a time. */
  albumBatches(size: number): AsyncGenerator<Albums>;
  /** Ends the thread; the file is gone from memory. */
  close(): Promise<void>;
};

/**
 * Parses and checks an export file (as `POST /v1/maintenance/import` receives it) on a worker
 * thread, refusing it as the schema validator would: 400 for what is not JSON, 422 naming the
 * fields that break the schema.
 */
export async function readImportFile(body: Uint8Array): Promise<ImportFile> {
  const thread = new ImportFileThread(startWorker(import.meta.url, 'import-file-worker'));
  const { file, memory } = ownMemory(body);
  const read = await thread.ask({ kind: 'read', file }, [memory]).catch(async (error: unknown) => {
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
    tags: read.tags,
    folders: read.folders,
    albumCount: read.albumCount,
    async *albumBatches(size) {
      for (let sent = 0; sent < read.albumCount; sent += size) {
        const batch = await thread.ask({ kind: 'albums', count: size });
        if (batch.kind !== 'albums')
          throw new Error(`The import file thread answered ${batch.kind}.`);
        yield batch.albums;
      }
    },
    close: () => thread.close(),
  };
}

/** A body with memory of its own is handed to the thread without a copy; a slice is copied. */
function ownMemory(body: Uint8Array): { file: Uint8Array; memory: ArrayBuffer } {
  const { buffer } = body;
  if (
    buffer instanceof ArrayBuffer &&
    body.byteOffset === 0 &&
    body.byteLength === buffer.byteLength
  )
    return { file: body, memory: buffer };
  const copy = new Uint8Array(body);
  return { file: copy, memory: copy.buffer };
}

type Waiting = { resolve(reply: ImportFileReply): void; reject(error: Error): void };

/** One question at a time to the thread, each answered by its next message. */
class ImportFileThread {
  #waiting: Waiting | undefined;

  constructor(readonly worker: Worker) {
    worker.on('message', (reply: ImportFileReply) =>
      this.#settle((waiting) => waiting.resolve(reply)),
    );
    worker.on('error', (error) => this.#settle((waiting) => waiting.reject(error)));
    worker.on('exit', (code) =>
      this.#settle((waiting) =>
        waiting.reject(new Error(`The import file thread exited (${code}).`)),
      ),
    );
  }

  ask(message: ImportFileMessage, transfer: ArrayBuffer[] = []): Promise<ImportFileReply> {
    if (this.#waiting) throw new Error('The import file thread is answering another question.');
    return new Promise((resolve, reject) => {
      this.#waiting = { resolve, reject };
      this.worker.postMessage(message, transfer);
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  #settle(answer: (waiting: Waiting) => void) {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    if (waiting) answer(waiting);
  }
}
