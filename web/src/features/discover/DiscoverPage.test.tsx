import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/AppProviders';
import DiscoverPage from './DiscoverPage';

const album = (
  spotify_id: string,
  name: string,
  artist: string,
  release_date: string,
  popularity: number,
) => ({
  spotify_id,
  name,
  artist,
  image_url: null,
  release_date,
  total_tracks: 8,
  popularity,
  spotify_url: null,
  in_collection: false,
  collection_id: null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const results = {
  albums: [
    album('b1', 'Bitches Brew', 'Miles Davis', '1970', 60),
    album('a1', 'A Love Supreme', 'John Coltrane', '1965', 90),
    album('k1', 'Kind of Blue', 'Miles Davis', '1959', 80),
  ],
  total: 3,
  took_ms: 42,
  log: [
    {
      id: 's1',
      type: 'success',
      source: 'Catalogue',
      message: 'Found 3 albums',
      details: '5 ms',
      timestamp: '2026-01-01T00:00:00.000Z',
    },
  ],
};

function fakeServer(advanced: () => Response) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
    if (url.pathname === '/api/v1/search/spotify/advanced') return advanced();
    if (url.pathname === '/api/v1/search/spotify/new-releases') {
      return json({
        albums: [album('n1', 'Fresh', 'Someone', '2026', 10)],
        total: 1,
        took_ms: 17,
      });
    }
    if (url.pathname.startsWith('/api/v1/search/spotify/add-album/')) {
      return json({ album_id: 77, message: 'added' }, 201);
    }
    return json([], 200);
  });
}

