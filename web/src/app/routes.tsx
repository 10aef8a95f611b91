import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { FullPageStatus } from '../components/FullPageStatus';
import { LandingPage } from '../features/landing/LandingPage';
import { RedirectIfSignedIn } from './auth/route-guards';
import { NotFoundPage } from './NotFoundPage';

// Every signed-in screen is its own chunk, so the landing page loads only what it shows (the
// shell's Suspense shows while a screen loads).
const AlbumDetailPage = lazy(() =>
  import('../features/albums/AlbumDetailPage').then((module) => ({
    default: module.AlbumDetailPage,
  })),
);
const AlbumsPage = lazy(() =>
  import('../features/albums/AlbumsPage').then((module) => ({ default: module.AlbumsPage })),
);
const ArtistDetailPage = lazy(() =>
  import('../features/artists/ArtistDetailPage').then((module) => ({
    default: module.ArtistDetailPage,
  })),
);
const ArtistsPage = lazy(() =>
  import('../features/artists/ArtistsPage').then((module) => ({ default: module.ArtistsPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/DashboardPage').then((module) => ({
    default: module.DashboardPage,
  })),
);
const FolderDetailPage = lazy(() =>
  import('../features/folders/FolderDetailPage').then((module) => ({
    default: module.FolderDetailPage,
  })),
);
const FoldersPage = lazy(() =>
  import('../features/folders/FoldersPage').then((module) => ({ default: module.FoldersPage })),
);
const GenreDetailPage = lazy(() =>
  import('../features/genres/GenreDetailPage').then((module) => ({
    default: module.GenreDetailPage,
  })),
);
const GenresPage = lazy(() =>
  import('../features/genres/GenresPage').then((module) => ({ default: module.GenresPage })),
);
const TagDetailPage = lazy(() =>
  import('../features/tags/TagDetailPage').then((module) => ({ default: module.TagDetailPage })),
);
const TagsPage = lazy(() =>
  import('../features/tags/TagsPage').then((module) => ({ default: module.TagsPage })),
);
// The signed-in frame and the API client it needs load only once someone is signed in.
const RequireAuth = lazy(() =>
  import('./auth/RequireAuth').then((module) => ({ default: module.RequireAuth })),
);
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
    element: (
      <Suspense fallback={<FullPageStatus>Loading your library…</FullPageStatus>}>
        <RequireAuth />
      </Suspense>
    ),
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
