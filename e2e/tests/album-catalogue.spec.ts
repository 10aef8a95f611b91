import { expect, test } from '@playwright/test';
import { AddAlbumDialog, AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { DashboardPage } from '../pages/dashboard-page';
import { uniqueName } from './unique-name';

test('adds albums from the catalogue and finds them on the dashboard', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Catalogue'));
  const dashboard = new DashboardPage(page);
  await expect(
    dashboard
      .recentAlbums()
      .getByText('No albums yet. Start by adding some from the streaming service!'),
  ).toBeVisible();
  await dashboard.expectCount('Albums', 0);

  await dashboard.addAlbumButton().click();
  const dialog = new AddAlbumDialog(page);
  await expect(dialog.searchBox()).toBeFocused();
  await expect(dialog.searchButton()).toBeDisabled();

  // A slow answer shows the busy text.
  await page.route('**/api/v1/albums/spotify/search**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  const searched = page.waitForRequest('**/api/v1/albums/spotify/search**');
  await dialog.search('Kind of Blue');
  await expect(dialog.dialog().getByRole('button', { name: 'Searching...' })).toBeVisible();
  expect(new URL((await searched).url()).searchParams.get('limit')).toBe('10');
  const hit = dialog.result('Kind of Blue').first();
  await expect(hit).toContainText('Miles Davis');
  await expect(hit).toContainText('1959-08-17 · 5 tracks');
  await expect(hit.locator('img')).toHaveCount(1);
  await page.unroute('**/api/v1/albums/spotify/search**');

  await dialog.add('Kind of Blue');
  await dialog.search('Blue Train');
  await dialog.add('Blue Train');

  await dialog.search('no such album anywhere qqq');
  await expect(
    dialog.dialog().getByText('No albums found. Try a different search term.'),
  ).toBeVisible();

  // Clearing the query clears the results.
  await dialog.search('Blue');
  await expect(dialog.results().getByRole('listitem').first()).toBeVisible();
  await dialog.searchBox().fill('');
  await expect(dialog.results()).toBeHidden();

  await page.keyboard.press('Escape');
  await expect(dialog.dialog()).toBeHidden();
  await expect(dashboard.addAlbumButton()).toBeFocused();

  await dashboard.expectCount('Albums', 2);
  await expect(dashboard.recentCards()).toHaveCount(2);
  // Newest first; a year-month release date shows its year.
  await expect(dashboard.recentCards().first()).toContainText('Blue Train');
  await expect(dashboard.recentCards().first()).toContainText('1958');
  await dashboard.recentCards().filter({ hasText: 'Kind of Blue' }).click();
  await expect(page).toHaveURL(/\/albums\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Kind of Blue' })).toBeVisible();
});

test('the albums list starts empty and adds from its own dialog', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Empty'));
  const albums = new AlbumsPage(page);
  await albums.open();
  await expect(
    albums
      .yourAlbums()
      .getByText('No albums yet. Start by adding some from the streaming service!'),
  ).toBeVisible();
  await albums.yourAlbums().getByRole('button', { name: 'Add Album' }).click();
  await albums.addAlbumDialog.search('Blue');
  await albums.addAlbumDialog.add('Kind of Blue');
  // A click outside closes the add-album dialog.
  await page.mouse.click(5, 5);
  await expect(albums.addAlbumDialog.dialog()).toBeHidden();
  await expect(albums.grid.card('Kind of Blue')).toBeVisible();
  await expect(albums.grid.count()).toHaveText('1 album');
});

test('the dashboard counts, links and shows only the six newest albums', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Recent'));
  const api = await CollectionApi.of(page, request);
  for (let index = 1; index <= 8; index += 1) {
    await api.addMadeUpAlbum({ name: `Recent ${index}`, artist: 'Seeder' });
  }
  const albumId = await api.addMadeUpAlbum({ name: 'Recent 9', artist: 'Seeder' });
  await api.tagAlbum(albumId, 'fresh');
  await api.createFolder('Shelf');

  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.expectCount('Albums', 9);
  await dashboard.expectCount('Folders', 1);
  await dashboard.expectCount('Tags', 1);
  await expect(dashboard.recentCards()).toHaveText([
    /Recent 9/,
    /Recent 8/,
    /Recent 7/,
    /Recent 6/,
    /Recent 5/,
    /Recent 4/,
  ]);
  await dashboard.statCard('Tags').click();
  await expect(page).toHaveURL(/\/tags$/);
  await page.goBack();
  await dashboard.statCard('Folders').click();
  await expect(page).toHaveURL(/\/folders$/);
  await page.goBack();
  await dashboard.viewAll().click();
  await expect(page).toHaveURL(/\/albums$/);
});
