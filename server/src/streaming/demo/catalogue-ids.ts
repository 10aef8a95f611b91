import { createHash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A stable 22-character base62 id, shaped like Spotify's, derived from what the thing is. */
export function catalogueId(kind: 'album' | 'artist' | 'track', key: string): string {
  let value = BigInt(
    `0x${createHash('sha256').update(`${kind}:${key.toLowerCase()}`).digest('hex')}`,
  );
  let id = '';
  while (id.length < 22) {
    id = BASE62[Number(value % 62n)] + id;
    value /= 62n;
  }
  return id;
}
