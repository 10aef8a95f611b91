import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
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
