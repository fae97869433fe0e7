/**
 * Secrets at rest (decisions §18): AES-256-GCM sealing under a key ring (the current key, and older
 * ones still readable during a key rotation), each sealed value naming its key's id. Not where
 * secrets are made or used (routers/webhooks/), nor where the settings are read (server/main/env.ts).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The key file under DATA_DIR used when SECRETS_ENCRYPTION_KEY is unset (created on first use, mode 0600). */
const KEY_FILE = 'secrets.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/**
 * A sealed value: `wfs1.<key id>.<base64 of iv, tag, ciphertext>`. Standard base64 has no `_`, so
 * no sealed value can contain `whsec_`.
 */
const SEALED = /^wfs1\.([0-9a-f]{12})\.([A-Za-z0-9+/]+={0,2})$/;

/** A 32-byte key from its base64; anything else throws, naming `setting`. */
export function parseSecretKey(value: string, setting: string): Buffer {
  const text = value.trim();
  const key = Buffer.from(text, 'base64');
  if (!BASE64.test(text) || key.length !== KEY_BYTES) {
    throw new Error(`${setting} must be ${KEY_BYTES} bytes in base64 (make one with: openssl rand -base64 32)`);
  }
  return key;
}

/** A key's id: the first 12 hex digits of a SHA-256 of it (it says which key, and nothing of the key). */
export function secretKeyId(key: Buffer): string {
  return createHash('sha256').update('workforce secrets key id\n').update(key).digest('hex').slice(0, 12);
}

/** A sealed value names a key this node does not hold: that value cannot be used here. */
export class UnknownSecretKeyError extends Error {
  constructor(readonly keyId: string) {
    super(
      `the secret is encrypted under key id ${keyId}, which this node does not hold ` +
        '(SECRETS_ENCRYPTION_KEY, SECRETS_ENCRYPTION_KEY_PREVIOUS or the key file under DATA_DIR)',
    );
    this.name = 'UnknownSecretKeyError';
  }
}

/** Whether `value` is sealed (rather than a secret in clear, as stored before the migration). */
export function isSealed(value: string): boolean {
  return SEALED.test(value);
}

/** The key id a sealed value names; undefined for a value in clear. */
function sealedKeyId(value: string): string | undefined {
  return SEALED.exec(value)?.[1];
}

/**
 * Reads the key file, or creates it (atomically: two nodes starting at once end up with one key);
 * `onCreated` is told when this call made it.
 */
