// Reads an exported collection on a thread of its own: parsing and checking a file of 50,000
// albums takes over a second, which the server's event loop cannot give. The albums then go back
// to the import job a batch at a time, as it writes them.
import { parentPort } from 'node:worker_threads';
import { type CollectionExport, collectionExport } from '@gatefold/contract/maintenance';
import type { ImportFileMessage, ImportFileReply } from './import-file';

let albums: CollectionExport['albums'] = [];
let next = 0;

function reply(message: ImportFileReply) {
  parentPort?.postMessage(message);
}

function read(file: Uint8Array): ImportFileReply {
  const text = new TextDecoder().decode(file);
  if (text.trim() === '') return { kind: 'empty' };
  let json: unknown;
  try {
    json = JSON.parse(text);
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

parentPort?.on('message', (message: ImportFileMessage) => {
  if (message.kind === 'read') {
    reply(read(message.file));
  } else {
    reply({ kind: 'albums', albums: albums.slice(next, next + message.count) });
    next += message.count;
  }
});
