import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AppProviders } from './app/AppProviders';
import { takeTokenFromAddress } from './app/auth/token-handoff';
import { appRoutes } from './app/routes';
import { applyTheme, readStoredTheme, systemPrefersDark } from './app/theme/theme';
import { FullPageStatus } from './components/FullPageStatus';
import './index.css';

async function start(container: HTMLElement): Promise<void> {
  // Before the first paint, so a dark-theme user never sees a white flash.
  applyTheme(readStoredTheme() ?? 'system', systemPrefersDark());
  const root = createRoot(container);

  // A sign-in token in the address is stored and stripped at once, then swapped for a
  // long-lived session before any screen asks for the user (DESIGN §4).
  if (takeTokenFromAddress() !== null) {
    root.render(<FullPageStatus>Signing you in…</FullPageStatus>);
    const { completeSignIn } = await import('./app/auth/complete-sign-in');
    await completeSignIn((path) => window.history.replaceState(null, '', path));
  }

  // Created only now, so the router starts at the address the sign-in left behind.
  const router = createBrowserRouter(appRoutes);
  root.render(
    <StrictMode>
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
void start(container);
