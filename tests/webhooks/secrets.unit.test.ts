// db/secrets.ts alone (decisions §18): sealing and opening under a key ring, key ids, the key file,
// sealed secrets inside stored JSON, and the settings' parsing. No database, no server.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import {
  isSealed,
  openSecretsInJson,
  parseSecretKey,
  resealSecretsInJson,
  SecretKeyRing,
  sealSecretsInJson,
  secretKeyId,
  UnknownSecretKeyError,
} from '../../db/secrets.js';
import { parseEnv } from '../../server/main/env.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'wfm-secrets-unit-'));
  dirs.push(dir);
  return dir;
}

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const ring = (current: Buffer, previous: Buffer[] = []) => new SecretKeyRing({ current, previous, dataDir: tempDir() });

describe('sealing', () => {
  test('AES-256-GCM round trip; the sealed value names its key id and holds no whsec_; every seal differs', () => {
    const keys = ring(keyA);
    const sealed = keys.seal(SECRET);
    expect(sealed).toMatch(new RegExp(`^wfs1\\.${secretKeyId(keyA)}\\.[A-Za-z0-9+/]+=*$`));
    expect(sealed).not.toContain('whsec_');
    expect(isSealed(sealed)).toBe(true);
    expect(keys.seal(SECRET)).not.toBe(sealed);
    expect(keys.open(sealed)).toBe(SECRET);
    expect(keys.isCurrent(sealed)).toBe(true);
    // A secret in clear (stored before the migration) is taken as it is.
    expect(keys.open(SECRET)).toBe(SECRET);
  });

  test('a key id the ring does not hold: UnknownSecretKeyError naming it; an altered value does not open', () => {
    const sealed = ring(keyA).seal(SECRET);
    const other = ring(keyB);
    expect(() => other.open(sealed)).toThrow(UnknownSecretKeyError);
    expect(() => other.open(sealed)).toThrow(secretKeyId(keyA));
    const bytes = Buffer.from(sealed.split('.')[2] as string, 'base64');
    bytes[bytes.length - 1] ^= 1;
    const altered = `wfs1.${secretKeyId(keyA)}.${bytes.toString('base64')}`;
    expect(() => ring(keyA).open(altered)).toThrow(`key id ${secretKeyId(keyA)} does not decrypt`);
  });

  test('a rotation: the rotated ring seals under the new key and still opens the old', () => {
    const old = ring(keyA);
    const sealed = old.seal(SECRET);
    const rotated = old.rotatedTo(keyB);
    expect(rotated.currentKeyId).toBe(secretKeyId(keyB));
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.open(sealed)).toBe(SECRET);
    expect(rotated.open(rotated.seal(SECRET))).toBe(SECRET);
    // The previous key of a ring is read, not written.
    const withPrevious = ring(keyB, [keyA]);
    expect(withPrevious.open(sealed)).toBe(SECRET);
    expect(withPrevious.currentKeyId).toBe(secretKeyId(keyB));
  });

  test('secrets inside stored JSON: sealed and opened byte for byte; only whole whsec_ values', () => {
    const keys = ring(keyA);
    const body = JSON.stringify({
      data: { id: 'x', description: `say ":"${SECRET}" to "whsec_x"` },
      secret: SECRET,
      result: { data: { secret: SECRET } },
    });
    const stored = sealSecretsInJson(body, keys);
    // The secret stays only inside the description, where it is text, not a value.
    expect(stored.split(SECRET)).toHaveLength(2);
    expect(stored.match(/sealed_secret/g)).toHaveLength(2);
    expect(stored).toContain(JSON.stringify(`say ":"${SECRET}" to "whsec_x"`));
    expect(openSecretsInJson(stored, keys)).toBe(body);
    const resealed = resealSecretsInJson(stored, keys.rotatedTo(keyB));
    expect(resealed).not.toBe(stored);
    expect(openSecretsInJson(resealed, ring(keyB))).toBe(body);
    expect(sealSecretsInJson('{"data":{"id":"x"}}', keys)).toBe('{"data":{"id":"x"}}');
  });
});

describe('keys', () => {
  test('unset: a key file under DATA_DIR, created once (mode 0600), the same key for every ring on it', () => {
    const dataDir = tempDir();
    const first = new SecretKeyRing({ dataDir });
    expect(first.usesKeyFile).toBe(true);
    const sealed = first.seal(SECRET);
    const file = path.join(dataDir, 'secrets.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = new SecretKeyRing({ dataDir });
    expect(second.currentKeyId).toBe(first.currentKeyId);
    expect(second.open(sealed)).toBe(SECRET);
    expect(secretKeyId(parseSecretKey(readFileSync(file, 'utf8'), 'file'))).toBe(first.currentKeyId);
  });

  test('SECRETS_ENCRYPTION_KEY[_PREVIOUS]: 32 bytes in base64, else the process stops naming the setting', () => {
    const env = parseEnv({
      SECRETS_ENCRYPTION_KEY: keyB.toString('base64'),
      SECRETS_ENCRYPTION_KEY_PREVIOUS: keyA.toString('base64'),
      DATA_DIR: tempDir(),
    });
    expect(env.secretKeys.usesKeyFile).toBe(false);
    expect(env.secretKeys.currentKeyId).toBe(secretKeyId(keyB));
    expect(env.secretKeys.open(ring(keyA).seal(SECRET))).toBe(SECRET);
    for (const bad of ['short', randomBytes(16).toString('base64'), `${keyA.toString('base64')}!`]) {
      expect(() => parseEnv({ SECRETS_ENCRYPTION_KEY: bad })).toThrow(
        /SECRETS_ENCRYPTION_KEY: SECRETS_ENCRYPTION_KEY must be 32 bytes in base64/,
      );
      expect(() => parseEnv({ SECRETS_ENCRYPTION_KEY_PREVIOUS: bad })).toThrow(
        /SECRETS_ENCRYPTION_KEY_PREVIOUS must be 32 bytes/,
      );
    }
  });
});
