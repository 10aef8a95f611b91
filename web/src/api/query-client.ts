import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

/**
 * The one error path for every query and mutation. SPEC §8: most failures are only logged;
 * a 401 has already ended the session in the client, so it is not logged again.
 */
function logFailure(error: Error): void {
  if (error instanceof ApiError && error.status === 401) return;
  console.error(error instanceof ApiError ? `API error ${error.status}: ${error.detail}` : error);
}

/** Only a server that was not reached or failed on its side may answer differently next time. */
function shouldRetry(failureCount: number, error: Error): boolean {
  return (
    failureCount < 2 && error instanceof ApiError && (error.status === 0 || error.status >= 500)
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: logFailure }),
    mutationCache: new MutationCache({ onError: logFailure }),
    defaultOptions: { queries: { retry: shouldRetry } },
  });
}
