import {
  Compass,
  Disc3,
  Folder,
  Guitar,
  LayoutDashboard,
  MicVocal,
  Tag,
  Wrench,
} from 'lucide-react';
import { NavLink } from 'react-router';

export const SIDEBAR_ID = 'library-sidebar';

const LIBRARY_LINKS = [
  { to: '/dashboard', label: 'Dashboard', Icon: LayoutDashboard },
  { to: '/folders', label: 'Folders', Icon: Folder },
  { to: '/albums', label: 'Albums', Icon: Disc3 },
  { to: '/tags', label: 'Tags', Icon: Tag },
  { to: '/genres', label: 'Genres', Icon: Guitar },
  { to: '/artists', label: 'Artists', Icon: MicVocal },
  { to: '/search', label: 'Advanced Search', Icon: Compass },
  { to: '/maintenance', label: 'Maintenance', Icon: Wrench },
];

interface SidebarProps {
  /** On small screens the sidebar shows only when opened from the top bar. */
  open: boolean;
  onNavigate: () => void;
}

export function Sidebar({ open, onNavigate }: SidebarProps) {
  return (
    <nav
      id={SIDEBAR_ID}
      aria-labelledby="library-heading"
      className={`${open ? 'block' : 'hidden'} fixed inset-x-0 top-16 bottom-0 z-30 overflow-y-auto border-r border-gray-200 bg-white p-4 md:sticky md:block md:h-[calc(100vh-4rem)] md:w-60 md:shrink-0 dark:border-gray-800 dark:bg-gray-900`}
    >
      <h2
        id="library-heading"
        className="px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-gray-600 dark:text-gray-400"
      >
        Library
      </h2>
      <ul className="space-y-1">
        {LIBRARY_LINKS.map(({ to, label, Icon }) => (
          <li key={to}>
            {/* NavLink marks the item active (aria-current="page") for its path and every path below it. */}
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
                  isActive
                    ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-200'
                    : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-white'
                }`
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
