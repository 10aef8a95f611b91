import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { LibraryApi } from '../pages/library-api';
import { TagDetailPage, TagsPage } from '../pages/tags-page';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

test('creates, edits and deletes an unused tag at once', async ({ page }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tags'));
  const tags = new TagsPage(page);
  await tags.open();
  await expect(
    tags.yourTags().getByText('No tags yet. Create your first tag to get started!'),
  ).toBeVisible();
  await expect(tags.trending().getByText('No trending tags yet.')).toBeVisible();

  await tags.newTagButton().click();
  const dialog = tags.formDialog('Create New Tag');
  await expect(dialog.getByLabel('Color')).toHaveValue('#3b82f6');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await tags.createTag('Late Night', '#8b5cf6');
  await expect(tags.tagCard('Late Night')).toContainText('0 albums');
  await expect(tags.tagLink('Late Night')).toHaveAttribute('href', '/tags/Late%20Night');

  await tags.editTag('Late Night', 'Small Hours');
  await expect(tags.tagCard('Small Hours')).toBeVisible();
  await expect(tags.tagCard('Late Night')).toHaveCount(0);

  await tags.clickDelete('Small Hours');
  await expect(tags.successDialog()).toContainText('Tag "Small Hours" was deleted.');
  await tags.successDialog().getByRole('button', { name: 'OK' }).click();
  await expect(
    tags.yourTags().getByText('No tags yet. Create your first tag to get started!'),
  ).toBeVisible();
});

test('a tag in use is removed from its albums only after a destructive confirmation', async ({
  page,
  request,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tags'));
  const api = await LibraryApi.of(page, request);
  const albumId = await api.addAlbum({ name: 'Kind of Blue', artist: 'Miles Davis' });
  await api.tagAlbum(albumId, 'Cool');

  const tags = new TagsPage(page);
  await tags.open();
  await expect(tags.tagCard('Cool')).toContainText('1 album');
  await expect(tags.trendingLink('Cool')).toHaveAttribute('href', '/tags/Cool');

  // Cancelling keeps the tag.
  await tags.clickDelete('Cool');
  await expect(tags.confirmForce()).toContainText('is used by 1 album');
  await tags.confirmForce().getByRole('button', { name: 'Cancel' }).click();
  await expect(tags.tagCard('Cool')).toBeVisible();
  expect(await api.tagNames()).toEqual(['Cool']);

  await tags.clickDelete('Cool');
  await tags.confirmForce().getByRole('button', { name: 'Remove and Delete' }).click();
  await expect(tags.successDialog()).toContainText('Tag "Cool" was deleted.');
  await tags.successDialog().getByRole('button', { name: 'OK' }).click();
  await expect(tags.tagCard('Cool')).toHaveCount(0);
  await expect(tags.trending().getByText('No trending tags yet.')).toBeVisible();
  expect(await api.tagNames()).toEqual([]);
});

test('filters tags on the server', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tags'));
  const api = await LibraryApi.of(page, request);
  await api.createTag('Vinyl', '#10B981');
  await api.createTag('Summer', '#F59E0B');
  const tags = new TagsPage(page);
  await tags.open();
  await expect(tags.tagList().getByRole('listitem')).toHaveCount(2);
  await tags.filterBox().fill('VIN');
  await expect(tags.tagList().getByRole('listitem')).toHaveCount(1);
  await expect(tags.tagCard('Vinyl')).toBeVisible();
});

test('shows a tag with its albums, an empty tag, and a missing one', async ({ page, request }) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Tags'));
  const api = await LibraryApi.of(page, request);
  const ids = await api.addAlbums(3, (index) => ({
    name: `Album ${index}`,
    artist: 'Someone',
  }));
  await api.createTag('Road Trip', '#EF4444');
  await api.tagAlbum(ids[0] ?? 0, 'road trip');
  await api.tagAlbum(ids[2] ?? 0, 'Road Trip');
  await api.createTag('Empty', '#3B82F6');

  const tags = new TagsPage(page);
  await tags.open();
  await tags.tagLink('Road Trip').click();
  const detail = new TagDetailPage(page);
  await expect(detail.heading('Road Trip')).toBeVisible();
  await expect(page.getByText('2 albums with this tag')).toBeVisible();
  await expect(page.getByText('Tag Color')).toBeVisible();
  await expect(page.getByText('#EF4444')).toBeVisible();
  await expect(detail.grid.cards()).toHaveCount(2);
  await expect(detail.grid.filterBox()).toHaveCount(0);
  await expect(detail.grid.card('Album 2')).toHaveAttribute('href', `/albums/${ids[2]}`);
  await detail.backLink().click();
  await expect(tags.heading()).toBeVisible();

  await detail.open('Empty');
  await expect(page.getByText("No albums have been tagged with 'Empty'.")).toBeVisible();

  await detail.open('Nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Tag Not Found' })).toBeVisible();
  await expect(page.getByText('The tag "Nowhere" could not be found.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Tags' }).click();
  await expect(tags.heading()).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });
    test('the tag screens have no serious accessibility violations', async ({ page, request }) => {
      const shell = new AppShell(page);
      await shell.signInQuicklyAs(uniqueName('Axe Tags'));
      await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
      const api = await LibraryApi.of(page, request);
      const albumId = await api.addAlbum({ name: 'Blue Train', artist: 'John Coltrane' });
      await api.tagAlbum(albumId, 'Hard Bop');
      await api.createTag('Pale', '#FDE68A');

      const tags = new TagsPage(page);
      await tags.open();
      await expect(tags.tagCard('Pale')).toBeVisible();
      await expect(tags.trendingLink('Hard Bop')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await tags.newTagButton().click();
      await expect(tags.formDialog('Create New Tag')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      const detail = new TagDetailPage(page);
      await detail.open('Hard Bop');
      await expect(detail.grid.cards()).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);

      // The deletion dialogs: the destructive confirmation, then the success message.
      await tags.open();
      await tags.clickDelete('Hard Bop');
      await expect(tags.confirmForce()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await tags.confirmForce().getByRole('button', { name: 'Remove and Delete' }).click();
      await expect(tags.successDialog()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
