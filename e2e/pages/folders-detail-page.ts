import { expect, type Page } from '@playwright/test';
import { FolderFormDialog } from './dashboard-page';

/** /folders/{id}: the folder, its albums, its subfolders, and their dialogs. */
export class FolderDetailPage {
  readonly form: FolderFormDialog;

  constructor(readonly page: Page) {
    this.form = new FolderFormDialog(page);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly backLink = () => this.page.getByRole('link', { name: 'Back to Folders' });
  readonly breadcrumb = () => this.page.getByRole('navigation', { name: 'Breadcrumb' });
  readonly addAlbumButton = () => this.page.getByRole('button', { name: 'Add Album', exact: true });
  readonly editButton = () => this.page.getByRole('button', { name: 'Edit', exact: true });
  readonly addDescription = () => this.page.getByRole('button', { name: 'Add one?' });
  readonly albums = () => this.page.getByRole('region', { name: 'Albums in this Folder' });
  readonly albumCards = () =>
    this.albums().getByRole('list', { name: 'Albums in this folder' }).getByRole('link');
  readonly subfolders = () => this.page.getByRole('region', { name: 'Subfolders' });
  readonly subfolderTree = () => this.subfolders().getByRole('tree', { name: 'Subfolders' });
  readonly removeConfirm = () =>
    this.page.getByRole('alertdialog', { name: 'Remove Album from Folder' });
  readonly addAlbumsDialog = () => this.page.getByRole('dialog', { name: /^Add Albums to/ });

  async open(folderId: number) {
    await this.page.goto(`/folders/${folderId}`);
    await expect(this.page.getByText('Loading folder...')).toBeHidden();
  }

  async removeAlbum(name: string) {
    await this.albums()
      .getByRole('button', { name: `Remove ${name} from folder` })
      .click();
    await expect(this.removeConfirm()).toContainText('The album itself will not be deleted.');
    await this.removeConfirm().getByRole('button', { name: 'Remove' }).click();
    await expect(this.removeConfirm()).toBeHidden();
  }
}
