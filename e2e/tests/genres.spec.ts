import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { GenreDetailPage, GenresPage } from '../pages/genres-page';
import { LibraryApi } from '../pages/library-api';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

/** Four jazz albums, two with blues too, one bebop. */
async function seedGenres(api: LibraryApi) {
  await api.addAlbums(4, (index) => ({
    name: `Session ${index}`,
    artist: 'Quartet',
    genres: index < 2 ? ['jazz', 'blues'] : index === 2 ? ['jazz', 'bebop'] : ['jazz'],
  }));
}

test('lists genres by album count with proportional bars, and searches them', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Genres'));
  const genres = new GenresPage(page);
  await genres.open();
  await expect(page.getByText('Browse music genres collected from your albums')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No Genres Found' })).toBeVisible();
  await expect(
    page.getByText(
      'Genres will appear here automatically when you add albums with genre information from the streaming service.',
    ),
  ).toBeVisible();

  await seedGenres(await LibraryApi.of(page, request));
  await genres.open();
  await expect(genres.listHeading()).toHaveText('All Genres (3)');
  await expect(genres.cards()).toHaveCount(3);
  await expect(genres.cards().first()).toContainText('jazz');
  await expect(genres.card('jazz')).toContainText('4 albums');
  await expect(genres.card('bebop')).toContainText('1 album');
  await expect(genres.card('jazz')).toHaveAttribute('href', '/genres/jazz');
  await expect(genres.bar('jazz')).toHaveAttribute('style', /width: 100%/);
  await expect(genres.bar('blues')).toHaveAttribute('style', /width: 50%/);
  await expect(genres.bar('bebop')).toHaveAttribute('style', /width: 25%/);

  await genres.search('B');
  await expect(genres.listHeading()).toHaveText('Found 2 genres');
  await expect(genres.cards()).toHaveCount(2);
  await expect(genres.bar('blues')).toHaveAttribute('style', /width: 100%/);

  await genres.search('polka');
  await expect(genres.listHeading()).toHaveText('Found 0 genres');
  await expect(page.getByText('No genres found', { exact: true })).toBeVisible();
  await expect(page.getByText('Try searching for a different genre name')).toBeVisible();
});

test('shows a genre with its albums, and a genre that does not exist', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Genres'));
  await seedGenres(await LibraryApi.of(page, request));
  const genres = new GenresPage(page);
  await genres.open();
  await genres.card('blues').click();

  const detail = new GenreDetailPage(page);
  await expect(detail.heading('blues')).toBeVisible();
  await expect(page.getByText('2 albums', { exact: true }).first()).toBeVisible();
  await expect(detail.grid.cards()).toHaveCount(2);
  await expect(detail.grid.filterBox()).toHaveCount(0);
  await detail.grid.sortBy('Name (Z-A)');
  await expect(detail.grid.cards().first()).toContainText('Session 1');
  await detail.backArrow().click();
  await expect(genres.heading()).toBeVisible();

  await detail.open('Polka');
  await expect(page.getByRole('heading', { level: 1, name: 'Genre Not Found' })).toBeVisible();
  await expect(page.getByText('The genre "Polka" could not be found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Genres' }).click();
  await expect(genres.heading()).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test('the genre screens have no serious accessibility violations', async ({
      page,
      request,
    }) => {
      const shell = new AppShell(page);
      await shell.signInQuicklyAs(uniqueName('Axe Genres'));
      await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
      await seedGenres(await LibraryApi.of(page, request));
      const genres = new GenresPage(page);
      await genres.open();
      await expect(genres.cards()).toHaveCount(3);
      expect(await seriousViolations(page)).toEqual([]);

      const detail = new GenreDetailPage(page);
      await detail.open('jazz');
      await expect(detail.grid.cards()).toHaveCount(4);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
