import { expect, type Page } from '@playwright/test';

/** The signed-in frame: top bar (theme toggle, user, logout) and the Library sidebar. */
export class AppShell {
  constructor(readonly page: Page) {}

  readonly sidebar = () => this.page.getByRole('navigation', { name: 'Library' });
  readonly sidebarLink = (name: string) => this.sidebar().getByRole('link', { name, exact: true });
  readonly themeToggle = () => this.page.getByRole('button', { name: /^Theme: / });
  readonly logoutButton = () => this.page.getByRole('button', { name: 'Logout' });
  readonly globalSearch = () =>
    this.page.getByRole('banner').getByRole('searchbox', { name: 'Search albums' });
  readonly displayName = (name: string) => this.page.getByRole('banner').getByText(name);

  /** Signs in without the form: the demo service takes a login hint. */
  async signInQuicklyAs(displayName: string) {
    await this.page.goto(`/api/v1/auth/login?login_hint=${encodeURIComponent(displayName)}`);
    await this.page.waitForURL('**/dashboard');
    // Four redirects, a token swap and the first screen: on a busy two-core machine that has
    // taken longer than an expectation's usual 7 s.
    await expect(this.logoutButton()).toBeVisible({ timeout: 20_000 });
  }

  async sessionToken(): Promise<string> {
    return this.page.evaluate(() => localStorage.getItem('auth_token') ?? '');
  }

  /** Cycles the theme until it reads `theme`, waiting for each save to finish. */
  async chooseTheme(theme: 'Light' | 'Dark' | 'System') {
    for (let clicks = 0; clicks < 3; clicks += 1) {
      if ((await this.themeToggle().getAttribute('aria-label'))?.startsWith(`Theme: ${theme}.`))
        return;
      const saved = this.page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/profile'));
      await this.themeToggle().click();
      await saved;
    }
    await expect(this.themeToggle()).toHaveAttribute(
      'aria-label',
      new RegExp(`^Theme: ${theme}\\.`),
    );
  }
}
