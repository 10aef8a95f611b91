import {
  type APIRequestContext,
  type BrowserContext,
  expect,
  type Page,
  test,
} from '@playwright/test';
import { AlbumDetailPage } from '../pages/album-detail-page';
import { AlbumsPage } from '../pages/albums-page';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { uniqueName } from './unique-name';

test('shows the album with its genres, tracks by disc and folders', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Detail'));
  const api = await CollectionApi.of(page, request);
  const brew = await api.addFromCatalogue('Bitches Brew', 'Bitches Brew');
  const blue = await api.addFromCatalogue('Kind of Blue', 'Kind of Blue');

  const detail = new AlbumDetailPage(page);
  await detail.open(brew);
  await expect(detail.heading()).toHaveText('Bitches Brew');
  await expect(page.locator('h1 + p')).toHaveText('Miles Davis');
  await expect(page.getByText('1970 · 6 tracks')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cover of Bitches Brew' })).toBeVisible();
  await expect(detail.openInSpotify()).toBeVisible();
  await expect(detail.section('Tags')).toContainText('No tags yet.');
  const genre = detail.section('Genres').getByRole('link').first();
  const genreName = (await genre.textContent()) ?? '';
  await expect(genre).toHaveAttribute('href', `/genres/${encodeURIComponent(genreName)}`);

  const tracks = detail.section('Tracks');
  await expect(tracks.getByRole('heading', { level: 3 })).toHaveText(['Disc 1', 'Disc 2']);
  const discOne = tracks.getByRole('list', { name: 'Disc 1' }).getByRole('listitem');
  await expect(discOne.first()).toContainText(/^1Pharaoh's DanceMiles Davis20:06Open/);
  await expect(tracks.getByRole('link', { name: /^Open / })).toHaveCount(6);
  await expect(detail.section('Folders')).toContainText('This album is not in any folders.');

  // One disc: no disc headings.
  await detail.open(blue);
  await expect(detail.section('Tracks').getByRole('heading', { level: 3 })).toHaveCount(0);
  await expect(detail.section('Tracks').getByRole('listitem')).toHaveCount(5);
  await expect(detail.section('Tracks').getByRole('listitem').first()).toContainText('9:22');

  await page.goto('/albums/999999');
  await expect(page.getByRole('heading', { name: 'Album not found.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Albums' }).click();
  await expect(page).toHaveURL(/\/albums$/);
});

test('adds an existing tag, creates a new one and removes a tag', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tagger'));
  const api = await CollectionApi.of(page, request);
  const other = await api.addMadeUpAlbum({ name: 'Other Album', artist: 'Someone' });
  await api.tagAlbum(other, 'Late Night');
  const albumId = await api.addMadeUpAlbum({ name: 'Night Music', artist: 'Quartet' });

  const detail = new AlbumDetailPage(page);
  await detail.open(albumId);
  await detail.addTagButton().click();
  const dialog = detail.tagDialog();
  await expect(detail.tagNameInput()).toBeFocused();
  await expect(dialog).toContainText('Start typing to search existing tags or create a new one.');
  await detail.tagNameInput().fill('night');
  const suggestion = dialog.getByRole('list', { name: 'Matching tags' }).getByRole('button');
  await expect(suggestion).toHaveText(/^Late Night\s*1 albums$/);
  await expect(dialog.getByRole('button', { name: 'Create "night"' })).toBeVisible();
  await detail.tagNameInput().fill('late NIGHT');
  await expect(dialog.getByRole('button', { name: 'Add "Late Night"' })).toBeVisible();
  await expect(dialog).toContainText('Tag "Late Night" will be added to the album.');
  await detail.tagNameInput().press('Enter');
  await expect(dialog).toBeHidden();
  await expect(detail.tagChips()).toContainText('Late Night');

  await detail.addTagButton().click();
  await detail.tagNameInput().fill('  Sunday  ');
  await expect(detail.tagDialog()).toContainText(
    'Tag "Sunday" will be created with default blue color and added.',
  );
  await detail.tagNameInput().press('Enter');
  await expect(detail.tagDialog()).toBeHidden();
  await expect(detail.tagChips().getByRole('listitem')).toHaveText(['Late Night', 'Sunday']);
  await expect(detail.tagChips().getByRole('listitem').last().locator('span').first()).toHaveCSS(
    'background-color',
    'rgb(59, 130, 246)',
  );

  // Removing asks first; Cancel keeps the tag.
  await detail.section('Tags').getByRole('button', { name: 'Remove tag Late Night' }).click();
  await detail.confirmDialog('Remove Tag').getByRole('button', { name: 'Cancel' }).click();
  await expect(detail.tagChips().getByRole('listitem')).toHaveCount(2);
  await detail.removeTag('Late Night');
  await expect(detail.tagChips().getByRole('listitem')).toHaveText(['Sunday']);
});

test('files the album into a folder from its page and takes it out again', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Filer'));
  const api = await CollectionApi.of(page, request);
  const albumId = await api.addMadeUpAlbum({ name: 'Filed Away', artist: 'Archivist' });
  const detail = new AlbumDetailPage(page);

  await detail.open(albumId);
  await detail.addToFolderButton().click();
  await expect(detail.folderDialog()).toContainText('No folders available. Create a folder first.');
  await page.keyboard.press('Escape');

  const jazz = await api.createFolder('Jazz');
  await api.createFolder('Modal', jazz);
  await api.createFolder('Ambient');
  await page.reload();
  await detail.addToFolderButton().click();
  const dialog = detail.folderDialog();
  const tree = detail.folderPicker();
  await expect(tree.getByRole('button', { name: 'Modal', exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Collapse Jazz' }).click();
  await expect(tree.getByRole('button', { name: 'Modal', exact: true })).toBeHidden();
  await dialog.getByRole('button', { name: 'Expand Jazz' }).click();
  await tree.getByRole('button', { name: 'Modal', exact: true }).click();
  await expect(tree.getByRole('button', { name: 'Modal', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await dialog.getByRole('button', { name: 'Add to Folder' }).click();
  await expect(dialog).toBeHidden();

  const folders = detail.section('Folders');
  await expect(folders.getByRole('listitem')).toHaveText([/Modal/]);
  await expect(folders.getByRole('link', { name: 'View Folder Modal' })).toHaveAttribute(
    'href',
    /\/folders\/\d+$/,
  );
  await detail.addToFolder('Ambient');
  await expect(folders.getByRole('listitem')).toHaveCount(2);
  expect((await api.albumFolders(albumId)).sort()).toEqual(['Ambient', 'Modal']);

  await detail.removeFromFolder('Modal');
  await expect(folders.getByRole('listitem')).toHaveText([/Ambient/]);
  await detail.removeFromFolder('Ambient');
  await expect(folders).toContainText('This album is not in any folders.');
  expect(await api.albumFolders(albumId)).toEqual([]);
});

test('deletes an album after confirmation and returns to the list', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Deleter'));
  const api = await CollectionApi.of(page, request);
  const albumId = await api.addMadeUpAlbum({ name: 'Short Lived', artist: 'Mayfly' });
  await api.addMadeUpAlbum({ name: 'Survivor', artist: 'Tortoise' });
  const detail = new AlbumDetailPage(page);
  await detail.open(albumId);

  await detail.deleteButton().click();
  const confirm = detail.confirmDialog('Delete Album');
  await expect(confirm).toContainText('You can undo this from the bar that appears next.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(detail.deleteButton()).toBeFocused();

  await detail.deleteButton().click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(/\/albums$/);
  const albums = new AlbumsPage(page);
  await expect(albums.grid.cards()).toHaveText([/Survivor/]);
  expect(await api.albumStatus(albumId)).toBe(404);
});

test('Open in Spotify opens a link the app cannot take in a new tab', async ({
  page,
  context,
  request,
}) => {
  await context.route('https://open.spotify.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Spotify</title>' }),
  );
  await new AppShell(page).signInQuicklyAs(uniqueName('Listener'));
  const api = await CollectionApi.of(page, request);
  const albumId = await api.addFromCatalogue('Kind of Blue', 'Kind of Blue');
  const detail = new AlbumDetailPage(page);
  await detail.open(albumId);

  // The demo service links to search pages, which are not album links: a new tab at once.
  const opened = page.waitForEvent('popup');
  await detail.openInSpotify().click();
  const tab = await opened;
  expect(tab.url()).toMatch(/^https:\/\/open\.spotify\.com\/search\//);
  expect(page.url()).toMatch(/\/albums\/\d+$/);
  await tab.close();

  const trackTab = page.waitForEvent('popup');
  await detail.section('Tracks').getByRole('link', { name: 'Open So What' }).click();
  expect((await trackTab).url()).toMatch(/^https:\/\/open\.spotify\.com\/search\//);
});

const SPOTIFY_ALBUM_LINK = 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv';

/** Signs in, adds an album with a real Spotify album link and opens its detail page. */
async function openAlbumWithSpotifyLink(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  preferApp: boolean,
) {
  await context.route('https://open.spotify.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Spotify</title>' }),
  );
  await new AppShell(page).signInQuicklyAs(uniqueName('Linker'));
  const api = await CollectionApi.of(page, request);
  const albumId = await api.addMadeUpAlbum({
    name: 'Wish You Were Here',
    artist: 'Pink Floyd',
    spotify_url: SPOTIFY_ALBUM_LINK,
  });
  if (!preferApp)
    await page.evaluate(() => localStorage.setItem('gatefold.open_in_desktop_app', 'false'));
  const detail = new AlbumDetailPage(page);
  await detail.open(albumId);
  return detail;
}

/**
 * Clicks Open in Spotify and answers the address the new tab got, how long it took, and whether
 * the tab was opened by the click itself (in its own task) rather than by a later timer.
 */
async function openInSpotify(page: Page, detail: AlbumDetailPage) {
  await page.evaluate(() => {
    const state = { inClick: false, openedInClick: false };
    Object.assign(window, { openTiming: state });
    const open = window.open.bind(window);
    window.open = (...args) => {
      state.openedInClick = state.inClick;
      return open(...args);
    };
    document.addEventListener(
      'click',
      () => {
        state.inClick = true;
        // A timeout runs only once the click's task is over.
        setTimeout(() => {
          state.inClick = false;
        }, 0);
      },
      { capture: true },
    );
  });
  // Hovering first waits until the link is visible and still, so the time below is the app's
  // alone, not the page's while it settles.
  await detail.openInSpotify().hover();
  const clickedAt = Date.now();
  const opened = page.waitForEvent('popup');
  await detail.openInSpotify().click();
  const tab = await opened;
  const afterMs = Date.now() - clickedAt;
  const openedInClick = await page.evaluate(() =>
    Boolean(Reflect.get(Reflect.get(window, 'openTiming') ?? {}, 'openedInClick')),
  );
  return { url: tab.url(), afterMs, openedInClick };
}

test('Open in Spotify tries the desktop app first and opens the browser when it does not answer', async ({
  page,
  context,
  request,
}) => {
  const detail = await openAlbumWithSpotifyLink(page, context, request, true);
  // No desktop app answers in this browser, so after about a second the web player opens.
  const { url, afterMs, openedInClick } = await openInSpotify(page, detail);
  expect(url).toBe(SPOTIFY_ALBUM_LINK);
  expect(openedInClick).toBe(false);
  expect(afterMs).toBeGreaterThanOrEqual(900);
});

test('Open in Spotify goes straight to the browser when the desktop app is turned off', async ({
  page,
  context,
  request,
}) => {
  const detail = await openAlbumWithSpotifyLink(page, context, request, false);
  // Opened by the click itself, with no wait for an app: however slow the machine, never later.
  const { url, openedInClick } = await openInSpotify(page, detail);
  expect(url).toBe(SPOTIFY_ALBUM_LINK);
  expect(openedInClick).toBe(true);
});
