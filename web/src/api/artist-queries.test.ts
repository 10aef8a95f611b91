import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { artistQueries } from './artist-queries';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `total` artists newest first, the first `recent` of them added within the last month. */
function fakeArtists(total: number, recent: number) {
  const now = Date.now();
  const artists = Array.from({ length: total }, (_, index) => ({
    id: index + 1,
    slug: `artist-${index}`,
    name: `Artist ${index}`,
    image_url: null,
    album_count: 1,
    genres: [],
    tags: [],
    first_album_date: null,
    latest_album_date: new Date(now - (index < recent ? 1 : 60) * DAY_MS).toISOString(),
  }));
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://gatefold.test');
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    expect(url.searchParams.get('sort')).toBe('added-desc');
    return new Response(JSON.stringify(artists.slice(offset, offset + limit)), {
      status: 200,
      headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(total) },
    });
  });
}

const count = () => new QueryClient().fetchQuery(artistQueries.addedThisMonth());

describe('artistQueries.addedThisMonth', () => {
  it('counts the recent artists on the first page when older ones follow', async () => {
    const server = fakeArtists(120, 45);
    expect(await count()).toBe(45);
    expect(server).toHaveBeenCalledTimes(1);
  });

  it('counts a whole small collection added this month', async () => {
    fakeArtists(30, 30);
    expect(await count()).toBe(30);
  });

  it('finds the end of a long recent run without loading every artist', async () => {
    const server = fakeArtists(5000, 3217);
    expect(await count()).toBe(3217);
    expect(server.mock.calls.length).toBeLessThan(20);
  });

  it('counts every artist when all of a large collection is recent', async () => {
    fakeArtists(450, 450);
    expect(await count()).toBe(450);
  });
});
