import { expect, test } from '@playwright/test';
import { AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { uniqueName } from './unique-name';

const ALBUM_COUNT = 250;
const ARTISTS = ['Abbey Tribute', 'Blue Notes', 'Coltrane Trio', 'Davis Quintet', 'Zebra Crossing'];
const padded = (index: number) => String(index).padStart(3, '0');

test('filters, sorts and pages through a collection of a few hundred albums', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await new AppShell(page).signInQuicklyAs(uniqueName('Grid'));
  const api = await CollectionApi.of(page, request);
  const ids = await api.seedAlbums(ALBUM_COUNT, (index) => ({
    name: `Album ${padded(index)}`,
    artist: ARTISTS[index % ARTISTS.length] ?? 'Nobody',
    release_date: `${1950 + (index % 70)}-05-01`,
  }));
  const tagged = ids[7] ?? 0;
  for (const tag of ['needle', 'second', 'third']) await api.tagAlbum(tagged, tag);

  const albums = new AlbumsPage(page);
  const grid = albums.grid;
  await albums.open();
  await expect(grid.count()).toHaveText(`${ALBUM_COUNT} albums`);
  await expect(grid.sortSelect().locator('option:checked')).toHaveText('Recently Added');
  await expect(grid.sortSelect().locator('option')).toHaveText([
    'Name (A-Z)',
    'Name (Z-A)',
    'Artist (A-Z)',
    'Artist (Z-A)',
    'Year (Oldest First)',
    'Year (Newest First)',
    'Recently Added',
    'Oldest Added',
  ]);
  await expect(grid.cards()).toHaveCount(24);
  await grid.expectPageButtons([1, 2, 3, 4, 5, 6, 7]);
  await expect(grid.previousButton()).toBeDisabled();

  // Name (A-Z), then through the pages: seven buttons centred on the current one.
  await grid.sortBy('Name (A-Z)');
  await expect(grid.cards().first()).toContainText('Album 000');
  await grid.pageButton(2).click();
  await expect(grid.cards().first()).toContainText('Album 024');
  await expect(grid.currentPage()).toHaveText('2');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await grid.pageButton(6).click();
  await expect(grid.cards().first()).toContainText('Album 120');
  await grid.expectPageButtons([3, 4, 5, 6, 7, 8, 9]);
  await grid.pageButton(9).click();
  await grid.pageButton(11).click();
  await expect(grid.cards()).toHaveCount(ALBUM_COUNT - 240);
  await expect(grid.cards().last()).toContainText('Album 249');
  await grid.expectPageButtons([5, 6, 7, 8, 9, 10, 11]);
  await expect(grid.nextButton()).toBeDisabled();

  // The page is kept while visiting an album and coming back.
  await grid.previousButton().click();
  await expect(grid.currentPage()).toHaveText('10');
  await grid.cards().first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Album 216' })).toBeVisible();
  await page.goBack();
  await expect(grid.currentPage()).toHaveText('10');
  await expect(grid.cards().first()).toContainText('Album 216');

  // Another sort returns to page 1.
  await grid.sortBy('Year (Oldest First)');
  await expect(grid.currentPage()).toHaveText('1');
  await expect(grid.cards().first()).toContainText('1950');
  await grid.sortBy('Name (Z-A)');
  await expect(grid.cards().first()).toContainText('Album 249');

  // The filter matches the artist (any case), on the server, and returns to page 1.
  await grid.pageButton(3).click();
  await grid.filter('zebra');
  await expect(grid.count()).toHaveText('50 albums');
  await expect(grid.currentPage()).toHaveText('1');
  await grid.expectPageButtons([1, 2, 3]);
  await expect(grid.cards().first()).toContainText('Album 249');
  await expect(page).toHaveURL(/q=zebra/);

  // …and tag names, and names; a card shows two tags and +N.
  await grid.filter('NEEDLE');
  await expect(grid.count()).toHaveText('1 album');
  await expect(grid.pagination()).toBeHidden();
  const card = grid.card('Album 007');
  await expect(card).toContainText('needle');
  await expect(card).toContainText('second');
  await expect(card).not.toContainText('third');
  await expect(card.getByText('+1', { exact: true })).toBeVisible();
  await grid.filter('Album 12');
  await expect(grid.count()).toHaveText('10 albums');

  await grid.filter('nothing matches this');
  await expect(albums.yourAlbums().getByText('No albums found.')).toBeVisible();
  await grid.filter('');
  await expect(grid.count()).toHaveText(`${ALBUM_COUNT} albums`);
});
