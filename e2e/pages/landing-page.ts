import type { Page } from '@playwright/test';

/** The public front page and the demo service's sign-in form it leads to. */
export class LandingPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { level: 1 });
  readonly signInButton = () => this.page.getByRole('link', { name: 'Sign in to get started' });
  readonly exploreFeaturesButton = () =>
    this.page.getByRole('button', { name: 'Explore features' });
  readonly featuresSection = () => this.page.locator('#features');
  readonly sessionExpiredWarning = () =>
    this.page.getByText(
      'Your session has expired. Please log in again to continue using the application.',
    );

  async open(query = '') {
    await this.page.goto(`/${query}`);
  }

  /** Signs in through the landing page and the demo service's display-name form. */
  async signInAs(displayName: string) {
    await this.signInButton().click();
    await this.page.getByLabel('Display name').fill(displayName);
    await this.page.getByRole('button', { name: 'Allow and continue' }).click();
    await this.page.waitForURL('**/dashboard');
  }
}
