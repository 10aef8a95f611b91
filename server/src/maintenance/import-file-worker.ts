// Reads an exported collection on a thread of its own: parsing and checking a file of 50,000
// albums takes over a second, which the server's event loop cannot give. The albums then go to
// the import job a batch at a time, or, on a SQLite file, the thread writes them itself. Told to
// forget the file, the thread waits for the next one.
import { parentPort } from 'node:worker_threads';
import { type CollectionExport, collectionExport } from '@gatefold/contract/maintenance';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { openThreadWriter, writeTransaction } from '../db/thread-writer';
import { importAlbums } from './import-albums';
import type { AlbumWriting, ImportFileMessage, ImportFileReply } from './import-file';

let albums: CollectionExport['albums'] = [];
let next = 0;
/** The file's text so far, decoded piece by piece as the pieces arrive. */
let decoder = new TextDecoder();
let text: string[] = [];

function reply(message: ImportFileReply) {
  parentPort?.postMessage(message);
}

function read(file: string): ImportFileReply {
  if (file.trim() === '') return { kind: 'empty' };
  let json: unknown;
  try {
    json = JSON.parse(file);
  } catch {
    return { kind: 'malformed' };
  }
  const checked = collectionExport.safeParse(json);
  if (!checked.success) {
    return {
      kind: 'invalid',
      errors: checked.error.issues.map((issue) => ({
        field: issue.path.join('.') || 'body',
        message: issue.message,
      })),
    };
  }
  albums = checked.data.albums;
  return {
    kind: 'read',
    tags: checked.data.tags,
    folders: checked.data.folders,
    albumCount: albums.length,
  };
}

/** The connection the thread writes over, open from its first batch to its last. */
let writing: { db: Kysely<Database>; done: number; added: number } | undefined;

async function writeBatch({ databaseFile, userId, labels, batchSize }: AlbumWriting) {
  writing ??= { db: await openThreadWriter(databaseFile), done: 0, added: 0 };
  const { db } = writing;
  try {
    const batch = albums.slice(next, next + batchSize);
    next += batch.length;
    writing.added += await writeTransaction(db, (trx) => importAlbums(trx, userId, batch, labels));
    writing.done += batch.length;
    reply({ kind: 'written', done: writing.done, added: writing.added });
    if (next >= albums.length) await stopWriting();
  } catch (error) {
    reply({
      kind: 'write-failed',
      message: error instanceof Error ? error.message : String(error),
    });
    await stopWriting();
  }
}

async function stopWriting() {
  const open = writing;
  writing = undefined;
  await open?.db.destroy();
}

/** Lets go of the file read before, so the thread can read the next one. */
function forget() {
  void stopWriting();
  albums = [];
  next = 0;
  text = [];
  decoder = new TextDecoder();
}

parentPort?.on('message', (message: ImportFileMessage) => {
  if (message.kind === 'forget') {
    forget();
  } else if (message.kind === 'piece') {
    text.push(decoder.decode(message.bytes, { stream: true }));
  } else if (message.kind === 'read') {
    text.push(decoder.decode());
    const file = text.join('');
    text = [];
    reply(read(file));
  } else if (message.kind === 'seek') {
    next = message.to;
  } else if (message.kind === 'albums') {
    reply({ kind: 'albums', albums: albums.slice(next, next + message.count) });
    next += message.count;
  } else {
    void writeBatch(message);
  }
});
