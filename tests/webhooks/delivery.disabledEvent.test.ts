// The webhook_endpoint.disabled operational event (decisions §18): when the dispatcher disables an endpoint
// after WEBHOOK_DISABLE_AFTER failures in a row, the event is recorded (data.object the endpoint, no
// secret), delivered to the tenant's other subscribed endpoints, shown to webhooks:read in /v1/events,
// and the HR admins are mailed through the outbox. A real dispatcher, receivers and SMTP listener.
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectProblem } from '../support/harness.js';
import { jsonInit, type Page } from '../support/http.js';
import { type Mailbox, startMailbox } from '../support/smtp.js';
import { sleep, waitFor } from '../support/wait.js';
import { json } from './helpers.js';
import { useDeliveringServer } from './redelivery.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

// Two failed attempts in a row disable (one try and one retry at once: one test event does it).
const { h, receiver, endpoint, deliveries, settled, testEvent } = useDeliveringServer('wfm_webhook_disabled', {
  disableAfter: 2,
  env: () => ({ SMTP_URL: mailbox.url }),
});

interface EventRecord {
  id: string;
  type: string;
  created_at: string;
  data: { object: Record<string, unknown> };
  previous_attributes: unknown;
  request: { id: string; idempotency_key: string | null };
}

describe('webhook_endpoint.disabled', () => {
  test('delivered to the other subscribed endpoints, listed for webhooks:read, and mailed to the HR admins', async () => {
    const t = await h.tenant();
    const failing = await receiver();
    failing.answer(() => 503);
    const healthy = await receiver();
    const everything = await receiver();
    const unrelated = await receiver();
    const broken = await endpoint(t, failing.url, ['employee.created']);
    const watcher = await endpoint(t, healthy.url, ['webhook_endpoint.disabled']);
    const star = await endpoint(t, everything.url, ['*']);
    const bystander = await endpoint(t, unrelated.url, ['employee.created', 'leave_request.created']);
    const stranger = await endpoint(await h.tenant(), unrelated.url, ['*']);

    await testEvent(broken.key, broken.id);
    await settled(broken.key, broken.id, ['failed', 'failed']);
    await waitFor(() => healthy.received.length >= 1 && everything.received.length >= 1, 'the disabled event');

    const endpointNow = await json<{ data: Record<string, unknown> }>(
      await h.as(broken.key, `/v1/webhook-endpoints/${broken.id}`),
    );
    expect(endpointNow.data).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/^disabled after 2 consecutive failed deliveries/),
    });
    const event = new Webhook(watcher.secret).verify(
      healthy.received[0]?.body ?? '',
      healthy.received[0]?.headers ?? {},
    ) as EventRecord;
    expect(event).toEqual({
      id: expect.any(String),
      type: 'webhook_endpoint.disabled',
      created_at: expect.any(String),
      data: { object: endpointNow.data },
      previous_attributes: null,
      request: { id: expect.any(String), idempotency_key: null },
    });
    expect(JSON.stringify(event)).not.toMatch(/secret|whsec_/);
    const same = new Webhook(star.secret).verify(
      everything.received[0]?.body ?? '',
      everything.received[0]?.headers ?? {},
    ) as EventRecord;
    expect(same.id).toBe(event.id);

    // Not to the endpoint that failed, nor to one not subscribed, nor to another tenant's.
    expect((await deliveries(broken.key, broken.id)).map((d) => d.event_type)).toEqual([
      'webhook.test',
      'webhook.test',
    ]);
    expect(await deliveries(bystander.key, bystander.id)).toEqual([]);
    expect(await deliveries(stranger.key, stranger.id)).toEqual([]);
    expect(unrelated.received).toEqual([]);

    // In the log for webhooks:read; a type the other read scopes do not show.
    const reader = await h.key(t, ['webhooks:read']);
    const listed = await json<Page<EventRecord>>(await h.as(reader, '/v1/events?type=webhook_endpoint.disabled'));
    expect(listed.data).toEqual([event]);
    expect(await json(await h.as(reader, `/v1/events/${event.id}`))).toEqual({ data: event });
    const others = await h.key(t, ['employees:read', 'leave:read']);
    expect(
      (await json<Page<EventRecord>>(await h.as(others, '/v1/events?type=webhook_endpoint.disabled'))).data,
    ).toEqual([]);
    await expectProblem(await h.as(others, `/v1/events/${event.id}`), 404, 'not_found');

    // The HR admin's e-mail, through the outbox and SMTP.
    const [row] = await sql<{ kind: string; recipient: string; subject: string; body: string }>(
      h,
      'select kind, recipient, subject, body from outbox_messages where tenant_id = ? and kind = ?',
      [t.tenant.id, 'webhook_endpoint_disabled'],
    );
    expect(row).toMatchObject({ recipient: t.hr_admin.email, subject: 'A webhook endpoint was disabled' });
    expect(row?.body).toContain(failing.url);
    expect(row?.body).toContain('/recover');
    await waitFor(() => mailbox.to(t.hr_admin.email).length === 1, 'the e-mail to the HR admin');
    expect(mailbox.to(t.hr_admin.email)[0]?.raw).toContain('A webhook endpoint was disabled');
  });

  test('once per disablement: turned back on and failing again records a second; a PATCH enabled:false records none', async () => {
    const t = await h.tenant();
    const failing = await receiver();
    failing.answer(() => 500);
    const healthy = await receiver();
    const broken = await endpoint(t, failing.url, ['employee.created']);
    const watcher = await endpoint(t, healthy.url, ['webhook_endpoint.disabled']);
    await testEvent(broken.key, broken.id);
    await settled(broken.key, broken.id, ['failed', 'failed']);
    await waitFor(() => healthy.received.length === 1, 'the first disabled event');

    await json(await h.as(broken.key, `/v1/webhook-endpoints/${broken.id}`, jsonInit('PATCH', { enabled: true })));
    await testEvent(broken.key, broken.id);
    await settled(broken.key, broken.id, ['failed', 'failed', 'failed', 'failed']);
    await waitFor(() => healthy.received.length === 2, 'the second disabled event');

    // Turned off by hand: no operational event.
    const other = await endpoint(t, failing.url, ['employee.created']);
    await json(await h.as(other.key, `/v1/webhook-endpoints/${other.id}`, jsonInit('PATCH', { enabled: false })));
    await sleep(300);
    expect(healthy.received).toHaveLength(2);
    const events = await sql<{ n: number }>(
      h,
      "select count(*)::int as n from events where tenant_id = ? and type = 'webhook_endpoint.disabled'",
      [t.tenant.id],
    );
    expect(events[0]?.n).toBe(2);
    expect((await deliveries(watcher.key, watcher.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
  });
});
