import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { FoldersApi } from '../pages/folders-api';
import { FolderDetailPage } from '../pages/folders-detail-page';
import { FoldersPage } from '../pages/folders-page';
import { expectNoSeriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

test('creates, edits and deletes folders on the folders list', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Folder keeper'));
  const folders = new FoldersPage(page);
  await folders.open();

  const empty = folders
    .yourFolders()
    .getByText('No folders yet. Create your first folder to get started!');
  await expect(empty).toBeVisible();
  await folders.createFolder(
    'Jazz',
    folders.yourFolders().getByRole('button', { name: 'Create Folder' }),
  );
  await expect(empty).toBeHidden();
  await folders.createFolder('Rock');
  await expect(folders.row('Jazz')).toContainText('0 albums');
  await expect(folders.viewLink('Jazz')).toHaveAttribute('href', /^\/folders\/\d+$/);

  await folders.editFolder('Rock', { name: 'Rock and Roll' });
  await expect(folders.handle('Rock and Roll')).toBeVisible();
  await expect(folders.handle('Rock')).toBeHidden();

  // The confirmation can be refused.
  await folders.tree().getByRole('button', { name: 'Delete Jazz', exact: true }).click();
  await folders.deleteConfirm().getByRole('button', { name: 'Cancel' }).click();
  await expect(folders.handle('Jazz')).toBeVisible();

  await folders.deleteFolder('Jazz');
  expect(await folders.outline()).toEqual(['Rock and Roll']);
  await folders.deleteFolder('Rock and Roll');
  await expect(empty).toBeVisible();
});

test('nests folders by dragging them with the mouse', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Mouse mover'));
  const api = await CollectionApi.of(page, request);
  await api.createFolder('Jazz');
  await api.createFolder('Rock');
  const soul = await api.createFolder('Soul');
  await api.createFolder('Motown', soul);

  const folders = new FoldersPage(page);
  await folders.open();
  // Folders start collapsed on this screen.
  expect(await folders.outline()).toEqual(['Jazz', 'Rock', 'Soul']);

  // Into a folder: it opens and shows the folder inside it.
  const nested = await folders.dragFolder('Rock', 'Jazz', 'inside');
  expect(nested).toEqual({
    items: expect.arrayContaining([
      { id: expect.any(Number), parent_id: expect.any(Number), sort_order: 0 },
    ]),
  });
  await expect.poll(() => folders.outline()).toEqual(['Jazz', '-Rock', 'Soul']);

  // Before a sibling: every folder's position is sent, the nested ones too.
  const moved = await folders.dragFolder('Soul', 'Jazz', 'before');
  expect(moved).toEqual({ items: Array.from({ length: 4 }, () => expect.anything()) });
  await expect.poll(() => folders.outline()).toEqual(['Soul', 'Jazz', '-Rock']);

  // Into a folder at depth 1 (an empty one shows its drop zone when open).
  await folders.expand('Rock');
  await expect(
    folders.tree().getByText('Drop folders here to nest under Rock', { exact: true }),
  ).toBeVisible();
  await folders.dragFolder('Soul', 'Rock', 'inside');
  await expect.poll(() => folders.outline()).toEqual(['Jazz', '-Rock', '--Soul']);

  // The server holds it, and a reload starts collapsed again.
  expect(await (await FoldersApi.of(page, request)).parents()).toEqual({
    Jazz: null,
    Rock: 'Jazz',
    Soul: 'Rock',
    Motown: 'Soul',
  });
  await folders.open();
  expect(await folders.outline()).toEqual(['Jazz']);
});

