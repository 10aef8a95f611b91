import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createQueryClient } from './api/query-client';
import { readSessionToken, storeSessionToken } from './api/session-token';
import { AppProviders } from './app/AppProviders';
import type { AccountSwitch } from './app/auth/account-switch';
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
  // long-lived session before any screen asks for the user (DESIGN §4). One for another user
  // than the one signed in here is asked about first.
  const previous = readSessionToken();
  const arriving = takeTokenFromAddress();
  if (arriving !== null) {
    root.render(<FullPageStatus>Signing you in…</FullPageStatus>);
    const { accountSwitch, declineSignIn } = await import('./app/auth/account-switch');
    const names = await accountSwitch(previous, arriving);
    const choice = names ? await askToSwitch(root, names) : 'switch';
    if (choice === 'switch') {
      const { completeSignIn } = await import('./app/auth/complete-sign-in');
      await completeSignIn((path) => window.history.replaceState(null, '', path));
    } else if (previous !== null) {
      storeSessionToken(previous);
      await declineSignIn(arriving);
      window.history.replaceState(null, '', '/dashboard');
    }
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

async function askToSwitch(root: Root, names: AccountSwitch): Promise<'switch' | 'stay'> {
  const { AccountSwitchPrompt } = await import('./app/auth/AccountSwitchPrompt');
  return new Promise((resolve) =>
    root.render(<AccountSwitchPrompt names={names} onChoose={resolve} />),
  );
}

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
void start(container);
