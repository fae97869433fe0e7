// Idempotency-Key (decisions §6) on the leave writes, filing and deciding; and the same writes over
// tRPC, with the same rules and codes. The key's general rules are tests/http/idempotency.employees.test.ts.
import { describe, expect, test } from 'vitest';
import type { LeaveRequestRecord } from '../../routers/leave/leaveRequest.record.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import { idempotencyKey, jsonInit, parallel, statusCounts } from '../support/http.js';
import { day, setupOrg } from '../support/leave.js';
import {
  daysOf,
  decideOk,
  expectData,
  fileOk,
  leaveBody,
  leaveMail,
  leaveRows,
  postDecision,
  postLeave,
} from './helpers.js';

const h = useTestServer();

describe('Idempotency-Key on leave writes', () => {
  test('filing twice with one key: one request, the second response identical with Idempotent-Replayed: true', async () => {
    const org = await setupOrg(h);
    const key = idempotencyKey('leave');
    const first = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const second = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
    const secondText = await second.text();
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.headers.get('content-type')).toMatch(/^application\/json/);
    expect(secondText).toBe(firstText);
    expect(second.headers.get('x-request-id')).toBeTruthy();
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const { data } = JSON.parse(firstText) as { data: LeaveRequestRecord };
    expect((await leaveRows(h, org.tenantId, org.employee.id)).map((r) => r.id)).toEqual([data.id]);
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 2, available: 18 });
    expect(await leaveMail(h, org.tenantId)).toHaveLength(2);
    // Key order in the body does not change the fingerprint.
    const reordered = Object.fromEntries(Object.entries(leaveBody(org)).reverse());
    const third = await postLeave(h, org.write, reordered, { 'Idempotency-Key': key });
    expect(third.headers.get('idempotent-replayed')).toBe('true');
    expect(await third.text()).toBe(firstText);
  });

  test('the same key with another body is 409 idempotency_key_reused; without a key the retry is a new filing', async () => {
    const org = await setupOrg(h);
    const key = idempotencyKey('leave');
    await expectData(
      h,
      await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key }),
      'POST',
      '/leave-requests',
    );
    const other = await postLeave(h, org.write, leaveBody(org, { reason: 'Another reason' }), {
      'Idempotency-Key': key,
    });
    await expectProblem(other, 409, 'idempotency_key_reused');
    // Without the key the same body is filed again, and refused as overlapping.
    await expectProblem(await postLeave(h, org.write, leaveBody(org)), 422, 'overlapping_leave_request');
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);
  });

  test('a refusal of the rules (422) is stored and replayed, even after the blocker is gone', async () => {
    const org = await setupOrg(h);
    const blocker = await fileOk(h, org);
    const key = idempotencyKey('leave');
    const first = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
    const firstBody = await expectProblem(first.clone(), 422, 'overlapping_leave_request');
    await decideOk(h, org, blocker.id, 'cancel', org.employee.id);
    const replay = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
    expect(replay.status).toBe(422);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // Byte for byte: the replayed problem names the first request.
    expect(await replay.json()).toEqual(firstBody);
    expect(firstBody.request_id).toBe(first.headers.get('x-request-id'));
    // A new key files it.
    await expectData(
      h,
      await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': idempotencyKey('leave') }),
      'POST',
      '/leave-requests',
    );
  });

  test('a 400 is not stored: the same key then files the corrected body', async () => {
    const org = await setupOrg(h);
    const key = idempotencyKey('leave');
    await expectProblem(
      await postLeave(h, org.write, leaveBody(org, { reason: '' }), { 'Idempotency-Key': key }),
      400,
      'invalid_body',
    );
    const fixed = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
    await expectData(h, fixed, 'POST', '/leave-requests');
  });

  test('a malformed key is 400 invalid_idempotency_key and files nothing', async () => {
    const org = await setupOrg(h);
    for (const key of ['', 'x'.repeat(256), 'has space', 'ünïcode']) {
      const res = await postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key });
      await expectProblem(res, 400, 'invalid_idempotency_key');
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toEqual([]);
  });

  test('parallel filings with one key: one request, every answer either it or 409 idempotency_key_in_use', async () => {
    const org = await setupOrg(h);
    const key = idempotencyKey('leave');
    const results = await parallel(6, () => postLeave(h, org.write, leaveBody(org), { 'Idempotency-Key': key }));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((r) => r.text)).size).toBe(1);
    expect(ok.filter((r) => r.headers.get('idempotent-replayed') === null)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect((JSON.parse(r.text) as { code: string }).code).toBe('idempotency_key_in_use');
      expect(r.headers.get('retry-after')).toBe('1');
    }
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 2 });
  });

  test('approve retried with the same key: the 200 is replayed, not 409; the balance moves once', async () => {
    const org = await setupOrg(h);
    const filed = await fileOk(h, org);
    const key = idempotencyKey('leave');
    const body = { actor_employee_id: org.manager.id, comment: 'OK' };
    const first = await postDecision(h, org.write, filed.id, 'approve', body, { 'Idempotency-Key': key });
    const firstText = await first.text();
    expect(first.status, firstText).toBe(200);
    const retry = await postDecision(h, org.write, filed.id, 'approve', body, { 'Idempotency-Key': key });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await retry.text()).toBe(firstText);
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ used: 2, pending: 0 });
    expect((await leaveMail(h, org.tenantId)).filter((m) => m.kind === 'leave_approved')).toHaveLength(1);
    // Control: without the key, approving again is the state machine's 409.
    await expectProblem(await postDecision(h, org.write, filed.id, 'approve', body), 409, 'invalid_leave_transition');
    // The key belongs to the approve of this request: the same key on cancel is reused.
    await expectProblem(
      await postDecision(
        h,
        org.write,
        filed.id,
        'cancel',
        { actor_employee_id: org.employee.id },
        { 'Idempotency-Key': key },
      ),
      409,
      'idempotency_key_reused',
    );
  });

  test('keys are scoped to the tenant: another tenant may use the same key', async () => {
    const a = await setupOrg(h);
    const b = await setupOrg(h);
    const key = idempotencyKey('leave');
    const ra = await postLeave(h, a.write, leaveBody(a), { 'Idempotency-Key': key });
    const rb = await postLeave(h, b.write, leaveBody(b), { 'Idempotency-Key': key });
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(rb.headers.get('idempotent-replayed')).toBeNull();
    expect(await leaveRows(h, b.tenantId, b.employee.id)).toHaveLength(1);
  });
});

