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
