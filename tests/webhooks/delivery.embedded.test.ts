import { expect, test } from 'vitest';
import { useTempDir } from '../support/database.js';
import { hire } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import type { Page } from '../support/http.js';
import { waitFor } from '../support/wait.js';
import { useReceivers } from '../support/webhooks.js';
import { subscribeToHires } from './helpers.js';

/**
 * Webhook delivery on the embedded database (PGlite, `make run`): the per-endpoint claim, the
 * after-commit wake-up and the UUID v7 attempt ids work there as on PostgreSQL. One connection,
 * shared by the requests and the dispatcher; the poll is a minute, so what arrives was woken.
 */

const dataDir = useTempDir('wfm-webhooks-embedded-');
const h = useTestServer(() => ({
  DATABASE_URL: '',
  DATA_DIR: dataDir.path,
  OUTBOX_DISPATCH: 'true',
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  WEBHOOK_INTERVAL_MS: '60000',
  WEBHOOK_RETRY_SCHEDULE: '0',
  RATE_LIMIT_POINTS: '100000',
}));
const receiver = useReceivers(h);

test('a hire is delivered at its commit, a failed attempt retried as its slot frees; attempt ids are v7', async () => {
  const r = await receiver();
  r.answer((_, i) => (i === 0 ? 500 : 200));
  const { id: endpointId, key, t } = await subscribeToHires(h, r);
  const started = Date.now();
  await hire(h, key, t);
  await waitFor(() => r.received.length === 2, 'the attempt and its retry', 5000, 5);
  expect((r.received[0]?.at as number) - started).toBeLessThan(1000);
  let page: Page<{ id: string; attempt: number; status: string }> | undefined;
  await waitFor(
    async () => {
      const list = await h.as(key, `/v1/webhook-endpoints/${endpointId}/deliveries`);
      expect(list.status).toBe(200);
      page = (await list.json()) as typeof page;
      return page?.data.some((d) => d.status === 'succeeded') ?? false;
    },
    'the retry recorded',
    3000,
  );
  expect(page?.data.map((d) => [d.attempt, d.status]).sort()).toEqual([
    [1, 'failed'],
    [2, 'succeeded'],
  ]);
  for (const d of page?.data ?? []) expect(d.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab]/);
});
