import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_LAUNCH_PROBE_MS,
  APP_LAUNCH_TIMEOUT_MS,
  type LaunchPort,
  openStreamingLink,
  prefersDesktopApp,
} from './open-streaming-link';

const ALBUM_LINK = 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv';

function fakeBrowser({ preference = null as string | null, focused = true } = {}) {
  let leave: (() => void) | null = null;
  const state = { hidden: false, focused };
  const port = {
    readPreference: () => preference,
    openInNewTab: vi.fn<(url: string) => void>(),
    launchApp: vi.fn<(uri: string) => void>(),
    isHidden: () => state.hidden,
    hasFocus: () => state.focused,
    onPageLeave: (listener: () => void) => {
      leave = listener;
      return () => {
        leave = null;
      };
    },
  } satisfies LaunchPort;
  return {
    port,
    state,
    /** The app comes to the front: the page blurs. */
    appTakesOver: () => {
      state.focused = false;
      leave?.();
    },
    listening: () => leave !== null,
  };
}

describe('prefersDesktopApp', () => {
  it('is true unless the stored text is "false"', () => {
    expect(prefersDesktopApp(null)).toBe(true);
    expect(prefersDesktopApp('true')).toBe(true);
    expect(prefersDesktopApp('FALSE')).toBe(true);
    expect(prefersDesktopApp('false')).toBe(false);
  });
});

describe('openStreamingLink', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tries the desktop app first and opens the browser after a second without an answer', () => {
    const browser = fakeBrowser();
    openStreamingLink(ALBUM_LINK, browser.port);
    expect(browser.port.launchApp).toHaveBeenCalledWith('spotify:album:4LH4d3cOWNNsVw41Gqt2kv');
    vi.advanceTimersByTime(APP_LAUNCH_TIMEOUT_MS - 1);
    expect(browser.port.openInNewTab).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(browser.port.openInNewTab).toHaveBeenCalledWith(ALBUM_LINK);
    expect(browser.listening()).toBe(false);
  });

  it('does not open the browser when the app takes over', () => {
    const browser = fakeBrowser();
    openStreamingLink(ALBUM_LINK, browser.port);
    vi.advanceTimersByTime(200);
    browser.appTakesOver();
    vi.advanceTimersByTime(APP_LAUNCH_TIMEOUT_MS);
    expect(browser.port.openInNewTab).not.toHaveBeenCalled();
  });

  it('notices at the 500 ms probe a page the app has hidden', () => {
    const browser = fakeBrowser();
    openStreamingLink(ALBUM_LINK, browser.port);
    vi.advanceTimersByTime(APP_LAUNCH_PROBE_MS - 100);
    browser.state.hidden = true;
    vi.advanceTimersByTime(100);
    browser.state.hidden = false; // back before the second is up
    vi.advanceTimersByTime(APP_LAUNCH_TIMEOUT_MS);
    expect(browser.port.openInNewTab).not.toHaveBeenCalled();
  });

  it('does not take a page that never had focus for one the app took', () => {
    const browser = fakeBrowser({ focused: false });
    openStreamingLink(ALBUM_LINK, browser.port);
    vi.advanceTimersByTime(APP_LAUNCH_TIMEOUT_MS);
    expect(browser.port.openInNewTab).toHaveBeenCalledWith(ALBUM_LINK);
  });

  it('goes straight to the browser when the stored preference is "false"', () => {
    const browser = fakeBrowser({ preference: 'false' });
    openStreamingLink(ALBUM_LINK, browser.port);
    expect(browser.port.launchApp).not.toHaveBeenCalled();
    expect(browser.port.openInNewTab).toHaveBeenCalledWith(ALBUM_LINK);
  });

  it('opens a link it does not recognise in a new tab at once', () => {
    const browser = fakeBrowser();
    const search = 'https://open.spotify.com/search/Miles%20Davis%20Kind%20of%20Blue';
    openStreamingLink(search, browser.port);
    expect(browser.port.launchApp).not.toHaveBeenCalled();
    expect(browser.port.openInNewTab).toHaveBeenCalledWith(search);
  });
});
