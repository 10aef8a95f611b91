import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { MaintenancePage } from '../pages/maintenance-page';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

test('imports the streaming library to 100% and the albums appear in /albums', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Importer'));
  const maintenance = new MaintenancePage(page);
  await maintenance.open();
  await maintenance.importLibrary();
  await expect(page.getByText(/Import finished|\d+ added/).first()).toBeVisible();

  await page.goto('/albums');
  const yourAlbums = page.getByRole('region', { name: 'Your Albums' });
  await expect(
    yourAlbums
      .getByRole('list', { name: /albums/i })
      .getByRole('link')
      .first(),
  ).toBeVisible();
});

test('exports a collection and imports it for a second user', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Exporter'));
  const api = await CollectionApi.of(page, request);
  await api.addMadeUpAlbum({
    name: 'Exported Album One',
    artist: 'Export Band',
    release_date: '2001',
  });
  await api.addMadeUpAlbum({
    name: 'Exported Album Two',
    artist: 'Export Band',
    release_date: '2002',
  });
  const maintenance = new MaintenancePage(page);
  await maintenance.open();
  await maintenance.exportAs('CSV');
  const file = await maintenance.exportAs('JSON');

  await shell.logoutButton().click();
  await expect(page).toHaveURL(/\/$/);
  await shell.signInQuicklyAs(uniqueName('Importer'));
  await maintenance.open();
  await maintenance.importFile(file);
  await expect(maintenance.importSummary()).toContainText('Imported 2 albums');
  await expect(maintenance.fileImportProgress()).toHaveAttribute('aria-valuenow', '100');

  await page.goto('/albums');
  await expect(page.getByText('Exported Album One')).toBeVisible();
  await expect(page.getByText('Exported Album Two')).toBeVisible();
});

test('deletes the account after a confirmation', async ({ page }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Leaver'));
  const maintenance = new MaintenancePage(page);
  await maintenance.open();
  await maintenance.deleteAccountButton().click();
  await maintenance.confirmDialog().getByRole('button', { name: 'Cancel' }).click();
  await expect(maintenance.confirmDialog()).toBeHidden();
  await maintenance.deleteAccount();
  await expect(page).toHaveURL(/\/$/);
  expect(await shell.sessionToken()).toBe('');
  await page.goto('/maintenance');
  await expect(page).toHaveURL(/\/$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the maintenance screen has no serious accessibility violations in ${colorScheme} mode`, async ({
    page,
  }) => {
    const shell = new AppShell(page);
    await shell.signInQuicklyAs(uniqueName('Axe Maintenance'));
    await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
    const maintenance = new MaintenancePage(page);
    await maintenance.open();
    await expect(page.getByRole('heading', { name: /^Albums without genres/ })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test('fixes each finding of the report after asking, and says what it did', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tidier'));
  const api = await CollectionApi.of(page, request);
  const first = await api.addMadeUpAlbum({ name: 'Blue', artist: 'Joni Mitchell' });
  const second = await api.addMadeUpAlbum({ name: 'Blue', artist: 'Joni Mitchell' });
  await api.tagAlbum(first, 'Vinyl');
  await api.tagAlbum(second, 'Remaster');
  await api.createFolder('Nothing here');
  await api.createTag('Forgotten');
  const maintenance = new MaintenancePage(page);
  await maintenance.open();

  const duplicates = page.getByRole('region', { name: 'Duplicates' });
  await duplicates.getByRole('button', { name: 'Merge duplicates' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Merge duplicates' });
  await expect(confirm).toContainText('with the tags and folders of all of them');
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Merge duplicates' }).click();
  await expect(duplicates.getByRole('status')).toHaveText('Merged away 1 album.');
  await expect(duplicates.getByRole('heading')).toHaveText('Duplicates (0)');

  const folders = page.getByRole('region', { name: 'Empty folders' });
  await folders.getByRole('button', { name: 'Delete empty folders' }).click();
  // Cancel changes nothing.
  await page
    .getByRole('alertdialog', { name: 'Delete empty folders' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(folders.getByRole('heading')).toHaveText('Empty folders (1)');
  await folders.getByRole('button', { name: 'Delete empty folders' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete empty folders' })
    .getByRole('button', { name: 'Delete empty folders' })
    .click();
  await expect(folders.getByRole('status')).toHaveText('Deleted 1 folder.');

  const tags = page.getByRole('region', { name: 'Unused tags' });
  await tags.getByRole('button', { name: 'Delete unused tags' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete unused tags' })
    .getByRole('button', { name: 'Delete unused tags' })
    .click();
  await expect(tags.getByRole('status')).toHaveText('Deleted 1 tag.');
  // The merged album kept both tags, so neither was unused.
  await page.goto(`/albums/${first}`);
  await expect(page.getByRole('region', { name: 'Tags' })).toContainText('Remaster');
  await expect(page.getByRole('region', { name: 'Tags' })).toContainText('Vinyl');
});

test("looks up genres from the album's artist, with a progress bar", async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Genre Finder'));
  const api = await CollectionApi.of(page, request);
  await api.addFromCatalogue('Kind of Blue', 'Kind of Blue');
  await api.addMadeUpAlbum({ name: 'Sketches of Spain', artist: 'Miles Davis' });
  const maintenance = new MaintenancePage(page);
  await maintenance.open();

  const genreless = page.getByRole('region', { name: 'Albums without genres' });
  await expect(genreless.getByRole('heading')).toHaveText('Albums without genres (1)');
  await genreless.getByRole('button', { name: 'Look up genres' }).click();
  await page
    .getByRole('alertdialog', { name: 'Look up genres' })
    .getByRole('button', { name: 'Look up genres' })
    .click();
  await expect(page.getByRole('progressbar', { name: 'Genre look-up progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  await expect(genreless).toContainText('Found genres for 1 album.');
  await expect(genreless.getByRole('heading')).toHaveText('Albums without genres (0)');
});

test('refreshes one album from its page and the whole collection as a job, keeping corrections', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Refresher'));
  const api = await CollectionApi.of(page, request);
  const albumId = await api.addFromCatalogue('Kind of Blue', 'Kind of Blue');
  await api.correctAlbum(albumId, { name: 'Kind of Blue (mono)' });

  await page.goto(`/albums/${albumId}`);
  await page.getByRole('button', { name: 'Refresh metadata' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Refreshed' })).toHaveText(
    'Refreshed from the streaming service. Your corrections stay.',
  );
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kind of Blue (mono)');

  const maintenance = new MaintenancePage(page);
  await maintenance.open();
  await page.getByRole('button', { name: 'Refresh all albums' }).click();
  await expect(
    page.getByRole('progressbar', { name: 'Metadata refresh progress' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(page.getByText('Refreshed 1 album.')).toBeVisible();
});
