import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { AddTagDialog } from './AddTagDialog';

const existing = [
  { id: 1, name: 'Late Night', color: '#8B5CF6', album_count: 3, created_at: '2026-01-01' },
  { id: 2, name: 'Night Drive', color: '#10B981', album_count: 1, created_at: '2026-01-01' },
];

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' },
  });
}

/** Tags filtered by q like the server; tagging answers `tagStatus`. */
function fakeServer(tagStatus = 200) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://gatefold.test');
    if (url.pathname === '/api/v1/tags/') {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return json(
        200,
        existing.filter((tag) => tag.name.toLowerCase().includes(q)),
      );
    }
    if (init?.method === 'POST' && url.pathname.startsWith('/api/v1/albums/7/tags/')) {
      return tagStatus === 200
        ? json(200, { id: 9, name: 'x', color: '#3B82F6' })
        : json(tagStatus, { detail: 'Tag names must be unique.' });
    }
    return json(404, { detail: 'Not found.' });
  });
}

function renderDialog() {
  const onOpenChange = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AddTagDialog open onOpenChange={onOpenChange} albumId={7} attachedTagIds={[]} />
    </AppProviders>,
  );
  return { onOpenChange };
}

describe('AddTagDialog', () => {
  it('focuses the Tag Name box and suggests matching tags with their counts', async () => {
    fakeServer();
    renderDialog();
    const input = screen.getByLabelText('Tag Name');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(
      screen.getByText('Start typing to search existing tags or create a new one.'),
    ).toBeTruthy();

    await userEvent.type(input, 'night');
    const suggestions = await screen.findByRole('list', { name: 'Matching tags' });
    expect(suggestions.textContent).toContain('Late Night3 albums');
    expect(suggestions.textContent).toContain('Night Drive1 albums');
    expect(screen.getByRole('button', { name: 'Create "night"' })).toBeTruthy();
  });

  it('attaches an existing tag by its stored name when Enter is pressed', async () => {
    const server = fakeServer();
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Tag Name'), 'late night');
    await screen.findByRole('button', { name: 'Add "Late Night"' });
    expect(screen.getByText('Tag "Late Night" will be added to the album.')).toBeTruthy();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const tagged = server.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(tagged?.[0])).toBe('/api/v1/albums/7/tags/Late%20Night');
  });

  it('picks a suggestion into the box', async () => {
    fakeServer();
    renderDialog();
    await userEvent.type(screen.getByLabelText('Tag Name'), 'drive');
    await userEvent.click(await screen.findByRole('button', { name: /Night Drive/ }));
    expect(screen.getByLabelText('Tag Name')).toHaveProperty('value', 'Night Drive');
    expect(screen.getByRole('button', { name: 'Add "Night Drive"' })).toBeTruthy();
  });

  it('stays open and logs when tagging fails', async () => {
    fakeServer(422);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Tag Name'), 'Brand New');
    await userEvent.click(await screen.findByRole('button', { name: 'Create "Brand New"' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(String(logged.mock.calls[0]?.[0])).toContain('Tag names must be unique.');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Create "Brand New"' })).toBeTruthy();
  });

  it('sends nothing for a blank name', async () => {
    const server = fakeServer();
    renderDialog();
    await userEvent.type(screen.getByLabelText('Tag Name'), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Add Tag' })).toHaveProperty('disabled', true);
    expect(server.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
