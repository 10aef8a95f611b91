import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { TagsPage } from './TagsPage';

const tags = [
  { id: 1, name: 'Late Night', color: '#8B5CF6', album_count: 3, created_at: '2026-01-01' },
  { id: 2, name: 'Unused', color: '#10B981', album_count: 0, created_at: '2026-01-01' },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(tags.length) },
  });
}

/** The tags API; `forced` answers the forced delete. */
function fakeServer(
  forced: () => Response = () =>
    json(200, { can_delete: true, message: 'Tag "Late Night" was deleted.' }),
) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://gatefold.test');
    if (url.pathname === '/api/v1/tags/') return json(200, tags);
    if (url.pathname === '/api/v1/tags/popular/trending') {
      return json(200, { trending_tags: [tags[0]] });
    }
    if (init?.method === 'DELETE' && url.searchParams.get('force') === 'true') return forced();
    if (init?.method === 'DELETE' && url.pathname === '/api/v1/tags/Unused') {
      return json(200, { can_delete: true, message: 'Tag "Unused" was deleted.' });
    }
    if (init?.method === 'DELETE' && url.pathname === '/api/v1/tags/Late%20Night') {
      return json(200, {
        can_delete: false,
        message: 'Tag "Late Night" is used by 3 albums. Remove it from all of them and delete it?',
      });
    }
    return json(404, { detail: 'Not found.' });
  });
}

function renderPage() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <TagsPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

const deleteCalls = (server: ReturnType<typeof fakeServer>) =>
  server.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([input]) => String(input));

/** The first render loads the page's modules, which takes a while on a busy machine. */
const SLOW = { timeout: 5000 };

describe('TagsPage', () => {
  it('lists tags with counts and links, and trending tags', async () => {
    fakeServer();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Tags' }, SLOW);
    const link = within(list).getByRole('link', { name: /Late Night/ });
    expect(link.getAttribute('href')).toBe('/tags/Late%20Night');
    expect(link.textContent).toContain('3 albums');
    const trending = await screen.findByRole('list', { name: 'Trending tags' });
    expect(trending.textContent).toContain('Late Night3');
  });

  it('deletes an unused tag at once and shows the server message', async () => {
    const server = fakeServer();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Unused' }, SLOW));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain('Tag "Unused" was deleted.');
    expect(deleteCalls(server)).toEqual(['/api/v1/tags/Unused']);
    await userEvent.click(within(success).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before removing a used tag from all albums, then forces the delete', async () => {
    const server = fakeServer();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Late Night' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tag' });
    expect(confirm.textContent).toContain('is used by 3 albums');
    expect(confirm.textContent).toContain('removes the tag "Late Night" from all albums');
    expect(deleteCalls(server)).toEqual(['/api/v1/tags/Late%20Night']);

    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove and Delete' }));
    const success = await screen.findByRole('dialog', { name: 'Success' });
    expect(success.textContent).toContain('Tag "Late Night" was deleted.');
    expect(deleteCalls(server)).toEqual([
      '/api/v1/tags/Late%20Night',
      '/api/v1/tags/Late%20Night?force=true',
    ]);
  });

  it('sends nothing more when the confirmation is cancelled', async () => {
    const server = fakeServer();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Late Night' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tag' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteCalls(server)).toHaveLength(1);
  });

  it("shows an Error dialog with the server's detail when the forced delete fails", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(() => json(409, { detail: 'The tag is locked.' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Late Night' }, SLOW));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Tag' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove and Delete' }));
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain('The tag is locked.');
  });

  it('falls back to the default text when the server was not reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Delete Unused' }, SLOW);
    server.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await userEvent.click(button);
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(error.textContent).toContain('Failed to delete tag. Please try again.');
  });
});
