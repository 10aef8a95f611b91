/** The streaming service's web host; only its links can be opened in the desktop app. */
export const STREAMING_WEB_HOST = 'open.spotify.com';

export type StreamingLinkKind = 'album' | 'track' | 'artist';

export interface StreamingLink {
  kind: StreamingLinkKind;
  id: string;
}

const LINK_PATH = /^\/(?:intl-[a-z]{2}(?:-[a-z]{2})?\/)?(album|track|artist)\/([A-Za-z0-9]+)\/?$/i;

/**
 * SPEC §5: a link is recognised only as an album, track or artist link on the provider's web host
 * with an alphanumeric id (https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv). Anything else,
 * a search page included, is null.
 */
export function parseStreamingLink(url: string | null | undefined): StreamingLink | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.hostname.toLowerCase() !== STREAMING_WEB_HOST) return null;
  const match = LINK_PATH.exec(parsed.pathname);
  const kind = match?.[1]?.toLowerCase();
  const id = match?.[2];
  if (id === undefined || (kind !== 'album' && kind !== 'track' && kind !== 'artist')) return null;
  return { kind, id };
}

/** The desktop app's own address for a recognised link (spotify:album:4LH4d3cOWNNsVw41Gqt2kv). */
export function streamingAppUri(link: StreamingLink): string {
  return `spotify:${link.kind}:${link.id}`;
}
