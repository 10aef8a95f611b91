import { AUTH_TOKEN_STORAGE_KEY } from '@gatefold/contract/browser-session';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from './AppProviders';
import { appRoutes } from './routes';
import { THEME_STORAGE_KEY } from './theme/theme';

const maya = {
  id: 1,
  display_name: 'Maya',
  profile_image_url: 'https://images.example/maya.jpg',
  theme_preference: 'light',
};

function jsonResponse(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** The server: the current user, and 204 for logout. */
function fakeServer(user: object = maya) {
  return vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    if (input === '/api/v1/auth/me') return jsonResponse(200, user);
    if (input === '/api/v1/auth/logout') return jsonResponse(204);
    return jsonResponse(404, { detail: 'Not found.' });
  });
}

function renderApp(address: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [address] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function signIn() {
  window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'session-token');
}

describe('app routes', () => {
  it('sends a signed-out visitor from a signed-in screen to the landing page', async () => {
    const router = renderApp('/albums');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Your album collection, beautifully organised.',
      }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends a signed-in user from the landing page to the dashboard', async () => {
    signIn();
    fakeServer();
    const router = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Maya' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends /auth/success to the dashboard', async () => {
    signIn();
    fakeServer();
    const router = renderApp('/auth/success');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Maya' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the shell with the user, and the screen for a nested path', async () => {
    signIn();
    const server = fakeServer();
    renderApp('/folders/12');

    // The fake server knows no folder 12, so the folder screen says so.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Folder not found.' }),
    ).toBeTruthy();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Gatefold')).toBeTruthy();
    expect(within(banner).getByText('Maya')).toBeTruthy();
    expect(within(banner).getByRole('img', { name: 'Avatar of Maya' })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: /^Theme: Light\./ })).toBeTruthy();
    expect(within(banner).getByRole('button', { name: 'Logout' })).toBeTruthy();
    const library = screen.getByRole('navigation', { name: 'Library' });
    expect(
      within(library).getByRole('link', { name: 'Folders' }).getAttribute('aria-current'),
    ).toBe('page');
    const [, init] = server.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer session-token');
  });

  it("applies the user's saved theme once the user is loaded", async () => {
    signIn();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    fakeServer({ ...maya, theme_preference: 'dark' });
    renderApp('/dashboard');

    await screen.findByRole('heading', { name: 'Welcome back, Maya' });
    await waitFor(() => expect(document.documentElement.classList.contains('dark')).toBe(true));
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it('drops a token the server refuses when loading the user', async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => {}); // jsdom cannot follow the redirect
    vi.spyOn(window, 'fetch').mockImplementation(async () =>
      jsonResponse(401, { detail: 'Session expired.' }),
    );
    renderApp('/albums');

    expect(await screen.findByText('Signing you in again…')).toBeTruthy();
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['/maintenance', 'Maintenance'],
    ['/search', 'Discover New Music'],
    ['/genres', 'Genres'],
    ['/artists/Nina%20Simone', 'Artist Not Found'],
  ])('renders %s with its heading', async (path, heading) => {
    signIn();
    fakeServer();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('logs out: tells the server, forgets the token and returns to the landing page', async () => {
    signIn();
    const server = fakeServer();
    const router = renderApp('/tags');

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.mock.calls.some(([url]) => url === '/api/v1/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY)).toBeNull();
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeTruthy();
  });
});
