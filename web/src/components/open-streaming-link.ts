import { parseStreamingLink, streamingAppUri } from '@gatefold/contract/streaming-link';

/**
 * Local-storage key of the "open links in the desktop app" preference. Anything but the text
 * "false" (nothing stored included) means yes (SPEC §5).
 */
export const PREFER_DESKTOP_APP_KEY = 'gatefold.open_in_desktop_app';
/** SPEC §9: how long the desktop app has to answer before the browser opens the link. */
export const APP_LAUNCH_TIMEOUT_MS = 1000;
/** SPEC §9: when the page is first checked for having handed over to the app. */
export const APP_LAUNCH_PROBE_MS = 500;

/** The parts of the browser the opener touches, so tests can hand in fakes. */
export interface LaunchPort {
  readPreference: () => string | null;
  openInNewTab: (url: string) => void;
  launchApp: (appUri: string) => void;
  isHidden: () => boolean;
  hasFocus: () => boolean;
  /** Calls `listener` when the page is hidden or loses focus; returns the unsubscribe. */
  onPageLeave: (listener: () => void) => () => void;
}

export function prefersDesktopApp(stored: string | null): boolean {
  return stored !== 'false';
}

/**
 * SPEC §4: a recognised album, track or artist link goes to the desktop app first, when the
 * preference allows; if the page has not handed over to the app within a second (checked at
 * 500 ms and at 1 s), the link opens in the browser. Any other link opens in a new tab.
 */
export function openStreamingLink(url: string, port: LaunchPort = browserLaunchPort): void {
  const link = parseStreamingLink(url);
  if (link === null || !prefersDesktopApp(port.readPreference())) {
    port.openInNewTab(url);
    return;
  }
  let answered = false;
  const stopListening = port.onPageLeave(() => {
    answered = true;
  });
  // A page that loses focus or is hidden has handed over to the app. Focus counts only if the
  // page had it to begin with (a headless or embedded page may never have it).
  const focusedAtStart = port.hasFocus();
  const check = () => {
    if (port.isHidden() || (focusedAtStart && !port.hasFocus())) answered = true;
  };
  port.launchApp(streamingAppUri(link));
  const probe = setTimeout(check, APP_LAUNCH_PROBE_MS);
  setTimeout(() => {
    clearTimeout(probe);
    check();
    stopListening();
    if (!answered) port.openInNewTab(url);
  }, APP_LAUNCH_TIMEOUT_MS);
}

function readStoredPreference(): string | null {
  try {
    return window.localStorage.getItem(PREFER_DESKTOP_APP_KEY);
  } catch {
    return null; // storage blocked: the default (try the app) holds
  }
}

export const browserLaunchPort: LaunchPort = {
  readPreference: readStoredPreference,
  openInNewTab: (url) => {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
  launchApp: (appUri) => {
    // A registered app takes the spotify: address; without one the browser ignores it.
    window.location.href = appUri;
  },
  isHidden: () => document.visibilityState === 'hidden',
  hasFocus: () => document.hasFocus(),
  onPageLeave: (listener) => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') listener();
    };
    window.addEventListener('blur', listener);
    window.addEventListener('pagehide', listener);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('blur', listener);
      window.removeEventListener('pagehide', listener);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  },
};