function keyFromFile(file: string, onCreated?: (file: string) => void): Buffer {
  try {
    return parseSecretKey(readFileSync(file, 'utf8'), `The key file ${file}`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  let created = false;
  try {
    linkSync(draft, file);
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(draft);
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'), `The key file ${file}`);
  if (created) onCreated?.(file);
  return key;
}

/** Where a ring's keys come from: the settings, else the key file under `dataDir`. */
export interface SecretKeySource {
  /** SECRETS_ENCRYPTION_KEY; absent: the key file under dataDir. */
  current?: Buffer;
  /** Keys still read but no longer written (SECRETS_ENCRYPTION_KEY_PREVIOUS). */
  previous?: readonly Buffer[];
  dataDir: string;
  /** Told the key file's path when this ring creates it (the CLI says so: decisions §21). */
  onKeyFileCreated?: (file: string) => void;
}

/**
 * The keys of one process: seals under the current key, opens under any key it holds. The key file
 * is read (or created) on first use. Passed to whoever seals or opens (server/main/env.ts builds it
 * with the settings); never a module-level singleton.
 */
export class SecretKeyRing {
  #keys: Map<string, Buffer> | undefined;
  #currentId = '';

  constructor(private readonly source: SecretKeySource) {}

  /** Whether the current key is the key file's (SECRETS_ENCRYPTION_KEY unset). */
  get usesKeyFile(): boolean {
    return this.source.current === undefined;
  }

  get keyFile(): string {
    return path.resolve(this.source.dataDir, KEY_FILE);
  }

  /** The id of the key new values are sealed under (reads or creates the key file when it is the key). */
  get currentKeyId(): string {
    this.keys();
    return this.#currentId;
  }

  private keys(): Map<string, Buffer> {
    if (!this.#keys) {
      const current = this.source.current ?? keyFromFile(this.keyFile, this.source.onKeyFileCreated);
      this.#currentId = secretKeyId(current);
      this.#keys = new Map([...(this.source.previous ?? []).map((k) => [secretKeyId(k), k] as const)]);
      this.#keys.set(this.#currentId, current);
    }
    return this.#keys;
  }

  /** `plain` sealed under the current key. */
  seal(plain: string): string {
    const key = this.keys().get(this.#currentId) as Buffer;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`wfs1.${this.#currentId}`));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `wfs1.${this.#currentId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /**
   * The clear text of a sealed value; a value in clear (written before the migration) is returned as
   * is. Throws UnknownSecretKeyError for a key it does not hold, and an error naming the key id for a
   * value that does not authenticate.
   */
  open(value: string): string {
    const match = SEALED.exec(value);
    if (!match) return value;
    const [, keyId, data] = match as unknown as [string, string, string];
    const key = this.keys().get(keyId);
    if (!key) throw new UnknownSecretKeyError(keyId);
    const bytes = Buffer.from(data, 'base64');
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(`wfs1.${keyId}`));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`a secret sealed under key id ${keyId} does not decrypt (altered, or another key of that id)`);
    }
  }

  /** Whether `value` is sealed under the current key (a key rotation has nothing left to do for it). */
  isCurrent(value: string): boolean {
    return sealedKeyId(value) === this.currentKeyId;
  }

  /** A ring that seals under `key` and still opens everything this one opens: a key rotation's. */
  rotatedTo(key: Buffer): SecretKeyRing {
    return new SecretKeyRing({ current: key, previous: [...this.keys().values()], dataDir: this.source.dataDir });
  }
}

/**
 * The ring as the process would build it from `variables` (SECRETS_ENCRYPTION_KEY[_PREVIOUS], else the
 * key file under dataDir): for a migration run on an ORM opened without a parsed environment.
 */
export function secretKeysFromVariables(variables: NodeJS.ProcessEnv, dataDir: string): SecretKeyRing {
  const key = (name: string) => {
    const value = variables[name];
    return value ? parseSecretKey(value, name) : undefined;
  };
  const previous = key('SECRETS_ENCRYPTION_KEY_PREVIOUS');
  return new SecretKeyRing({ current: key('SECRETS_ENCRYPTION_KEY'), previous: previous ? [previous] : [], dataDir });
}

/** The MikroORM extension name under which db/orm.ts registers the ring, for the migrations. */
export const SECRET_KEYS_EXTENSION = 'workforce:secretKeys';

/**
 * A JSON string value (after a `:`) that is a webhook secret in clear. Inside a JSON string a `"` is
 * always escaped, so `:"` starts a value, and the closing quote follows a base64 character.
 */
const CLEAR_IN_JSON = /:"(whsec_[A-Za-z0-9+/]+={0,2})"/g;
/** What CLEAR_IN_JSON becomes in stored text: an object no response of the API has. */
const SEALED_IN_JSON = /:\{"sealed_secret":"(wfs1\.[0-9a-f]{12}\.[A-Za-z0-9+/]+={0,2})"\}/g;

/** JSON text (a stored response) with every `whsec_` value sealed; the same text when it has none. */
export function sealSecretsInJson(text: string, keys: SecretKeyRing): string {
  return text.replace(CLEAR_IN_JSON, (_, secret: string) => `:{"sealed_secret":"${keys.seal(secret)}"}`);
}

/** The inverse of sealSecretsInJson, byte for byte (throws as SecretKeyRing.open does). */
export function openSecretsInJson(text: string, keys: SecretKeyRing): string {
  return text.replace(SEALED_IN_JSON, (_, sealed: string) => `:"${keys.open(sealed)}"`);
}

/** Stored JSON text with its sealed values under the ring's current key; the same text when they are. */
export function resealSecretsInJson(text: string, keys: SecretKeyRing): string {
  return text.replace(SEALED_IN_JSON, (whole, sealed: string) =>
    keys.isCurrent(sealed) ? whole : `:{"sealed_secret":"${keys.seal(keys.open(sealed))}"}`,
  );
}