describe('tRPC', () => {
  interface TrpcError {
    error: { message: string; data: { code: string; httpStatus: number; errors?: { path: string }[] } };
  }
  const trpc = (secret: string, procedure: string, input: unknown) =>
    h.as(secret, `/trpc/${procedure}`, jsonInit('POST', input));

  test('leaveRequests.create files with the same credential; an overlapping one is HTTP 422 overlapping_leave_request', async () => {
    const org = await setupOrg(h);
    const res = await trpc(org.write, 'leaveRequests.create', leaveBody(org));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const created = (JSON.parse(text) as { result: { data: { data: LeaveRequestRecord } } }).result.data.data;
    expect(created).toMatchObject({ employee_id: org.employee.id, status: 'pending', days_count: 2 });
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ pending: 2 });
    expect(await leaveMail(h, org.tenantId)).toHaveLength(2);

    const overlap = await trpc(
      org.write,
      'leaveRequests.create',
      leaveBody(org, { start_date: day('03-03'), end_date: day('03-03'), days_count: 1 }),
    );
    expect(overlap.status).toBe(422);
    const body = (await overlap.json()) as TrpcError;
    expect(body.error.data).toMatchObject({ code: 'overlapping_leave_request', httpStatus: 422 });
    expect(body.error.message).toContain(created.id);

    const tooMuch = await trpc(
      org.write,
      'leaveRequests.create',
      leaveBody(org, { start_date: day('04-01'), end_date: day('04-30'), days_count: 19 }),
    );
    expect(tooMuch.status).toBe(422);
    expect(((await tooMuch.json()) as TrpcError).error.data.code).toBe('insufficient_leave_balance');
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);
  });

  test('the same rules and codes: 400 invalid_body with errors, 404, 403 scope, and decisions', async () => {
    const org = await setupOrg(h);
    const bad = await trpc(org.write, 'leaveRequests.create', leaveBody(org, { days_count: 0, reason: '' }));
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as TrpcError;
    expect(badBody.error.data.code).toBe('invalid_body');
    expect(badBody.error.data.errors?.map((e) => e.path).sort()).toEqual(['days_count', 'reason']);
    const stringDays = await trpc(org.write, 'leaveRequests.create', leaveBody(org, { days_count: '2' }));
    expect(stringDays.status).toBe(400);
    expect(((await stringDays.json()) as TrpcError).error.data.errors).toEqual([
      { path: 'days_count', message: expect.any(String) },
    ]);

    const unknown = await trpc(
      org.write,
      'leaveRequests.create',
      leaveBody(org, { employee_id: org.t.sandbox_hr_admin.id }),
    );
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as TrpcError).error.data.code).toBe('employee_not_found');

    const readOnly = await trpc(org.read, 'leaveRequests.create', leaveBody(org));
    expect(readOnly.status).toBe(403);
    expect(((await readOnly.json()) as TrpcError).error.data.code).toBe('insufficient_scope');

    const filed = await fileOk(h, org);
    const self = await trpc(org.write, 'leaveRequests.approve', { id: filed.id, actor_employee_id: org.employee.id });
    expect(self.status).toBe(403);
    expect(((await self.json()) as TrpcError).error.data.code).toBe('actor_not_permitted');
    const ok = await trpc(org.write, 'leaveRequests.approve', { id: filed.id, actor_employee_id: org.manager.id });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: { data: LeaveRequestRecord } } }).result.data.data.status).toBe(
      'approved',
    );
    const again = await trpc(org.write, 'leaveRequests.reject', { id: filed.id, actor_employee_id: org.manager.id });
    expect(again.status).toBe(409);
    expect(((await again.json()) as TrpcError).error.data.code).toBe('invalid_leave_transition');
    expect(await daysOf(h, org, org.employee.id)).toMatchObject({ used: 2, pending: 0 });
  });

  test('parallel overlapping filings over tRPC: exactly one passes', async () => {
    const org = await setupOrg(h);
    const results = await parallel(8, () => trpc(org.write, 'leaveRequests.create', leaveBody(org)));
    expect(statusCounts(results)).toEqual({ 200: 1, 422: 7 });
    expect(await leaveRows(h, org.tenantId, org.employee.id)).toHaveLength(1);
  });
});
