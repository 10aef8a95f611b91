import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { uniqueName } from './unique-name';

test('cycles light, dark, system and keeps the choice across reloads and in the profile', async ({
  page,
  request,
}) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Theme'));
  const html = page.locator('html');
  const themeColor = page.locator('meta[name="theme-color"]');

  await shell.chooseTheme('Light');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(themeColor).toHaveAttribute('content', '#ffffff');

  await shell.themeToggle().click();
  await expect(shell.themeToggle()).toHaveAttribute('aria-label', /^Theme: Dark\./);
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(themeColor).toHaveAttribute('content', '#1f2937');
  await expect
    .poll(async () => {
      const me = await request.get('/api/v1/auth/me', {
        headers: { authorization: `Bearer ${await shell.sessionToken()}` },
      });
      return (await me.json()).theme_preference;
    })
    .toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(shell.themeToggle()).toHaveAttribute('aria-label', /^Theme: Dark\./);

  await shell.themeToggle().click();
  await expect(shell.themeToggle()).toHaveAttribute('aria-label', /^Theme: System\./);
  await shell.themeToggle().click();
  await expect(shell.themeToggle()).toHaveAttribute('aria-label', /^Theme: Light\./);
});

test('the system theme follows the device colour scheme as it changes', async ({ page }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('System'));
  await shell.chooseTheme('System');
  const html = page.locator('html');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('applies the theme saved in the profile when signing in on a new device', async ({
  browser,
}) => {
  const name = uniqueName('Roam');
  const first = await browser.newPage();
  const firstShell = new AppShell(first);
  await firstShell.signInQuicklyAs(name);
  await firstShell.chooseTheme('Dark');
  await first.close();

  const second = await browser.newPage({ colorScheme: 'light' });
  await new AppShell(second).signInQuicklyAs(name);
  await expect(second.locator('html')).toHaveClass(/\bdark\b/);
  await second.close();
});

test('reverts the theme when saving it fails', async ({ page }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Revert'));
  await shell.chooseTheme('Light');
  await page.route('**/api/v1/auth/profile', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"detail":"Disk full."}',
    }),
  );
  await shell.themeToggle().click();
  await expect(shell.themeToggle()).toHaveAttribute('aria-label', /^Theme: Light\./);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('alert')).toContainText('Disk full.');
});
