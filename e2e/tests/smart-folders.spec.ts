import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { DashboardPage } from '../pages/dashboard-page';
import { FolderDetailPage } from '../pages/folders-detail-page';
import { FoldersPage } from '../pages/folders-page';
import { uniqueName } from './unique-name';

test('builds a smart folder from rules, edits it as text, and watches it fill', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Smart'));
  const api = await CollectionApi.of(page, request);
  await api.addMadeUpAlbum({ name: 'Kind of Blue', artist: 'Miles Davis', release_date: '1959' });
  await api.addMadeUpAlbum({ name: 'Homogenic', artist: 'Björk', release_date: '1997' });
  const folders = new FoldersPage(page);
  const form = folders.form;
  await folders.open();

  await folders.newFolderButton().click();
  await form.nameInput().fill('Fifties');
  await form.smartCheckbox().check();
  await form.addRule().click();
  await form.ruleField(1).selectOption({ label: 'Year' });
  await form.ruleValue(1).fill('1950..1959');
  await expect(form.queryInput()).toHaveValue('year:1950..1959');
  await expect(form.dialog().getByText('1 album matches now')).toBeVisible();
  // The text is edited directly; the rules follow it.
  await form.queryInput().fill('year:1950..1959 -artist:coltrane');
  await expect(form.ruleField(2)).toHaveValue('artist');
  await expect(form.ruleOperator(2)).toHaveValue('is-not');
  const scan = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  const serious = scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((violation) => violation.id)).toEqual([]);
  await form.createButton().click();
  await expect(form.dialog()).toBeHidden();

  const row = folders.row('Fifties');
  await expect(row.getByRole('img', { name: 'Smart folder' })).toBeVisible();
  await expect(row).toContainText('1 album');

  await api.addMadeUpAlbum({ name: 'Blue Train', artist: 'Sonny Clark', release_date: '1957' });
  await folders.viewLink('Fifties').click();
  const detail = new FolderDetailPage(page);
  await expect(page.getByText('Smart folder: holds the albums that match')).toBeVisible();
  await expect(detail.albums().getByRole('list').getByRole('link')).toHaveCount(2);
  await expect(detail.addAlbumButton()).toHaveCount(0);
});

test('saves a typed query as a smart folder in a few clicks; it fills as albums arrive and reopens as rules', async ({
  page,
  request,
}) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Smart'));
  const api = await CollectionApi.of(page, request);
  const kindOfBlue = await api.addMadeUpAlbum({
    name: 'Kind of Blue',
    artist: 'Miles Davis',
    release_date: '1959',
    genres: ['Jazz'],
  });
  await api.tagAlbum(kindOfBlue, 'owned');
  await api.addMadeUpAlbum({
    name: 'Blue Train',
    artist: 'John Coltrane',
    release_date: '1957',
    genres: ['Jazz'],
  });
  await api.addMadeUpAlbum({
    name: 'Homogenic',
    artist: 'Björk',
    release_date: '1997',
    genres: ['Electronic'],
  });

  const query = 'genre:jazz year:1955..1965 -tag:owned';
  await new DashboardPage(page).open();
  await page.keyboard.press('/');
  await expect(shell.globalSearch()).toBeFocused();
  await page.keyboard.type(query);
  await page.keyboard.press('Enter');
  const albums = new AlbumsPage(page);
  await expect(albums.grid.cards()).toHaveText([/Blue Train/]);

  await page.getByRole('button', { name: 'Save as smart folder' }).click();
  const form = new FoldersPage(page).form;
  await expect(form.smartCheckbox()).toBeChecked();
  await expect(form.queryInput()).toHaveValue(query);
  await expect(form.dialog().getByText('1 album matches now')).toBeVisible();
  await form.nameInput().fill('Jazz to buy');
  await form.createButton().click();
  await expect(form.dialog()).toBeHidden();

  await api.addMadeUpAlbum({
    name: 'Moanin',
    artist: 'Art Blakey',
    release_date: '1958',
    genres: ['Jazz'],
  });
  const folders = new FoldersPage(page);
  await folders.open();
  const row = folders.row('Jazz to buy');
  await expect(row.getByRole('img', { name: 'Smart folder' })).toBeVisible();
  await expect(row).toContainText('2 albums');

  // Reopened, the saved query reads as rules again; a rule changed rewrites the query.
  await folders.tree().getByRole('button', { name: 'Edit Jazz to buy', exact: true }).click();
  await expect(form.ruleField(1)).toHaveValue('genre');
  await expect(form.ruleValue(1)).toHaveValue('jazz');
  await expect(form.ruleOperator(3)).toHaveValue('is-not');
  await form.ruleValue(2).fill('1955..1957');
  await expect(form.queryInput()).toHaveValue('genre:jazz year:1955..1957 -tag:owned');
  await expect(form.dialog().getByText('1 album matches now')).toBeVisible();
  await form.dialog().getByRole('button', { name: 'Update Folder' }).click();
  await expect(form.dialog()).toBeHidden();
  await expect(row).toContainText('1 album');
});

test('a folder holding albums cannot turn smart, and the dialog says why', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Smart'));
  const api = await CollectionApi.of(page, request);
  const folderId = await api.createFolder('Keepers');
  await api.putInFolder(await api.addMadeUpAlbum({ name: 'Homogenic', artist: 'Björk' }), folderId);
  const folders = new FoldersPage(page);
  await folders.open();
  await folders.tree().getByRole('button', { name: 'Edit Keepers', exact: true }).click();
  await expect(folders.form.smartCheckbox()).toBeDisabled();
  await expect(folders.form.dialog()).toContainText('Only an empty folder can become smart');
});
