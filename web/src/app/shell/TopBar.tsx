import { useQueryClient } from '@tanstack/react-query';
import { Disc3, LogOut, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { logOut, type SignedInUser } from '../../api/auth-queries';
import { clearSessionToken } from '../../api/session-token';
import { ThemeToggle } from '../theme/ThemeToggle';
import { GlobalSearch } from './GlobalSearch';
import { SIDEBAR_ID } from './Sidebar';

interface TopBarProps {
  user: SignedInUser;
  menuOpen: boolean;
  onToggleMenu: () => void;
}

export function TopBar({ user, menuOpen, onToggleMenu }: TopBarProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);

  const handleLogout = async () => {
    setLeaving(true);
    try {
      await logOut();
    } catch (error) {
      console.error('Logout failed on the server; the session is cleared here anyway', error);
    }
    clearSessionToken();
    // Leave the signed-in screens before dropping their data, so nothing refetches without a token.
    await navigate('/', { replace: true });
    queryClient.clear();
  };

  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b border-gray-200 bg-white/95 px-3 backdrop-blur sm:px-4 dark:border-gray-800 dark:bg-gray-900/95">
      <button
        type="button"
        onClick={onToggleMenu}
        aria-expanded={menuOpen}
        aria-controls={SIDEBAR_ID}
        aria-label={menuOpen ? 'Close library menu' : 'Open library menu'}
        className="inline-flex size-10 items-center justify-center rounded-lg text-gray-700 hover:bg-gray-100 md:hidden dark:text-gray-200 dark:hover:bg-gray-800"
      >
        {menuOpen ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Menu aria-hidden="true" className="size-5" />
        )}
      </button>
      <Link
        to="/dashboard"
        className="flex items-center gap-2 rounded-lg px-1 text-lg font-bold tracking-tight"
      >
        <Disc3 aria-hidden="true" className="size-6 text-indigo-600 dark:text-indigo-400" />
        {/* On phones the search needs the room; the name stays for screen readers. */}
        <span className="sr-only sm:not-sr-only">Gatefold</span>
      </Link>
      <div className="mx-2 flex min-w-0 grow justify-center">
        <GlobalSearch />
      </div>

      <div className="flex items-center gap-1 sm:gap-3">
        <ThemeToggle />
        <div className="flex items-center gap-2">
          {user.profile_image_url !== null && (
            <img
              src={user.profile_image_url}
              alt={`Avatar of ${user.display_name}`}
              referrerPolicy="no-referrer"
              className="size-8 rounded-full object-cover"
            />
          )}
          <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">
            {user.display_name}
          </span>
        </div>
        <button
          type="button"
          onClick={handleLogout}
          disabled={leaving}
          className="inline-flex items-center gap-2 rounded-lg border border-gray-300 px-3 py-1.5 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:opacity-60 dark:border-gray-700 dark:text-gray-100 dark:hover:bg-gray-800"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Logout
        </button>
      </div>
    </header>
  );
}
