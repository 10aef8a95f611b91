import { describe, expect, it } from 'vitest';
import { parseStreamingLink, streamingAppUri } from './streaming-link';

describe('parseStreamingLink', () => {
  it.each([
    ['https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv', 'album', '4LH4d3cOWNNsVw41Gqt2kv'],
    [
      'https://open.spotify.com/track/7ouMYWpwJ422jRcDASZB7P?si=abc',
      'track',
      '7ouMYWpwJ422jRcDASZB7P',
    ],
    ['https://open.spotify.com/artist/0kbYTNQb4Pb1rPbbaF0pT4/', 'artist', '0kbYTNQb4Pb1rPbbaF0pT4'],
    [
      'https://open.spotify.com/intl-de/album/1weenld61qoidwYuZ1GESA',
      'album',
      '1weenld61qoidwYuZ1GESA',
    ],
  ])('recognises %s', (url, kind, id) => {
    expect(parseStreamingLink(url)).toEqual({ kind, id });
  });

  it.each([
    ['a search page', 'https://open.spotify.com/search/Miles%20Davis%20Kind%20of%20Blue'],
    ['a playlist', 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M'],
    ['another host', 'https://play.spotify.evil.example/album/4LH4d3cOWNNsVw41Gqt2kv'],
    ['a look-alike host', 'https://open.spotify.com.evil.example/album/4LH4d3cOWNNsVw41Gqt2kv'],
    ['an id with other characters', 'https://open.spotify.com/album/4LH4d3c-OWNN'],
    ['a nested path', 'https://open.spotify.com/album/4LH4d3cOWNNsVw41Gqt2kv/extra'],
    ['another scheme', 'javascript:alert(1)//open.spotify.com/album/abc'],
    ['not a link', 'album 4LH4d3cOWNNsVw41Gqt2kv'],
    ['nothing', null],
  ])('does not recognise %s', (_what, url) => {
    expect(parseStreamingLink(url)).toBeNull();
  });
});

describe('streamingAppUri', () => {
  it("is the desktop app's address for the link", () => {
    expect(streamingAppUri({ kind: 'track', id: 'abc123' })).toBe('spotify:track:abc123');
  });
});
