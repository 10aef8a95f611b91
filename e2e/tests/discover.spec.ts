import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { DiscoverPage } from '../pages/discover-page';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

test.beforeEach(async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Discoverer'));
});

test('discovers by country, genre and year and adds a result to the collection', async ({
  page,
}) => {
  const discover = new DiscoverPage(page);
  await discover.open();
  await expect(discover.discoverButton()).toBeDisabled();
  await expect(discover.clearFiltersButton()).toBeDisabled();

  await discover.chooseCountry('Japan');
  await discover.genresInput().fill('electronic');
  await discover.yearInput().fill('1970-1989');
  await expect(discover.discoverButton()).toBeEnabled();
  await discover.discover();

  await expect(discover.summary()).toBeVisible();
  await expect(discover.resultsHeading('Discovery Results')).toBeVisible();
  await expect(discover.results().first()).toBeVisible();
  const name = await discover.addToCollection(0);

  await page.goto('/albums');
  await expect(
    page.getByRole('region', { name: 'Your Albums' }).getByText(name).first(),
  ).toBeVisible();
});

test('lists new releases, which stay when the filters are cleared', async ({ page }) => {
  const discover = new DiscoverPage(page);
  await discover.open();
  await discover.genresInput().fill('rock');
  await discover.newReleasesButton().click();
  await expect(discover.resultsHeading('New Releases')).toBeVisible();
  await expect(discover.results('New Releases').first()).toBeVisible();
  await discover.clearFiltersButton().click();
  await expect(discover.genresInput()).toHaveValue('');
  await expect(discover.results('New Releases').first()).toBeVisible();
});

test('the search log shows the steps the server took', async ({ page }) => {
  const discover = new DiscoverPage(page);
  await discover.open();
  await discover.genresInput().fill('jazz');
  await discover.yearInput().fill('1950-1969');
  await discover.discover();
  await expect(discover.results().first()).toBeVisible();
  await discover.openLog();
  await expect(
    discover.logEntries().filter({ hasText: 'Searching by country of origin, genre and year' }),
  ).toHaveCount(1);
  await expect(discover.logEntries().filter({ hasText: 'Catalogue' }).first()).toBeVisible();
  await discover.logPanel().getByRole('button', { name: 'Clear' }).click();
  await expect(discover.logEntries()).toHaveCount(0);
  await discover.logPanel().getByRole('button', { name: 'Close search log' }).click();
  await expect(discover.logPanel()).toBeHidden();

  // The search is kept by the server and offered again once the form is cleared.
  await discover.clearFiltersButton().click();
  await discover.recentSearch('genre: jazz').click();
  await expect(discover.genresInput()).toHaveValue('jazz');
  await expect(discover.yearInput()).toHaveValue('1950-1969');
});

test('a failed search gives empty results and a Search failed entry', async ({ page }) => {
  await page.route('**/api/v1/search/spotify/advanced**', (route) =>
    route.fulfill({ status: 502, json: { detail: 'The streaming service failed.' } }),
  );
  const discover = new DiscoverPage(page);
  await discover.open();
  await discover.genresInput().fill('jazz');
  await discover.discover();
  await expect(
    page.getByRole('heading', { level: 2, name: 'Discovery Results (0)' }),
  ).toBeVisible();
  await expect(discover.emptyResult()).toBeVisible();
  await expect(page.getByText('Try different search terms or adjust your filters')).toBeVisible();
  await discover.openLog();
  await expect(
    discover
      .logEntries()
      .filter({ hasText: 'Search failed' })
      .filter({ hasText: 'The streaming service failed.' }),
  ).toHaveCount(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the discover screen has no serious accessibility violations in ${colorScheme} mode`, async ({
    page,
  }) => {
    await new AppShell(page).chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
    const discover = new DiscoverPage(page);
    await discover.open();
    expect(await seriousViolations(page)).toEqual([]);
    await discover.chooseCountry('Japan');
    await discover.genresInput().fill('electronic');
    await discover.discover();
    await expect(discover.results().first()).toBeVisible();
    await discover.openLog();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
