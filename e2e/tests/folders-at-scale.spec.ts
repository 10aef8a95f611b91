import { expect, type Page, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { CollectionApi } from '../pages/collection-api';
import { FoldersApi } from '../pages/folders-api';
import { FolderDetailPage } from '../pages/folders-detail-page';
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

async function openManyFolders(page: Page, request: Parameters<typeof CollectionApi.of>[1]) {
  await signInWithManyFolders(page, request);
  const folders = new FoldersPage(page);
  await folders.open();
  return folders;
}

/** The last two shelves as the folders screen shows them, once the tree has reloaded. */
const lastShelves = async (folders: FoldersPage) =>
  (await folders.outline()).filter((name) => !name.startsWith('-')).slice(-2);

test.describe('2,000 folders', () => {
  test('the folders screen keeps only the rows in view in the page, and opens, scrolls and drags', async ({
    page,
    request,
  }) => {
    const folders = await openManyFolders(page, request);
    const rows = folders.tree().locator('[data-folder-row]');
    await expect(folders.handle(shelf(1))).toBeVisible();
    expect(await rows.count()).toBeLessThan(60);

    await folders.expand(shelf(1));
    await expect(folders.handle(box(1, BOXES))).toBeVisible();
    expect((await folders.outline()).slice(0, 3)).toEqual([
      shelf(1),
      `-${box(1, 1)}`,
      `-${box(1, 2)}`,
    ]);

    // The last shelf is reached by scrolling the page; the rows above it have left the document,
    // but for the first shelf's: its toggle has focus.
    await folders.scrollToBottom(shelf(SHELVES));
    await expect(folders.handle(shelf(2))).toHaveCount(0);
    await expect(folders.collapseButton(shelf(1))).toBeFocused();
    expect(await rows.count()).toBeLessThan(60);

    // Dragged at the bottom of the tree, every folder's position is still sent.
    const saved = await folders.dragFolder(shelf(SHELVES), shelf(SHELVES - 1), 'before');
    expect(saved).toEqual({ items: expect.any(Array) });
    expect(saved).toHaveProperty('items.length', SHELVES * (BOXES + 1));
    await expect.poll(() => lastShelves(folders)).toEqual([shelf(SHELVES), shelf(SHELVES - 1)]);
  });

  test('a folder carried with the mouse while the page scrolls under it is dropped where the pointer is', async ({
    page,
    request,
  }) => {
    const folders = await openManyFolders(page, request);
    await folders.pickUp(shelf(1));
    const handle = await folders.handle(shelf(1)).boundingBox();
    const viewport = page.viewportSize();
    if (handle === null || viewport === null) throw new Error('The tree is not shown');
    const x = handle.x + handle.width / 2;
    // The pointer rests in the middle of the window, where the page does not scroll by itself,
    // and the wheel scrolls the page a window down under the carried folder.
    await page.mouse.move(x, viewport.height / 2, { steps: 4 });
    await page.mouse.wheel(0, viewport.height);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await folders.scrollSettled();

    const onto = await folders.folderAt(viewport.height / 2);
    if (onto === undefined || onto === shelf(1))
      throw new Error(`No other row mid-window: ${onto}`);
    await folders.dropOn(onto, 'before');
    await expect
      .poll(async () => {
        const shelves = (await folders.outline()).filter((name) => !name.startsWith('-'));
        return shelves.slice(shelves.indexOf(onto) - 1, shelves.indexOf(onto) + 1);
      })
      .toEqual([shelf(1), onto]);
  });

  test('a folder picked up at the top of the tree keeps focus while the page scrolls to the bottom', async ({
    page,
    request,
  }) => {
    const folders = await openManyFolders(page, request);

    // Picked up with the keyboard, the folder keeps focus however far the page scrolls from it.
    await folders.handle(shelf(1)).focus();
    await page.keyboard.press('Space');
    await expect(folders.announcements()).toContainText(`Picked up ${shelf(1)}.`);
    await folders.scrollToBottom(shelf(SHELVES));
    await expect(folders.handle(shelf(2))).toHaveCount(0);
    await expect(folders.handle(shelf(1))).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(folders.announcements()).toContainText(`Moving ${shelf(1)} was cancelled.`);
  });

  test('the edit dialog opens its parent picker at the current parent, far down the tree', async ({
    page,
    request,
  }) => {
    await signInWithManyFolders(page, request);
    const stored = await (await FoldersApi.of(page, request)).folders();
    const parent = stored.find((folder) => folder.name === box(180, 5));
    if (parent === undefined) throw new Error(`${box(180, 5)} was not imported`);
    const deep = await (await CollectionApi.of(page, request)).createFolder('Deep box', parent.id);
    const detail = new FolderDetailPage(page);
    await detail.open(deep);
    await detail.editButton().click();

    const { form } = detail;
    const choice = form.parentChoice(box(180, 5));
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    // Scrolled to the middle of the picker's box, its branch open.
    await expect(async () => {
      const row = await choice.boundingBox();
      const scroller = await form.parentScroller().boundingBox();
      if (row === null || scroller === null) throw new Error('The picker is not shown');
      const middle = (at: { y: number; height: number }) => at.y + at.height / 2;
      expect(Math.abs(middle(row) - middle(scroller))).toBeLessThan(row.height);
    }).toPass();
    await expect(form.parentItem(shelf(180))).toHaveAttribute('aria-expanded', 'true');
  });

  test('the parent folder picker shows every folder a screenful at a time and filters them', async ({
    page,
    request,
  }) => {
    const folders = await openManyFolders(page, request);
    await folders.newFolderButton().click();
    const { form } = folders;
    // Every branch starts open: 2,000 rows, of which only those in the box are in the page.
    await expect(form.parentChoice(box(1, 1))).toBeVisible();
    expect(await form.parentTree().getByRole('treeitem').count()).toBeLessThan(60);

    await form.parentScroller().evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await expect(form.parentChoice(box(SHELVES, BOXES))).toBeVisible();
    expect(await form.parentTree().getByRole('treeitem').count()).toBeLessThan(60);

    await form.parentFilter().fill('shelf 150 box 3');
    await expect(form.parentTree().getByRole('treeitem')).toHaveCount(2);
    await form.parentChoice(box(150, 3)).click();
    await expect(form.parentChoice(box(150, 3))).toHaveAttribute('aria-pressed', 'true');

    await form.nameInput().fill('Deep box');
    await form.createButton().click();
    await expect(form.dialog()).toBeHidden();
    expect((await (await FoldersApi.of(page, request)).parents())['Deep box']).toBe(box(150, 3));
  });
});
