// POST /v1/webhook-endpoints that succeeds: the endpoint and its Standard Webhooks secret (shown only
// there), and what GET and the list then answer. On the suite's database: it queues no delivery.
import { describe, expect, test } from 'vitest';
import { SecretKeyRing } from '../../db/secrets.js';
import { sql } from '../support/database.js';
import type { Page } from '../support/http.js';
import {
  type Endpoint,
  INSTANT,
  json,
  OTHER_PUBLIC_URL,
  PUBLIC_URL,
  SECRET,
  UUID,
  useEndpointsServer,
} from './helpers.js';

const { h, post, create, useOrg } = useEndpointsServer('suite');

/** The test servers' key: the key file under their DATA_DIR (./var); secrets are stored sealed (decisions §18). */
const keys = new SecretKeyRing({ dataDir: './var' });

const ENDPOINT_KEYS = [
  'created_at',
  'description',
  'disabled_reason',
  'enabled',
  'event_types',
  'id',
  'updated_at',
  'url',
];

describe('create, read, list', () => {
  const o = useOrg();

  test('POST answers the endpoint and a Standard Webhooks secret, shown only there; GET and the list agree', async () => {
    const res = await post(o.key, {
      url: OTHER_PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: '  Payroll sync\r\nsecond line  ',
    });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = await json<{ data: Endpoint; secret: string }>(res);
    expect(Object.keys(created).sort()).toEqual(['data', 'secret']);
    expect(Object.keys(created.data).sort()).toEqual(ENDPOINT_KEYS);
    expect(created.data).toEqual({
      id: expect.stringMatching(UUID),
      url: OTHER_PUBLIC_URL,
      event_types: ['employee.created', 'leave_request.approved'],
      description: 'Payroll sync\nsecond line',
      enabled: true,
      disabled_reason: null,
      created_at: expect.stringMatching(INSTANT),
      updated_at: created.data.created_at,
    });
    expect(created.secret).toMatch(SECRET);
    expect(Buffer.from(created.secret.slice('whsec_'.length), 'base64')).toHaveLength(24);
    // Kept for the dispatcher to sign with; never answered again.
    const [row] = await sql<{ secret: string; tenant_id: string; previous_secret: string | null }>(
      h,
      'select secret, tenant_id, previous_secret from webhook_endpoints where id = ?',
      [created.data.id],
    );
    expect(row).toEqual({ secret: expect.stringMatching(/^wfs1\./), tenant_id: o.t.tenant.id, previous_secret: null });
    expect(keys.open(row?.secret as string)).toBe(created.secret);

    const one = await h.as(o.key, `/v1/webhook-endpoints/${created.data.id}`);
    expect(one.headers.get('cache-control')).toBe('no-store');
    const oneText = await one.text();
    expect(oneText).not.toContain(created.secret);
    expect(JSON.parse(oneText)).toEqual({ data: created.data });
    const list = await json<Page<Endpoint>>(await h.as(o.key, '/v1/webhook-endpoints?limit=100'));
    expect(list.data).toContainEqual(created.data);
    expect(JSON.stringify(list)).not.toContain(created.secret);

    const other = await create(o.key);
    expect(other.secret).not.toBe(created.secret);
    expect(other.data).toMatchObject({ url: PUBLIC_URL, event_types: ['*'], description: null });
  });
});
