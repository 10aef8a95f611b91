import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * About the most a part of a kept file holds. PostgreSQL's driver copies each parameter into its
 * message on the event loop: a 7.5 MB file as one value held the loop for 50–70 ms, a part for
 * a millisecond or two.
 */
const PART_BYTES = 1 << 20;

/** Keeps a file import's file with its job (`job_file_parts`), in the writer's transaction. */
export async function keepImportFile(trx: Kysely<Database>, jobId: number, pieces: Uint8Array[]) {
  let part = 0;
  for (const bytes of partsOf(pieces)) {
    await trx.insertInto('job_file_parts').values({ job_id: jobId, part, bytes }).execute();
    part += 1;
  }
}

/** A kept file's parts in order, each read when the one before has been taken. */
export async function* keptImportFile(db: Kysely<Database>, jobId: number) {
  for (let part = 0; ; part += 1) {
    const row = await db
      .selectFrom('job_file_parts')
      .select('bytes')
      .where('job_id', '=', jobId)
      .where('part', '=', part)
      .executeTakeFirst();
    if (!row) return;
    yield row.bytes;
  }
}

/**
 * The pieces' bytes in order, in parts of PART_BYTES and a last one of the rest, each joined when
 * it is asked for: joined all at once, the file was copied in one turn of the event loop.
 */
function* partsOf(pieces: Uint8Array[]): Generator<Uint8Array> {
  let gathered: Uint8Array[] = [];
  let size = 0;
  for (const piece of pieces) {
    for (let rest = piece; rest.byteLength > 0; ) {
      const taken = rest.subarray(0, PART_BYTES - size);
      gathered.push(taken);
      size += taken.byteLength;
      rest = rest.subarray(taken.byteLength);
      if (size === PART_BYTES) {
        yield Buffer.concat(gathered, size);
        gathered = [];
        size = 0;
      }
    }
  }
  if (size > 0) yield Buffer.concat(gathered, size);
}
