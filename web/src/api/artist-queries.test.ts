import { oneMonthBefore } from '@gatefold/contract/artist-stats';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { artistQueries } from './artist-queries';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('artistQueries.addedThisMonth', () => {
  it('asks the server for artists added since one month ago and reads the full count', async () => {
    const asked: URL[] = [];
    vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
      asked.push(new URL(String(input), 'http://gatefold.test'));
      return new Response('[]', {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '4812' },
      });
    });
    const before = oneMonthBefore(new Date()).getTime();
    expect(await new QueryClient().fetchQuery(artistQueries.addedThisMonth())).toBe(4812);
    expect(asked).toHaveLength(1);
    const since = Date.parse(asked[0]?.searchParams.get('added_since') ?? '');
    expect(Math.abs(since - before)).toBeLessThan(5000);
    expect(asked[0]?.searchParams.get('limit')).toBe('1');
  });
});
