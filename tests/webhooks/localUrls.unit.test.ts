import { expect, test } from 'vitest';
import { parseEnv } from '../../server/main/env.js';

// Local webhooks (decisions §17): the embedded default, `make run` on a developer's machine,
// accepts http://localhost receivers; a server on a DATABASE_URL refuses them unless told to.

const DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/test';

test('WEBHOOK_ALLOW_PRIVATE_URLS is on for the embedded database and off with a DATABASE_URL, unless set', () => {
  expect(parseEnv({}).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
  expect(parseEnv({ DATABASE_URL }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
  expect(parseEnv({ DATABASE_URL, WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(true);
  expect(parseEnv({ WEBHOOK_ALLOW_PRIVATE_URLS: 'false' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
  expect(parseEnv({ DATABASE_URL: '', WEBHOOK_ALLOW_PRIVATE_URLS: '0' }).WEBHOOK_ALLOW_PRIVATE_URLS).toBe(false);
  expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE_URLS: 'yes' })).toThrow(/WEBHOOK_ALLOW_PRIVATE_URLS/);
});
