/** An error a handler throws on purpose: its status and detail reach the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fieldErrors?: { field: string; message: string }[],
    /** Extra facts for the client, such as the id of the row a conflict is with. */
    readonly extra?: Record<string, string | number>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail = 'Sign in to continue.') => new HttpError(401, detail);
/** Also the answer for another user's rows, so ids reveal nothing. */
export const notFound = (detail: string) => new HttpError(404, detail);
export const conflict = (detail: string, extra?: Record<string, string | number>) =>
  new HttpError(409, detail, undefined, extra);
export const invalid = (field: string, message: string) =>
  new HttpError(422, `${field}: ${message}`, [{ field, message }]);
export const upstreamFailed = (detail: string) => new HttpError(502, detail);
export const upstreamTimedOut = (detail: string) => new HttpError(504, detail);
