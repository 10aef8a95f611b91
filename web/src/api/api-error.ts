import type { ErrorBody } from '@gatefold/contract/errors';

/** A failed API call: the HTTP status (0 when the server was not reached) and the server's detail. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly fieldErrors: NonNullable<ErrorBody['errors']>;

  constructor(
    status: number,
    detail: string,
    fieldErrors: ErrorBody['errors'] = [],
    cause?: unknown,
  ) {
    super(detail, { cause });
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fieldErrors = fieldErrors;
  }
}
