import type { CollectionStats } from '@gatefold/contract/stats';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { DashboardPage } from './DashboardPage';

const album = (id: number, name: string) => ({
  id,
  spotify_id: null,
  name,
  artist: 'Miles Davis',
  release_date: '1959-08-17',
  total_tracks: 5,
  image_url: null,
  spotify_url: null,
  tags: [],
  genres: [],
  added_at: '2026-01-01T00:00:00.000Z',
  first_added_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
});

function list(items: unknown[], total: number): Response {
  return new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
  });
}

const months = Array.from({ length: 24 }, (_, index) => ({
  month: `20${25 + Math.floor((index + 1) / 12)}-${String(((index + 1) % 12) + 1).padStart(2, '0')}`,
  album_count: index === 23 ? 3 : 0,
}));

const SHAPED_STATS = {
  genres: [
    { name: 'Jazz', album_count: 7 },
    { name: 'Hip-Hop', album_count: 2 },
  ],
  decades: [{ decade: 1950, album_count: 7 }],
  added_per_month: months,
  top_artists: [{ name: 'Miles Davis', slug: 'miles-davis', album_count: 4 }],
};

const EMPTY_STATS: CollectionStats = {
  genres: [],
  decades: [],
  added_per_month: months,
  top_artists: [],
};

/** The collection: `albums` newest first, with the counts the server would send. */
function fakeServer(
  albums: ReturnType<typeof album>[],
  total: number,
  stats: CollectionStats = EMPTY_STATS,
) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
    if (url.pathname === '/api/v1/stats') return Response.json(stats);
    if (url.pathname === '/api/v1/albums') return list(albums.slice(0, 6), total);
    if (url.pathname === '/api/v1/folders/') return list([], 4);
    if (url.pathname === '/api/v1/tags/') return list([], 12);
    return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
  });
}

function renderDashboard() {
  const router = createMemoryRouter([{ path: '/dashboard', element: <DashboardPage /> }], {
    initialEntries: ['/dashboard'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('DashboardPage', () => {
  it('counts albums, folders and tags from the full counts and links each list', async () => {
    const server = fakeServer([album(1, 'Kind of Blue')], 1234);
    renderDashboard();
    const stats = screen.getByRole('region', { name: 'Collection statistics' });
    const albums = await within(stats).findByRole('link', { name: /1234\s*Albums/ });
    expect(albums.getAttribute('href')).toBe('/albums');
    expect(
      within(stats)
        .getByRole('link', { name: /4\s*Folders/ })
        .getAttribute('href'),
    ).toBe('/folders');
    expect(
      within(stats)
        .getByRole('link', { name: /12\s*Tags/ })
        .getAttribute('href'),
    ).toBe('/tags');
    const asked = server.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/api/v1/albums?limit=6&offset=0&sort=added-desc');
  });

  it('shows the six newest albums, linking to each, with View all', async () => {
    const names = ['Six', 'Five', 'Four', 'Three', 'Two', 'One', 'Zero'];
    fakeServer(
      names.map((name, index) => album(10 - index, name)),
      7,
    );
    renderDashboard();
    const recent = await screen.findByRole('list', { name: 'Recent albums' });
    const cards = within(recent).getAllByRole('link');
    expect(cards.map((card) => card.querySelector('p')?.textContent)).toEqual(names.slice(0, 6));
    expect(cards[0]?.getAttribute('href')).toBe('/albums/10');
    expect(screen.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe('/albums');
  });

  it('says how to start when there are no albums', async () => {
    fakeServer([], 0);
    renderDashboard();
    expect(
      await screen.findByText('No albums yet. Start by adding some from the streaming service!'),
    ).toBeTruthy();
  });

  it('opens the add-album and create-folder dialogs from the quick actions', async () => {
    fakeServer([], 0);
    renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Add Album' }));
    expect(await screen.findByRole('dialog', { name: 'Add Album' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByRole('dialog', { name: 'Create New Folder' })).toBeTruthy();
  });

  it('draws the collection by genre, decade, month and artist, each with a table that links on', async () => {
    fakeServer([album(1, 'Kind of Blue')], 9, SHAPED_STATS);
    renderDashboard();
    const genres = await screen.findByRole('region', { name: 'Albums by genre' });
    expect(screen.getByRole('region', { name: 'Albums by decade' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Albums added per month' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top artists' })).toBeTruthy();
    await userEvent.click(within(genres).getByRole('button', { name: 'Show table' }));
    const table = within(genres).getByRole('table', { name: 'Albums by genre' });
    expect(within(table).getByRole('link', { name: 'Hip-Hop' }).getAttribute('href')).toBe(
      '/genres/Hip-Hop',
    );
    expect(within(table).getByRole('cell', { name: '7' })).toBeTruthy();
    const decades = screen.getByRole('region', { name: 'Albums by decade' });
    await userEvent.click(within(decades).getByRole('button', { name: 'Show table' }));
    expect(within(decades).getByRole('link', { name: '1950s' }).getAttribute('href')).toBe(
      `/albums?q=${encodeURIComponent('year:1950..1959').replaceAll('%20', '+')}`,
    );
    const artists = screen.getByRole('region', { name: 'Top artists' });
    await userEvent.click(within(artists).getByRole('button', { name: 'Show table' }));
    expect(within(artists).getByRole('link', { name: 'Miles Davis' }).getAttribute('href')).toBe(
      '/artists/miles-davis',
    );
  });

  it('shows a friendly note instead of empty charts for an empty collection', async () => {
    fakeServer([], 0);
    renderDashboard();
    expect(
      await screen.findByText('Charts of your collection appear here once it holds a few albums.'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Albums by genre' })).toBeNull();
  });
});
