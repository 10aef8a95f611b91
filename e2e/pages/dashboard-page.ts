import { expect, type Page } from '@playwright/test';

/** /dashboard: welcome, counts, quick actions and the recent albums. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  readonly statCard = (label: 'Albums' | 'Folders' | 'Tags') =>
    this.page
      .getByRole('region', { name: 'Collection statistics' })
      .getByRole('link')
      .filter({ hasText: label });
  readonly quickActions = () => this.page.getByRole('region', { name: 'Quick Actions' });
  readonly addAlbumButton = () => this.quickActions().getByRole('button', { name: 'Add Album' });
  readonly createFolderButton = () =>
    this.quickActions().getByRole('button', { name: 'Create Folder' });
  readonly recentAlbums = () => this.page.getByRole('region', { name: 'Recent Albums' });
  readonly recentCards = () =>
    this.recentAlbums().getByRole('list', { name: 'Recent albums' }).getByRole('link');
  readonly viewAll = () => this.recentAlbums().getByRole('link', { name: 'View all' });
  readonly chart = (title: string) => this.page.getByRole('region', { name: title, exact: true });
  readonly chartBars = (title: string) => this.chart(title).locator('.recharts-bar-rectangle');

  /** The chart's figures as a table, each row a link. */
  async showTable(title: string) {
    await this.chart(title).getByRole('button', { name: 'Show table' }).click();
    return this.chart(title).getByRole('table', { name: title });
  }

  async open() {
    await this.page.goto('/dashboard');
    await expect(this.page.getByRole('heading', { level: 1 })).toContainText('Welcome back');
  }

  async expectCount(label: 'Albums' | 'Folders' | 'Tags', count: number) {
    await expect(this.statCard(label)).toContainText(`${count}${label}`);
  }
}

/** The create and edit folder dialogs. */
export class FolderFormDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: /^(Create New|Edit) Folder$/ });
  readonly nameInput = () => this.dialog().getByLabel('Name', { exact: true });
  readonly descriptionInput = () => this.dialog().getByLabel('Description');
  readonly imageUrlInput = () => this.dialog().getByLabel('Image URL');
  readonly parentFilter = () => this.dialog().getByPlaceholder('Filter folders...');
  readonly parentTree = () => this.dialog().getByRole('tree', { name: 'Parent folders' });
  /** The box the parent tree scrolls in. */
  readonly parentScroller = () => this.parentTree().locator('..');
  readonly parentItem = (name: string) =>
    this.parentTree().getByRole('treeitem', { name, exact: true });
  readonly parentChoice = (name: string) =>
    this.parentTree().getByRole('button', { name, exact: true });
  readonly noParent = () => this.dialog().getByRole('button', { name: 'None (top level)' });
  readonly createButton = () => this.dialog().getByRole('button', { name: 'Create Folder' });
  readonly smartCheckbox = () => this.dialog().getByRole('checkbox', { name: /Smart folder/ });
  readonly queryInput = () => this.dialog().getByRole('textbox', { name: 'Query' });
  readonly addRule = () => this.dialog().getByRole('button', { name: 'Add rule' });
  readonly ruleField = (position: number) =>
    this.dialog().getByRole('combobox', { name: `Rule ${position} field` });
  readonly ruleOperator = (position: number) =>
    this.dialog().getByRole('combobox', { name: `Rule ${position} operator` });
  readonly ruleValue = (position: number) =>
    this.dialog().getByRole('textbox', { name: `Rule ${position} value` });
}
