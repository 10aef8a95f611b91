import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { uniqueName } from './unique-name';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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
