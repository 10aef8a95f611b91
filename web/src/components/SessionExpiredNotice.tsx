import { TriangleExclamationPoint, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export const SESSION_EXPIRED_PARAM = 'session_expired';
export const SESSION_EXPIRED_MESSAGE =
  'Your session has expired. Please log in again to continue using the application.';

/**
 * SPEC §2: with session_expired=true in the address, shows a dismissible warning and removes the
 * parameter, so a reload or a shared link does not show it again.
 */
export function SessionExpiredNotice() {
  const [searchParams, setSearchParams] = useSearchParams();
  const expired = searchParams.get(SESSION_EXPIRED_PARAM) === 'true';
  const [shown, setShown] = useState(expired);

  useEffect(() => {
    if (!expired) return;
    setShown(true);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SESSION_EXPIRED_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [expired, setSearchParams]);

  if (!shown) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <TriangleExclamationPoint aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="flex-1 text-sm font-medium">{SESSION_EXPIRED_MESSAGE}</p>
      <button
        type="button"
        onClick={() => setShown(false)}
        aria-label="Dismiss session expired warning"
        className="rounded p-0.5 hover:bg-amber-100 dark:hover:bg-amber-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
