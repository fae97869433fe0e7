import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventColumns, parseEventRow } from '../../routers/events/event.record.js';
import { DELIVERED_EVENT_TYPES, type DeliveredEventType } from '../../routers/events/events.writes.js';
import type { AppRouter } from '../../routers/index.js';
import { recordEndpointDisabled } from '../../routers/webhooks/webhookDeliveries.writes.js';
import { decideOk, fileOk } from '../leave/helpers.js';
import { sql } from '../support/database.js';
import { patchEmployee } from '../support/employees.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import { type Json, jsonInit } from '../support/http.js';
import { day, setupOrg } from '../support/leave.js';
import { schemaValidator } from '../support/openapi.js';

// GET /v1/event-types and eventTypes.list over /trpc (decisions §17): anonymous like the module
// catalogue, one page of every type a webhook delivers with the read scope that shows it and the
// JSON Schema of its record, which is the document's webhook entry of that type and holds for real
// events of it.

const h = useTestServer({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', RATE_LIMIT_POINTS: '100000' });

interface EventTypeItem {
  type: DeliveredEventType;
  description: string;
  scope: string;
  schema: Json;
}

interface Page {
  data: EventTypeItem[];
  next_cursor: string | null;
  has_more: boolean;
}

async function eventTypes(init?: RequestInit): Promise<Page> {
  const res = await h.fetch('/v1/event-types', init);
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as Page;
}

/** `schema` with every local `$ref` replaced by what it names in `root` (none is recursive). */
function inlined(schema: unknown, root: Json): unknown {
  if (Array.isArray(schema)) return schema.map((item) => inlined(item, root));
  if (!schema || typeof schema !== 'object') return schema;
  const { $ref, ...rest } = schema as Json;
  const own = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inlined(value, root)]));
  if (typeof $ref !== 'string') return own;
  let target: unknown = root;
  for (const part of $ref.replace(/^#\//, '').split('/')) target = (target as Json | undefined)?.[part];
  expect(target, `${$ref} resolves`).toBeDefined();
  return { ...(inlined(target, root) as Json), ...own };
}

/** Every `$ref` in a schema. */
function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : refsOf(value),
  );
}

