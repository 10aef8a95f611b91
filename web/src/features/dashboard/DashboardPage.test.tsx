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

/** The collection: `albums` newest first, with the counts the server would send. */
function fakeServer(albums: ReturnType<typeof album>[], total: number) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
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
});
