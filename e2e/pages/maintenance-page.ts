import { expect, type Page } from '@playwright/test';

/** /maintenance: library import, report, export and import, delete account. */
export class MaintenancePage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Maintenance' });
  readonly importLibraryButton = () =>
    this.page.getByRole('button', { name: /^(Import saved albums|Importing\.\.\.)$/ });
  readonly progress = () => this.page.getByRole('progressbar', { name: 'Library import progress' });
  readonly exportButton = (format: 'JSON' | 'CSV') =>
    this.page.getByRole('button', { name: `Export ${format}` });
  readonly importFileInput = () => this.page.getByLabel('Import a JSON export');
  readonly importSummary = () => this.page.getByText(/Imported \d+ albums \(/);
  readonly fileImportProgress = () =>
    this.page.getByRole('progressbar', { name: 'File import progress' });
  readonly deleteAccountButton = () =>
    this.page.getByRole('button', { name: 'Delete my account' }).first();
  readonly confirmDialog = () =>
    this.page.getByRole('alertdialog', { name: 'Delete your account?' });

  async open() {
    await this.page.goto('/maintenance');
    await expect(this.heading()).toBeVisible();
  }

  async importLibrary() {
    await this.importLibraryButton().click();
    await expect(this.progress()).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });
  }

  /** Downloads the export and answers where the file was saved. */
  async exportAs(format: 'JSON' | 'CSV'): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.exportButton(format).click();
    const file = await download;
    const path = await file.path();
    expect(file.suggestedFilename()).toMatch(new RegExp(`\\.${format.toLowerCase()}$`));
    return path;
  }

  async importFile(path: string) {
    await this.importFileInput().setInputFiles(path);
    await expect(this.importSummary()).toBeVisible({ timeout: 15_000 });
  }

  async deleteAccount() {
    await this.deleteAccountButton().click();
    await this.confirmDialog().getByRole('button', { name: 'Delete my account' }).click();
  }
}
