// What the webhook tests share: for the endpoints API (endpoints.*.test.ts) the file's server, on the
// suite's database or one of its own, requests bound to it and the records' shapes; for the delivery
// tests, a tenant subscribed to hires (subscribeToHires).
import { beforeAll, expect, inject } from 'vitest';
import { useFreshDatabase } from '../support/database.js';
import { type TestServer, type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const SECRET = /^whsec_[A-Za-z0-9+/]{32}$/;
/** Public IP literals: accepted without a DNS lookup (the sandbox has no resolver to rely on). */
export const PUBLIC_URL = 'https://93.184.215.14/hooks';
export const OTHER_PUBLIC_URL = 'https://[2606:4700:4700::1111]:8443/workforce?x=1';
/** The webhook scopes, and the read scopes a subscription to every type (`*`) needs (decisions §18). */
export const ALL = ['webhooks:read', 'webhooks:write', 'employees:read', 'leave:read'] as const;

export interface Endpoint {
  id: string;
  url: string;
  event_types: string[];
  description: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface Delivery {
  id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status: string;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  next_attempt_at: string | null;
}

/** A tenant with a key holding ALL, live (and one for its sandbox). */
interface Org {
  t: TestTenant;
  key: string;
  sandboxKey: string;
}

export async function json<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/**
 * The file's server (decisions §14; WEBHOOK_ALLOW_PRIVATE_URLS stays false, as with any DATABASE_URL)
 * and requests to it. `database: 'own'` for a file that queues deliveries (a test event) or runs
 * `wfm` on the database: on a database of its own no dispatcher of another file ever sends (or
 * fails) them, and they stay pending, as this server runs none. Other files use the suite's.
 */
export function useEndpointsServer(database: 'own' | 'suite') {
  const own = database === 'own' ? useFreshDatabase('wfm_webhook_endpoints') : undefined;
  const h = useTestServer(() => ({
    ...(own ? { DATABASE_URL: own.url } : {}),
    RATE_LIMIT_POINTS: '100000',
    RATE_LIMIT_IP_POINTS: '100000',
  }));

  async function post(secret: string, body: unknown, headers: Record<string, string> = {}) {
    return h.as(secret, '/v1/webhook-endpoints', jsonInit('POST', body, headers));
  }

  /** POST /v1/webhook-endpoints that must succeed: the endpoint and its secret. */
  async function create(secret: string, body: Record<string, unknown> = {}) {
    const res = await post(secret, { url: PUBLIC_URL, event_types: ['*'], ...body });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return JSON.parse(text) as { data: Endpoint; secret: string };
  }

  async function deliveriesOf(secret: string, id: string, query = '?limit=100') {
    return json<Page<Delivery>>(await h.as(secret, `/v1/webhook-endpoints/${id}/deliveries${query}`));
  }

  async function org(): Promise<Org> {
    const t = await h.tenant();
    return { t, key: await h.key(t, ALL), sandboxKey: await h.key(t, ALL, 'test') };
  }

  /** An `org()` made in beforeAll for the describe it is called in: read it inside tests. */
  function useOrg(): Org {
    let made: Org | undefined;
    beforeAll(async () => {
      made = await org();
    });
    const get = () => {
      if (!made) throw new Error('useOrg: the organisation is made in beforeAll; read it inside a test');
      return made;
    };
    return {
      get t() {
        return get().t;
      },
      get key() {
        return get().key;
      },
      get sandboxKey() {
        return get().sandboxKey;
      },
    };
  }

  return {
    h,
    /** The database the server runs on (its own, or the suite's). */
    databaseUrl: own ? own.url : inject('databaseUrl'),
    post,
    create,
    deliveriesOf,
    org,
    useOrg,
  };
}

/** A tenant subscribed to its hires: its endpoint's id, a key that hires and manages webhooks. */
export interface Subscriber {
  id: string;
  key: string;
  t: TestTenant;
}

/** A new tenant of `h` with an endpoint at `receiver` for employee.created (the delivery tests' subscriber). */
export async function subscribeToHires(h: TestServer, receiver: { url: string }): Promise<Subscriber> {
  const t = await h.tenant();
  const key = await h.key(t, ['webhooks:write', 'webhooks:read', 'employees:read', 'employees:write']);
  const res = await h.as(
    key,
    '/v1/webhook-endpoints',
    jsonInit('POST', { url: receiver.url, event_types: ['employee.created'] }),
  );
  const body = (await res.json()) as { data: { id: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body.data.id, key, t };
}
