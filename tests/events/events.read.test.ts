import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, test } from 'vitest';
import { SCOPES, type Scope } from '../../core/scopes.js';
import { TenantReader } from '../../db/tenantReader.js';
import { EVENT_TYPES, recordEvents } from '../../routers/events/events.writes.js';
import type { AppRouter } from '../../routers/index.js';
import { decideOk, fileOk } from '../leave/helpers.js';
import { hireBody, patchEmployee, postEmployee } from '../support/employees.js';
import { expectDocumentedProblem, expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { day, setupOrg } from '../support/leave.js';
import { creds, tokenJson } from '../support/oauth.js';
import { isolationCases } from '../support/security.js';
import { allEvents, type EventRecord, listEvents } from './helpers.js';

// GET /v1/events and /v1/events/{id}, events.list|get over /trpc (decisions §14, §15): visibility
// by scope, the `type` and `after` filters, cursors bound to the filter values, tenant isolation.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

const READ_SCOPES: Scope[] = ['employees:read', 'leave:read'];
/** Every scope that shows some type of the log: webhooks:read shows webhook_endpoint.disabled (decisions §18). */
const LOG_SCOPES: Scope[] = [...READ_SCOPES, 'webhooks:read'];
const NOBODY = '01a20129-a8bd-7fe6-893d-e14d781596aa';
const LIST = ['GET', '/events'] as const;
const ONE = ['GET', '/events/{id}'] as const;

/**
 * A tenant whose log holds, in this order: two hires (employee.created), a PATCH (employee.updated),
 * a filing (leave_request.created) and its approval (leave_request.approved), then one more hire;
 * with keys for each read scope alone, both, and neither.
 */
interface Log {
  t: TestTenant;
  write: string;
  both: string;
  employees: string;
  leave: string;
  neither: string;
  events: EventRecord[];
}

async function makeLog(): Promise<Log> {
  const org = await setupOrg(h); // three hires: manager, employee, colleague
  const write = await h.key(org.t, ['employees:write']);
  const patched = await patchEmployee(h, write, org.employee.id, {
    actor_employee_id: org.hrAdmin.id,
    designation: 'Analyst',
  });
  expect(patched.status).toBe(200);
  const filed = await fileOk(h, org, { start_date: day('03-02'), end_date: day('03-02'), days_count: 1 });
  await decideOk(h, org, filed.id, 'approve', org.manager.id);
  expect((await postEmployee(h, write, hireBody(org.t))).status).toBe(200);
  const both = await h.key(org.t, READ_SCOPES);
  const events = await allEvents(h, both);
  expect(events.map((e) => e.type)).toEqual([
    'employee.created',
    'employee.created',
    'employee.created',
    'employee.updated',
    'leave_request.created',
    'leave_request.approved',
    'employee.created',
  ]);
  return {
    t: org.t,
    write,
    both,
    employees: await h.key(org.t, ['employees:read']),
    leave: await h.key(org.t, ['leave:read']),
    neither: await h.key(
      org.t,
      SCOPES.filter((s) => !LOG_SCOPES.includes(s)),
    ),
    events,
  };
}

let log: Log;
beforeAll(async () => {
  log = await makeLog();
});

const ids = (events: { id: string }[]) => events.map((e) => e.id);
const ofTypes = (...types: string[]) => log.events.filter((e) => types.includes(e.type));

describe('security', () => {
  test('401 without a credential and with an invalid one, on the list and by id', async () => {
    for (const path of ['/v1/events', `/v1/events/${log.events[0].id}`]) {
      const anonymous = await h.fetch(path);
      await expectProblem(anonymous, 401, 'unauthorized');
      expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="workforce"');
      const invalid = await h.as('svc_live_0000000000000000000000000000000000000000', path);
      await expectProblem(invalid, 401, 'invalid_credential');
    }
  });

  test('403 insufficient_scope with every scope but employees:read, leave:read and webhooks:read, naming them', async () => {
    for (const [path, template] of [
      ['/v1/events', LIST[1]],
      [`/v1/events/${log.events[0].id}`, ONE[1]],
      ['/v1/events?type=nope', LIST[1]],
    ] as const) {
      const res = await h.as(log.neither, path);
      const body = await expectDocumentedProblem(h, res, 403, 'insufficient_scope', 'GET', template);
      expect(body.detail).toContain('employees:read');
      expect(body.detail).toContain('leave:read');
      expect(res.headers.get('www-authenticate')).toBe(
        'Bearer realm="workforce", error="insufficient_scope", scope="employees:read leave:read webhooks:read"',
      );
    }
  });

  test('either read scope passes, by API key and by OAuth access token', async () => {
    for (const scope of READ_SCOPES) {
      const client = await h.client(log.t, [scope]);
      const token = await tokenJson(h, { grant_type: 'client_credentials', ...creds(client) });
      const { access_token } = (await token.json()) as { access_token: string };
      const byToken = await listEvents(h, access_token);
      const byKey = await listEvents(h, scope === 'employees:read' ? log.employees : log.leave);
      expect(ids(byToken.data)).toEqual(ids(byKey.data));
      expect(byToken.data.length).toBeGreaterThan(0);
    }
  });
});

describe('visibility by scope', () => {
  test('employees:read sees employee.* only, leave:read leave_request.* only, both everything', async () => {
    expect(await allEvents(h, log.employees)).toEqual(ofTypes('employee.created', 'employee.updated'));
    expect(await allEvents(h, log.leave)).toEqual(ofTypes('leave_request.created', 'leave_request.approved'));
    expect((await allEvents(h, log.both)).length).toBe(7);
  });

  test('a type filter naming only types the credential may not see matches nothing', async () => {
    const page = await listEvents(h, log.employees, '?type=leave_request.created,leave_request.approved');
    expect(page).toEqual({ data: [], next_cursor: null, has_more: false });
    // Mixed: the visible part.
    expect((await listEvents(h, log.leave, '?type=employee.created,leave_request.approved')).data).toEqual(
      ofTypes('leave_request.approved'),
    );
  });

  test('a single event the credential may not see is 404; one it may see is 200', async () => {
    const [employeeEvent] = ofTypes('employee.updated');
    const [leaveEvent] = ofTypes('leave_request.created');
    await expectDocumentedProblem(h, await h.as(log.leave, `/v1/events/${employeeEvent.id}`), 404, 'not_found', ...ONE);
    await expectDocumentedProblem(
      h,
      await h.as(log.employees, `/v1/events/${leaveEvent.id}`),
      404,
      'not_found',
      ...ONE,
    );
    const res = await h.as(log.leave, `/v1/events/${leaveEvent.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ data: leaveEvent });
  });

  test('a webhook.test event is never listed, is 404 by id, and is no `after`', async () => {
    const t = await h.tenant();
    const both = await h.key(t, READ_SCOPES);
    const write = await h.key(t, ['employees:write']);
    expect((await postEmployee(h, write, hireBody(t))).status).toBe(200);
    const [testEvent] = await recordEvents(
      new TenantReader(h.orm.em.fork(), t.tenant.id),
      { requestId: 'webhook-test', idempotencyKey: null },
      [{ type: 'webhook.test', object: { message: 'ping' } }],
    );
    expect((await postEmployee(h, write, hireBody(t))).status).toBe(200);
    const listed = await allEvents(h, both);
    expect(listed.map((e) => e.type)).toEqual(['employee.created', 'employee.created']);
    expect(ids(listed)).not.toContain(testEvent);
    await expectDocumentedProblem(h, await h.as(both, `/v1/events/${testEvent}`), 404, 'not_found', ...ONE);
    await expectDocumentedProblem(
      h,
      await h.as(both, `/v1/events?after=${testEvent}`),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    await expectDocumentedProblem(
      h,
      await h.as(both, '/v1/events?type=webhook.test'),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
  });

  test('an unknown or malformed id by id: 404 not_found, 400 invalid_id', async () => {
    await expectDocumentedProblem(h, await h.as(log.both, `/v1/events/${NOBODY}`), 404, 'not_found', ...ONE);
    await expectDocumentedProblem(h, await h.as(log.both, '/v1/events/nope'), 400, 'invalid_id', ...ONE);
  });
});

describe('the type filter', () => {
  test('one type, a comma list in any order, ascending by (created_at, id)', async () => {
    expect((await listEvents(h, log.both, '?type=employee.updated')).data).toEqual(ofTypes('employee.updated'));
    const list = ofTypes('employee.updated', 'leave_request.approved');
    expect((await listEvents(h, log.both, '?type=employee.updated,leave_request.approved')).data).toEqual(list);
    expect((await listEvents(h, log.both, '?type=leave_request.approved,employee.updated')).data).toEqual(list);
    expect((await listEvents(h, log.both, '?type=leave_request.rejected')).data).toEqual([]);
    const sorted = [...log.events].sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
    );
    expect(ids(log.events)).toEqual(ids(sorted));
  });

  test.each([
    ['an unknown type, named', '?type=employee.fired', 'employee.fired'],
    ['an unknown one in a list, named', '?type=employee.created,leave.approved', 'leave.approved'],
    ['an empty value', '?type=', "''"],
    ['an empty item', '?type=employee.created,', "''"],
    ['a space', '?type=employee.created,%20leave_request.created', "' leave_request.created'"],
    ['wrong case', '?type=Employee.Created', 'Employee.Created'],
    [
      'a type named twice',
      '?type=employee.created,leave_request.created,employee.created',
      "twice: 'employee.created'",
    ],
  ])('400 invalid_query_parameter: %s', async (_, query, named) => {
    const body = await expectDocumentedProblem(
      h,
      await h.as(log.both, `/v1/events${query}`),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    expect(body.detail).toContain(named);
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['type']);
  });

  test('400 invalid_query_parameter when given twice', async () => {
    const body = await expectDocumentedProblem(
      h,
      await h.as(log.both, '/v1/events?type=employee.created&type=employee.updated'),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    expect((body.errors as { path: string }[]).map((e) => e.path)).toEqual(['type']);
  });
});

describe('the after filter', () => {
  test('only the events after the given one; the last one gives an empty page', async () => {
    const [, , third] = log.events;
    expect((await listEvents(h, log.both, `?after=${third.id}`)).data).toEqual(log.events.slice(3));
    expect((await listEvents(h, log.both, `?after=${third.id.toUpperCase()}`)).data).toEqual(log.events.slice(3));
    const last = log.events.at(-1) as EventRecord;
    expect(await listEvents(h, log.both, `?after=${last.id}`)).toEqual({
      data: [],
      next_cursor: null,
      has_more: false,
    });
    // With a type filter: both apply.
    expect((await listEvents(h, log.both, `?after=${third.id}&type=employee.created`)).data).toEqual(
      log.events.slice(3).filter((e) => e.type === 'employee.created'),
    );
  });

  test('resumes after a last page: the id a consumer kept finds the events written since', async () => {
    const t = await h.tenant();
    const both = await h.key(t, READ_SCOPES);
    const write = await h.key(t, ['employees:write']);
    expect((await postEmployee(h, write, hireBody(t))).status).toBe(200);
    const first = await listEvents(h, both);
    expect(first.next_cursor).toBeNull();
    const kept = first.data.at(-1) as EventRecord;
    const hire = (await (await postEmployee(h, write, hireBody(t))).json()) as { data: Json };
    const resumed = await listEvents(h, both, `?after=${kept.id}`);
    expect(resumed.data.map((e) => [e.type, e.data.object.id])).toEqual([['employee.created', hire.data.id]]);
    expect(resumed.next_cursor).toBeNull();
  });

  test('an event it may not see, of another tenant, unknown, malformed, empty or twice: 400 naming after', async () => {
    const stranger = await h.tenant();
    const write = await h.key(stranger, ['employees:write']);
    expect((await postEmployee(h, write, hireBody(stranger))).status).toBe(200);
    const [foreign] = await allEvents(h, await h.key(stranger, READ_SCOPES));
    const [leaveEvent] = ofTypes('leave_request.created');
    for (const [secret, query] of [
      [log.both, `?after=${foreign.id}`],
      [log.employees, `?after=${leaveEvent.id}`],
      [log.both, `?after=${NOBODY}`],
      [log.both, '?after=nope'],
      [log.both, '?after='],
      [log.both, `?after=${log.events[0].id}&after=${log.events[1].id}`],
    ]) {
      const body = await expectDocumentedProblem(
        h,
        await h.as(secret, `/v1/events${query}`),
        400,
        'invalid_query_parameter',
        ...LIST,
      );
      expect(
        (body.errors as { path: string }[]).map((e) => e.path),
        query,
      ).toEqual(['after']);
    }
  });
});

describe('pages and cursors', () => {
  test('limit pages through the filtered list; the pages join up to the unpaged list', async () => {
    const query = '?type=employee.created,employee.updated';
    const seen: EventRecord[] = [];
    let page = await listEvents(h, log.both, `${query}&limit=2`);
    seen.push(...page.data);
    while (page.next_cursor) {
      expect(page.has_more).toBe(true);
      page = await listEvents(h, log.both, `${query}&limit=2&cursor=${encodeURIComponent(page.next_cursor)}`);
      seen.push(...page.data);
    }
    expect(page.has_more).toBe(false);
    expect(seen).toEqual(ofTypes('employee.created', 'employee.updated'));
    // after + limit: the cursor carries on past `after`.
    const after = await listEvents(h, log.both, `?after=${log.events[1].id}&limit=2`);
    expect(after.data).toEqual(log.events.slice(2, 4));
    const next = await listEvents(
      h,
      log.both,
      `?after=${log.events[1].id}&limit=2&cursor=${encodeURIComponent(after.next_cursor as string)}`,
    );
    expect(next.data).toEqual(log.events.slice(4, 6));
  });

  test('a cursor continues only the list of the same filter values: another set is 400 invalid_cursor', async () => {
    const typed = await listEvents(h, log.both, '?type=employee.created,employee.updated&limit=1');
    const cursor = encodeURIComponent(typed.next_cursor as string);
    // The same filter spelt otherwise continues it.
    const same = await listEvents(h, log.both, `?type=employee.updated,employee.created&limit=1&cursor=${cursor}`);
    expect(same.data).toEqual(ofTypes('employee.created', 'employee.updated').slice(1, 2));
    const plain = await listEvents(h, log.both, '?limit=1');
    const afterFirst = await listEvents(h, log.both, `?after=${log.events[0].id}&limit=1`);
    for (const query of [
      `?type=employee.created&limit=1&cursor=${cursor}`, // another value
      `?limit=1&cursor=${cursor}`, // dropped
      `?type=employee.created,employee.updated&after=${log.events[0].id}&limit=1&cursor=${cursor}`, // added
      `?type=employee.created&cursor=${encodeURIComponent(plain.next_cursor as string)}`, // added to an unfiltered list
      `?after=${log.events[1].id}&cursor=${encodeURIComponent(afterFirst.next_cursor as string)}`, // another after
      `?cursor=${encodeURIComponent(afterFirst.next_cursor as string)}`, // after dropped
    ]) {
      await expectDocumentedProblem(h, await h.as(log.both, `/v1/events${query}`), 400, 'invalid_cursor', ...LIST);
    }
    // Even where the credential sees none of the types asked for, a cursor must be this list's.
    await expectDocumentedProblem(
      h,
      await h.as(log.employees, `/v1/events?type=leave_request.created&cursor=${cursor}`),
      400,
      'invalid_cursor',
      ...LIST,
    );
  });

  test('a cursor of another tenant, or tampered, is 400 invalid_cursor; limit is 1..100', async () => {
    const other = await h.tenant();
    const otherKey = await h.key(other, READ_SCOPES);
    const page = await listEvents(h, log.both, '?limit=1');
    const cursor = page.next_cursor as string;
    await expectDocumentedProblem(
      h,
      await h.as(otherKey, `/v1/events?limit=1&cursor=${encodeURIComponent(cursor)}`),
      400,
      'invalid_cursor',
      ...LIST,
    );
    await expectDocumentedProblem(
      h,
      await h.as(log.both, `/v1/events?cursor=${cursor.slice(0, -2)}xx`),
      400,
      'invalid_cursor',
      ...LIST,
    );
    await expectDocumentedProblem(h, await h.as(log.both, '/v1/events?cursor='), 400, 'invalid_cursor', ...LIST);
    await expectDocumentedProblem(
      h,
      await h.as(log.both, '/v1/events?limit=0'),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
    await expectDocumentedProblem(
      h,
      await h.as(log.both, '/v1/events?limit=101'),
      400,
      'invalid_query_parameter',
      ...LIST,
    );
  });
});

describe('tenants apart', () => {
  isolationCases(() => h, {
    name: 'GET /v1/events/{id}',
    scope: 'employees:read',
    listPath: '/v1/events',
    recordPath: async (tenant) => {
      const write = await h.key(tenant, ['employees:write']);
      const hired = (await (await postEmployee(h, write, hireBody(tenant))).json()) as { data: Json };
      const [event] = (await allEvents(h, await h.key(tenant, ['employees:read']))).filter(
        (e) => e.data.object.id === hired.data.id,
      );
      return `/v1/events/${event.id}`;
    },
  });

  test("the sandbox's writes are the sandbox's events, not the live tenant's", async () => {
    const t = await h.tenant();
    const sandboxWrite = await h.key(t, ['employees:write'], 'test');
    const res = await postEmployee(h, sandboxWrite, hireBody({ hr_admin: t.sandbox_hr_admin }));
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Json };
    const sandbox = await allEvents(h, await h.key(t, READ_SCOPES, 'test'));
    expect(sandbox.map((e) => [e.type, e.data.object.id])).toEqual([['employee.created', data.id]]);
    expect(await allEvents(h, await h.key(t, READ_SCOPES))).toEqual([]);
  });
});

describe('over /trpc', () => {
  const client = (secret: string) =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: `${h.url}/trpc`, headers: { Authorization: `Bearer ${secret}` }, maxItems: 10 })],
    });

  async function clientError(promise: Promise<unknown>): Promise<TRPCClientError<AppRouter>> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TRPCClientError);
    return error as TRPCClientError<AppRouter>;
  }

  test('events.list and events.get answer what /v1 answers, filters and cursors included', async () => {
    const api = client(log.both);
    const [all, typed, one] = await Promise.all([
      api.events.list.query({ limit: 100 }),
      api.events.list.query({ type: 'employee.updated,leave_request.approved', limit: 1 }),
      api.events.get.query({ id: log.events[3].id }),
    ]);
    expect(all).toEqual({ data: log.events, next_cursor: null, has_more: false });
    expect(typed.data).toEqual(ofTypes('employee.updated'));
    expect(one).toEqual({ data: log.events[3] });
    const next = await api.events.list.query({
      type: 'employee.updated,leave_request.approved',
      limit: 1,
      cursor: typed.next_cursor as string,
    });
    expect(next.data).toEqual(ofTypes('leave_request.approved'));
    const after = await api.events.list.query({ after: log.events[4].id });
    expect(after.data).toEqual(log.events.slice(5));
    // The cursors of one surface serve the other.
    const rest = await listEvents(
      h,
      log.both,
      `?type=employee.updated,leave_request.approved&limit=1&cursor=${encodeURIComponent(typed.next_cursor as string)}`,
    );
    expect(rest.data).toEqual(next.data);
  });

  test('the same refusals, with the problem code in data.code', async () => {
    const neither = await clientError(client(log.neither).events.list.query({}));
    expect(neither.data?.code).toBe('insufficient_scope');
    expect(neither.data?.httpStatus).toBe(403);
    const hidden = await clientError(client(log.leave).events.get.query({ id: log.events[0].id }));
    expect(hidden.data?.code).toBe('not_found');
    const unknownType = await clientError(client(log.both).events.list.query({ type: 'employee.fired' }));
    expect(unknownType.data?.code).toBe('invalid_query_parameter');
    expect(unknownType.message).toContain('employee.fired');
    const unknownAfter = await clientError(client(log.both).events.list.query({ after: NOBODY }));
    expect(unknownAfter.data?.code).toBe('invalid_query_parameter');
    const otherFilter = await clientError(
      client(log.both).events.list.query({
        type: 'employee.created',
        cursor: (await client(log.both).events.list.query({ limit: 1 })).next_cursor as string,
      }),
    );
    expect(otherFilter.data?.code).toBe('invalid_cursor');
  });
});

describe('the OpenAPI document', () => {
  test('both operations: either read scope, the filters with their types and enum, the Event record', async () => {
    const { doc } = await h.contract();
    const paths = doc.paths as Record<string, Record<string, Json>>;
    const list = paths['/events'].get;
    const one = paths['/events/{id}'].get;
    for (const operation of [list, one]) {
      expect(operation.security).toEqual([
        { bearerAuth: [] },
        { oauth2: ['employees:read'] },
        { oauth2: ['leave:read'] },
        { oauth2: ['webhooks:read'] },
      ]);
      expect(operation['x-required-scope-any-of']).toEqual(LOG_SCOPES);
      const forbidden = (operation.responses as Record<string, Json>)['403'];
      expect(Object.keys(forbidden.headers as Json)).toContain('WWW-Authenticate');
    }
    const parameters = Object.fromEntries((list.parameters as Json[]).map((p) => [p.name, p]));
    expect(parameters.type).toMatchObject({
      in: 'query',
      style: 'form',
      explode: false,
      schema: {
        type: 'array',
        items: { type: 'string', enum: EVENT_TYPES },
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        uniqueItems: true,
      },
    });
    expect(parameters.after).toMatchObject({ in: 'query', schema: { type: 'string', format: 'uuid' } });
    expect(Object.keys(list.responses as Json).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '410',
      '429',
      '500',
      '503',
    ]);
    expect(Object.keys(one.responses as Json).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    const schemas = (doc.components as { schemas: Record<string, Json> }).schemas;
    const discriminator = schemas.Event.discriminator as { propertyName: string; mapping: Json };
    expect(discriminator.propertyName).toBe('type');
    // Each type its own record, the one its webhook deliveries carry (routers/events/eventTypes.procedures.ts).
    expect(discriminator.mapping).toEqual({
      'employee.created': '#/components/schemas/EmployeeCreatedEvent',
      'employee.updated': '#/components/schemas/EmployeeUpdatedEvent',
      'leave_request.created': '#/components/schemas/LeaveRequestCreatedEvent',
      'leave_request.approved': '#/components/schemas/LeaveRequestApprovedEvent',
      'leave_request.rejected': '#/components/schemas/LeaveRequestRejectedEvent',
      'webhook_endpoint.disabled': '#/components/schemas/WebhookEndpointDisabledEvent',
      'leave_request.cancelled': '#/components/schemas/LeaveRequestCancelledEvent',
    });
    expect(Object.keys(discriminator.mapping)).toEqual(EVENT_TYPES);
    expect((schemas.EmployeeUpdatedEvent.examples as Json[]).length).toBe(1);
  });
});
