import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { DashboardPage } from '../pages/dashboard-page';
import { uniqueName } from './unique-name';

const ALBUMS = [
  { name: 'Kind of Blue', artist: 'Miles Davis', release_date: '1959-08-17', genres: ['Jazz'] },
  { name: 'Blue Train', artist: 'John Coltrane', release_date: '1957', genres: ['Jazz'] },
  { name: 'Homogenic', artist: 'Björk', release_date: '1997-09-22', genres: ['Electronic'] },
];

async function signInWithAlbums(page: Page, request: Parameters<typeof CollectionApi.of>[1]) {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Query'));
  const api = await CollectionApi.of(page, request);
  for (const album of ALBUMS) await api.addMadeUpAlbum(album);
  return shell;
}

test('/ focuses the top bar search, which opens the albums matching a query', async ({
  page,
  request,
}) => {
  const shell = await signInWithAlbums(page, request);
  await new DashboardPage(page).open();
  await page.keyboard.press('/');
  await expect(shell.globalSearch()).toBeFocused();
  await page.keyboard.type('year:1950..1959 -artist:coltrane');
  await page.keyboard.press('Enter');

  const albums = new AlbumsPage(page);
  await expect(page).toHaveURL(/\/albums\?q=year%3A1950\.\.1959/);
  await expect(albums.grid.count()).toHaveText('1 album');
  await expect(albums.grid.cards()).toHaveText([/Kind of Blue/]);
  await expect(albums.grid.filterBox()).toHaveValue('year:1950..1959 -artist:coltrane');

  // Typing in a field never moves focus to the search.
  await albums.grid.filterBox().press('End');
  await albums.grid.filterBox().press('/');
  await expect(albums.grid.filterBox()).toBeFocused();
});

test('explains a malformed query under the filter box and keeps the albums shown', async ({
  page,
  request,
}) => {
  await signInWithAlbums(page, request);
  const albums = new AlbumsPage(page);
  await albums.open();
  await albums.grid.filter('genre:jazz yr:1990');
  await expect(albums.yourAlbums().getByText(/"yr" is not a field/)).toBeVisible();
  await expect(albums.grid.filterBox()).toHaveAttribute('aria-invalid', 'true');
  await expect(albums.grid.count()).toHaveText('3 albums');
  await albums.yourAlbums().getByRole('button', { name: 'Query help' }).click();
  await expect(albums.yourAlbums().getByRole('region', { name: 'Query help' })).toContainText(
    'year:1990..1999',
  );
});

test('the dashboard charts lead to the albums behind a bar and behind a table row', async ({
  page,
  request,
}) => {
  await signInWithAlbums(page, request);
  const dashboard = new DashboardPage(page);
  await dashboard.open();
  for (const title of ['Albums by genre', 'Albums by decade', 'Albums added per month']) {
    await expect(dashboard.chart(title)).toBeVisible();
  }
  // Two decades: the 1950s bar first.
  await expect(dashboard.chartBars('Albums by decade')).toHaveCount(2);
  await dashboard.chartBars('Albums by decade').first().click();
  const albums = new AlbumsPage(page);
  await expect(albums.grid.count()).toHaveText('2 albums');
  await expect(albums.grid.filterBox()).toHaveValue('year:1950..1959');

  // Jazz holds two albums, Electronic one: the first genre bar is Jazz.
  await dashboard.open();
  await expect(dashboard.chartBars('Albums by genre')).toHaveCount(2);
  await dashboard.chartBars('Albums by genre').first().click();
  await expect(page).toHaveURL(/\/genres\/Jazz$/);

  await dashboard.open();
  await expect(dashboard.chartBars('Albums added per month')).toHaveCount(1);
  await dashboard.chartBars('Albums added per month').first().click();
  await expect(albums.grid.filterBox()).toHaveValue(/^added:\d{4}-\d{2}$/);
  await expect(albums.grid.count()).toHaveText('3 albums');

  await dashboard.open();
  const artists = await dashboard.showTable('Top artists');
  await artists.getByRole('link', { name: 'Björk' }).click();
  await expect(page).toHaveURL(/\/artists\//);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the dashboard charts have no serious accessibility violations in ${colorScheme} mode`, async ({
    page,
    request,
  }) => {
    const shell = await signInWithAlbums(page, request);
    await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.chartBars('Albums by decade')).toHaveCount(2);
    await dashboard.showTable('Albums added per month');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
}
