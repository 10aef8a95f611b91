import { randomBytes } from 'node:crypto';

/** Each test signs in as a user of its own, so tests running side by side share nothing. */
export const uniqueName = (base: string) => `${base} ${randomBytes(3).toString('hex')}`;
