import { createHash, randomBytes } from 'node:crypto';

/**
 * What a credential's token is (decisions §3): `<prefix>_<kind>_` and 40 random base62 characters,
 * stored only as its SHA-256, shown by its first characters. No database: the writes make tokens
 * with these, the lookup (credentials.reads.ts) hashes what a request presents.
 */

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SECRET_LENGTH = 40;

export type CredentialKind = 'live' | 'test' | 'at' | 'rt' | 'client' | 'secret';

/** `<prefix>_<kind>_` followed by 40 random base62 characters (unbiased: bytes ≥ 248 are redrawn). */
export function generateToken(prefix: string, kind: CredentialKind): string {
  let out = '';
  while (out.length < SECRET_LENGTH) {
    for (const byte of randomBytes(SECRET_LENGTH)) {
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return `${prefix}_${kind}_${out}`;
}

/** Secrets are stored only as SHA-256 of the whole token (decisions §3). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** What a token is shown by (a key's listing): its prefix, kind and first four random characters. */
export function displayPrefix(token: string): string {
  return token.slice(0, token.lastIndexOf('_') + 5);
}
