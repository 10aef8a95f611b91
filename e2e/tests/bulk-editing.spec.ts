import { expect, type Page, test } from '@playwright/test';
import { AlbumDetailPage } from '../pages/album-detail-page';
import { AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { expectNoSeriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

async function signIn(page: Page, request: Parameters<typeof CollectionApi.of>[1]) {
  await new AppShell(page).signInQuicklyAs(uniqueName('Bulk'));
  return CollectionApi.of(page, request);
}

const selectionBar = (page: Page) => page.getByRole('region', { name: 'Selection' });
const undoBar = (page: Page) => page.getByRole('region', { name: 'Undo' });
const box = (page: Page, album: string) =>
  page.getByRole('checkbox', { name: `Select ${album}`, exact: true });

test('selects with a click and a shift-click, tags the selection, and undoes it', async ({
  page,
  request,
}) => {
  const api = await signIn(page, request);
  // Added one after another: the grid shows the newest first, Five to One.
  for (const name of ['One', 'Two', 'Three', 'Four', 'Five'])
    await api.addMadeUpAlbum({ name, artist: 'Counting Band' });
  const albums = new AlbumsPage(page);
  await albums.open();

  await box(page, 'Five').check();
  await box(page, 'Three').click({ modifiers: ['Shift'] });
  await expect(selectionBar(page)).toContainText('3 albums selected');
  for (const name of ['Five', 'Four', 'Three']) await expect(box(page, name)).toBeChecked();
  await expect(box(page, 'Two')).not.toBeChecked();

  await selectionBar(page).getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag 3 albums' });
  await expect(dialog.getByLabel('Tag')).toBeFocused();
  await expectNoSeriousViolations(page, 'bulk tag dialog');
  await dialog.getByLabel('Tag').fill('Picks');
  await dialog.getByRole('button', { name: 'Add Tag' }).click();
  await expect(undoBar(page)).toContainText('Tagged 3 albums with "Picks".');
  await expect(albums.grid.card('Four')).toContainText('Picks');

  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(undoBar(page)).toContainText('Undone.');
  await expect(albums.grid.card('Four')).not.toContainText('Picks');
  const tag = await request.get('/api/v1/tags/Picks', {
    headers: { authorization: `Bearer ${await new AppShell(page).sessionToken()}` },
  });
  expect(tag.status()).toBe(404);
});

test('selects every album matching the filter, past the page, deletes them and brings them back', async ({
  page,
  request,
}) => {
  const api = await signIn(page, request);
  await api.seedAlbums(26, (index) => ({
    name: `Session ${index + 1}`,
    artist: 'Bebop Quartet',
    release_date: '1956',
  }));
  await api.addMadeUpAlbum({ name: 'Nevermind', artist: 'Nirvana', release_date: '1991' });
  const albums = new AlbumsPage(page);
  await albums.open('?q=year%3A1950..1959');
  await expect(albums.grid.count()).toHaveText('26 albums');

  await box(page, 'Session 26').check();
  await selectionBar(page).getByRole('button', { name: 'Select page' }).click();
  await expect(selectionBar(page)).toContainText('24 albums selected');
  await selectionBar(page).getByRole('button', { name: 'Select all 26 matching' }).click();
  await expect(selectionBar(page)).toContainText('26 albums selected');
  await expectNoSeriousViolations(page, 'selection bar');

  await selectionBar(page).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete albums' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(undoBar(page)).toContainText('Deleted 26 albums.');
  await expect(albums.grid.root.getByText('No albums found.')).toBeVisible();
  // The bar stays while moving about the app.
  await page
    .getByRole('navigation', { name: 'Library' })
    .getByRole('link', { name: 'Albums' })
    .click();
  await expect(albums.grid.count()).toHaveText('1 album');

  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(undoBar(page)).toContainText('Undone.');
  await expect(albums.grid.count()).toHaveText('27 albums');
});

test("an artist's page selects among that artist's albums only", async ({ page, request }) => {
  const api = await signIn(page, request);
  for (const name of ['Blue', 'Hejira'])
    await api.addMadeUpAlbum({ name, artist: 'Joni Mitchell' });
  await api.addMadeUpAlbum({ name: 'Kind of Blue', artist: 'Miles Davis' });
  await page.goto('/artists');
  await page
    .getByRole('link', { name: /Joni Mitchell/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Joni Mitchell' })).toBeVisible();

  await box(page, 'Blue').check();
  await expect(selectionBar(page)).toContainText('1 album selected');
  await selectionBar(page).getByRole('button', { name: 'Select all 2 matching' }).click();
  await selectionBar(page).getByRole('button', { name: 'Add tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag 2 albums' });
  await dialog.getByLabel('Tag').fill('Canyon');
  await dialog.getByRole('button', { name: 'Add Tag' }).click();
  // The server counts what it changed: the artist's two albums, not Miles Davis's.
  await expect(undoBar(page)).toContainText('Tagged 2 albums with "Canyon".');
});

test("an album's delete is offered for undo, and the undo brings it back whole", async ({
  page,
  request,
}) => {
  const api = await signIn(page, request);
  const albumId = await api.addMadeUpAlbum({ name: 'Spiderland', artist: 'Slint' });
  await api.tagAlbum(albumId, 'Post-rock');
  const detail = new AlbumDetailPage(page);
  await detail.open(albumId);
  await detail.deleteButton().click();
  await page
    .getByRole('alertdialog', { name: 'Delete Album' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/albums$/);
  await expect(undoBar(page)).toContainText('Deleted "Spiderland".');
  await undoBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(new AlbumsPage(page).grid.card('Spiderland')).toContainText('Post-rock');
});

test('does it all from the keyboard: select, tag, clear, go to, new folder and the help', async ({
  page,
  request,
}) => {
  const api = await signIn(page, request);
  for (const name of ['Blue', 'Court and Spark', 'Hejira'])
    await api.addMadeUpAlbum({ name, artist: 'Joni Mitchell' });
  const albums = new AlbumsPage(page);
  await albums.open();

  await albums.grid.card('Hejira').focus();
  await page.keyboard.press('x');
  await albums.grid.card('Blue').focus();
  await page.keyboard.press('x');
  await expect(selectionBar(page)).toContainText('2 albums selected');
  await page.keyboard.press('t');
  const dialog = page.getByRole('dialog', { name: 'Tag 2 albums' });
  await expect(dialog.getByLabel('Tag')).toBeFocused();
  await page.keyboard.type('Joni');
  await page.keyboard.press('Enter');
  await expect(undoBar(page)).toContainText('Tagged 2 albums with "Joni".');
  await expect(albums.grid.card('Hejira')).toContainText('Joni');
  await page.keyboard.press('Escape');
  await expect(selectionBar(page)).toBeHidden();

  // Typing in a field types; it never runs a shortcut.
  await albums.grid.filterBox().click();
  await page.keyboard.type('g f');
  await expect(albums.grid.filterBox()).toHaveValue('g f');
  await expect(page).toHaveURL(/\/albums/);
  await albums.grid.filterBox().blur();

  await page.keyboard.press('g');
  await page.keyboard.press('f');
  await expect(page).toHaveURL(/\/folders$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Folders' })).toBeVisible();
  await page.keyboard.press('n');
  await expect(page.getByRole('dialog', { name: 'New Folder' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('t');
  await expect(page).toHaveURL(/\/tags$/);
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toContainText('Go to folders');
  await expect(help).toContainText('Tag the selected albums');
  await expectNoSeriousViolations(page, 'keyboard shortcuts dialog');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('the command palette jumps to an album, a tag or a screen by typing', async ({
  page,
  request,
}) => {
  const api = await signIn(page, request);
  const albumId = await api.addMadeUpAlbum({ name: 'Kind of Blue', artist: 'Miles Davis' });
  await api.tagAlbum(albumId, 'Modal Jazz');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('kind of');
  await expect(palette.getByRole('option', { name: /Kind of Blue/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'command palette');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/albums/${albumId}$`));

  await page.keyboard.press('Control+k');
  await page.keyboard.type('modal');
  await palette.getByRole('option', { name: /Modal Jazz/ }).click();
  await expect(page).toHaveURL(/\/tags\/Modal%20Jazz$/);

  // It opens from inside a field too, and goes to a screen by its name.
  await new AppShell(page).globalSearch().click();
  await page.keyboard.press('Control+k');
  await page.keyboard.type('mainten');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/maintenance$/);
});
