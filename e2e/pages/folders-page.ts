import { expect, type Locator, type Page } from '@playwright/test';
import { FolderFormDialog } from './dashboard-page';

export type DropPosition = 'before' | 'inside' | 'after';

/** /folders: heading, New Folder, and the Your Folders card with the folder tree. */
export class FoldersPage {
  readonly form: FolderFormDialog;

  constructor(readonly page: Page) {
    this.form = new FolderFormDialog(page);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Folders' });
  readonly newFolderButton = () => this.page.getByRole('button', { name: 'New Folder' });
  readonly yourFolders = () => this.page.getByRole('region', { name: 'Your Folders' });
  readonly tree = () => this.yourFolders().getByRole('tree', { name: 'Folders' });
  readonly handle = (name: string) =>
    this.tree().getByRole('button', { name: `Drag ${name}`, exact: true });
  readonly row = (name: string) =>
    this.tree()
      .locator('[data-folder-row]')
      .filter({ has: this.page.getByRole('button', { name: `Drag ${name}`, exact: true }) });
  readonly expandButton = (name: string) =>
    this.tree().getByRole('button', { name: `Expand ${name}`, exact: true });
  readonly collapseButton = (name: string) =>
    this.tree().getByRole('button', { name: `Collapse ${name}`, exact: true });
  readonly viewLink = (name: string) =>
    this.tree().getByRole('link', { name: `View ${name}`, exact: true });
  readonly deleteConfirm = () => this.page.getByRole('alertdialog', { name: 'Delete Folder' });
  /** What dnd-kit reads out to screen readers while a folder is dragged. */
  readonly announcements = () => this.page.locator('[id^="DndLiveRegion"]');
  /** The copy of a folder that follows the pointer while it is dragged. */
  readonly dragOverlay = () => this.page.locator('[data-folder-drag-overlay]');

  async open() {
    await this.page.goto('/folders');
    await expect(this.heading()).toBeVisible();
    await expect(this.yourFolders().getByText('Loading folders...')).toBeHidden();
  }

  async createFolder(name: string, opener: Locator = this.newFolderButton()) {
    await opener.click();
    await expect(this.form.nameInput()).toBeFocused();
    await this.form.nameInput().fill(name);
    await this.form.createButton().click();
    await expect(this.form.dialog()).toBeHidden();
    await expect(this.handle(name)).toBeVisible();
  }

  async editFolder(name: string, changes: { name?: string; description?: string }) {
    await this.tree()
      .getByRole('button', { name: `Edit ${name}`, exact: true })
      .click();
    await expect(this.form.nameInput()).toHaveValue(name);
    if (changes.name !== undefined) await this.form.nameInput().fill(changes.name);
    if (changes.description !== undefined) {
      await this.form.descriptionInput().fill(changes.description);
    }
    await this.form.dialog().getByRole('button', { name: 'Update Folder' }).click();
    await expect(this.form.dialog()).toBeHidden();
  }

  async deleteFolder(name: string) {
    await this.tree()
      .getByRole('button', { name: `Delete ${name}`, exact: true })
      .click();
    await expect(this.deleteConfirm()).toBeVisible();
    await this.deleteConfirm().getByRole('button', { name: 'Delete' }).click();
    await expect(this.deleteConfirm()).toBeHidden();
    await expect(this.handle(name)).toBeHidden();
  }

  async expand(name: string) {
    await this.expandButton(name).click();
    await expect(this.collapseButton(name)).toBeVisible();
  }

  /** Every folder row in the page, one dash per level: ['Jazz', '-Bebop', 'Rock']. */
  async outline(): Promise<string[]> {
    return this.tree().evaluate((tree) =>
      Array.from(tree.querySelectorAll('[data-folder-row]'), (row) => {
        const depth = Number(row.getAttribute('data-depth'));
        const name = row.querySelector('[aria-label^="Drag "]')?.getAttribute('aria-label') ?? '';
        return `${'-'.repeat(depth)}${name.slice('Drag '.length)}`;
      }),
    );
  }

  /**
   * Scrolls the page to its end, where `last` is. Rows not yet seen are estimated, so the end
   * moves as they are measured: scroll until it stops.
   */
  async scrollToBottom(last: string) {
    await expect(async () => {
      await this.page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await expect(this.handle(last)).toBeInViewport({ timeout: 500 });
    }).toPass();
  }

  /** Presses the mouse on `name`'s handle and moves it far enough to pick the folder up. */
  async pickUp(name: string) {
    // Hovering waits until the handle holds still: just after a drop the rows may still be
    // settling, and a press where the handle was is not on it.
    await this.handle(name).hover();
    const handle = await this.handle(name).boundingBox();
    if (handle === null) throw new Error(`${name} is not shown`);
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await this.page.mouse.move(x, y);
    await this.page.mouse.down();
    await this.page.mouse.move(x, y + 8, { steps: 4 });
    await expect(this.dragOverlay()).toHaveText(name);
  }

  /** Carries the folder picked up with the mouse onto `onto` and lets go, then waits for the save. */
  async dropOn(onto: string, position: DropPosition = 'inside') {
    const saved = this.reorderSaved();
    // The rows may move while the pointer travels (the page scrolls near its edges), so the
    // pointer is aimed again at the row where it now is, until the row shows the wanted drop.
    await expect(async () => {
      const target = await this.row(onto).boundingBox();
      if (target === null) throw new Error(`${onto} is not shown`);
      const y = {
        before: target.y + 4,
        inside: target.y + target.height / 2,
        after: target.y + target.height - 4,
      }[position];
      await this.page.mouse.move(target.x + target.width / 2, y, { steps: 12 });
      await expect(this.row(onto)).toHaveAttribute('data-drop-position', position, {
        timeout: 1_500,
      });
    }).toPass({ timeout: 20_000 });
    await this.page.mouse.up();
    return saved;
  }

  /** The name of the folder whose row is at `y` in the window, if one is. */
  async folderAt(y: number): Promise<string | undefined> {
    return this.tree().evaluate((tree, at) => {
      const row = Array.from(tree.querySelectorAll('[data-folder-row]')).find((candidate) => {
        const rect = candidate.getBoundingClientRect();
        return rect.top <= at && rect.bottom >= at;
      });
      const label = row?.querySelector('[aria-label^="Drag "]')?.getAttribute('aria-label');
      return label?.slice('Drag '.length);
    }, y);
  }

  /** Waits until the page has stopped scrolling (a wheel scrolls it smoothly, over frames). */
  async scrollSettled() {
    const still = () =>
      this.page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const y = window.scrollY;
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY === y)));
          }),
      );
    await expect.poll(still).toBe(true);
  }

  /** Drags `name` by its handle with the mouse onto `onto`, then waits for the tree to reload. */
  async dragFolder(name: string, onto: string, position: DropPosition = 'inside') {
    await this.pickUp(name);
    return this.dropOn(onto, position);
  }

  /**
   * Picks `name` up with the keyboard, presses the arrow key until the announcement says it would
   * land where asked, and drops it there.
   */
  async keyboardDragFolder(
    name: string,
    onto: string,
    position: DropPosition,
    key: 'ArrowUp' | 'ArrowDown',
  ) {
    await this.handle(name).focus();
    await this.page.keyboard.press('Space');
    await expect(this.announcements()).toContainText(`Picked up ${name}.`);
    const wanted = `${name} will be placed ${position} ${onto}.`;
    for (let press = 0; press < 40; press += 1) {
      const before = (await this.announcements().textContent()) ?? '';
      if (before.includes(wanted)) break;
      await this.page.keyboard.press(key);
      // One step at a time: let the page render the move (two frames) before reading it again,
      // or a busy page is read stale and a second press overshoots.
      await this.page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
    }
    await expect(this.announcements()).toContainText(wanted);
    const saved = this.reorderSaved();
    await this.page.keyboard.press('Space');
    await expect(this.announcements()).toContainText(`${name} was placed ${position} ${onto}.`);
    return saved;
  }

  /** The reorder call a drop makes, with the body it sent, once the list has reloaded. */
  private async reorderSaved(): Promise<unknown> {
    const response = await this.page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/folders/reorder') && r.request().method() === 'POST',
    );
    expect(response.status()).toBe(200);
    return response.request().postDataJSON();
  }
}
