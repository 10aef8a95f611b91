import { expect, type Page } from '@playwright/test';

/** /folders/{id} and its add-albums dialog (folder mode). */
export class FolderPage {
  constructor(readonly page: Page) {}

  readonly addAlbumButton = () => this.page.getByRole('button', { name: 'Add Album', exact: true });
  readonly dialog = () => this.page.getByRole('dialog', { name: /^Add Albums to/ });
  readonly searchBox = () => this.dialog().getByRole('searchbox', { name: 'Search albums' });
  readonly searchButton = () => this.dialog().getByRole('button', { name: 'Search Albums' });
  readonly results = () => this.dialog().getByRole('list', { name: 'Albums found' });
  readonly result = (name: string) =>
    this.results().getByRole('listitem').filter({ hasText: name });

  async open(folderId: number) {
    await this.page.goto(`/folders/${folderId}`);
    await expect(this.addAlbumButton()).toBeVisible();
  }

  async addResult(name: string) {
    const row = this.result(name).first();
    await row.getByRole('button', { name: /^Add / }).click();
    await expect(this.result(name)).toHaveCount(0);
  }
}