function renderDiscover() {
  const router = createMemoryRouter([{ path: '/search', element: <DiscoverPage /> }], {
    initialEntries: ['/search'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const resultNames = () =>
  within(screen.getByRole('list', { name: 'Discovery Results' }))
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);

describe('DiscoverPage', () => {
  it('keeps Discover Albums and Clear Filters disabled until a filter has a value', async () => {
    fakeServer(() => json(results));
    renderDiscover();
    const discover = screen.getByRole('button', { name: 'Discover Albums' });
    const clear = screen.getByRole('button', { name: 'Clear Filters' });
    expect(discover).toHaveProperty('disabled', true);
    expect(clear).toHaveProperty('disabled', true);
    expect(
      screen.getByText('Enter search text or select filters above to start searching.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear All Filters' })).toBeNull();
    expect(screen.getByText(/Japan \+ Electronic/)).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Year or range'), '1950-1969');
    expect(discover).toHaveProperty('disabled', false);
    expect(clear).toHaveProperty('disabled', false);
    expect(screen.getByRole('button', { name: 'Clear All Filters' })).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Year or range'));
    await userEvent.type(screen.getByLabelText('Year or range'), '2000-1990');
    expect(discover).toHaveProperty('disabled', true);
  });

  it('searches, shows the summary and the log, sorts locally, and clears the results', async () => {
    const server = fakeServer(() => json(results));
    renderDiscover();
    await userEvent.type(screen.getByLabelText(/^Genres/), 'jazz');
    await userEvent.click(screen.getByRole('button', { name: 'Discover Albums' }));

    expect(await screen.findByText('Found 3 albums in 42ms')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Discovery Results (3)' })).toBeTruthy();
    const asked = server.mock.calls.map(([url]) => String(url));
    expect(asked).toContain(
      '/api/v1/search/spotify/advanced?algorithm=musicbrainz&genre=jazz&country=US',
    );
    expect(resultNames()).toEqual(['Bitches Brew', 'A Love Supreme', 'Kind of Blue']);

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Album Name');
    expect(resultNames()).toEqual(['A Love Supreme', 'Bitches Brew', 'Kind of Blue']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Release Year');
    expect(resultNames()).toEqual(['Bitches Brew', 'A Love Supreme', 'Kind of Blue']);
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Popularity');
    expect(resultNames()).toEqual(['A Love Supreme', 'Kind of Blue', 'Bitches Brew']);
    const searches = server.mock.calls.filter(([url]) => String(url).includes('/advanced?'));
    expect(searches).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: /^Search Log/ }));
    const panel = screen.getByRole('region', { name: 'Search Log' });
    expect(within(panel).getByText('Found 3 albums')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.queryByRole('heading', { name: /Discovery Results/ })).toBeNull();
  });

  it('adds a result to the collection and shows the In Collection badge', async () => {
    fakeServer(() => json(results));
    renderDiscover();
    await userEvent.type(screen.getByLabelText('Search text'), 'miles');
    await userEvent.click(screen.getByRole('button', { name: 'Discover Albums' }));
    const card = await screen.findByRole('article', { name: 'Kind of Blue by Miles Davis' });
    await userEvent.click(
      within(card).getByRole('button', { name: '+ Add to Collection: Kind of Blue' }),
    );
    expect(await within(card).findByText('In Collection')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Kind of Blue' }).getAttribute('href')).toBe(
      '/albums/77',
    );
  });

  it('turns a failed search into empty results and a Search failed log entry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fakeServer(() => json({ detail: 'The streaming service failed.' }, 502));
    renderDiscover();
    await userEvent.type(screen.getByLabelText('Search text'), 'anything');
    await userEvent.click(screen.getByRole('button', { name: 'Discover Albums' }));
    expect(await screen.findByRole('heading', { name: 'Discovery Results (0)' })).toBeTruthy();
    expect(screen.getByText('No albums found')).toBeTruthy();
    expect(screen.getByText('Try different search terms or adjust your filters')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /^Search Log/ }));
    const panel = screen.getByRole('region', { name: 'Search Log' });
    expect(within(panel).getAllByText('Search failed').length).toBeGreaterThan(0);
    expect(within(panel).getByText('The streaming service failed.')).toBeTruthy();
  });

  it('keeps the new releases when the filters are cleared', async () => {
    fakeServer(() => json(results));
    renderDiscover();
    await userEvent.type(screen.getByLabelText('Search text'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'New Releases' }));
    expect(await screen.findByRole('heading', { name: 'New Releases (1)' })).toBeTruthy();
    expect(screen.getByText('Found 1 albums in 17ms')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(screen.getByRole('heading', { name: 'New Releases (1)' })).toBeTruthy();
    expect(screen.getByText('Fresh')).toBeTruthy();
  });
  it('drops the answer of a search whose filters were cleared while it ran', async () => {
    let answer: (response: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    vi.spyOn(window, 'fetch').mockImplementation(() => pending);
    renderDiscover();
    await userEvent.type(screen.getByLabelText('Search text'), 'slow');
    await userEvent.click(screen.getByRole('button', { name: 'Discover Albums' }));
    expect(screen.getByRole('button', { name: 'Searching the streaming service...' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    answer(json(results));
    await screen.findByRole('button', { name: 'Discover Albums' });
    expect(screen.queryByRole('heading', { name: /Discovery Results/ })).toBeNull();
    expect(screen.getByText(/Japan \+ Electronic/)).toBeTruthy();
  });
  it('fills the form again from a recent search', async () => {
    vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://gatefold.test');
      if (url.pathname === '/api/v1/search/recent') {
        return json([
          {
            algorithm: 'recommendation',
            filters: { genre: 'jazz', country: 'JP' },
            result_count: 4,
            searched_at: '2026-01-01T00:00:00.000Z',
            times: 2,
          },
        ]);
      }
      return json([]);
    });
    renderDiscover();
    await userEvent.click(
      await screen.findByRole('button', { name: 'genre: jazz · country: JP (4 albums)' }),
    );
    expect(screen.getByLabelText(/^Genres/)).toHaveProperty('value', 'jazz');
    expect(screen.getByRole('combobox', { name: 'Country / Market' })).toHaveProperty(
      'value',
      expect.stringContaining('Japan'),
    );
    expect(screen.getByRole('radio', { name: /^Real Discovery/ })).toHaveProperty('checked', true);
  });
});
