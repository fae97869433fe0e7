// POST /v1/webhook-endpoints/{id}/test: one webhook.test delivery queued for that endpoint, once per
// Idempotency-Key, none when it is disabled, never in the event log. On a database of its own.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { expectProblem } from '../support/harness.js';
import { idempotencyKey, jsonInit, type Page } from '../support/http.js';
import { INSTANT, json, UUID, useEndpointsServer } from './helpers.js';

const { h, create, deliveriesOf, org } = useEndpointsServer('own');

describe('test events and deliveries', () => {
  test('POST …/test is 202 {data: {event_id}}: one delivery queued, for that endpoint only, whatever its types; not in /v1/events', async () => {
    const { t, key } = await org();
    const reader = await h.key(t, ['employees:read', 'leave:read']);
    const target = await create(key, { event_types: ['employee.updated'] });
    const bystander = await create(key, { event_types: ['*'] });
    const res = await h.as(key, `/v1/webhook-endpoints/${target.data.id}/test`, {
      method: 'POST',
      headers: { 'X-Request-Id': 'test-event-request-1' },
    });
    const body = await json<{ data: { event_id: string } }>(res, 202);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(body).toEqual({ data: { event_id: expect.stringMatching(UUID) } });

    const deliveries = await deliveriesOf(key, target.data.id);
    expect(deliveries).toEqual({
      data: [
        {
          id: expect.stringMatching(UUID),
          event_id: body.data.event_id,
          event_type: 'webhook.test',
          attempt: 1,
          status: 'pending',
          response_status: null,
          error: null,
          duration_ms: null,
          created_at: expect.stringMatching(INSTANT),
          next_attempt_at: expect.stringMatching(INSTANT),
        },
      ],
      next_cursor: null,
      has_more: false,
    });
    expect((await deliveriesOf(key, bystander.data.id)).data).toEqual([]);
    const [event] = await sql<{ type: string; data: { object: Record<string, unknown> }; request_id: string }>(
      h,
      'select type, data, request_id from events where id = ?',
      [body.data.event_id],
    );
    expect(event).toMatchObject({ type: 'webhook.test', request_id: 'test-event-request-1' });
    expect(event.data.object).toMatchObject({ id: target.data.id });

    // The event log never lists it.
    const events = await json<Page<{ id: string }>>(await h.as(reader, '/v1/events?limit=100'));
    expect(events.data.map((e) => e.id)).not.toContain(body.data.event_id);
    await expectProblem(await h.as(reader, `/v1/events/${body.data.event_id}`), 404, 'not_found');
  });

  test('under one Idempotency-Key a test event is sent once; a disabled endpoint gets no delivery', async () => {
    const { key } = await org();
    const { data: made } = await create(key);
    const headers = { 'Idempotency-Key': idempotencyKey('test') };
    const first = await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST', headers });
    const firstBody = await first.text();
    expect(first.status).toBe(202);
    const second = await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST', headers });
    expect(second.status).toBe(202);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await second.text()).toBe(firstBody);
    expect((await deliveriesOf(key, made.id)).data).toHaveLength(1);

    await json(await h.as(key, `/v1/webhook-endpoints/${made.id}`, jsonInit('PATCH', { enabled: false })));
    const off = await json<{ data: { event_id: string } }>(
      await h.as(key, `/v1/webhook-endpoints/${made.id}/test`, { method: 'POST' }),
      202,
    );
    const after = await deliveriesOf(key, made.id);
    expect(after.data).toHaveLength(1);
    expect(after.data.map((d) => d.event_id)).not.toContain(off.data.event_id);
  });
});
