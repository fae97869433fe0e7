// Retention at read time (decisions §18): an event older than 30 days is gone from GET /v1/events
// and /v1/events/{id} at once, whether or not the purge has run (tests/events/purge.test.ts).
import { expect, test } from 'vitest';
import { EVENT_RETENTION_DAYS } from '../../routers/events/eventLog.js';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import { listEvents } from './helpers.js';

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });
const DAY_MS = 86_400_000;

test('an event past the retention is 404, absent from lists and not a valid `after`, before any purge', async () => {
  const t = await h.tenant();
  const write = await h.key(t, ['employees:write']);
  const read = await h.key(t, ['employees:read']);
  await hire(h, write, t);
  await hire(h, write, t);
  const [old, young] = (await listEvents(h, read)).data.map((e) => e.id);
  const age = (id: string, days: number) =>
    sql(h, 'update events set created_at = ?::timestamptz where id = ?', [
      new Date(Date.now() - days * DAY_MS).toISOString(),
      id,
    ]);
  await age(old, EVENT_RETENTION_DAYS + 0.01);
  await age(young, EVENT_RETENTION_DAYS - 0.01);

  expect((await listEvents(h, read)).data.map((e) => e.id)).toEqual([young]);
  await expectProblem(await h.as(read, `/v1/events/${old}`), 404, 'not_found');
  expect((await h.as(read, `/v1/events/${young}`)).status).toBe(200);
  await expectProblem(await h.as(read, `/v1/events?after=${old}`), 400, 'invalid_query_parameter');
  // Still in the table: only the purge deletes it.
  expect(await sql(h, 'select id from events where id = ?', [old])).toHaveLength(1);
});
