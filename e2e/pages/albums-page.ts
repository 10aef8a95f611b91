import { expect, type Locator, type Page } from '@playwright/test';

/** The album grid, wherever it is shown. */
export class AlbumGrid {
  constructor(readonly root: Locator) {}

  readonly sortSelect = () => this.root.getByLabel('Sort by');
  readonly filterBox = () => this.root.getByPlaceholder('Filter albums...');
  readonly cards = () => this.root.getByRole('list', { name: /albums/i }).getByRole('link');
  readonly card = (name: string) => this.cards().filter({ hasText: name });
  readonly count = () => this.root.getByText(/^\d+ albums?$/);
  readonly pagination = () => this.root.getByRole('navigation', { name: 'Pagination' });
  readonly pageButton = (page: number) =>
    this.pagination().getByRole('button', { name: `Page ${page}`, exact: true });
  readonly currentPage = () => this.pagination().locator('[aria-current="page"]');
  readonly previousButton = () => this.pagination().getByRole('button', { name: 'Previous' });
  readonly nextButton = () => this.pagination().getByRole('button', { name: 'Next' });

  async cardNames(): Promise<string[]> {
    return this.cards().locator('p.font-semibold').allTextContents();
  }

  async sortBy(label: string) {
    await this.sortSelect().selectOption({ label });
  }

  async filter(text: string) {
    await this.filterBox().fill(text);
  }

  async expectPageButtons(pages: number[]) {
    await expect(this.pagination().getByRole('button', { name: /^Page \d+$/ })).toHaveText(
      pages.map(String),
    );
  }
}

/** The catalogue search dialog (dashboard and albums list). */
export class AddAlbumDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: 'Add Album' });
  readonly searchBox = () => this.dialog().getByRole('searchbox', { name: 'Search albums' });
  readonly searchButton = () => this.dialog().getByRole('button', { name: /^Search/ });
  readonly results = () => this.dialog().getByRole('list', { name: 'Search results' });
  readonly result = (name: string) =>
    this.results().getByRole('listitem').filter({ hasText: name });

  async search(query: string) {
    await this.searchBox().fill(query);
    await this.searchButton().click();
  }

  async add(name: string) {
    await this.result(name).first().getByRole('button', { name: /^Add / }).click();
    await expect(this.result(name).first().getByText('In Collection')).toBeVisible();
  }
}

/** /albums: heading, Add Album, and the Your Albums card with the grid. */
export class AlbumsPage {
  readonly grid: AlbumGrid;
  readonly addAlbumDialog: AddAlbumDialog;

  constructor(readonly page: Page) {
    this.grid = new AlbumGrid(page.getByRole('region', { name: 'Your Albums' }));
    this.addAlbumDialog = new AddAlbumDialog(page);
  }

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Albums' });
  readonly addAlbumButton = () => this.page.getByRole('button', { name: 'Add Album' }).first();
  readonly yourAlbums = () => this.page.getByRole('region', { name: 'Your Albums' });

  async open(query = '') {
    await this.page.goto(`/albums${query}`);
    await expect(this.heading()).toBeVisible();
  }
}
