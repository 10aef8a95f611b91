/** Socket failures: the server is not there, or went away mid-query. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/** What pg says when a connection ends under it, or none comes in time. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/**
 * Whether a query failed because PostgreSQL could not be reached, rather than because of the
 * query: a refused or dropped connection, or the server shutting down or starting up (SQLSTATE
 * class 08, and 57P01–57P03). Such a failure is the service being unavailable (503), not a bug.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (NETWORK_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code)) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return DRIVER_MESSAGES.some((message) => error.message.includes(message));
}
