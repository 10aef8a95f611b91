import { describe, expect, it } from 'vitest';
import { loadDemoCatalogue } from './catalogue-data';
import { DemoCatalogue } from './demo-catalogue';
import { DemoStreamingService } from './demo-service';

const demo = new DemoStreamingService(
  new DemoCatalogue(loadDemoCatalogue(), 'http://127.0.0.1:3000'),
  'http://127.0.0.1:3000',
);
const account = (providerUserId: string) => ({ providerUserId, accessToken: async () => '' });

describe('the demo streaming service over the embedded catalogue', () => {
  it('finds the newest releases with tag:new, newest first among new releases', async () => {
    const fresh = await demo.searchAlbums('tag:new', { limit: 50, offset: 0 });
    expect(fresh.total).toBe(30);
    const all = await demo.searchAlbums('year:1900-2100', { limit: 50, offset: 0 });
    const newestYear = Math.max(
      ...all.items.map((album) => Number(album.release_date.slice(0, 4))),
    );
    expect(fresh.items.map((album) => Number(album.release_date.slice(0, 4)))).toContain(
      newestYear,
    );
    expect(fresh.items.every((album) => Number(album.release_date.slice(0, 4)) >= 2015)).toBe(true);
  });

  it('gives each account its own saved albums, the same every time', async () => {
    const first = await demo.savedAlbums(account('ada'), { limit: 50, offset: 0 });
    const again = await demo.savedAlbums(account('ada'), { limit: 50, offset: 0 });
    const other = await demo.savedAlbums(account('grace'), { limit: 50, offset: 0 });
    expect(first.total).toBe(36);
    expect(again.items.map((saved) => saved.album.id)).toEqual(
      first.items.map((saved) => saved.album.id),
    );
    expect(other.items.map((saved) => saved.album.id)).not.toEqual(
      first.items.map((saved) => saved.album.id),
    );
  });

  it('puts new releases by artists from the chosen country first', async () => {
    const releases = await demo.newReleases('KR', { limit: 50, offset: 0 });
    expect(releases.total).toBe(30);
    const countries = releases.items.map(
      (album) => demo.catalogue.albumsById.get(album.id)?.country,
    );
    const korean = countries.filter((country) => country === 'KR').length;
    expect(korean).toBeGreaterThan(0);
    expect(countries.slice(0, korean)).toEqual(Array(korean).fill('KR'));
  });

  it('gives every album a distinct, stable 22-character id and a distinct cover', () => {
    const ids = demo.catalogue.albums.map((album) => album.detail.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^[A-Za-z0-9]{22}$/.test(id))).toBe(true);
    const again = new DemoCatalogue(loadDemoCatalogue(), 'http://127.0.0.1:3000');
    expect(again.albums.map((album) => album.detail.id)).toEqual(ids);
  });
});
