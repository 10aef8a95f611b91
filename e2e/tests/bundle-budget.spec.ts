import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { uniqueName } from './unique-name';

const kB = 1000;

/** The scripts a page loads, by address; their gzipped sizes are summed once it has settled. */
function recordScripts(page: Page) {
  const urls = new Set<string>();
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.add(request.url());
  });
  return async () => {
    let total = 0;
    for (const url of urls) total += gzipSync(await (await page.request.get(url)).body()).length;
    return total;
  };
}

test('the landing page loads at most 120 kB of gzipped JavaScript', async ({ page }) => {
  const gzippedScripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const total = await gzippedScripts();
  expect(total).toBeGreaterThan(10 * kB);
  expect(total).toBeLessThanOrEqual(120 * kB);
});

test('the signed-in shell with the albums screen loads at most 250 kB of gzipped JavaScript', async ({
  page,
  context,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Budget'));
  // A fresh tab of the signed-in browser opens the albums screen from its address.
  const albums = await context.newPage();
  const gzippedScripts = recordScripts(albums);
  await albums.goto('/albums');
  await expect(albums.getByRole('heading', { name: 'Albums', level: 1 })).toBeVisible();
  await albums.waitForLoadState('networkidle');
  const total = await gzippedScripts();
  expect(total).toBeGreaterThan(120 * kB);
  expect(total).toBeLessThanOrEqual(250 * kB);
});

test('the charts come in a chunk of their own, which only the dashboard loads', async ({
  page,
  context,
}) => {
  await new AppShell(page).signInQuicklyAs(uniqueName('Budget'));
  const tab = await context.newPage();
  const scripts: string[] = [];
  tab.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const isChartChunk = (path: string) => /\/CollectionCharts-[\w-]+\.js$/.test(path);
  await tab.goto('/albums');
  await expect(tab.getByRole('heading', { name: 'Albums', level: 1 })).toBeVisible();
  await tab.waitForLoadState('networkidle');
  expect(scripts.filter(isChartChunk)).toEqual([]);

  await tab.getByRole('link', { name: 'Dashboard' }).click();
  await expect(tab.getByRole('heading', { level: 1 })).toContainText('Welcome back');
  await expect.poll(() => scripts.filter(isChartChunk).length).toBe(1);
});
