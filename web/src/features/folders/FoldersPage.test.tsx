import type { Folder } from '@gatefold/contract/folders';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { FoldersPage } from './FoldersPage';

const folder = (id: number, name: string, parentId: number | null, sortOrder = 0): Folder => ({
  id,
  name,
  description: null,
  image_url: null,
  parent_id: parentId,
  sort_order: sortOrder,
  album_count: id === 1 ? 1 : 3,
  total_count: 0,
  created_at: '2026-01-01T00:00:00.000Z',
});

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The folders API over a list the test can change, recording what is sent. */
function fakeServer(initial: Folder[]) {
  let folders = initial;
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://gatefold.test').pathname;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/api/v1/folders/' && method === 'GET') return json(200, folders);
    if (path === '/api/v1/folders/reorder') return json(200, folders);
    const deleted = /^\/api\/v1\/folders\/(\d+)$/.exec(path);
    if (deleted && method === 'DELETE') {
      const id = Number(deleted[1]);
      const gone = folders.find((item) => item.id === id);
      folders = folders
        .filter((item) => item.id !== id)
        .map((item) =>
          item.parent_id === id ? { ...item, parent_id: gone?.parent_id ?? null } : item,
        );
      return json(204);
    }
    return json(404, { detail: 'Not found.' });
  });
  return sent;
}

function renderPage() {
  const router = createMemoryRouter([{ path: '/folders', element: <FoldersPage /> }], {
    initialEntries: ['/folders'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

/**
 * jsdom lays nothing out: each folder row gets a 48px slot, top to bottom in page order, and the
 * dragged copy starts where the row being dragged is.
 */
function layOutRows(draggedRow: number) {
  const original = Element.prototype.getBoundingClientRect;
  const slot = (index: number) => DOMRect.fromRect({ x: 0, y: index * 48, width: 600, height: 48 });
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.hasAttribute('data-folder-drag-overlay')) return slot(draggedRow);
    const index = [...document.querySelectorAll('[data-folder-row]')].indexOf(this);
    return index === -1 ? original.call(this) : slot(index);
  });
}

describe('FoldersPage', () => {
  it('invites the first folder when there are none', async () => {
    fakeServer([]);
    renderPage();
    expect(
      await screen.findByText('No folders yet. Create your first folder to get started!'),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(screen.getByRole('dialog', { name: 'Create New Folder' })).toBeTruthy();
  });

  it('shows the tree collapsed, opens a folder, and offers a drop zone in an empty one', async () => {
    fakeServer([folder(1, 'Jazz', null), folder(2, 'Bebop', 1), folder(3, 'Rock', null, 1)]);
    renderPage();
    const tree = await screen.findByRole('list', { name: 'Folders' });
    expect(within(tree).getByText('Jazz')).toBeTruthy();
    expect(within(tree).getByText('1 album')).toBeTruthy();
    expect(within(tree).queryByText('Bebop')).toBeNull();
    expect(within(tree).getByRole('link', { name: 'View Jazz' }).getAttribute('href')).toBe(
      '/folders/1',
    );
    expect(within(tree).getByRole('button', { name: 'Drag Jazz' })).toBeTruthy();

    await userEvent.click(within(tree).getByRole('button', { name: 'Expand Jazz' }));
    expect(within(tree).getByText('Bebop')).toBeTruthy();
    await userEvent.click(within(tree).getByRole('button', { name: 'Expand Bebop' }));
    expect(within(tree).getByText('Drop folders here to nest under Bebop')).toBeTruthy();
    await userEvent.click(within(tree).getByRole('button', { name: 'Collapse Jazz' }));
    expect(within(tree).queryByText('Bebop')).toBeNull();
  });

  it('asks before deleting a folder, then reloads the list', async () => {
    const sent = fakeServer([folder(1, 'Jazz', null), folder(2, 'Bebop', 1)]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Jazz' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete Folder' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sent).toEqual([{ method: 'DELETE', path: '/api/v1/folders/1', body: undefined }]);
    // Its subfolder moved up to the top level.
    expect(await screen.findByRole('button', { name: 'Drag Bebop' })).toBeTruthy();
    expect(screen.queryByText('Jazz')).toBeNull();
  });

  it('nests a folder with the keyboard and sends the whole tree’s new positions', async () => {
    const sent = fakeServer([
      folder(1, 'Jazz', null, 0),
      folder(2, 'Rock', null, 1),
      folder(3, 'Soul', null, 2),
    ]);
    renderPage();
    layOutRows(2);
    const handle = await screen.findByRole('button', { name: 'Drag Soul' });
    handle.focus();
    await userEvent.keyboard('[Space]');
    await waitFor(() => expect(document.body.textContent).toContain('Picked up Soul.'));
    // Soul's middle (row 3, y 120) up to Jazz's middle (y 24): six steps of 16px.
    for (let step = 0; step < 6; step += 1) await userEvent.keyboard('[ArrowUp]');
    await waitFor(() =>
      expect(document.body.textContent).toContain('Soul will be placed inside Jazz.'),
    );
    await userEvent.keyboard('[Space]');

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      path: '/api/v1/folders/reorder',
      body: {
        items: [
          { id: 1, parent_id: null, sort_order: 0 },
          { id: 3, parent_id: 1, sort_order: 0 },
          { id: 2, parent_id: null, sort_order: 1 },
        ],
      },
    });
  });

  it('hides drag handles, Edit and Delete in the read-only tree', async () => {
    const { FolderTree } = await import('./FolderTree');
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <FolderTree
              nodes={[{ folder: folder(1, 'Jazz', null), depth: 0, children: [] }]}
              label="Subfolders"
              readOnly
            />
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    const tree = screen.getByRole('list', { name: 'Subfolders' });
    expect(within(tree).getByRole('link', { name: 'View Jazz' })).toBeTruthy();
    expect(within(tree).queryByRole('button', { name: /Drag|Edit|Delete/ })).toBeNull();
  });
});
