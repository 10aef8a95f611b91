import { Readable } from 'node:stream';
import {
  collectionExport,
  job,
  MAX_IMPORT_BYTES,
  type MaintenanceFix,
  maintenanceFix,
  maintenanceFixResult,
  maintenanceReport,
} from '@gatefold/contract/maintenance';
import { errorCodes, type FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPostgres } from '../db/database';
import { badRequest, EMPTY_BODY, notFound, UPLOAD_CUT_OFF } from '../http/errors';
import { id } from '../http/params';
import { perUserLimit } from '../http/per-user-limit';
import { deleteAccount } from './account-deletion';
import { collectionCsv, collectionJson } from './export';
import { deleteEmptyFolders, deleteUnusedTags, mergeDuplicates } from './fixes';
import { albumsWithoutGenresCount } from './genre-lookup';
import { startCollectionImport } from './import';
import { readImportFile } from './import-file';
import type { JobRunner } from './job-runner';
import { presentJob } from './jobs';
import type { LibraryImportDependencies } from './library-import';
import { refreshableCount } from './metadata-refresh';
import { maintenanceReport as buildReport } from './report';

/** Reading a file of many thousand albums is the costliest thing a request can ask for. */
const IMPORTS_PER_MINUTE = 20;

/**
 * The import's body goes to a thread of its own as it arrives, to be parsed and checked there
 * (import-file.ts): gathered first, a file of 7.5 MB held the event loop for some 40 ms to be
 * joined into one buffer. The schema stays on the route for the API description only.
 */
function fileImportRoute({ db, jobs }: MaintenanceDependencies) {
  return async (app: FastifyInstance) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', (_request, body, done) => done(null, body));
    app.post(
      '/import',
      {
        schema: {
          summary:
            'Add an exported collection to this one (answers once tags and folders are in, with the job that adds the albums)',
          body: collectionExport,
          response: { 202: job },
        },
        validatorCompiler: () => (body) => ({ value: body }),
        config: perUserLimit('import', IMPORTS_PER_MINUTE),
      },
      async (request, reply) => {
        const body: unknown = request.body;
        if (!(body instanceof Readable)) throw badRequest(EMPTY_BODY);
        if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_BYTES) throw tooLarge();
        // Kept where another instance may take the import over.
        const file = await readImportFile(upToLimit(body, MAX_IMPORT_BYTES), {
          keep: isPostgres(db),
        });
        const job = await startCollectionImport(jobs, db, request.userId, file);
        return reply.status(202).send(job);
      },
    );
  };
}

const tooLarge = () => new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();

/**
 * A body's pieces as they arrive, refused once they come to more than `limit` bytes. A client
 * that goes away mid-upload is the client's doing, not a failure here (nor the database's, which
 * its `ECONNRESET` would otherwise be taken for): a 400 that no one reads, nothing written.
 */
async function* upToLimit(body: Readable, limit: number): AsyncGenerator<Uint8Array> {
  let received = 0;
  try {
    // Left open when refused, so that the answer reaches the client; the server reads the rest.
    for await (const piece of body.iterator({ destroyOnReturn: false })) {
      if (!(piece instanceof Uint8Array)) throw badRequest(EMPTY_BODY);
      received += piece.byteLength;
      if (received > limit) throw tooLarge();
      yield piece;
    }
  } catch (error) {
    if (body.readableAborted) throw badRequest(UPLOAD_CUT_OFF);
    throw error;
  }
}

type MaintenanceDependencies = LibraryImportDependencies & { jobs: JobRunner };

/** Library maintenance (DESIGN §7) under /v1/maintenance. */
export function maintenanceRoutes(deps: MaintenanceDependencies) {
  const { db, jobs } = deps;
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/report',
      {
        schema: {
          summary: 'Duplicates, albums without genres, empty folders, unused tags',
          response: { 200: maintenanceReport },
        },
      },
      async (request) => buildReport(db, request.userId),
    );

    routes.get(
      '/export',
      {
        // A HEAD would read the whole collection to throw it away.
        exposeHeadRoute: false,
        schema: {
          summary: 'Download the whole collection as JSON or CSV',
          querystring: z.object({ format: z.enum(['json', 'csv']).default('json') }),
        },
      },
      async (request, reply) => {
        const exportedAt = new Date();
        const date = exportedAt.toISOString().slice(0, 10);
        const csv = request.query.format === 'csv';
        const pieces = (csv ? collectionCsv : collectionJson)(db, request.userId, exportedAt);
        // The head is read before the answer is named a download: failing, it is an error answer.
        const first = await pieces.next();
        async function* whole() {
          if (!first.done) yield first.value;
          yield* pieces;
        }
        return (
          reply
            .header(
              'content-disposition',
              `attachment; filename="gatefold-${date}.${csv ? 'csv' : 'json'}"`,
            )
            .header('cache-control', 'no-store')
            .type(csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
            // One piece read ahead of a slow client, not sixteen: a page is 250 albums.
            .send(Readable.from(whole(), { highWaterMark: 1 }))
        );
      },
    );

    await app.register(fileImportRoute(deps));

    routes.post(
      '/library-import',
      {
        schema: {
          summary: "Import the streaming library's saved albums (answers at once with the job)",
          response: { 202: job },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await jobs.begin(request.userId, 'library-import')),
    );

    routes.post(
      '/refresh',
      {
        schema: {
          summary:
            'Refresh every album from the streaming service, keeping corrections, tags and folders (answers at once with the job)',
          response: { 202: job },
        },
      },
      async (request, reply) => {
        const total = await refreshableCount(db, request.userId);
        return reply.status(202).send(await jobs.begin(request.userId, 'metadata-refresh', total));
      },
    );

    const fixedAtOnce: Record<
      Exclude<MaintenanceFix, 'look-up-genres'>,
      (userId: number) => Promise<number>
    > = {
      'merge-duplicates': (userId) => mergeDuplicates(db, userId),
      'delete-empty-folders': (userId) => deleteEmptyFolders(db, userId),
      'delete-unused-tags': (userId) => deleteUnusedTags(db, userId),
    };
    routes.post(
      '/fixes/:fix',
      {
        schema: {
          summary:
            "Fix one of the report's findings: merge duplicates, delete empty folders or unused tags (200), or look up genres (202, a job)",
          params: z.object({ fix: maintenanceFix }),
          response: { 200: maintenanceFixResult, 202: job },
        },
      },
      async (request, reply) => {
        const { fix } = request.params;
        if (fix === 'look-up-genres') {
          const total = await albumsWithoutGenresCount(db, request.userId);
          return reply.status(202).send(await jobs.begin(request.userId, 'genre-lookup', total));
        }
        return { affected: await fixedAtOnce[fix](request.userId) };
      },
    );

    routes.get(
      '/jobs/:id',
      {
        schema: {
          summary: 'How far a maintenance job has got',
          params: z.object({ id }),
          response: { 200: job },
        },
      },
      async (request) => {
        const found = await db
          .selectFrom('jobs')
          .selectAll()
          .where('id', '=', request.params.id)
          .where('user_id', '=', request.userId)
          .executeTakeFirst();
        if (!found) throw notFound('No such job.');
        return presentJob(found);
      },
    );

    routes.delete(
      '/account',
      { schema: { summary: 'Delete the account and everything in it' } },
      async (request, reply) => {
        await deleteAccount(db, request.userId);
        return reply.status(204).send();
      },
    );
  };
}
