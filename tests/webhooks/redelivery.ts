// What the recover, retry and disabled-event tests share: a server that delivers (its own database,
// a real dispatcher, private URLs allowed, a short retry schedule) and its requests. Not a test.
import { expect } from 'vitest';
import { useFreshDatabase, useTempDir } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { useReceivers } from '../support/webhooks.js';
import type { Delivery } from './helpers.js';

/** Every scope an endpoint test needs: the webhook ones, and the read scopes `*` asks for. */
const SCOPES = ['webhooks:read', 'webhooks:write', 'employees:read', 'leave:read'] as const;

/**
 * A delivering server. `retries`: WEBHOOK_RETRY_SCHEDULE (`0`: one retry at once, so an event's
 * delivery ends after two attempts); `disableAfter`: WEBHOOK_DISABLE_AFTER; `intervalMs`: the
 * dispatcher's poll (WEBHOOK_INTERVAL_MS, 50 ms unless said); `env`: more settings,
 * read when the server starts.
 */
export function useDeliveringServer(
  prefix: string,
  settings: { retries?: string; disableAfter?: number; intervalMs?: number; env?: () => Record<string, string> } = {},
) {
  const { url } = useFreshDatabase(prefix);
  const dataDir = useTempDir(`${prefix}-`);
  const h = useTestServer(() => ({
    DATABASE_URL: url,
    DATA_DIR: dataDir.path,
    OUTBOX_DISPATCH: 'true',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    WEBHOOK_RETRY_SCHEDULE: settings.retries ?? '0',
    WEBHOOK_INTERVAL_MS: String(settings.intervalMs ?? 50),
    WEBHOOK_TIMEOUT_MS: '1500',
    WEBHOOK_LEASE_S: '5',
    WEBHOOK_DISABLE_AFTER: String(settings.disableAfter ?? 100),
    RATE_LIMIT_POINTS: '100000',
    RATE_LIMIT_IP_POINTS: '100000',
    ...settings.env?.(),
  }));
  const receiver = useReceivers(h);

  async function endpoint(t: TestTenant, target: string, eventTypes: string[] = ['*']) {
    const key = await h.key(t, [...SCOPES]);
    const res = await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', { url: target, event_types: eventTypes }));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as { data: { id: string }; secret: string };
    return { id: body.data.id, secret: body.secret, key };
  }

  async function deliveries(key: string, id: string): Promise<Delivery[]> {
    const res = await h.as(key, `/v1/webhook-endpoints/${id}/deliveries?limit=100`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    return (JSON.parse(text) as Page<Delivery>).data;
  }

  /** Waits until the endpoint's attempts, in list order, have these statuses. */
  async function settled(key: string, id: string, statuses: string[]): Promise<Delivery[]> {
    let rows: Delivery[] = [];
    await waitFor(
      async () => {
        rows = await deliveries(key, id);
        return JSON.stringify(rows.map((r) => r.status)) === JSON.stringify(statuses);
      },
      `attempts ${statuses.join(', ')}`,
      10_000,
      50,
    ).catch((error: Error) => {
      throw new Error(`${error.message} (have ${JSON.stringify(rows.map((r) => [r.attempt, r.status]))})`);
    });
    return rows;
  }

  /** POST …/test: the test event's id. */
  async function testEvent(key: string, id: string): Promise<string> {
    const res = await h.as(key, `/v1/webhook-endpoints/${id}/test`, { method: 'POST' });
    const text = await res.text();
    expect(res.status, text).toBe(202);
    return (JSON.parse(text) as { data: { event_id: string } }).data.event_id;
  }

  return { h, receiver, endpoint, deliveries, settled, testEvent };
}
