// POST /v1/webhook-endpoints/{id}/rotate-secret: a new secret, the old one kept 24 h as
// previous_secret for the dispatcher to sign with. On the suite's database.
import { describe, expect, test } from 'vitest';
import { SecretKeyRing } from '../../db/secrets.js';
import { sql } from '../support/database.js';
import { type Endpoint, INSTANT, json, SECRET, useEndpointsServer } from './helpers.js';

const { h, create, org } = useEndpointsServer('suite');

/** The test servers' key: the key file under their DATA_DIR (./var); secrets are stored sealed (decisions §18). */
const keys = new SecretKeyRing({ dataDir: './var' });

describe('rotate-secret', () => {
  test('a new secret; the old one keeps signing for 24 h as previous_secret; a second rotation drops the first', async () => {
    const { key } = await org();
    const made = await create(key);
    const before = Date.now();
    const rotated = await json<{ data: Endpoint; secret: string }>(
      await h.as(key, `/v1/webhook-endpoints/${made.data.id}/rotate-secret`, { method: 'POST' }),
    );
    expect(Object.keys(rotated).sort()).toEqual(['data', 'secret']);
    expect(rotated.secret).toMatch(SECRET);
    expect(rotated.secret).not.toBe(made.secret);
    expect(rotated.data).toEqual({ ...made.data, updated_at: expect.stringMatching(INSTANT) });
    const read = async () =>
      (
        await sql<{ secret: string; previous_secret: string; previous_secret_expires_at: Date }>(
          h,
          'select secret, previous_secret, previous_secret_expires_at from webhook_endpoints where id = ?',
          [made.data.id],
        )
      )[0];
    const row = await read();
    expect(keys.open(row.secret)).toBe(rotated.secret);
    expect(keys.open(row.previous_secret)).toBe(made.secret);
    const grace = new Date(row.previous_secret_expires_at).getTime() - before;
    expect(grace).toBeGreaterThan(24 * 3600 * 1000 - 60_000);
    expect(grace).toBeLessThan(24 * 3600 * 1000 + 60_000);

    const again = await json<{ secret: string }>(
      await h.as(key, `/v1/webhook-endpoints/${made.data.id}/rotate-secret`, { method: 'POST' }),
    );
    const after = await read();
    expect(keys.open(after.secret)).toBe(again.secret);
    expect(keys.open(after.previous_secret)).toBe(rotated.secret);
    // Never shown again by a read.
    const text = await (await h.as(key, `/v1/webhook-endpoints/${made.data.id}`)).text();
    expect(text).not.toContain(again.secret);
  });
});
