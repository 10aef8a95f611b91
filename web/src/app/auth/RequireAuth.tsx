import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { ApiError } from '../../api/api-error';
import { authQueries } from '../../api/auth-queries';
import { readSessionToken } from '../../api/session-token';
import { FullPageStatus } from '../../components/FullPageStatus';
import { AppShell } from '../shell/AppShell';

/** Routes that need sign-in: no token sends the visitor to /, a token loads the user and the shell. */
export function RequireAuth() {
  if (readSessionToken() === null) return <Navigate to="/" replace />;
  return <SignedInArea />;
}

function SignedInArea() {
  const me = useQuery(authQueries.me());

  if (me.isPending) return <FullPageStatus>Loading your library…</FullPageStatus>;
  if (me.isError) {
    // A 401 has already sent the browser to the sign-in flow (SPEC §4).
    if (me.error instanceof ApiError && me.error.status === 401) {
      return <FullPageStatus>Signing you in again…</FullPageStatus>;
    }
    return (
      <main className="grid min-h-screen place-items-center p-6">
        <div role="alert" className="max-w-sm text-center">
          <h1 className="text-lg font-semibold">Gatefold could not load your account</h1>
          <p className="mt-2 text-gray-700 dark:text-gray-300">{me.error.message}</p>
          <button
            type="button"
            onClick={() => me.refetch()}
            className="mt-4 rounded-lg bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700"
          >
            Try again
          </button>
        </div>
      </main>
    );
  }
  return <AppShell user={me.data} />;
}
