import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { readSessionToken } from '../../api/session-token';

/** The landing page is for visitors: a signed-in user goes to the dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (readSessionToken() !== null) return <Navigate to="/dashboard" replace />;
  return children;
}
