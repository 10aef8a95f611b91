import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { ArtistDetailPage, ArtistsPage } from '../pages/artists-page';
import { LibraryApi } from '../pages/library-api';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

const padded = (index: number) => String(index).padStart(2, '0');
const MON_D_YYYY = /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/;

/** 44 one-album artists (every third one soul) and Aaron Able with three tagged albums. */
async function seedArtists(api: LibraryApi) {
  await api.addAlbums(44, (index) => ({
    name: `Record ${padded(index)}`,
    artist: `Artist ${padded(index)}`,
    genres: index % 3 === 0 ? ['soul'] : ['funk'],
  }));
  const ids = await api.addAlbums(3, (index) => ({
    name: `Able Album ${index}`,
    artist: 'Aaron Able',
    genres: ['indie', 'folk', 'lo-fi'],
  }));
  await api.tagAlbum(ids[0] ?? 0, 'Keeper');
  await api.tagAlbum(ids[0] ?? 0, 'Rainy');
  await api.tagAlbum(ids[1] ?? 0, 'Calm');
  await api.tagAlbum(ids[2] ?? 0, 'Extra');
  return ids;
}

test('says when there are no artists yet', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Artists'));
  const artists = new ArtistsPage(page);
  await artists.open();
  await expect(page.getByRole('heading', { name: 'No Artists Found' })).toBeVisible();
  await expect(
    page.getByText('Artists will appear here when you add albums to your collection.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Browse Albums' }).click();
  await expect(page).toHaveURL(/\/albums$/);
});

test('searches, sorts and pages through artists, with stat cards', async ({ page, request }) => {
  test.setTimeout(60_000);
  await new AppShell(page).signInQuicklyAs(uniqueName('Artists'));
  await seedArtists(await LibraryApi.of(page, request));
  const artists = new ArtistsPage(page);
  await artists.open();

  await expect(page.getByText('45 artists in your collection')).toBeVisible();
  await expect(artists.sortSelect().locator('option')).toHaveText([
    'Name (A-Z)',
    'Name (Z-A)',
    'Recently Added',
    'Oldest Added',
  ]);
  await expect(artists.cards()).toHaveCount(20);
  await expect(artists.cards().first()).toContainText('Aaron Able');
  await expect(artists.cards().first()).toHaveAttribute('href', /^\/artists\/\d+$/);
  await expect(artists.stat('Albums by Aaron Able')).toHaveText('3');
  await expect(artists.stat('Unique Genres')).toHaveText('5');
  await expect(artists.stat('Added This Month')).toHaveText('45');

  // Aaron's card: count, relative time, 2 genres and +1, 3 of 4 tags.
  const aaron = artists.card('Aaron Able');
  await expect(aaron).toContainText('3 albums');
  await expect(aaron).toContainText('Added today');
  await expect(aaron.getByText('+1', { exact: true })).toBeVisible();
  await expect(aaron.getByText('lo-fi')).toHaveCount(0);
  await expect(aaron.getByText(/^(Keeper|Rainy|Calm|Extra)$/)).toHaveCount(3);
  await expect(artists.card('Artist 01')).toContainText('1 album');

  await artists.pageButton(3).click();
  await expect(artists.cards()).toHaveCount(5);
  await expect(artists.cards().last()).toContainText('Artist 43');

  await artists.sortSelect().selectOption({ label: 'Name (Z-A)' });
  await expect(artists.cards()).toHaveCount(20);
  await expect(artists.cards().first()).toContainText('Artist 43');
  await expect(artists.stat('Albums by Artist 43')).toHaveText('1');

  await artists.sortSelect().selectOption({ label: 'Recently Added' });
  await expect(artists.cards().first()).toContainText('Aaron Able');

  // A genre matches as well as a name.
  await artists.searchBox().fill('SOUL');
  await expect(artists.cards()).toHaveCount(15);
  await expect(page.getByText('15 artists in your collection')).toBeVisible();
  await artists.searchBox().fill('artist 07');
  await expect(artists.cards()).toHaveCount(1);
  await artists.searchBox().fill('nobody here');
  await expect(page.getByText('No artists found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try searching for a different artist name.')).toBeVisible();
});

test('shows an artist with stats, timeline, chips and albums', async ({ page, request }) => {
  test.setTimeout(60_000);
  await new AppShell(page).signInQuicklyAs(uniqueName('Artists'));
  const ids = await seedArtists(await LibraryApi.of(page, request));
  const artists = new ArtistsPage(page);
  await artists.open();
  await artists.card('Aaron Able').click();

  const detail = new ArtistDetailPage(page);
  await expect(detail.heading('Aaron Able')).toBeVisible();
  await expect(detail.stat('Albums')).toHaveText('3');
  await expect(detail.stat('Genres')).toHaveText('3');
  await expect(detail.stat('Tags')).toHaveText('4');
  await expect(detail.stat('Years in Collection')).toHaveText('1');
  await expect(page.getByRole('heading', { name: 'Collection Timeline' })).toBeVisible();
  await expect(detail.stat('First added')).toHaveText(MON_D_YYYY);
  await expect(detail.stat('Latest')).toHaveText(MON_D_YYYY);
  await expect(detail.genreChip('lo-fi')).toHaveAttribute('href', '/genres/lo-fi');
  await expect(detail.tagChip('Keeper')).toHaveAttribute('href', '/tags/Keeper');

  await expect(page.getByRole('heading', { name: 'Albums (3)' })).toBeVisible();
  await expect(detail.albumCards()).toHaveCount(3);
  const first = detail.albumCards().filter({ hasText: 'Able Album 0' });
  await expect(first).toHaveAttribute('href', `/albums/${ids[0]}`);
  await expect(first.getByText(/^Added [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(first.getByText(/^(Keeper|Rainy)$/)).toHaveCount(2);

  await detail.genreChip('folk').click();
  await expect(page.getByRole('heading', { level: 1, name: 'folk' })).toBeVisible();
  await page.goBack();
  await detail.tagChip('Calm').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calm' })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'Back to Artists' }).click();
  await expect(artists.heading()).toBeVisible();

  // By name as well as by id; an unknown artist gets the Not Found panel.
  await detail.open('Aaron Able');
  await expect(detail.heading('Aaron Able')).toBeVisible();
  await detail.open('Nobody Known');
  await expect(page.getByRole('heading', { level: 1, name: 'Artist Not Found' })).toBeVisible();
  await expect(
    page.getByText('The artist "Nobody Known" could not be found in your collection.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Artists' }).click();
  await expect(artists.heading()).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test('the artist screens have no serious accessibility violations', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const shell = new AppShell(page);
      await shell.signInQuicklyAs(uniqueName('Axe Artists'));
      await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
      await seedArtists(await LibraryApi.of(page, request));
      const artists = new ArtistsPage(page);
      await artists.open();
      await expect(artists.cards()).toHaveCount(20);
      expect(await seriousViolations(page)).toEqual([]);

      const detail = new ArtistDetailPage(page);
      await detail.open('Aaron Able');
      await expect(detail.albumCards()).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
