import { expect, test } from '@playwright/test';
import { AppShell } from '../pages/app-shell';
import { LandingPage } from '../pages/landing-page';
import { uniqueName } from './unique-name';

test('signs in from the landing page through the demo service and reaches the dashboard', async ({
  page,
}) => {
  const landing = new LandingPage(page);
  const shell = new AppShell(page);
  const name = uniqueName('Nina');
  await landing.open();
  await landing.signInAs(name);
  await expect(shell.displayName(name)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  // The short-lived token from the address was swapped for a long one and removed from the address.
  expect(page.url()).not.toContain('token=');
  const token = await shell.sessionToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test('the handed-over token dies once the app has swapped it', async ({ page, request }) => {
  const shell = new AppShell(page);
  const handedOver: string[] = [];
  page.on('request', (r) => {
    const token = new URL(r.url()).searchParams.get('token');
    if (token) handedOver.push(token);
  });
  await shell.signInQuicklyAs(uniqueName('Swap'));
  expect(handedOver).toHaveLength(1);
  const stale = await request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${handedOver[0]}` },
  });
  expect(stale.status()).toBe(401);
  const live = await request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${await shell.sessionToken()}` },
  });
  expect(live.status()).toBe(200);
});

test('sends a signed-out visitor from a signed-in route to the landing page', async ({ page }) => {
  await page.goto('/folders');
  await expect(page).toHaveURL(/\/$/);
  await expect(new LandingPage(page).signInButton()).toBeVisible();
});

test('sends a signed-in user from the landing page to the dashboard', async ({ page }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Back'));
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('stores a token from the address and goes to the dashboard', async ({ page, request }) => {
  // Sign in through the API alone to get a handed-over token, as the callback would.
  const chain = await request.get(
    `/api/v1/auth/login?login_hint=${encodeURIComponent(uniqueName('Addr'))}`,
    {
      maxRedirects: 0,
    },
  );
  let location = chain.headers().location ?? '';
  while (!location.includes('/auth/success')) {
    const next = await request.get(location, { maxRedirects: 0 });
    location = next.headers().location ?? '';
  }
  const token = new URL(location, 'http://x').searchParams.get('token');
  await page.goto(`/albums?token=${token}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(new AppShell(page).logoutButton()).toBeVisible();
});

test('asks before a sign-in for another user replaces the one signed in here', async ({ page }) => {
  const shell = new AppShell(page);
  const first = uniqueName('First');
  const second = uniqueName('Second');
  await shell.signInQuicklyAs(first);
  const signInAs = (name: string) =>
    page.goto(`/api/v1/auth/login?login_hint=${encodeURIComponent(name)}`);

  await signInAs(second);
  const prompt = page.getByRole('region', { name: 'Switch accounts?' });
  await expect(prompt).toContainText(
    `You are signed in as ${first}. This sign-in is for ${second}.`,
  );
  await expect(prompt.getByRole('button', { name: `Continue as ${second}` })).toBeFocused();
  await prompt.getByRole('button', { name: `Stay as ${first}` }).click();
  await page.waitForURL('**/dashboard');
  await expect(shell.displayName(first)).toBeVisible();

  await signInAs(second);
  await prompt.getByRole('button', { name: `Continue as ${second}` }).click();
  await page.waitForURL('**/dashboard');
  await expect(shell.displayName(second)).toBeVisible();
});

test('/auth/success with no token goes on to the dashboard for a signed-in user', async ({
  page,
}) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Succ'));
  await page.goto('/auth/success');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('logout ends the session and returns to the landing page', async ({ page, request }) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Bye'));
  const token = await shell.sessionToken();
  await shell.logoutButton().click();
  await expect(page).toHaveURL(/\/$/);
  expect(await shell.sessionToken()).toBe('');
  const me = await request.get('/api/v1/auth/me', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/$/);
});

test('a revoked session leads to the landing page with the expiry warning', async ({
  page,
  request,
}) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Revoked'));
  const token = await shell.sessionToken();
  // The session ends elsewhere (another tab logging out, an administrator).
  await request.post('/api/v1/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  // Saving the theme is the next call; a refresh the app made on its own may find out first.
  await Promise.race([
    shell
      .themeToggle()
      .click()
      .catch(() => undefined),
    // The app replaces one address with the next; a navigation cut short that way is not a failure.
    page.waitForURL(/\/(\?session_expired=true)?$/).catch(() => undefined),
  ]);
  await expect(page).toHaveURL(/\/$/);
  const landing = new LandingPage(page);
  await expect(landing.sessionExpiredWarning()).toBeVisible();
  expect(await shell.sessionToken()).toBe('');
  // The parameter is taken out of the address once read.
  expect(page.url()).not.toContain('session_expired');
});

test('the sidebar links every section and highlights the active one by path prefix', async ({
  page,
}) => {
  const shell = new AppShell(page);
  await shell.signInQuicklyAs(uniqueName('Nav'));
  const links = [
    'Dashboard',
    'Folders',
    'Albums',
    'Tags',
    'Genres',
    'Artists',
    'Advanced Search',
    'Maintenance',
  ];
  for (const name of links) await expect(shell.sidebarLink(name)).toBeVisible();
  await page.goto('/folders/12');
  await expect(shell.sidebarLink('Folders')).toHaveAttribute('aria-current', 'page');
  await expect(shell.sidebarLink('Albums')).not.toHaveAttribute('aria-current', 'page');
  await shell.sidebarLink('Maintenance').click();
  await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible();
});

test('the explore button scrolls to the features', async ({ page }) => {
  const landing = new LandingPage(page);
  await landing.open();
  await expect(landing.featuresSection()).not.toBeInViewport();
  await landing.exploreFeaturesButton().click();
  await expect(landing.featuresSection()).toBeInViewport();
  for (const feature of [
    'Nested folders',
    'Coloured tags',
    'Search and discovery',
    'Listening analytics',
    'Dark mode',
    'Private by design',
  ]) {
    await expect(landing.featuresSection().getByRole('heading', { name: feature })).toBeVisible();
  }
});
