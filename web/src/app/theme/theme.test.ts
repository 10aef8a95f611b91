import { afterEach, describe, expect, it } from 'vitest';
import {
  applyTheme,
  nextTheme,
  parseTheme,
  readStoredTheme,
  resolveTheme,
  THEME_STORAGE_KEY,
} from './theme';

function themeColor(): string | null {
  return document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null;
}

describe('theme rules', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('cycles light, then dark, then system, then light again', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('system');
    expect(nextTheme('system')).toBe('light');
  });

  it('accepts only light, dark or system', () => {
    expect(parseTheme('dark')).toBe('dark');
    expect(parseTheme('system')).toBe('system');
    expect(parseTheme('Dark')).toBeNull();
    expect(parseTheme('blue')).toBeNull();
    expect(parseTheme(null)).toBeNull();
  });

  it('ignores a stored theme that is not one of the three', () => {
    window.localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(readStoredTheme()).toBeNull();
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(readStoredTheme()).toBe('light');
  });

  it('resolves system from the device scheme', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
  });

  it('applies dark with the class on <html> and the dark browser colour', () => {
    applyTheme('dark', false);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#1f2937');

    applyTheme('light', true);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(themeColor()).toBe('#ffffff');

    applyTheme('system', true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(themeColor()).toBe('#1f2937');
  });
});
