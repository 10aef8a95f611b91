import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** SPEC §8's default text for a failure, logged when the server gave no detail of its own. */
    mutationMeta: { failureMessage?: string };
  }
}

/**
 * The one error path for every query and mutation. SPEC §8: most failures are only logged, with
 * the server's detail or the action's default text; a 401 has already ended the session in the
 * client, so it is not logged again.
 */
function logFailure(error: Error, failureMessage?: string): void {
  if (error instanceof ApiError && error.status === 401) return;
  if (error instanceof ApiError) {
    // Status 0: the server was not reached, so it gave no detail to show.
    const reason = error.status === 0 && failureMessage ? failureMessage : error.detail;
    console.error(`API error ${error.status}: ${reason}`);
    return;
  }
  console.error(failureMessage ?? error.message, error);
}

/** Only a server that was not reached or failed on its side may answer differently next time. */
function shouldRetry(failureCount: number, error: Error): boolean {
  return (
    failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500)
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error) => logFailure(error) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        logFailure(error, mutation.meta?.failureMessage),
    }),
    defaultOptions: { queries: { retry: shouldRetry } },
  });
}
