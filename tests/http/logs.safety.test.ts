import { randomBytes, randomUUID } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import pg from 'pg';
import { describe, expect, test } from 'vitest';
import { LeaveRequest } from '../../db/entities/leave.js';
import { useFreshDatabase } from '../support/database.js';
import { hireBody } from '../support/employees.js';
import { expectProblem, useTestServer } from '../support/harness.js';
import { captureLogs } from '../support/logs.js';

/**
 * Logs never carry row contents from constraint errors (decisions §16): PostgreSQL's "Failing row
 * contains (…)" detail holds every column of the refused row, a leave reason or an e-mail address
 * among them. Real constraint violations on a database of this file's own (it adds a constraint).
 */

const { url } = useFreshDatabase('wfm_logs');
const log = captureLogs();
const h = useTestServer({ DATABASE_URL: url, RATE_LIMIT_POINTS: '100000' }, log.logger);

const marker = () => `MARKER-${randomBytes(6).toString('hex')}`;

describe('a constraint error inside a request', () => {
  test('500 internal_error; the log line names the constraint and the request, not the row', async () => {
    // A constraint the API does not know about, so the hire reaches PostgreSQL and is refused there.
    const side = new pg.Client({ connectionString: url });
    await side.connect();
    await side.query(
      `alter table employees add constraint log_safety_designation check (designation is distinct from 'Refused')`,
    );
    await side.end();
    const t = await h.tenant();
    const key = await h.key(t, ['employees:write']);
    const secret = marker();
    const email = `${secret.toLowerCase()}@example.com`;
    const res = await h.as(key, '/v1/employees', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(hireBody(t, { full_name: `Patient ${secret}`, email, designation: 'Refused' })),
    });
    const body = await expectProblem(res, 500, 'internal_error');
    expect(JSON.stringify(body)).not.toContain(secret);

    const lines = log
      .text()
      .split('\n')
      .filter((line) => line.includes(body.request_id as string));
    const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((l) => l.err);
    expect(failure, lines.join('\n')).toBeDefined();
    expect(failure?.err).toMatchObject({
      type: 'CheckConstraintViolationException',
      code: '23514',
      constraint: 'log_safety_designation',
      table: 'employees',
    });
    const all = log.text();
    expect(all).not.toContain(secret);
    expect(all).not.toContain(email);
    expect(all).not.toMatch(/Failing row contains/i);
    expect(all).not.toMatch(/insert into/i);
  });
});

describe('the err serializer of createLogger', () => {
  async function refused(run: () => Promise<unknown>): Promise<Error> {
    return run().then(
      () => {
        throw new Error('expected the database to refuse the row');
      },
      (error: Error) => error,
    );
  }

  test('a check violation (leave reason in the row), bare and wrapped as tRPC wraps it', async () => {
    const secret = marker();
    const reason = `Chemotherapy, ${secret}`;
    const error = await refused(() =>
      h.orm.em.fork().execute(
        `insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count, reason)
           values (?, ?, ?, ?, '2026-02-02', '2026-02-01', 1, ?)`,
        [randomUUID(), randomUUID(), randomUUID(), randomUUID(), reason],
      ),
    );
    // What an unprotected logger would have written.
    expect(`${error.message} ${JSON.stringify(error)}`).toContain(secret);

    const { logger, text } = captureLogs();
    const requestId = randomUUID();
    logger.error({ err: error, request_id: requestId }, 'unhandled error');
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
    expect(wrapped.message).toContain(secret);
    logger.error({ err: wrapped, request_id: requestId }, 'procedure failed');
    logger.error(error);
    const out = text();
    expect(out).not.toContain(secret);
    expect(out).not.toMatch(/Failing row contains|insert into|values \(/i);
    const [bare, trpc] = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { err: Record<string, unknown>; request_id?: string });
    expect(bare.request_id).toBe(requestId);
    expect(bare.err).toMatchObject({
      type: 'CheckConstraintViolationException',
      code: '23514',
      constraint: 'leave_requests_date_range',
      table: 'leave_requests',
      schema: 'public',
    });
    expect(bare.err.stack).toMatch(/^CheckConstraintViolationException \(SQLSTATE 23514\)\n\s+at /);
    expect(trpc.err).toMatchObject({ type: 'TRPCError', code: 'INTERNAL_SERVER_ERROR' });
    expect(trpc.err.cause).toMatchObject({ code: '23514', constraint: 'leave_requests_date_range' });
  });

  test('an entity flush (MikroORM), a not-null violation and a plain node-postgres error', async () => {
    const secret = marker();
    const em = h.orm.em.fork();
    em.create(LeaveRequest, {
      id: randomUUID(),
      tenantId: randomUUID(),
      employeeId: randomUUID(),
      leaveTypeId: randomUUID(),
      startDate: '2026-03-02',
      endDate: '2026-03-01',
      daysCount: 1,
      reason: secret,
    } as never);
    const flushed = await refused(() => em.flush());
    const notNull = await refused(() =>
      h.orm.em
        .fork()
        .execute(`insert into holidays (id, tenant_id, name, date) values (?, ?, ?, null)`, [
          randomUUID(),
          randomUUID(),
          secret,
        ]),
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const raw = await refused(() =>
      client.query(
        `insert into leave_requests (id, tenant_id, employee_id, leave_type_id, start_date, end_date, days_count, reason)
         values ($1, $2, $3, $4, '2026-04-02', '2026-04-01', 1, $5)`,
        [randomUUID(), randomUUID(), randomUUID(), randomUUID(), secret],
      ),
    );
    await client.end();
    const { logger, text } = captureLogs();
    for (const err of [flushed, notNull, raw]) logger.warn({ err }, 'refused');
    const out = text();
    expect(out).not.toContain(secret);
    const logged = out
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { err: Record<string, unknown> }).err);
    expect(logged[0]).toMatchObject({ code: '23514', constraint: 'leave_requests_date_range' });
    expect(logged[1]).toMatchObject({ code: '23502', table: 'holidays', column: 'date' });
    expect(logged[2]).toMatchObject({ type: 'DatabaseError', code: '23514', constraint: 'leave_requests_date_range' });
  });

  test('other errors keep their message and stack', () => {
    const { logger, text } = captureLogs();
    logger.error({ err: new TypeError('cannot read x of undefined') }, 'bug');
    const { err } = JSON.parse(text()) as { err: { type: string; message: string; stack: string } };
    expect(err.type).toBe('TypeError');
    expect(err.message).toBe('cannot read x of undefined');
    expect(err.stack).toMatch(/^TypeError: cannot read x of undefined\n\s+at /);
  });
});
