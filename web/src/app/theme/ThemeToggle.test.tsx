import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../AppProviders';
import { ThemeToggle } from './ThemeToggle';
import { THEME_STORAGE_KEY } from './theme';

const user = { id: 1, display_name: 'Maya', profile_image_url: null };

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function renderToggle() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <ThemeToggle />
    </AppProviders>,
  );
}

function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

/** A device colour scheme the test can flip, as matchMedia reports it. */
function fakeColorScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query.includes('dark') && dark;
    },
    media: query,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  }));
  return {
    change(toDark: boolean) {
      dark = toDark;
      const event = new Event('change');
      for (const listener of listeners) {
        listener(Object.assign(event, { matches: toDark, media: '(prefers-color-scheme: dark)' }));
      }
    },
  };
}

describe('ThemeToggle', () => {
  it('applies the next theme at once, stores it and saves it to the profile', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    const fetch = vi
      .spyOn(window, 'fetch')
      .mockImplementation(async () => jsonResponse(200, { ...user, theme_preference: 'dark' }));
    renderToggle();

    const toggle = screen.getByRole('button', { name: 'Theme: Light. Switch to dark theme' });
    await userEvent.click(toggle);

    expect(isDark()).toBe(true);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(toggle.getAttribute('aria-label')).toBe('Theme: Dark. Switch to system theme');
    await waitFor(() => expect(fetch).toHaveBeenCalledOnce());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/profile');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"theme_preference":"dark"}');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('restores the previous theme and shows the error when saving fails', async () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(window, 'fetch').mockImplementation(async () =>
      jsonResponse(500, { detail: 'The database is unavailable.' }),
    );
    renderToggle();

    await userEvent.click(screen.getByRole('button', { name: /^Theme: Light\./ }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The database is unavailable.');
    expect(isDark()).toBe(false);
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(screen.getByRole('button', { name: /^Theme: Light\./ })).toBeTruthy();
  });

  it('follows the device colour scheme live while the theme is system', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'system');
    const scheme = fakeColorScheme(false);
    renderToggle();
    expect(isDark()).toBe(false);

    act(() => scheme.change(true));
    expect(isDark()).toBe(true);
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(
      '#1f2937',
    );

    act(() => scheme.change(false));
    expect(isDark()).toBe(false);
  });
});
