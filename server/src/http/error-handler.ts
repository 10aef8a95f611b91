import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { EMPTY_BODY, HttpError, INVALID_JSON, invalidFields } from './errors';

/** How long a client is asked to wait when the database is away (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own failures that are the client's doing, and the sentence each gets. */
const clientErrors: Record<string, { status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, detail: INVALID_JSON },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, detail: EMPTY_BODY },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, detail: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, detail: 'That content type is not accepted.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, detail: 'The Content-Length is wrong.' },
};

/** What the router refuses before any route runs: the address itself is at fault. */
const addressErrors: Record<string, { status: number; detail: string }> = {
  FST_ERR_BAD_URL: { status: 400, detail: 'The address is not valid.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, detail: 'A part of the address is too long.' },
};

/** Fastify's `frameworkErrors`: the router's refusals in the same {"detail": …} shape. */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = error.code ? addressErrors[error.code] : undefined;
  if (known) return reply.status(known.status).send({ detail: known.detail });
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ detail: 'Something went wrong on our side.' });
}

/** Turns every failure into {"detail": …} with the right status; internals stay in the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        detail: error.detail,
        ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
        ...error.extra,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failure = invalidFields(
        error.validation.map((issue) => ({
          field:
            issue.instancePath.slice(1).replaceAll('/', '.') || (error.validationContext ?? ''),
          message: issue.message ?? 'is invalid',
        })),
      );
      return reply.status(422).send({ detail: failure.detail, errors: failure.fieldErrors });
    }
    const known = error.code ? clientErrors[error.code] : undefined;
    if (known) return reply.status(known.status).send({ detail: known.detail });
    if (error.statusCode === 429) {
      return reply.status(429).send({ detail: 'Too many requests. Please wait a moment.' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ detail: 'The request could not be processed.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ reason: error.message }, 'the database is not answering');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ detail: 'The database is not answering. Please try again in a moment.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ detail: `Something went wrong on our side (request ${request.id}).` });
  });
}