test('nests and orders folders with the keyboard', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Key mover'));
  const api = await CollectionApi.of(page, request);
  await api.createFolder('Jazz');
  await api.createFolder('Rock');
  await api.createFolder('Soul');

  const folders = new FoldersPage(page);
  await folders.open();
  await folders.keyboardDragFolder('Soul', 'Jazz', 'inside', 'ArrowUp');
  await expect.poll(() => folders.outline()).toEqual(['Jazz', '-Soul', 'Rock']);

  await folders.keyboardDragFolder('Rock', 'Jazz', 'before', 'ArrowUp');
  await expect.poll(() => folders.outline()).toEqual(['Rock', 'Jazz', '-Soul']);

  // Escape puts it back without a call.
  // Each key waits for the announcement of the one before: on a busy machine a key pressed before
  // the drag has begun is not heard by it.
  await folders.handle('Rock').focus();
  await page.keyboard.press('Space');
  await expect(folders.announcements()).toContainText('Picked up Rock.');
  // The drag may begin listening for keys after it announces itself: press until it answers.
  await expect(async () => {
    await page.keyboard.press('ArrowDown');
    await expect(folders.announcements()).not.toContainText('Picked up Rock.', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(folders.announcements()).toContainText('Moving Rock was cancelled.');
  expect(await folders.outline()).toEqual(['Rock', 'Jazz', '-Soul']);
});

test('moves subfolders up to the parent when a folder is deleted', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Pruner'));
  const api = await CollectionApi.of(page, request);
  const music = await api.createFolder('Music');
  const jazz = await api.createFolder('Jazz', music);
  await api.createFolder('Bebop', jazz);
  await api.createFolder('Modal', jazz);
  const album = await api.addMadeUpAlbum({ name: 'Giant Steps', artist: 'Coltrane' });
  await api.putInFolder(album, jazz);

  const folders = new FoldersPage(page);
  await folders.open();
  await folders.expand('Music');
  await folders.expand('Jazz');
  expect(await folders.outline()).toEqual(['Music', '-Jazz', '--Bebop', '--Modal']);
  await expect(folders.row('Jazz')).toContainText('1 album');

  await folders.deleteFolder('Jazz');
  await expect.poll(() => folders.outline()).toEqual(['Music', '-Bebop', '-Modal']);
  expect(await (await FoldersApi.of(page, request)).parents()).toEqual({
    Music: null,
    Bebop: 'Music',
    Modal: 'Music',
  });
  // The album stays in the collection.
  expect(await api.albumStatus(album)).toBe(200);
});

test('shows a folder with its path, albums and subfolders', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Browser'));
  const api = await CollectionApi.of(page, request);
  const music = await api.createFolder('Music');
  const jazz = await api.createFolder('Jazz', music);
  const bebop = await api.createFolder('Bebop', jazz);
  await api.createFolder('Hard bop', bebop);
  const giant = await api.addMadeUpAlbum({ name: 'Giant Steps', artist: 'Coltrane' });
  const blue = await api.addMadeUpAlbum({ name: 'Blue Train', artist: 'Coltrane' });
  await api.putInFolder(giant, jazz);
  await api.putInFolder(blue, jazz);

  const detail = new FolderDetailPage(page);
  await detail.open(jazz);
  await expect(detail.heading()).toHaveText('Jazz');
  await expect(detail.breadcrumb().getByRole('link', { name: 'Music' })).toHaveAttribute(
    'href',
    `/folders/${music}`,
  );
  await expect(page.getByText(/^2 albums · Created [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText('No description provided.')).toBeVisible();
  await expect(detail.albumCards()).toHaveCount(2);

  // Add one? opens the edit dialog; the folder is not among its own parent choices.
  await detail.addDescription().click();
  await expect(detail.form.dialog()).toHaveAccessibleName('Edit Folder');
  await expect(detail.form.parentChoice('Music')).toBeVisible();
  await expect(detail.form.parentTree().getByRole('button', { name: 'Jazz' })).toHaveCount(0);
  await detail.form.descriptionInput().fill('  Late nights  ');
  const saved = page.waitForRequest((r) => r.method() === 'PUT');
  await detail.form.dialog().getByRole('button', { name: 'Update Folder' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ name: 'Jazz', description: 'Late nights' });
  await expect(detail.form.dialog()).toBeHidden();
  await expect(page.getByText('Late nights', { exact: true })).toBeVisible();

  // Removing an album keeps it in the collection.
  await detail.removeAlbum('Giant Steps');
  await expect(detail.albumCards()).toHaveCount(1);
  await expect(page.getByText(/^1 album · Created/)).toBeVisible();
  expect(await api.albumStatus(giant)).toBe(200);
  expect(await api.albumFolders(giant)).toEqual([]);
  await detail.removeAlbum('Blue Train');
  await expect(detail.albums().getByText('No albums in this folder yet.')).toBeVisible();
  await detail.albums().getByRole('button', { name: 'Add Albums' }).click();
  await expect(detail.addAlbumsDialog()).toBeVisible();
  await page.keyboard.press('Escape');

  // Subfolders: read-only, collapsed; viewing one loads it in place.
  const tree = detail.subfolderTree();
  await expect(tree.getByRole('button', { name: /^(Drag|Edit|Delete) / })).toHaveCount(0);
  await tree.getByRole('button', { name: 'Expand Bebop' }).click();
  await expect(tree.getByText('Hard bop', { exact: true })).toBeVisible();
  await tree.getByRole('link', { name: 'View Bebop', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/folders/${bebop}$`));
  await expect(detail.heading()).toHaveText('Bebop');
  await expect(detail.breadcrumb().getByRole('link')).toHaveText(['Music', 'Jazz']);
  await tree.getByRole('link', { name: 'View Hard bop', exact: true }).click();
  await expect(detail.heading()).toHaveText('Hard bop');
  await expect(detail.subfolders().getByText('No subfolders.')).toBeVisible();

  await page.goto('/folders/987654321');
  await expect(page.getByRole('heading', { name: 'Folder not found.' })).toBeVisible();
  await detail.backLink().click();
  await expect(page).toHaveURL(/\/folders$/);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the folder screens have no serious violations in ${colorScheme} mode`, async ({
    page,
    request,
  }) => {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    const shell = new AppShell(page);
    await shell.signInQuicklyAs(uniqueName('Axe folders'));
    await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
    const api = await CollectionApi.of(page, request);
    const jazz = await api.createFolder('Jazz');
    await api.createFolder('Modal', jazz);
    await api.createFolder('Rock');
    const album = await api.addMadeUpAlbum({ name: 'Kind of Blue', artist: 'Miles Davis' });
    await api.putInFolder(album, jazz);

    const folders = new FoldersPage(page);
    await folders.open();
    await folders.expand('Jazz');
    await folders.expand('Modal');
    await expectNoSeriousViolations(page, 'folders list');
    await folders.tree().getByRole('button', { name: 'Delete Rock', exact: true }).click();
    await expect(folders.deleteConfirm()).toBeVisible();
    await expectNoSeriousViolations(page, 'delete folder confirmation');
    await page.keyboard.press('Escape');

    const detail = new FolderDetailPage(page);
    await detail.open(jazz);
    await expect(detail.albumCards()).toHaveCount(1);
    await expectNoSeriousViolations(page, 'folder detail');
    await detail.albums().getByRole('button', { name: 'Remove Kind of Blue from folder' }).click();
    await expect(detail.removeConfirm()).toBeVisible();
    await expectNoSeriousViolations(page, 'remove album confirmation');
  });
}
