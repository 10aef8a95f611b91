import { expect, type Page } from '@playwright/test';

/** /artists: search, sort, the card grid, the pager and the three stat cards. */
export class ArtistsPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Artists' });
  readonly searchBox = () => this.page.getByPlaceholder('Search artists...');
  readonly sortSelect = () => this.page.getByLabel('Sort by');
  readonly cards = () => this.page.getByRole('list', { name: 'Artists' }).getByRole('link');
  readonly card = (name: string) => this.cards().filter({ hasText: name });
  readonly pagination = () => this.page.getByRole('navigation', { name: 'Pagination' });
  readonly pageButton = (page: number) =>
    this.pagination().getByRole('button', { name: `Page ${page}`, exact: true });
  readonly stat = (label: string | RegExp) =>
    this.page.locator('div.rounded-2xl').filter({ hasText: label }).locator('span.text-3xl');

  async open(query = '') {
    await this.page.goto(`/artists${query}`);
    await expect(this.heading()).toBeVisible();
  }

  async cardNames(): Promise<string[]> {
    return this.cards().locator('p.font-semibold').allTextContents();
  }
}

/** /artists/{key}: the artist, stats, timeline, chips and albums. */
export class ArtistDetailPage {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { level: 1, name });
  readonly stat = (label: string) =>
    this.page
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}$`) })
      .locator('xpath=..')
      .getByRole('definition');
  readonly albums = () => this.page.getByRole('region', { name: /^Albums/ });
  readonly albumCards = () =>
    this.page.getByRole('list', { name: 'Artist albums' }).getByRole('link');
  readonly genreChip = (name: string) =>
    this.page.getByRole('list', { name: 'Artist genres' }).getByRole('link', { name });
  readonly tagChip = (name: string) =>
    this.page.getByRole('list', { name: 'Artist tags' }).getByRole('link', { name });

  async open(key: string) {
    await this.page.goto(`/artists/${encodeURIComponent(key)}`);
  }
}
