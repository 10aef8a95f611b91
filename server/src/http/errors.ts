export type FieldError = { field: string; message: string };

/** An error a handler throws on purpose: its status and detail reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fieldErrors?: FieldError[],
    /** Extra facts for the client, such as the id of the row a conflict is with. */
    readonly extra?: Record<string, string | number>,
  ) {
    super(detail);
  }
}

export const INVALID_JSON = 'The request body is not valid JSON.';
export const EMPTY_BODY = 'The request body is empty.';
export const UPLOAD_CUT_OFF = 'The file did not arrive whole: its upload was cut off.';

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpError(401, detail);
/** Also the answer for another user's rows, so ids reveal nothing. */
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string, extra?: Record<string, string | number>) =>
  new HttpError(409, detail, undefined, extra);
export const invalid = (field: string, message: string) => invalidFields([{ field, message }]);
/** A request that broke its schema: the first broken field names the detail, all are listed. */
export function invalidFields(errors: FieldError[]): HttpError {
  const first = errors[0];
  return new HttpError(
    422,
    first ? `${first.field || 'request'}: ${first.message}` : 'Invalid request.',
    errors,
  );
}
export const upstreamFailed = (detail: string) => new HttpError(502, detail);
export const upstreamTimedOut = (detail: string) => new HttpError(504, detail);
