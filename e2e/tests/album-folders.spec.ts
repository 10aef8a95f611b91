import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { DashboardPage, FolderFormDialog } from '../pages/dashboard-page';
import { FolderPage } from '../pages/folder-page';
import { uniqueName } from './unique-name';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test('adds albums to a folder from the collection and the catalogue', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Curator'));
  const api = await CollectionApi.of(page, request);
  const owned = await api.addMadeUpAlbum({ name: 'Blue Train Session', artist: 'Coltrane' });
  const folderId = await api.createFolder('Blue Period');
  const folder = new FolderPage(page);
  await folder.open(folderId);

  await folder.addAlbumButton().click();
  await expect(folder.searchBox()).toBeFocused();
  // Typing searches on its own once it pauses: the collection (50) and the catalogue (20).
  // A slow machine may pause mid-word too; the search that counts is the one for the whole text.
  const searchedFor = (pattern: RegExp, parameter: string) => (r: { url(): string }) =>
    pattern.test(r.url()) && new URL(r.url()).searchParams.get(parameter) === 'blue train session';
  const collectionSearch = page.waitForRequest(searchedFor(/\/api\/v1\/albums\?/, 'q'));
  const catalogueSearch = page.waitForRequest(
    searchedFor(/\/api\/v1\/albums\/spotify\/search\?/, 'query'),
  );
  await folder.searchBox().pressSequentially('blue train session');
  const collectionUrl = new URL((await collectionSearch).url());
  expect(collectionUrl.searchParams.get('q')).toBe('blue train session');
  expect(collectionUrl.searchParams.get('limit')).toBe('50');
  expect(new URL((await catalogueSearch).url()).searchParams.get('limit')).toBe('20');
  await expect(folder.result('Blue Train Session')).toContainText('In your collection');
  await folder.addResult('Blue Train Session');
  expect(await api.albumFolders(owned)).toEqual(['Blue Period']);

  // A catalogue album is added to the collection first, then to the folder.
  await folder.searchBox().fill('Kind of Blue');
  await folder.searchButton().click();
  await expect(folder.result('Kind of Blue').first()).toContainText('From the streaming service');
  await folder.addResult('Kind of Blue');

  // Both searches answer late, so the searching state lasts long enough to be seen on a busy machine.
  for (const search of ['**/api/v1/albums/spotify/search**', '**/api/v1/albums?**']) {
    await page.route(search, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  }
  await folder.searchBox().fill('no album has this name qqq');
  await folder.searchButton().click();
  await expect(folder.dialog().getByText('Searching your albums...')).toBeVisible();
  await expect(
    folder.dialog().getByText('No albums found. Try a different search term.'),
  ).toBeVisible();

  await page.keyboard.press('Escape');
  await page.goto('/albums?q=kind');
  await page.getByRole('link', { name: /Kind of Blue/ }).click();
  await expect(page.getByRole('region', { name: 'Folders' }).getByRole('listitem')).toHaveText([
    /Blue Period/,
  ]);
});

test('creates folders from the dashboard, nested under a chosen parent', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Builder'));
  const api = await CollectionApi.of(page, request);
  const music = await api.createFolder('Music');
  await api.createFolder('Jazz', music);
  await api.createFolder('Rock', music);

  const dashboard = new DashboardPage(page);
  await dashboard.open();
  await dashboard.createFolderButton().click();
  const form = new FolderFormDialog(page);
  await expect(form.nameInput()).toBeFocused();
  await expect(form.createButton()).toBeDisabled();
  await form.nameInput().fill('   ');
  await expect(form.createButton()).toBeDisabled();

  await form.nameInput().fill('  Modal Jazz  ');
  await form.descriptionInput().fill('  So What and friends  ');
  await form.imageUrlInput().fill('not a link');
  await expect(form.dialog()).toContainText('The image URL');
  await form.imageUrlInput().fill('');

  // An image file is uploaded and its address used; anything else is refused here.
  const upload = form.dialog().getByLabel('Upload an image');
  await upload.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hi'),
  });
  await expect(form.dialog().getByRole('alert')).toHaveText('Choose an image file.');
  await upload.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(form.imageUrlInput()).toHaveValue(/^\/api\/v1\/images\/[A-Za-z0-9_-]+$/);
  await expect(form.dialog().getByRole('img', { name: 'Folder preview' })).toBeVisible();
  const imageUrl = await form.imageUrlInput().inputValue();

  // The parent tree: none (top level) by default, expanded, collapsible, filtered by name.
  await expect(form.noParent()).toHaveAttribute('aria-pressed', 'true');
  await expect(form.parentChoice('Jazz')).toBeVisible();
  await form.dialog().getByRole('button', { name: 'Collapse Music' }).click();
  await expect(form.parentChoice('Jazz')).toBeHidden();
  await form.dialog().getByRole('button', { name: 'Expand Music' }).click();
  await form.parentFilter().fill('JAZ');
  await expect(form.parentTree().getByRole('button', { name: /^(Music|Jazz|Rock)$/ })).toHaveText([
    'Music',
    'Jazz',
  ]);
  await form.parentChoice('Jazz').click();
  await expect(form.parentChoice('Jazz')).toHaveAttribute('aria-pressed', 'true');

  const created = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().endsWith('/api/v1/folders/'),
  );
  await form.createButton().click();
  const body = (await created).postDataJSON();
  expect(body).toEqual({
    name: 'Modal Jazz',
    description: 'So What and friends',
    image_url: imageUrl,
    parent_id: expect.any(Number),
  });
  await expect(form.dialog()).toBeHidden();
  await dashboard.expectCount('Folders', 4);

  // Failures are only logged and the dialog stays open.
  await page.route('**/api/v1/folders/', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"No."}' })
      : route.continue(),
  );
  const logged = page.waitForEvent(
    'console',
    (message) => message.type() === 'error' && message.text().includes('No.'),
  );
  await dashboard.createFolderButton().click();
  await form.nameInput().fill('Doomed');
  await form.createButton().click();
  expect((await logged).text()).toContain('No.');
  await expect(form.dialog()).toBeVisible();
  // The folder dialog also closes on a click outside it.
  await page.mouse.click(5, 5);
  await expect(form.dialog()).toBeHidden();
});
