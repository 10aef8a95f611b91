import { expect, type Page } from '@playwright/test';
import { AlbumGrid } from './albums-page';

/** /tags: Your Tags with its filter, Trending Tags, and the tag dialogs. */
export class TagsPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Tags' });
  readonly newTagButton = () => this.page.getByRole('button', { name: 'New Tag' });
  readonly yourTags = () => this.page.getByRole('region', { name: 'Your Tags' });
  readonly trending = () => this.page.getByRole('region', { name: 'Trending Tags' });
  readonly filterBox = () => this.yourTags().getByPlaceholder('Filter tags...');
  readonly tagList = () => this.yourTags().getByRole('list', { name: 'Tags' });
  readonly tagCard = (name: string) =>
    this.tagList()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: new RegExp(`^${name} `) }) });
  readonly tagLink = (name: string) => this.tagCard(name).getByRole('link');
  readonly trendingLink = (name: string) =>
    this.trending().getByRole('link', { name: new RegExp(`^${name}`) });
  readonly formDialog = (title: 'Create New Tag' | 'Edit Tag') =>
    this.page.getByRole('dialog', { name: title });
  readonly successDialog = () => this.page.getByRole('dialog', { name: 'Success' });
  readonly errorDialog = () => this.page.getByRole('dialog', { name: 'Error' });
  readonly confirmForce = () => this.page.getByRole('alertdialog', { name: 'Delete Tag' });

  async open() {
    await this.page.goto('/tags');
    await expect(this.heading()).toBeVisible();
  }

  async createTag(name: string, color?: string) {
    await this.newTagButton().click();
    const dialog = this.formDialog('Create New Tag');
    await dialog.getByLabel('Tag Name').fill(name);
    if (color !== undefined) await dialog.getByLabel('Color').fill(color);
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(dialog).toBeHidden();
  }

  async editTag(name: string, newName: string) {
    await this.tagCard(name).getByRole('button', { name: 'Edit' }).click();
    const dialog = this.formDialog('Edit Tag');
    await expect(dialog.getByLabel('Tag Name')).toHaveValue(name);
    await dialog.getByLabel('Tag Name').fill(newName);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
  }

  async clickDelete(name: string) {
    await this.tagCard(name).getByRole('button', { name: 'Delete' }).click();
  }
}

/** /tags/{name}: the tag's heading, count, colour and album grid. */
export class TagDetailPage {
  readonly grid: AlbumGrid;

  constructor(readonly page: Page) {
    this.grid = new AlbumGrid(page.getByRole('region', { name: 'Albums' }));
  }

  readonly heading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly backLink = () =>
    this.page.getByRole('main').getByRole('link', { name: 'Tags', exact: true });
  readonly albumsCard = () => this.page.getByRole('region', { name: 'Albums' });

  async open(name: string) {
    await this.page.goto(`/tags/${encodeURIComponent(name)}`);
  }
}
