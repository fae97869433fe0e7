import { beforeAll, describe, expect, test } from 'vitest';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { type Decision, decideOk, fileOk, leaveBody, postDecision, postLeave } from '../leave/helpers.js';
import { hireBody, patchEmployee, postEmployee, uniqueEmail } from '../support/employees.js';
import { expectProblem, type TestTenant, useTestServer } from '../support/harness.js';
import { idempotencyKey, type Json } from '../support/http.js';
import { day, type Org, setupOrg } from '../support/leave.js';
import { allEvents, countEvents, type EventRecord, onlyEvent } from './helpers.js';

// Decisions §14: every committed business write records its event in its own transaction, with the
// resource as the write answered it, the changed fields of an update and the request that made it;
// a refused write, an idempotent replay and a PATCH that changes nothing record none.

const h = useTestServer({ RATE_LIMIT_POINTS: '100000' });

/** The JSON body and the X-Request-Id of a 200 answer. */
async function answered(res: Response): Promise<{ data: Json; requestId: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return { data: (JSON.parse(text) as { data: Json }).data, requestId: res.headers.get('x-request-id') as string };
}

describe('employees', () => {
  let t: TestTenant;
  let write: string;
  let read: string;

  beforeAll(async () => {
    t = await h.tenant();
    write = await h.key(t, ['employees:write']);
    read = await h.key(t, ['employees:read']);
  });

  test('a fresh tenant has no events: making the organisation and its first HR admin records none', async () => {
    const fresh = await h.tenant();
    expect(await countEvents(h, fresh.tenant.id)).toBe(0);
    expect((await allEvents(h, await h.key(fresh, ['employees:read', 'leave:read']))).length).toBe(0);
  });

  test('a hire records employee.created: the answered record, no previous attributes, its request id and key', async () => {
    const key = idempotencyKey('hire');
    const { data, requestId } = await answered(
      await postEmployee(h, write, hireBody(t, { department: 'R&D' }), {
        'X-Request-Id': 'evt-hire-1',
        'Idempotency-Key': key,
      }),
    );
    expect(requestId).toBe('evt-hire-1');
    const event = onlyEvent(await allEvents(h, read), 'employee.created', data.id as string);
    expect(event.data.object).toEqual(data);
    expect(event.previous_attributes).toBeNull();
    expect(event.request).toEqual({ id: 'evt-hire-1', idempotency_key: key });
    // By id, the same record.
    const byId = (await (await h.as(read, `/v1/events/${event.id}`)).json()) as { data: EventRecord };
    expect(byId).toEqual({ data: event });
  });

  test('without X-Request-Id and Idempotency-Key: the minted request id, and a null key', async () => {
    const { data, requestId } = await answered(await postEmployee(h, write, hireBody(t)));
    const event = onlyEvent(await allEvents(h, read), 'employee.created', data.id as string);
    expect(event.request).toEqual({ id: requestId, idempotency_key: null });
  });

  test('a keyed replay records nothing more; a refused hire (409, 404) records nothing, keyed or not', async () => {
    const key = idempotencyKey('replay');
    const body = hireBody(t);
    const first = await answered(await postEmployee(h, write, body, { 'Idempotency-Key': key }));
    const before = await countEvents(h, t.tenant.id);
    const replay = await postEmployee(h, write, body, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { data: Json }).data).toEqual(first.data);
    // Taken e-mail (stored under a key, and plain), unknown manager: refused, rolled back.
    await expectProblem(
      await postEmployee(h, write, hireBody(t, { email: body.email }), { 'Idempotency-Key': idempotencyKey() }),
      409,
      'email_taken',
    );
    await expectProblem(await postEmployee(h, write, hireBody(t, { email: body.email })), 409, 'email_taken');
    await expectProblem(
      await postEmployee(h, write, hireBody(t, { manager_id: '01a20129-a8bd-7fe6-893d-e14d781596aa' })),
      404,
      'manager_not_found',
    );
    await expectProblem(await postEmployee(h, write, { ...hireBody(t), email: 'nope' }), 400, 'invalid_body');
    expect(await countEvents(h, t.tenant.id)).toBe(before);
    const created = (await allEvents(h, read)).filter((e) => e.data.object.id === first.data.id);
    expect(created.map((e) => e.type)).toEqual(['employee.created']);
  });

  test('a refused hire at the seat limit (422) records nothing', async () => {
    const small = await h.tenant({ seats: 1 });
    const smallWrite = await h.key(small, ['employees:write']);
    await expectProblem(await postEmployee(h, smallWrite, hireBody(small)), 422, 'seat_limit_reached');
    expect(await countEvents(h, small.tenant.id)).toBe(0);
  });

  test('PATCH records employee.updated with only the changed fields, old values; updated_at is not among them', async () => {
    const hired = await answered(
      await postEmployee(h, write, hireBody(t, { department: 'Sales', designation: 'Associate' })),
    );
    const id = hired.data.id as string;
    const key = idempotencyKey('patch');
    const patched = await answered(
      await patchEmployee(
        h,
        write,
        id,
        { actor_employee_id: t.hr_admin.id, department: 'Sales', designation: 'Lead' },
        { 'X-Request-Id': 'evt-patch-1', 'Idempotency-Key': key },
      ),
    );
    const [updated] = (await allEvents(h, read)).filter(
      (e) => e.type === 'employee.updated' && e.data.object.id === id,
    );
    expect(updated.data.object).toEqual(patched.data);
    expect(updated.data.object.updated_at).not.toBe(hired.data.updated_at);
    expect(updated.previous_attributes).toEqual({ designation: 'Associate' });
    expect(updated.request).toEqual({ id: 'evt-patch-1', idempotency_key: key });

    // Both fields, one cleared: both listed with their old values.
    const second = await answered(
      await patchEmployee(h, write, id, { actor_employee_id: t.hr_admin.id, department: null, designation: 'Head' }),
    );
    const updates = (await allEvents(h, read)).filter((e) => e.type === 'employee.updated' && e.data.object.id === id);
    expect(updates).toHaveLength(2);
    expect(updates[1].data.object).toEqual(second.data);
    expect(updates[1].previous_attributes).toEqual({ department: 'Sales', designation: 'Lead' });
    expect(updates[1].request.idempotency_key).toBeNull();
  });

  test('a PATCH that changes nothing records nothing; a refused PATCH records nothing', async () => {
    const hired = await answered(await postEmployee(h, write, hireBody(t, { department: 'Ops' })));
    const id = hired.data.id as string;
    const before = await countEvents(h, t.tenant.id);
    const same = await answered(
      await patchEmployee(h, write, id, { actor_employee_id: t.hr_admin.id, department: 'Ops', designation: null }),
    );
    expect(same.data).toEqual(hired.data);
    const notAdmin = await patchEmployee(h, write, id, { actor_employee_id: id, department: 'Elsewhere' });
    await expectProblem(notAdmin, 403, 'actor_not_hr_admin');
    await expectProblem(
      await patchEmployee(h, write, '01a20129-a8bd-7fe6-893d-e14d781596aa', {
        actor_employee_id: t.hr_admin.id,
        department: 'X',
      }),
      404,
      'not_found',
    );
    expect(await countEvents(h, t.tenant.id)).toBe(before);
  });

  test('a write over /trpc records its event with its X-Request-Id and Idempotency-Key', async () => {
    const key = idempotencyKey('trpc');
    const email = uniqueEmail('trpc');
    const res = await h.fetch('/trpc/employees.create', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${write}`,
        'X-Request-Id': 'evt-trpc-1',
        'Idempotency-Key': key,
      },
      body: JSON.stringify(hireBody(t, { email })),
    });
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const { data } = (JSON.parse(text) as { result: { data: { data: Json } } }).result.data;
    const event = onlyEvent(await allEvents(h, read), 'employee.created', data.id as string);
    expect(event.data.object).toEqual(data);
    expect(event.request).toEqual({ id: 'evt-trpc-1', idempotency_key: key });
  });
});

describe('leave requests', () => {
  let org: Org;
  let read: string;

  beforeAll(async () => {
    org = await setupOrg(h);
    read = await h.key(org.t, ['leave:read']);
  });

  const eventsOf = async (id: string) =>
    (await allEvents(h, read)).filter((e) => e.data.object.id === id).map((e) => ({ ...e }));

  test('filing records leave_request.created with the answered record and its request', async () => {
    const key = idempotencyKey('file');
    const res = await postLeave(
      h,
      org.write,
      leaveBody(org, { start_date: day('02-02'), end_date: day('02-02'), days_count: 1 }),
      {
        'X-Request-Id': 'evt-file-1',
        'Idempotency-Key': key,
      },
    );
    const { data } = await answered(res);
    const event = onlyEvent(await allEvents(h, read), 'leave_request.created', data.id as string);
    expect(event.data.object).toEqual(data);
    expect(event.previous_attributes).toBeNull();
    expect(event.request).toEqual({ id: 'evt-file-1', idempotency_key: key });
  });

  test.each<[Decision, string, string]>([
    ['approve', 'leave_request.approved', 'approved'],
    ['reject', 'leave_request.rejected', 'rejected'],
    ['cancel', 'leave_request.cancelled', 'cancelled'],
  ])('%s records %s with the decided record', async (decision, type, status) => {
    const month = { approve: '04', reject: '05', cancel: '06' }[decision];
    const filed = await fileOk(h, org, { start_date: day(`${month}-01`), end_date: day(`${month}-01`), days_count: 1 });
    const actor = decision === 'cancel' ? org.employee.id : org.manager.id;
    const decided = await decideOk(h, org, filed.id, decision, actor, 'noted');
    expect(decided.status).toBe(status);
    const events = await eventsOf(filed.id);
    expect(events.map((e) => e.type)).toEqual(['leave_request.created', type]);
    expect(events[0].data.object).toEqual(filed);
    const event = onlyEvent(events, type, filed.id);
    expect(event.data.object).toEqual(decided);
    expect(event.previous_attributes).toBeNull();
    expect(event.request.idempotency_key).toBeNull();
  });

  test('cancelling an approved request records approved, then cancelled', async () => {
    const filed = await fileOk(h, org, { start_date: day('07-01'), end_date: day('07-01'), days_count: 1 });
    const approved = await decideOk(h, org, filed.id, 'approve', org.manager.id);
    const cancelled = await decideOk(h, org, filed.id, 'cancel', org.hrAdmin.id);
    const events = await eventsOf(filed.id);
    expect(events.map((e) => e.type)).toEqual([
      'leave_request.created',
      'leave_request.approved',
      'leave_request.cancelled',
    ]);
    expect(events.map((e) => e.data.object as unknown as LeaveRequestRecord)).toEqual([filed, approved, cancelled]);
  });

  test('refused filings and decisions (422, 404, 409, 403) record nothing, keyed or not; a replay records nothing', async () => {
    const before = await countEvents(h, org.tenantId);
    // 422: more days than the balance holds, plain and under a key (the refusal is stored), then replayed.
    const tooMany = leaveBody(org, { start_date: day('08-03'), end_date: day('12-31'), days_count: 100 });
    await expectProblem(await postLeave(h, org.write, tooMany), 422, 'insufficient_leave_balance');
    const key = idempotencyKey('refused');
    await expectProblem(
      await postLeave(h, org.write, tooMany, { 'Idempotency-Key': key }),
      422,
      'insufficient_leave_balance',
    );
    // The replay is the stored answer byte for byte (its request_id is the first request's).
    const replayed = await postLeave(h, org.write, tooMany, { 'Idempotency-Key': key });
    expect(replayed.status).toBe(422);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replayed.json()) as { code: string }).code).toBe('insufficient_leave_balance');
    await expectProblem(
      await postLeave(h, org.write, leaveBody(org, { leave_type_id: '01a20129-a8bd-7fe6-893d-e14d781596aa' })),
      404,
      'leave_type_not_found',
    );
    expect(await countEvents(h, org.tenantId)).toBe(before);

    // A decision refused by the matrix (403) and by the transition (409).
    const filed = await fileOk(h, org, { start_date: day('09-01'), end_date: day('09-01'), days_count: 1 });
    const afterFiling = await countEvents(h, org.tenantId);
    expect(afterFiling).toBe(before + 1);
    await expectProblem(
      await postDecision(h, org.write, filed.id, 'approve', { actor_employee_id: org.employee.id }),
      403,
      'actor_not_permitted',
    );
    await decideOk(h, org, filed.id, 'reject', org.manager.id);
    await expectProblem(
      await postDecision(h, org.write, filed.id, 'approve', { actor_employee_id: org.manager.id }),
      409,
      'invalid_leave_transition',
    );
    expect(await countEvents(h, org.tenantId)).toBe(afterFiling + 1);

    // A keyed filing replayed: one event.
    const once = idempotencyKey('once');
    const body = leaveBody(org, { start_date: day('10-01'), end_date: day('10-01'), days_count: 1 });
    const first = await answered(await postLeave(h, org.write, body, { 'Idempotency-Key': once }));
    const again = await postLeave(h, org.write, body, { 'Idempotency-Key': once });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { data: Json }).data).toEqual(first.data);
    expect((await eventsOf(first.data.id as string)).map((e) => e.type)).toEqual(['leave_request.created']);
    expect(await countEvents(h, org.tenantId)).toBe(afterFiling + 2);
  });
});
