import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import type { SignedInUser } from '../../api/auth-queries';
import { UndoProvider } from '../../components/bulk/UndoBar';
import { AppShortcuts } from '../shortcuts/AppShortcuts';
import { useApplyUserTheme } from '../theme/useThemeToggle';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The signed-in frame: top bar, Library sidebar and the current screen. */
export function AppShell({ user }: { user: SignedInUser }) {
  useApplyUserTheme(user.theme_preference);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <UndoProvider>
      <div className="min-h-screen bg-gray-50 dark:bg-gray-950">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-gray-900 focus:shadow"
        >
          Skip to content
        </a>
        <TopBar user={user} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((open) => !open)} />
        <div className="md:flex">
          <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
          <main
            id="main"
            tabIndex={-1}
            className="min-w-0 flex-1 p-4 focus:outline-none sm:p-6 lg:p-8"
          >
            <Suspense
              fallback={
                <p role="status" className="text-gray-700 dark:text-gray-300">
                  Loading…
                </p>
              }
            >
              <Outlet />
            </Suspense>
          </main>
        </div>
        <AppShortcuts />
      </div>
    </UndoProvider>
  );
}
