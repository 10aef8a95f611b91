import { expect, type Page } from '@playwright/test';
import { AlbumGrid } from './albums-page';

/** /genres: the search box, the heading with the count, and the genre cards. */
export class GenresPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Genres' });
  readonly searchBox = () => this.page.getByPlaceholder('Search genres...');
  readonly listHeading = () =>
    this.page.getByRole('heading', { level: 2, name: /^(All Genres \(\d+\)|Found \d+ genres)$/ });
  readonly cards = () => this.page.getByRole('list', { name: 'Genres' }).getByRole('link');
  readonly card = (name: string) => this.cards().filter({ hasText: new RegExp(`^${name}\\d`) });
  readonly bar = (name: string) => this.card(name).getByTestId('genre-bar');

  async open() {
    await this.page.goto('/genres');
    await expect(this.heading()).toBeVisible();
  }

  async search(text: string) {
    await this.searchBox().fill(text);
  }
}

/** /genres/{name}: back arrow, name, count and the album grid. */
export class GenreDetailPage {
  readonly grid: AlbumGrid;

  constructor(readonly page: Page) {
    this.grid = new AlbumGrid(page.getByRole('region', { name: /^Albums in / }));
  }

  readonly heading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly backArrow = () => this.page.getByRole('link', { name: 'Back to Genres' });

  async open(name: string) {
    await this.page.goto(`/genres/${encodeURIComponent(name)}`);
  }
}
