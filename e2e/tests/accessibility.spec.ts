import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { seriousViolations } from './serious-violations';
import { uniqueName } from './unique-name';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`in ${colorScheme} mode`, () => {
    test.use({ colorScheme });

    test('the landing page has no serious accessibility violations', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the signed-in shell has no serious accessibility violations', async ({ page }) => {
      const shell = new AppShell(page);
      await shell.signInQuicklyAs(uniqueName('Axe'));
      await shell.chooseTheme(colorScheme === 'dark' ? 'Dark' : 'Light');
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
