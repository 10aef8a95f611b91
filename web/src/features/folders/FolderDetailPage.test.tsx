import type { Folder } from '@gatefold/contract/folders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { FolderDetailPage } from './FolderDetailPage';

const folder = (id: number, name: string, parentId: number | null): Folder => ({
  id,
  name,
  description: null,
  image_url: null,
  parent_id: parentId,
  sort_order: 0,
  album_count: 0,
  total_count: 0,
  query: null,
  created_at: '2026-03-05T12:00:00.000Z',
});

const album = (id: number, name: string) => ({
  id,
  spotify_id: null,
  name,
  artist: 'Miles Davis',
  release_date: '1959',
  total_tracks: 5,
  image_url: null,
  spotify_url: null,
  tags: [],
  genres: [],
  added_at: '2026-01-01T00:00:00.000Z',
  first_added_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
});

function json(status: number, body?: unknown, total?: number): Response {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (total !== undefined) headers['X-Total-Count'] = String(total);
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers });
}

const all = [
  folder(1, 'Music', null),
  folder(2, 'Jazz', 1),
  folder(3, 'Bebop', 2),
  folder(4, 'Hard bop', 3),
];

function fakeServer(albums: ReturnType<typeof album>[]) {
  let inFolder = albums;
  const sent: string[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://gatefold.test');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') sent.push(`${method} ${url.pathname}`);
    if (url.pathname === '/api/v1/folders/') return json(200, all);
    const detail = {
      ...folder(2, 'Jazz', 1),
      description: null,
      album_count: inFolder.length,
      ancestors: [{ id: 1, name: 'Music' }],
      children: [folder(3, 'Bebop', 2)],
    };
    if (url.pathname === '/api/v1/folders/2') return json(200, detail);
    if (url.pathname === '/api/v1/folders/2/albums') {
      return json(200, { folder: detail, albums: inFolder }, inFolder.length);
    }
    const removed = /^\/api\/v1\/albums\/(\d+)\/folders\/2$/.exec(url.pathname);
    if (removed && method === 'DELETE') {
      inFolder = inFolder.filter((item) => item.id !== Number(removed[1]));
      return json(204);
    }
    return json(404, { detail: 'Folder not found.' });
  });
  return sent;
}

function renderPage(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/folders/:id', element: <FolderDetailPage /> },
      { path: '/folders', element: <p>Folders list</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('FolderDetailPage', () => {
  it('shows the folder, its path, its albums and its subfolders', async () => {
    fakeServer([album(10, 'Kind of Blue')]);
    renderPage('/folders/2');
    expect(screen.getByText('Loading folder...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Jazz' })).toBeTruthy();

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Music' }).getAttribute('href')).toBe(
      '/folders/1',
    );
    expect(screen.getByText('1 album · Created March 5, 2026')).toBeTruthy();
    expect(screen.getByText(/No description provided\./)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add one?' }));
    expect(screen.getByRole('dialog', { name: 'Edit Folder' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    const albums = screen.getByRole('region', { name: 'Albums in this Folder' });
    expect(await within(albums).findByText('Kind of Blue')).toBeTruthy();

    const subfolders = screen.getByRole('region', { name: 'Subfolders' });
    const tree = await within(subfolders).findByRole('tree', { name: 'Subfolders' });
    expect(within(tree).queryByRole('button', { name: /Drag|Edit|Delete/ })).toBeNull();
    await userEvent.click(within(tree).getByRole('button', { name: 'Expand Bebop' }));
    expect(within(tree).getByText('Hard bop')).toBeTruthy();
  });

  it('removes an album from the folder after asking, saying the album stays', async () => {
    const sent = fakeServer([album(10, 'Kind of Blue')]);
    renderPage('/folders/2');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Remove Kind of Blue from folder' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Remove Album from Folder' });
    expect(confirm.textContent).toContain('The album itself will not be deleted.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual(['DELETE /api/v1/albums/10/folders/2']);
    expect(await screen.findByText('No albums in this folder yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add Albums' }));
    expect(screen.getByRole('dialog', { name: 'Add Albums to Jazz' })).toBeTruthy();
  });

  it('says so when the folder does not exist', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {}); // the 404 is logged (SPEC §8)
    fakeServer([]);
    renderPage('/folders/99');
    expect(await screen.findByRole('heading', { name: 'Folder not found.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Folders' }).getAttribute('href')).toBe(
      '/folders',
    );
  });
});
