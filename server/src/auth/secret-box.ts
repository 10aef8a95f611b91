import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Encrypts what must be stored but never shown (streaming tokens) and signs what must not be forged. */
export type SecretBox = {
  seal(plaintext: string): string;
  open(sealed: string): string;
  sign(payload: string): string;
  verify(signed: string): string | undefined;
};

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The secret key must be 32 bytes.');
  const encryptionKey = createHmac('sha256', key).update('gatefold:encrypt').digest();
  const signingKey = createHmac('sha256', key).update('gatefold:sign').digest();
  const mac = (payload: string) => createHmac('sha256', signingKey).update(payload).digest();

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return ['v1', encode(iv), encode(cipher.getAuthTag()), encode(body)].join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !body) throw new Error('Not a sealed value.');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, decode(iv));
      decipher.setAuthTag(decode(tag));
      return Buffer.concat([decipher.update(decode(body)), decipher.final()]).toString('utf8');
    },
    sign(payload) {
      return `${encode(Buffer.from(payload))}.${encode(mac(payload))}`;
    },
    verify(signed) {
      const [body, signature] = signed.split('.');
      if (!body || !signature) return undefined;
      const payload = decode(body).toString('utf8');
      const expected = mac(payload);
      const given = decode(signature);
      return given.length === expected.length && timingSafeEqual(given, expected)
        ? payload
        : undefined;
    },
  };
}

/** The key from SECRET_KEY, or one generated once into the data folder (readable by us alone). */
export function loadSecretKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  }
}

const encode = (bytes: Buffer) => bytes.toString('base64url');
const decode = (text: string) => Buffer.from(text, 'base64url');
