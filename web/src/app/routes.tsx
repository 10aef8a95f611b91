import { lazy } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { AlbumDetailPage } from '../features/albums/AlbumDetailPage';
import { AlbumsPage } from '../features/albums/AlbumsPage';
import { ArtistDetailPage } from '../features/artists/ArtistDetailPage';
import { ArtistsPage } from '../features/artists/ArtistsPage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { FolderDetailPage } from '../features/folders/FolderDetailPage';
import { FoldersPage } from '../features/folders/FoldersPage';
import { GenreDetailPage } from '../features/genres/GenreDetailPage';
import { GenresPage } from '../features/genres/GenresPage';
import { LandingPage } from '../features/landing/LandingPage';
import { TagDetailPage } from '../features/tags/TagDetailPage';
import { TagsPage } from '../features/tags/TagsPage';
import { RedirectIfSignedIn, RequireAuth } from './auth/route-guards';
import { NotFoundPage } from './NotFoundPage';

// Heavy or rarely opened screens get their own chunks (the shell's Suspense shows while they load).
const DiscoverPage = lazy(() => import('../features/discover/DiscoverPage'));
const MaintenancePage = lazy(() => import('../features/maintenance/MaintenancePage'));

/** SPEC §2's route table. Everything but / and /auth/success needs sign-in. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <RedirectIfSignedIn>
        <LandingPage />
      </RedirectIfSignedIn>
    ),
  },
  // The token in its address was taken and swapped at startup (main.tsx).
  { path: '/auth/success', element: <Navigate to="/dashboard" replace /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '/folders', element: <FoldersPage /> },
      { path: '/folders/:id', element: <FolderDetailPage /> },
      { path: '/albums', element: <AlbumsPage /> },
      { path: '/albums/:id', element: <AlbumDetailPage /> },
      { path: '/tags', element: <TagsPage /> },
      { path: '/tags/:name', element: <TagDetailPage /> },
      { path: '/genres', element: <GenresPage /> },
      { path: '/genres/:name', element: <GenreDetailPage /> },
      { path: '/artists', element: <ArtistsPage /> },
      { path: '/artists/:name', element: <ArtistDetailPage /> },
      { path: '/search', element: <DiscoverPage /> },
      { path: '/maintenance', element: <MaintenancePage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
