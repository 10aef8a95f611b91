import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { TagFormDialog } from './TagFormDialog';

const saved = { id: 5, name: 'Vinyl', color: '#3B82F6', album_count: 0, created_at: '2026-01-01' };

function fakeServer(status = 201) {
  return vi.spyOn(window, 'fetch').mockImplementation(
    async () =>
      new Response(JSON.stringify(status < 300 ? saved : { detail: 'Tag exists.' }), {
        status,
        headers: { 'Content-Type': 'application/json' },
      }),
  );
}

function renderDialog(editing?: typeof saved) {
  const onOpenChange = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <TagFormDialog open onOpenChange={onOpenChange} editing={editing} />
    </AppProviders>,
  );
  return { onOpenChange };
}

const sentBodies = (server: ReturnType<typeof fakeServer>) =>
  server.mock.calls
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([input, init]) => [String(input), init?.method, JSON.parse(String(init?.body))]);

describe('TagFormDialog', () => {
  it('creates a tag with the trimmed name in the default blue', async () => {
    const server = fakeServer();
    const { onOpenChange } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Create New Tag' })).toBeTruthy();
    expect(screen.getByLabelText('Color')).toHaveProperty('value', '#3b82f6');
    await userEvent.type(screen.getByLabelText('Tag Name'), '  Vinyl  ');
    await userEvent.click(screen.getByRole('button', { name: 'Create Tag' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sentBodies(server)).toEqual([
      ['/api/v1/tags/', 'POST', { name: 'Vinyl', color: '#3B82F6' }],
    ]);
  });

  it('sends nothing for a blank name', async () => {
    const server = fakeServer();
    renderDialog();
    await userEvent.type(screen.getByLabelText('Tag Name'), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Create Tag' })).toHaveProperty('disabled', true);
    expect(sentBodies(server)).toEqual([]);
  });

  it('renames a tag by its current name and stays open when that fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const server = fakeServer(409);
    const { onOpenChange } = renderDialog(saved);
    const input = screen.getByLabelText('Tag Name');
    expect(input).toHaveProperty('value', 'Vinyl');
    await userEvent.clear(input);
    await userEvent.type(input, 'Records');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sentBodies(server)).toHaveLength(1));
    expect(sentBodies(server)[0]).toEqual([
      '/api/v1/tags/Vinyl',
      'PUT',
      { name: 'Records', color: '#3B82F6' },
    ]);
    await screen.findByRole('button', { name: 'Save Changes' });
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
