import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { jobPercent } from './job-progress';
import MaintenancePage from './MaintenancePage';

const job = (status: 'running' | 'finished', done: number, total: number | null, added = done) => ({
  id: 7,
  kind: 'library-import',
  status,
  done,
  total,
  added,
  message: status === 'running' ? 'Importing saved albums' : 'Import finished',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: status === 'finished' ? '2026-01-01T00:00:05.000Z' : null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const report = {
  duplicates: [
    {
      name: 'Kind of Blue',
      artist: 'Miles Davis',
      albums: [
        { id: 1, name: 'Kind of Blue', artist: 'Miles Davis', release_date: '1959' },
        { id: 2, name: 'Kind of Blue', artist: 'Miles Davis', release_date: '1997' },
      ],
    },
  ],
  albums_without_genres: {
    count: 1,
    albums: [{ id: 3, name: 'Mystery', artist: 'Nobody', release_date: null }],
  },
  empty_folders: [{ id: 9, name: 'Someday' }],
  unused_tags: [{ id: 4, name: 'later', color: '#3B82F6' }],
};

/** The job answers running 0/4, then 2/4, then finished. */
function fakeServer() {
  const polls = [job('running', 2, 4), job('finished', 4, 4)];
  return vi.spyOn(window, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://gatefold.test');
    if (url.pathname === '/api/v1/maintenance/library-import' && init?.method === 'POST') {
      return json(job('running', 0, 4), 202);
    }
    if (url.pathname === '/api/v1/maintenance/jobs/7')
      return json(polls.shift() ?? job('finished', 4, 4));
    if (url.pathname === '/api/v1/maintenance/report') return json(report);
    return json([]);
  });
}

function renderMaintenance() {
  const router = createMemoryRouter([{ path: '/maintenance', element: <MaintenancePage /> }], {
    initialEntries: ['/maintenance'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('MaintenancePage', () => {
  it('polls the library import until it reaches 100%', async () => {
    const server = fakeServer();
    renderMaintenance();
    await userEvent.click(screen.getByRole('button', { name: 'Import saved albums' }));
    const progress = await screen.findByRole('progressbar', { name: 'Library import progress' });
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('50'), {
      timeout: 3000,
    });
    expect(screen.getByRole('button', { name: 'Importing...' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(progress.getAttribute('aria-valuenow')).toBe('100'), {
      timeout: 3000,
    });
    expect(screen.getByText(/Import finished · 4 added/)).toBeTruthy();
    const polls = server.mock.calls.filter(([url]) => String(url).endsWith('/jobs/7'));
    expect(polls.length).toBeGreaterThanOrEqual(2);
    // Finished: the polling stops.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(server.mock.calls.filter(([url]) => String(url).endsWith('/jobs/7'))).toHaveLength(
      polls.length,
    );
  });

  it('lists the report with links to the albums, folders and tags', async () => {
    fakeServer();
    renderMaintenance();
    expect(await screen.findByRole('heading', { name: 'Albums without genres (1)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Mystery' }).getAttribute('href')).toBe('/albums/3');
    expect(screen.getByRole('link', { name: '1997' }).getAttribute('href')).toBe('/albums/2');
    expect(screen.getByRole('link', { name: 'Someday' }).getAttribute('href')).toBe('/folders/9');
    expect(screen.getByRole('link', { name: 'later' }).getAttribute('href')).toBe('/tags/later');
  });

  it('asks before deleting the account', async () => {
    fakeServer();
    renderMaintenance();
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete your account?' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('jobPercent', () => {
  it('is unknown until the size is known, and 100 once finished', () => {
    expect(jobPercent({ status: 'running', done: 0, total: null })).toBeNull();
    expect(jobPercent({ status: 'running', done: 1, total: 3 })).toBe(33);
    expect(jobPercent({ status: 'finished', done: 0, total: 0 })).toBe(100);
  });
});
