import type { Folder } from '@gatefold/contract/folders';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { buildFolder } from '../../components/build-folder';
import { FoldersPage } from './FoldersPage';

/** Jazz (id 1) holds one album, every other folder three. */
const folder = (id: number, name: string, parentId: number | null, sortOrder = 0): Folder => ({
  ...buildFolder(id, name, parentId, sortOrder),
  album_count: id === 1 ? 1 : 3,
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

/** Jazz, Rock and Soul at the top level, laid out, and Soul picked up with the keyboard. */
async function pickUpSoul() {
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
  return sent;
}

/** A hundred folders at the top level, more than one screenful: `Folder 001` to `Folder 100`. */
const hundredFolders = () =>
  Array.from({ length: 100 }, (_, index) =>
    folder(index + 1, `Folder ${String(index + 1).padStart(3, '0')}`, null, index),
  );

/** jsdom lays nothing out: every row is measured at the height it was estimated at. */
function measureRows() {
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(60);
}

/**
 * jsdom neither lays out nor scrolls: the page says it scrolled to `y`, and the tree, which starts
 * at the top of the page, moves up by as much.
 */
function scrollPageTo(y: number) {
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(window, 'scrollY', 'get').mockReturnValue(y);
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    if (this.getAttribute('role') !== 'tree') return original.call(this);
    return DOMRect.fromRect({ x: 0, y: -y, width: 600, height: 0 });
  });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** What a screen reader is told of a folder's place in the tree. */
function placeOf(tree: HTMLElement, name: string) {
  const item = within(tree).getByRole('treeitem', { name });
  return {
    level: item.getAttribute('aria-level'),
    position: `${item.getAttribute('aria-posinset')} of ${item.getAttribute('aria-setsize')}`,
    expanded: item.getAttribute('aria-expanded'),
  };
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
    const tree = await screen.findByRole('tree', { name: 'Folders' });
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

  it("tells screen readers each folder's level, place among its siblings and whether it is open", async () => {
    fakeServer([
      folder(1, 'Jazz', null, 0),
      folder(2, 'Bebop', 1, 0),
      folder(4, 'Modal', 1, 1),
      folder(3, 'Rock', null, 1),
    ]);
    renderPage();
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(placeOf(tree, 'Jazz')).toEqual({ level: '1', position: '1 of 2', expanded: 'false' });
    // A folder with nothing in it has no branch to open.
    expect(placeOf(tree, 'Rock')).toEqual({ level: '1', position: '2 of 2', expanded: null });

    await userEvent.click(within(tree).getByRole('button', { name: 'Expand Jazz' }));
    expect(placeOf(tree, 'Jazz').expanded).toBe('true');
    expect(placeOf(tree, 'Bebop')).toEqual({ level: '2', position: '1 of 2', expanded: null });
    expect(placeOf(tree, 'Modal')).toEqual({ level: '2', position: '2 of 2', expanded: null });

    // The drop zone of an open empty folder is no folder of the tree.
    await userEvent.click(within(tree).getByRole('button', { name: 'Expand Bebop' }));
    expect(within(tree).getByText('Drop folders here to nest under Bebop')).toBeTruthy();
    expect(
      within(tree)
        .getAllByRole('treeitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Jazz', 'Bebop', 'Modal', 'Rock']);
    expect(within(tree).queryAllByRole('listitem')).toEqual([]);
  });

  it('places a folder among all its siblings though only a screenful of rows is in the page', async () => {
    fakeServer(hundredFolders());
    measureRows();
    renderPage();
    const tree = await screen.findByRole('tree', { name: 'Folders' });
    expect(within(tree).getAllByRole('treeitem').length).toBeLessThan(50);
    expect(placeOf(tree, 'Folder 001').position).toBe('1 of 100');

    scrollPageTo(5400);
    expect(within(tree).queryByRole('treeitem', { name: 'Folder 001' })).toBeNull();
    expect(placeOf(tree, 'Folder 100').position).toBe('100 of 100');
  });

  it('keeps the focused folder in the page when the page scrolls far from it', async () => {
    fakeServer(hundredFolders());
    measureRows();
    renderPage();
    const view = await screen.findByRole('link', { name: 'View Folder 001' });
    view.focus();

    scrollPageTo(5400);
    expect(screen.queryByRole('link', { name: 'View Folder 002' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Folder 001' })).toBe(view);
    expect(document.activeElement).toBe(view);
  });

  it('keeps the dragged folder in the page while a pointer drag scrolls far from it', async () => {
    fakeServer(hundredFolders());
    measureRows();
    renderPage();
    const handle = await screen.findByRole('button', { name: 'Drag Folder 001' });
    fireEvent.pointerDown(handle, { isPrimary: true, button: 0, clientX: 20, clientY: 20 });
    fireEvent.pointerMove(document, { clientX: 20, clientY: 40 });
    await waitFor(() => expect(document.body.textContent).toContain('Picked up Folder 001.'));
    expect(document.activeElement).not.toBe(handle);

    scrollPageTo(5400);
    expect(screen.queryByRole('button', { name: 'Drag Folder 002' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Drag Folder 001' })).toBe(handle);
    fireEvent.pointerUp(document, { clientX: 20, clientY: 40 });
    await waitFor(() =>
      expect(document.body.textContent).toContain('Folder 001 was dropped where it was.'),
    );
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
    const sent = await pickUpSoul();
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

  it('announces the folder a dragged one has just moved over, not the one it left', async () => {
    await pickUpSoul();
    // Soul's middle (y 120) up five steps of 16px to y 40: past Rock's top (48), into Jazz's
    // lower third.
    for (let step = 0; step < 5; step += 1) await userEvent.keyboard('[ArrowUp]');
    await waitFor(() =>
      expect(document.body.textContent).toContain('Soul will be placed after Jazz.'),
    );
    expect(document.body.textContent).not.toContain('Soul will be placed before Rock.');
    await userEvent.keyboard('[Escape]');
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
    const tree = screen.getByRole('tree', { name: 'Subfolders' });
    expect(within(tree).getByRole('link', { name: 'View Jazz' })).toBeTruthy();
    expect(within(tree).queryByRole('button', { name: /Drag|Edit|Delete/ })).toBeNull();
  });
});
