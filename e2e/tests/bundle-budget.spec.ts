import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { uniqueName } from './unique-name';

/** What a first visit downloads, measured in the browser: gzip sizes of every script it loads. */
function countScripts(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(response.url(), gzipSync(await response.body()).length);
  });
  return () => [...sizes.values()].reduce((total, size) => total + size, 0);
}

const kB = 1000;

test('the landing page loads at most 120 kB of gzipped JavaScript', async ({ page }) => {
  const loaded = countScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded()).toBeGreaterThan(10 * kB);
  expect(loaded()).toBeLessThanOrEqual(120 * kB);
});

test('the signed-in shell with the albums screen loads at most 250 kB of gzipped JavaScript', async ({
  page,
}) => {
  const loaded = countScripts(page);
  await new AppShell(page).signInQuicklyAs(uniqueName('Budget'));
  await page.goto('/albums');
  await expect(page.getByRole('heading', { name: 'Albums', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loaded()).toBeLessThanOrEqual(250 * kB);
});
