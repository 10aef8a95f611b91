import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import { GenresPage } from './GenresPage';

const genres = [
  { id: 1, name: 'jazz', album_count: 8 },
  { id: 2, name: 'blues', album_count: 2 },
  { id: 3, name: 'hard bop', album_count: 1 },
];

function fakeServer(all = genres) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const body = all.filter((genre) => genre.name.includes(search));
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
}

function renderPage() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <GenresPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

/** The first render loads the page's modules, which takes a while on a busy machine. */
const SLOW = { timeout: 5000 };

describe('GenresPage', () => {
  it('lists every genre with a bar relative to the largest count', async () => {
    fakeServer();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'All Genres (3)' }, SLOW)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Genres' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/genres/jazz',
      '/genres/blues',
      '/genres/hard%20bop',
    ]);
    expect(links[1]?.textContent).toContain('2 albums');
    expect(links[2]?.textContent).toContain('1 album');
    const widths = screen.getAllByTestId('genre-bar').map((bar) => bar.style.width);
    expect(widths).toEqual(['100%', '25%', '12.5%']);
  });

  it('counts what a search found, and says when nothing matches', async () => {
    fakeServer();
    renderPage();
    const box = await screen.findByPlaceholderText('Search genres...', {}, SLOW);
    await userEvent.type(box, 'b');
    expect(await screen.findByRole('heading', { name: 'Found 2 genres' })).toBeTruthy();
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No genres found')).toBeTruthy();
    expect(screen.getByText('Try searching for a different genre name')).toBeTruthy();
  });

  it('explains where genres come from when there are none', async () => {
    fakeServer([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No Genres Found' }, SLOW)).toBeTruthy();
  });
});
