import type { AlbumSummary } from '@gatefold/contract/albums';
import { queryOptions } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AlbumListParams } from '../api/album-queries';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/AppProviders';
import { AlbumGrid, FILTER_DEBOUNCE_MS } from './AlbumGrid';

function album(index: number, overrides: Partial<AlbumSummary> = {}): AlbumSummary {
  return {
    id: index + 1,
    spotify_id: null,
    name: `Album ${String(index).padStart(3, '0')}`,
    artist: index % 2 === 0 ? 'Even Artist' : 'Odd Artist',
    release_date: `${1960 + (index % 40)}-01-01`,
    total_tracks: 10,
    image_url: null,
    spotify_url: null,
    tags: [],
    genres: [],
    added_at: '2026-01-01T00:00:00.000Z',
    first_added_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A stand-in for the server: it filters, sorts by name and pages, and records each ask. */
function fakeServer(albums: AlbumSummary[]) {
  const asked: AlbumListParams[] = [];
  const pageQuery = (params: AlbumListParams) =>
    queryOptions({
      queryKey: ['fake-albums', params],
      queryFn: async () => {
        asked.push(params);
        const needle = params.q?.toLowerCase() ?? '';
        const matching = albums.filter(
          (entry) =>
            entry.name.toLowerCase().includes(needle) ||
            entry.artist.toLowerCase().includes(needle),
        );
        const sorted = params.sort === 'name-desc' ? [...matching].reverse() : matching;
        return {
          items: sorted.slice(params.offset, params.offset + params.limit),
          total: matching.length,
        };
      },
    });
  return { asked, pageQuery };
}

function renderGrid(albums: AlbumSummary[], address = '/albums') {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  const server = fakeServer(albums);
  const router = createMemoryRouter(
    [
      {
        path: '/albums',
        element: <AlbumGrid pageQuery={server.pageQuery} label="Your albums" showFilter />,
      },
    ],
    { initialEntries: [address] },
  );
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...server, router };
}

const many = (count: number) => Array.from({ length: count }, (_, index) => album(index));
const pageButtons = () =>
  within(screen.getByRole('navigation', { name: 'Pagination' }))
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent);
const cardNames = () =>
  within(screen.getByRole('list', { name: 'Your albums' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('p')?.textContent);

describe('AlbumGrid', () => {
  it('offers the eight sorts with Recently Added chosen, and asks the server for 24', async () => {
    const { asked } = renderGrid(many(30));
    const sort = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Name (A-Z)',
      'Name (Z-A)',
      'Artist (A-Z)',
      'Artist (Z-A)',
      'Year (Oldest First)',
      'Year (Newest First)',
      'Recently Added',
      'Oldest Added',
    ]);
    expect((sort as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Recently Added');
    expect(asked[0]).toEqual({ limit: 24, offset: 0, sort: 'added-desc', q: undefined });
    expect(screen.getByText('30 albums')).toBeTruthy();
    expect(cardNames()).toHaveLength(24);
  });

  it('shows at most seven page buttons centred on the current page', async () => {
    const { asked } = renderGrid(many(300)); // 13 pages
    await screen.findByText('300 albums');
    expect(pageButtons()).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await userEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    await waitFor(() => expect(pageButtons()).toEqual(['3', '4', '5', '6', '7', '8', '9']));
    expect(asked.at(-1)?.offset).toBe(120);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('disables Next on the last page and shows what is left', async () => {
    renderGrid(many(50), '/albums?page=3');
    await waitFor(() => expect(cardNames()).toEqual(['Album 048', 'Album 049']));
    expect(pageButtons()).toEqual(['1', '2', '3']);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    const { router } = renderGrid(many(30), '/albums?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() => expect(cardNames()).toHaveLength(6));
  });

  it('hides the pagination when everything fits on one page', async () => {
    renderGrid(many(24));
    await screen.findByText('24 albums');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('returns to page 1 when the sort changes', async () => {
    const { asked, router } = renderGrid(many(100), '/albums?page=3');
    await screen.findByText('100 albums');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'name-desc');
    await waitFor(() => expect(cardNames()[0]).toBe('Album 099'));
    expect(router.state.location.search).toBe('?sort=name-desc');
    expect(asked.at(-1)).toMatchObject({ offset: 0, sort: 'name-desc' });
  });

  it('filters on the server after a pause in typing and returns to page 1', async () => {
    const { asked, router } = renderGrid(many(100), '/albums?page=4');
    await screen.findByText('100 albums');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter albums' }), 'odd');
    expect(screen.getByPlaceholderText('Filter albums...')).toBeTruthy();
    await screen.findByText('50 albums');
    expect(router.state.location.search).toBe('?q=odd');
    expect(asked.at(-1)).toMatchObject({ offset: 0, q: 'odd' });
    // One request for the settled text, not one per letter.
    expect(asked.filter((params) => params.q !== undefined)).toHaveLength(1);
  });

  it('explains a malformed query under the box and never sends it', async () => {
    const { asked, router } = renderGrid(many(5));
    await screen.findByText('5 albums');
    const box = screen.getByRole('searchbox', { name: 'Filter albums' });
    await userEvent.type(box, 'yr:1990');
    expect(await screen.findByText(/"yr" is not a field.*\(at character/)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await new Promise((resolve) => setTimeout(resolve, FILTER_DEBOUNCE_MS + 100));
    expect(router.state.location.search).toBe('');
    expect(asked.filter((params) => params.q !== undefined)).toEqual([]);
  });

  it('opens the query help with the grammar and examples', async () => {
    renderGrid(many(5));
    await screen.findByText('5 albums');
    await userEvent.click(screen.getByRole('button', { name: 'Query help' }));
    const help = screen.getByRole('region', { name: 'Query help' });
    expect(within(help).getByText('year:1990..1999')).toBeTruthy();
    expect(within(help).getByText('-tag:owned')).toBeTruthy();
  });

  it('says No albums found. when the filter matches nothing', async () => {
    renderGrid(many(5), '/albums?q=zzz');
    expect(await screen.findByText('No albums found.')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Filter albums' })).toHaveProperty('value', 'zzz');
  });

  it('shows two tags on a card, then +N for the rest, and the release year', async () => {
    const tags = ['jazz', 'late', 'vinyl', 'gift'].map((name, index) => ({
      id: index + 1,
      name,
      color: '#3B82F6',
    }));
    renderGrid([album(0, { tags, release_date: '1959-08-17' })]);
    const card = await screen.findByRole('link', { name: /Album 000/ });
    expect(within(card).getByText('jazz')).toBeTruthy();
    expect(within(card).getByText('late')).toBeTruthy();
    expect(within(card).queryByText('vinyl')).toBeNull();
    expect(within(card).getByText('+2').getAttribute('title')).toBe('2 more tags');
    expect(within(card).getByText('1959')).toBeTruthy();
    expect(card.getAttribute('href')).toBe('/albums/1');
  });

  it('shows the empty state of a collection with no albums', async () => {
    renderGrid([]);
    expect(await screen.findByText('No albums found.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Sort by' })).toBeNull();
  });
  it('ticks a run of cards with shift-click and counts them in the selection bar', async () => {
    renderGrid(many(30));
    await screen.findByText('30 albums');
    expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Album 001' }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select Album 004' }));
    await user.keyboard('{/Shift}');
    const bar = screen.getByRole('region', { name: 'Selection' });
    expect(within(bar).getByText('4 albums selected')).toBeTruthy();
    for (const name of ['Album 001', 'Album 002', 'Album 003', 'Album 004']) {
      expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toHaveProperty(
        'checked',
        true,
      );
    }
    expect(screen.getByRole('checkbox', { name: 'Select Album 005' })).toHaveProperty(
      'checked',
      false,
    );
  });

  it('selects every matching album across pages, and ends the selection when the filter changes', async () => {
    renderGrid(many(30));
    await screen.findByText('30 albums');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select Album 000' }));
    await user.click(screen.getByRole('button', { name: 'Select all 30 matching' }));
    expect(screen.getByText('30 albums selected')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Filter albums' }), 'Album 01');
    await screen.findByText('10 albums');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Selection' })).toBeNull());
  });
  it('applies the typed filter at once when the box is left, so no pause outlives the list', async () => {
    const { router } = renderGrid(many(30));
    await screen.findByText('30 albums');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Filter albums' }), 'Album 01');
    expect(router.state.location.search).toBe('');
    await user.tab();
    expect(router.state.location.search).toBe('?q=Album+01');
  });
});
