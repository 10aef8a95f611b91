import { AUTH_TOKEN_STORAGE_KEY } from '@gatefold/contract/browser-session';

// Storage can be unavailable (blocked cookies, private modes); a missing token then means signed out.

export function readSessionToken(): string | null {
  try {
    const token = window.localStorage.getItem(AUTH_TOKEN_STORAGE_KEY);
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

export function storeSessionToken(token: string): void {
  try {
    window.localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, token);
  } catch (error) {
    console.error('Could not store the session token', error);
  }
}

export function clearSessionToken(): void {
  try {
    window.localStorage.removeItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    // Nothing stored means nothing to clear.
  }
}
