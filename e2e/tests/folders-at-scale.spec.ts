import { expect, type Page, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { FoldersApi } from '../pages/folders-api';
import { FoldersPage } from '../pages/folders-page';
import { uniqueName } from './unique-name';

const SHELVES = 200;
const BOXES = 9;

const shelf = (n: number) => `Shelf ${String(n).padStart(3, '0')}`;
const box = (n: number, b: number) => `${shelf(n)} box ${b}`;

/** 2,000 folders: 200 shelves at the top, 9 boxes in each. */
function shelvesOfBoxes() {
  const folders: { name: string; parent: number | null }[] = [];
  for (let n = 1; n <= SHELVES; n++) {
    const parent = folders.push({ name: shelf(n), parent: null }) - 1;
    for (let b = 1; b <= BOXES; b++) folders.push({ name: box(n, b), parent });
  }
  return folders;
}

async function signInWithManyFolders(page: Page, request: Parameters<typeof CollectionApi.of>[1]) {
  await new AppShell(page).signInQuicklyAs(uniqueName('Folder hoarder'));
  await (await CollectionApi.of(page, request)).importFolders(shelvesOfBoxes());
}

test.describe('2,000 folders', () => {
  test('the folders screen keeps only the rows in view in the page, and opens, scrolls and drags', async ({
    page,
    request,
  }) => {
    await signInWithManyFolders(page, request);
    const folders = new FoldersPage(page);
    const rows = folders.tree().locator('[data-folder-row]');
    await folders.open();
    await expect(folders.handle(shelf(1))).toBeVisible();
    expect(await rows.count()).toBeLessThan(60);

    await folders.expand(shelf(1));
    await expect(folders.handle(box(1, BOXES))).toBeVisible();
    expect((await folders.outline()).slice(0, 3)).toEqual([
      shelf(1),
      `-${box(1, 1)}`,
      `-${box(1, 2)}`,
    ]);

    // The last shelf is reached by scrolling the page; the rows above it have left the document.
    // Rows not yet seen are estimated, so the end moves as they are measured: scroll until it stops.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(folders.handle(shelf(SHELVES))).toBeInViewport({ timeout: 500 });
    }).toPass();
    await expect(folders.handle(shelf(1))).toHaveCount(0);
    expect(await rows.count()).toBeLessThan(60);

    // Dragged at the bottom of the tree, every folder's position is still sent.
    const saved = await folders.dragFolder(shelf(SHELVES), shelf(SHELVES - 1), 'before');
    expect(saved).toEqual({ items: expect.any(Array) });
    expect(saved).toHaveProperty('items.length', SHELVES * (BOXES + 1));
    await expect
      .poll(async () => (await folders.outline()).filter((name) => !name.startsWith('-')).slice(-2))
      .toEqual([shelf(SHELVES), shelf(SHELVES - 1)]);
  });

  test('the parent folder picker shows every folder a screenful at a time and filters them', async ({
    page,
    request,
  }) => {
    await signInWithManyFolders(page, request);
    const folders = new FoldersPage(page);
    await folders.open();
    await folders.newFolderButton().click();
    const { form } = folders;
    // Every branch starts open: 2,000 rows, of which only those in the box are in the page.
    await expect(form.parentChoice(box(1, 1))).toBeVisible();
    expect(await form.parentTree().getByRole('listitem').count()).toBeLessThan(60);

    await form.parentTree().evaluate((list) => {
      const box = list.parentElement;
      if (box) box.scrollTop = box.scrollHeight;
    });
    await expect(form.parentChoice(box(SHELVES, BOXES))).toBeVisible();
    expect(await form.parentTree().getByRole('listitem').count()).toBeLessThan(60);

    await form.parentFilter().fill('shelf 150 box 3');
    await expect(form.parentTree().getByRole('listitem')).toHaveCount(2);
    await form.parentChoice(box(150, 3)).click();
    await expect(form.parentChoice(box(150, 3))).toHaveAttribute('aria-pressed', 'true');

    await form.nameInput().fill('Deep box');
    await form.createButton().click();
    await expect(form.dialog()).toBeHidden();
    expect((await (await FoldersApi.of(page, request)).parents())['Deep box']).toBe(box(150, 3));
  });
});
