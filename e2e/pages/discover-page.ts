import { expect, type Page } from '@playwright/test';

/** /search: Discover New Music, its filters, results and the floating Search Log. */
export class DiscoverPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1, name: 'Discover New Music' });
  readonly discoverButton = () =>
    this.page.getByRole('button', {
      name: /^(Discover Albums|Searching the streaming service\.\.\.)$/,
    });
  readonly clearFiltersButton = () => this.page.getByRole('button', { name: 'Clear Filters' });
  readonly newReleasesButton = () => this.page.getByRole('button', { name: 'New Releases' });
  readonly genresInput = () => this.page.getByLabel(/^Genres/);
  readonly yearInput = () => this.page.getByLabel('Year or range');
  readonly countryInput = () => this.page.getByRole('combobox', { name: 'Country / Market' });
  readonly summary = () => this.page.getByText(/^Found \d+ albums in \d+ms$/);
  readonly resultsHeading = (title: 'Discovery Results' | 'New Releases') =>
    this.page.getByRole('heading', { level: 2, name: new RegExp(`^${title} \\(\\d+\\)$`) });
  readonly results = (title: 'Discovery Results' | 'New Releases' = 'Discovery Results') =>
    this.page.getByRole('list', { name: title }).getByRole('article');
  readonly emptyResult = () => this.page.getByText('No albums found');
  readonly recentSearch = (text: string) =>
    this.page
      .getByRole('region', { name: 'Recent searches' })
      .getByRole('button')
      .filter({ hasText: text });
  readonly logButton = () => this.page.getByRole('button', { name: /^Search Log \(\d+\)$/ });
  readonly logPanel = () => this.page.getByRole('region', { name: 'Search Log' });
  readonly logEntries = () =>
    this.logPanel().getByRole('list', { name: 'Search log entries' }).getByRole('listitem');

  async open() {
    await this.page.goto('/search');
    await expect(this.heading()).toBeVisible();
  }

  async chooseCountry(name: string) {
    await this.countryInput().fill(name);
    await this.page.getByRole('option', { name: new RegExp(`^${name} [A-Z]{2}$`) }).click();
  }

  async discover() {
    await this.discoverButton().click();
    await expect(this.discoverButton()).toHaveText('Discover Albums', { timeout: 20_000 });
  }

  /** Adds a result from its hover button and waits for its In Collection badge. */
  async addToCollection(index: number): Promise<string> {
    const card = this.results().nth(index);
    const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
    await card.hover();
    await card.getByRole('button', { name: /^\+ Add to Collection/ }).click();
    await expect(card.getByText('In Collection')).toBeVisible();
    return name;
  }

  async openLog() {
    await this.logButton().click();
    await expect(this.logPanel()).toBeVisible();
  }
}
