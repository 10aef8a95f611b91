import { expect, test } from '@playwright/test';
import { AlbumDetailPage } from '../pages/album-detail-page';
import { AddAlbumDialog, AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { DashboardPage, FolderFormDialog } from '../pages/dashboard-page';
import { FolderPage } from '../pages/folder-page';
import { expectNoSeriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the album screens and dialogs have no serious violations in ${colorScheme} mode`, async ({
    page,
    request,
  }) => {
    // Eleven axe scans of whole screens and dialogs: about 45 s on two cores.
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const shell = new AppShell(page);
    await shell.signInQuicklyAs(uniqueName('Axe albums'));
    await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
    const api = await CollectionApi.of(page, request);
    const albumId = await api.addFromCatalogue('Kind of Blue', 'Kind of Blue');
    for (const tag of ['late night', 'focus', 'vinyl']) await api.tagAlbum(albumId, tag);
    const other = await api.addMadeUpAlbum({ name: 'Tide Pools', artist: 'Coastline' });
    await api.tagAlbum(other, 'ocean');
    const jazz = await api.createFolder('Jazz');
    await api.createFolder('Modal', jazz);
    await api.putInFolder(albumId, jazz);

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await expect(dashboard.recentCards()).toHaveCount(2);
    await expectNoSeriousViolations(page, 'dashboard');
    await dashboard.createFolderButton().click();
    await expect(new FolderFormDialog(page).parentTree()).toBeVisible();
    await expectNoSeriousViolations(page, 'create folder dialog', true);
    await page.keyboard.press('Escape');

    const albums = new AlbumsPage(page);
    await albums.open();
    await expect(albums.grid.cards()).toHaveCount(2);
    await expectNoSeriousViolations(page, 'albums list');
    await albums.addAlbumButton().click();
    const addAlbum = new AddAlbumDialog(page);
    await addAlbum.search('Blue');
    await expect(addAlbum.results().getByText('In Collection')).toBeVisible();
    await expectNoSeriousViolations(page, 'add album dialog', true);
    await page.keyboard.press('Escape');

    const detail = new AlbumDetailPage(page);
    await detail.open(albumId);
    await expect(detail.section('Tracks').getByRole('listitem')).toHaveCount(5);
    await expectNoSeriousViolations(page, 'album detail');
    await detail.addTagButton().click();
    await detail.tagNameInput().fill('o');
    await expect(detail.tagDialog().getByRole('list', { name: 'Matching tags' })).toBeVisible();
    await expectNoSeriousViolations(page, 'add tag dialog', true);
    await page.keyboard.press('Escape');
    await detail.addToFolderButton().click();
    await detail.folderDialog().getByRole('button', { name: 'Modal', exact: true }).click();
    await expectNoSeriousViolations(page, 'add to folder dialog (album mode)', true);
    await page.keyboard.press('Escape');
    await detail.deleteButton().click();
    await expect(detail.confirmDialog('Delete Album')).toBeVisible();
    await expectNoSeriousViolations(page, 'delete album confirmation', true);
    await page.keyboard.press('Escape');

    const folder = new FolderPage(page);
    await folder.open(jazz);
    await folder.addAlbumButton().click();
    await folder.searchBox().fill('Blue');
    await folder.searchButton().click();
    await expect(folder.results().getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'add albums to folder dialog (folder mode)', true);
  });
}
