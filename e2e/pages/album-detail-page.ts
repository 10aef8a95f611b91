import { expect, type Page } from '@playwright/test';

/** /albums/{id}: the album, its tags, genres, tracks and folders, and their dialogs. */
export class AlbumDetailPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly section = (name: string) => this.page.getByRole('region', { name });
  readonly tagChips = () => this.section('Tags').getByRole('list', { name: 'Album tags' });
  readonly addTagButton = () => this.section('Tags').getByRole('button', { name: 'Add Tag' });
  readonly addToFolderButton = () => this.page.getByRole('button', { name: 'Add to Folder' });
  readonly openInSpotify = () => this.page.getByRole('link', { name: 'Open in Spotify' });
  readonly deleteButton = () => this.page.getByRole('button', { name: 'Delete Album' });
  readonly confirmDialog = (title: string) => this.page.getByRole('alertdialog', { name: title });
  readonly tagDialog = () => this.page.getByRole('dialog', { name: 'Add Tag' });
  readonly tagNameInput = () => this.tagDialog().getByLabel('Tag Name');
  readonly folderDialog = () => this.page.getByRole('dialog', { name: 'Add to Folder' });
  readonly folderPicker = () => this.folderDialog().getByRole('tree', { name: 'Folders' });

  async open(albumId: number) {
    await this.page.goto(`/albums/${albumId}`);
    await expect(this.page.getByText('Loading album...')).toBeHidden();
  }

  async addTag(typed: string, expectedButton: string) {
    await this.addTagButton().click();
    await expect(this.tagNameInput()).toBeFocused();
    await this.tagNameInput().fill(typed);
    await expect(this.tagDialog().getByRole('button', { name: expectedButton })).toBeVisible();
    await this.tagNameInput().press('Enter');
    await expect(this.tagDialog()).toBeHidden();
  }

  async removeTag(name: string) {
    await this.section('Tags')
      .getByRole('button', { name: `Remove tag ${name}` })
      .click();
    await this.confirmDialog('Remove Tag').getByRole('button', { name: 'Remove' }).click();
    await expect(this.confirmDialog('Remove Tag')).toBeHidden();
  }

  async addToFolder(folderName: string) {
    await this.addToFolderButton().click();
    const dialog = this.folderDialog();
    const add = dialog.getByRole('button', { name: 'Add to Folder' });
    await expect(add).toBeDisabled();
    await dialog.getByRole('button', { name: folderName, exact: true }).click();
    await add.click();
    await expect(dialog).toBeHidden();
  }

  async removeFromFolder(folderName: string) {
    await this.section('Folders')
      .getByRole('button', { name: `Remove from ${folderName}` })
      .click();
    await this.confirmDialog('Remove from Folder').getByRole('button', { name: 'Remove' }).click();
    await expect(this.confirmDialog('Remove from Folder')).toBeHidden();
  }
}