describe('GET /v1/event-types', () => {
  test('anonymous: one page of every delivered type, in order, each with its read scope', async () => {
    const page = await eventTypes();
    expect(Object.keys(page).sort()).toEqual(['data', 'has_more', 'next_cursor']);
    expect(page.next_cursor).toBeNull();
    expect(page.has_more).toBe(false);
    expect(page.data.map((item) => item.type)).toEqual(DELIVERED_EVENT_TYPES);
    for (const item of page.data) {
      expect(Object.keys(item).sort()).toEqual(['description', 'schema', 'scope', 'type']);
      expect(item.description.length).toBeGreaterThan(20);
      // decisions §14: employee.* needs employees:read, leave_request.* leave:read; the test event is
      // not in the log, and webhooks:read shows it among the endpoint's delivery attempts; §18:
      // webhook_endpoint.* needs webhooks:read.
      const [resource] = item.type.split('.');
      expect(item.scope, item.type).toBe(
        {
          employee: 'employees:read',
          leave_request: 'leave:read',
          webhook: 'webhooks:read',
          webhook_endpoint: 'webhooks:read',
        }[resource as string],
      );
    }
  });

  test('a valid credential gets the same page; an invalid one is 401 invalid_credential', async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['holidays:read']);
    const anonymous = await eventTypes();
    expect(await eventTypes({ headers: { Authorization: `Bearer ${key}` } })).toEqual(anonymous);
    const invalid = await h.as('svc_live_0000000000000000000000000000000000000000', '/v1/event-types');
    expect(invalid.headers.get('www-authenticate')).toContain('error="invalid_token"');
    await expectProblem(invalid, 401, 'invalid_credential');
  });

  test('over /trpc, anonymously: eventTypes.list answers the same page', async () => {
    const trpc = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${h.url}/trpc` })] });
    expect(await trpc.eventTypes.list.query()).toEqual(await eventTypes());
  });

  test("each schema is self-contained (JSON Schema 2020-12, every $ref into its own $defs) and is its type's webhook entry in the served document", async () => {
    const doc = (await h.contract()).doc;
    const webhooks = doc.webhooks as Record<string, { post: Json }>;
    expect(Object.keys(webhooks)).toEqual(DELIVERED_EVENT_TYPES);
    for (const { type, schema } of (await eventTypes()).data) {
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      const refs = refsOf(schema);
      expect(refs.length).toBeGreaterThan(0);
      for (const ref of refs) expect(ref, `${type}: ${ref}`).toMatch(/^#\/\$defs\/[A-Za-z]+$/);
      const { $schema, $defs, ...standalone } = schema;
      const entry = (webhooks[type].post.requestBody as Json).content as Record<string, { schema: Json }>;
      expect(inlined(standalone, schema), type).toEqual(inlined(entry['application/json'].schema, doc));
    }
  });
});

describe('each schema holds for real events of its type', () => {
  /** Every event of a tenant that had one write of each kind, as its deliveries carry them. */
  let recorded: { type: DeliveredEventType; record: Json }[];

  beforeAll(async () => {
    const org = await setupOrg(h); // three hires
    const employees = await h.key(org.t, ['employees:write']);
    const patched = await patchEmployee(h, employees, org.employee.id, {
      actor_employee_id: org.hrAdmin.id,
      designation: 'Analyst',
    });
    expect(patched.status).toBe(200);
    const filed = await Promise.all(
      ['03-02', '03-03', '03-04', '03-05'].map((date) =>
        fileOk(h, org, { start_date: day(date), end_date: day(date), days_count: 1, reason: `Leave on ${date}` }),
      ),
    );
    await decideOk(h, org, filed[0].id, 'approve', org.manager.id);
    await decideOk(h, org, filed[1].id, 'reject', org.manager.id, 'Busy week');
    await decideOk(h, org, filed[2].id, 'cancel', org.employee.id);
    const webhooks = await h.key(org.t, ['webhooks:write', 'webhooks:read', 'employees:read', 'leave:read']);
    const created = await h.as(
      webhooks,
      '/v1/webhook-endpoints',
      jsonInit('POST', { url: 'http://127.0.0.1:9/hooks', event_types: ['*'] }),
    );
    expect(created.status).toBe(200);
    const { data: endpoint } = (await created.json()) as { data: { id: string } };
    const test = await h.as(webhooks, `/v1/webhook-endpoints/${endpoint.id}/test`, jsonInit('POST', {}));
    expect(test.status).toBe(202);
    // The operational event, as the dispatcher records it when it disables the endpoint (decisions §18).
    await sql(
      h,
      `update webhook_endpoints set enabled = false, consecutive_failures = 100,
              disabled_reason = 'disabled after 100 consecutive failed deliveries (the last: connection refused)'
        where id = ?`,
      [endpoint.id],
    );
    await recordEndpointDisabled(h.orm.em.fork(), org.tenantId, endpoint.id, 100);
    // The delivery body is the event record as eventColumns reads it (routers/webhooks/webhook.dispatcher.ts).
    const rows = await sql<Json>(
      h,
      `select ${eventColumns('events.')} from events where tenant_id = ? order by created_at, id`,
      [org.tenantId],
    );
    recorded = rows.map((row) => {
      const record = parseEventRow(row as Json & { data: unknown; previous_attributes: unknown; request: unknown });
      return { type: record.type as DeliveredEventType, record };
    });
  });

  test('every type occurs, and each event validates against its type’s schema (ajv, as a receiver would)', async () => {
    expect([...new Set(recorded.map((e) => e.type))].sort()).toEqual([...DELIVERED_EVENT_TYPES].sort());
    const byType = new Map(
      (await eventTypes()).data.map((item) => [item.type, schemaValidator().compile(item.schema)]),
    );
    for (const { type, record } of recorded) {
      const validate = byType.get(type);
      expect(validate?.(record), `${type}: ${JSON.stringify(validate?.errors)}`).toBe(true);
    }
  });

  test('and refuses an event of another type, or one whose object is not its record', async () => {
    const schemas = new Map((await eventTypes()).data.map((item) => [item.type, item.schema]));
    const hire = recorded.find((e) => e.type === 'employee.created')?.record as Json;
    const filing = recorded.find((e) => e.type === 'leave_request.created')?.record as Json;
    const compile = (type: DeliveredEventType) => schemaValidator().compile(schemas.get(type) as Json);
    expect(compile('leave_request.created')(hire)).toBe(false);
    expect(compile('employee.created')({ ...hire, type: 'employee.updated' })).toBe(false);
    expect(compile('employee.created')({ ...hire, data: { object: (filing.data as Json).object } })).toBe(false);
    expect(compile('employee.created')({ ...hire, previous_attributes: {} })).toBe(false);
  });
});
