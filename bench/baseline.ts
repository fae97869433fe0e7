/**
 * The bare handler the service is measured against: node:http and pg, written by hand, doing the
 * work the service does for each scenario with the same statements (as they are in the service;
 * keep them in step, they are all in STATEMENTS below): the API-key lookup by SHA-256 of the
 * bearer token, the keyset page with its signed cursor, the record by id, and the hiring journey
 * in one transaction. No framework, no schema validation, no rate limit, no request log.
 * Started by bench/run.ts: `node --import tsx bench/baseline.ts <port> <database url>`; prints
 * `ready` when it listens.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import pg from 'pg';
import { uuidv7 } from 'uuidv7';

/** `?` placeholders numbered as pg wants them ($1, $2, …). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** The employee read record's columns, formatted in SQL as the service selects them (core/records.ts). */
const EMPLOYEE_COLUMNS = `id, employee_id, profile_id, manager_id, full_name, email, department, designation,
  employment_type, to_char(joining_date, 'YYYY-MM-DD') as joining_date,
  to_char(engagement_end_date, 'YYYY-MM-DD') as engagement_end_date, vendor_name,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at`;

/** The employee code of number `n` in SQL, as the service assigns it. */
const CODE_OF = (n: string) => `?::text || lpad((${n})::text, greatest(?::int, length((${n})::text)), '0')`;

/**
 * Every statement, as the service sends it (routers/credentials/credentials.writes.ts resolveBearer, core/records.ts,
 * routers/employees/employees.procedures.ts hireEmployee), the tenant condition written in where the service's tenant
 * reader adds it.
 */
const STATEMENTS = {
  apiKey: numbered(`select k.id, k.key_id, k.tenant_id, t.env, k.scopes, k.last_used_at
      from api_key_secrets s
      join api_keys k on k.id = s.api_key_id
      join tenants t on t.id = k.tenant_id
     where s.secret_hash = ?
       and (s.expires_at is null or s.expires_at > now())
       and k.revoked_at is null
       and (k.expires_at is null or k.expires_at > now())`),
  touchKey: numbered(`update api_keys set last_used_at = now()
      where id = ? and (last_used_at is null or last_used_at < now() - interval '1 minute')`),
  firstPage: numbered(`select ${EMPLOYEE_COLUMNS} from employees where tenant_id = ?
      order by employees.created_at, employees.id limit ?`),
  laterPage: numbered(`select ${EMPLOYEE_COLUMNS} from employees where tenant_id = ?
      and (employees.created_at, employees.id) > (?::timestamptz, ?::uuid)
      order by employees.created_at, employees.id limit ?`),
  byId: numbered(`select ${EMPLOYEE_COLUMNS} from employees where tenant_id = ? and id = ?`),
  /** The hire's first statement: the actor, the manager, the leave types, and the tenant's row locked. */
  hireLock: numbered(`select t.seat_limit, t.id_prefix, t.id_digits, t.next_employee_number, t.name,
         a.id as actor_id, a.is_hr_admin as actor_is_hr_admin, m.id as manager_id,
         (select coalesce(json_agg(json_build_object('id', lt.id, 'allowance', lt.annual_allowance)
                                   order by lt.created_at, lt.id), '[]')
            from leave_types lt where lt.tenant_id = t.id and lt.annual_allowance is not null) as leave_types
      from tenants t
      left join employees a on a.tenant_id = t.id and a.id = ?
      left join employees m on m.tenant_id = t.id and m.id = ?
     where t.id = ?
       for no key update of t`),
  /** The hire's second statement: seat, code, profile, employee, balances, rate card, outbox row, counter, outcome. */
  hire: numbered(`with recursive
    seat as (
      select 1 as free where ?::int is null or (select count(*) from employees where tenant_id = ?) < ?::int
    ),
    candidate(n) as (
      select ?::int where ?::text is null
      union all
      select candidate.n + 1 from candidate
       where exists (select 1 from employees where tenant_id = ? and employee_id = ${CODE_OF('candidate.n')})
    ),
    assigned as (
      select coalesce(?::text, (select ${CODE_OF('max(n)')} from candidate)) as code,
             (select max(n) from candidate) as n
    ),
    new_profile as (
      insert into profiles (id, tenant_id, email, status, created_at, updated_at)
      select ?, ?, ?, 'invited', ?::timestamptz, ?::timestamptz from seat
      on conflict do nothing
      returning id
    ),
    new_employee as (
      insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, department,
                             designation, phone, employment_type, joining_date, engagement_end_date, vendor_name,
                             is_hr_admin, created_at, updated_at)
      select ?, ?, assigned.code, new_profile.id, ?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, false,
             ?::timestamptz, ?::timestamptz
        from new_profile, assigned
      on conflict do nothing
      returning ${EMPLOYEE_COLUMNS}
    ),
    new_balances as (
      insert into leave_balances (id, tenant_id, employee_id, leave_type_id, year, allowance, used, pending,
                                  created_at, updated_at)
      select b.id, ?, new_employee.id, b.leave_type_id, ?, b.allowance, 0, 0, ?::timestamptz, ?::timestamptz
        from new_employee, json_to_recordset(?::json) as b(id uuid, leave_type_id uuid, allowance numeric)
    ),
    new_rate_card as (
      insert into rate_cards (id, tenant_id, employee_id, pay_model, rate)
      select ?, ?, new_employee.id, ?, ?::numeric from new_employee where ?::text is not null
    ),
    invite as (
      insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
      select ?, ?, 'employee_invite', ?, ?, ? || assigned.code || ? from new_employee, assigned
    ),
    counted as (
      update tenants set next_employee_number = assigned.n + 1
        from new_employee, assigned
       where tenants.id = ? and assigned.n is not null
    )
    select (select count(*) from seat)::int as seat_free,
           (select count(*) from new_profile)::int as email_free,
           exists (select 1 from employees where tenant_id = ? and email = ?) as email_taken,
           exists (select 1 from employees where tenant_id = ? and employee_id = (select code from assigned)) as code_taken,
           (select code from assigned) as assigned_code,
           new_employee.*
      from (select 1) as one left join new_employee on true`),
  /** The hire's third statement: its event, and a first delivery attempt to each subscribed endpoint (routers/events/eventLog.ts). */
  recordEvent: numbered(`with recorded as (
      insert into events (id, tenant_id, type, data, previous_attributes, request_id, idempotency_key, created_at)
      values (?, ?, 'employee.created', jsonb_build_object('object', ?::jsonb), null, ?, null, ?::timestamptz)
      returning id, type
    )
    insert into webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, attempt, status, next_attempt_at,
                                    created_at)
    select gen_random_uuid(), ?, w.id, r.id, r.type, 1, 'pending', ?::timestamptz, ?::timestamptz
      from recorded r
      join webhook_endpoints w on w.tenant_id = ? and w.enabled and (r.type = any (w.event_types) or '*' = any (w.event_types))`),
};

interface Credential {
  id: string;
  tenant_id: string;
  env: string;
  last_used_at: Date | null;
}

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const secret = Buffer.from(
  (await pool.query<{ value: string }>("select value from settings where key = 'cursor_secret'")).rows[0].value,
  'base64url',
);

const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

function encodeCursor(list: string, key: string[]): string {
  const payload = Buffer.from(JSON.stringify({ l: list, k: key })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

function decodeCursor(list: string, cursor: string): string[] | undefined {
  const [payload, signature] = cursor.split('.');
  const given = Buffer.from(signature ?? '');
  const expected = Buffer.from(sign(payload));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { l: string; k: string[] };
  return parsed.l === list ? parsed.k : undefined;
}

async function authenticate(req: IncomingMessage): Promise<Credential | undefined> {
  const token = /^bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return undefined;
  const hash = createHash('sha256').update(token).digest('hex');
  const row = (await pool.query<Credential>(STATEMENTS.apiKey, [hash])).rows[0];
  if (row && (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000)) {
    await pool.query(STATEMENTS.touchKey, [row.id]);
  }
  return row;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

async function list(res: ServerResponse, tenantId: string, query: URLSearchParams): Promise<void> {
  const limit = Number(query.get('limit') ?? 50);
  const name = `employees:${tenantId}`;
  const cursor = query.get('cursor');
  let rows: { id: string; created_at: string }[];
  if (cursor !== null) {
    const key = decodeCursor(name, cursor);
    if (!key) return send(res, 400, { code: 'invalid_cursor' });
    rows = (await pool.query(STATEMENTS.laterPage, [tenantId, key[0], key[1], limit + 1])).rows;
  } else {
    rows = (await pool.query(STATEMENTS.firstPage, [tenantId, limit + 1])).rows;
  }
  const hasMore = rows.length > limit;
  const data = hasMore ? rows.slice(0, limit) : rows;
  const last = data.at(-1);
  send(res, 200, {
    data,
    next_cursor: hasMore && last ? encodeCursor(name, [last.created_at, last.id]) : null,
    has_more: hasMore,
  });
}

async function byId(res: ServerResponse, tenantId: string, id: string): Promise<void> {
  const row = (await pool.query(STATEMENTS.byId, [tenantId, id])).rows[0];
  if (!row) return send(res, 404, { code: 'not_found' });
  send(res, 200, { data: row });
}

interface HireBody {
  actor_employee_id: string;
  email: string;
  full_name: string;
  joining_date: string;
  employment_type?: string;
}

interface Locked {
  seat_limit: number | null;
  id_prefix: string;
  id_digits: number;
  next_employee_number: number;
  name: string;
  actor_id: string | null;
  actor_is_hr_admin: boolean | null;
  leave_types: { id: string; allowance: number }[];
}

/** The hiring journey: one transaction, the three statements of the service (lock and read, write, event). */
async function hire(req: IncomingMessage, res: ServerResponse, tenantId: string): Promise<void> {
  let text = '';
  for await (const chunk of req) text += chunk;
  const input = JSON.parse(text) as HireBody;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = (await client.query<Locked>(STATEMENTS.hireLock, [input.actor_employee_id, null, tenantId])).rows[0];
    if (!locked.actor_id || !locked.actor_is_hr_admin) {
      await client.query('rollback');
      return send(res, 403, { code: 'actor_not_hr_admin' });
    }
    const now = new Date().toISOString();
    const balances = locked.leave_types.map((t) => ({ id: randomUUID(), leave_type_id: t.id, allowance: t.allowance }));
    const { id_prefix: prefix, id_digits: digits } = locked;
    const [outcome] = (
      await client.query(STATEMENTS.hire, [
        // seat
        locked.seat_limit,
        tenantId,
        locked.seat_limit,
        // candidate
        locked.next_employee_number,
        null,
        tenantId,
        prefix,
        digits,
        // assigned
        null,
        prefix,
        digits,
        // new_profile
        randomUUID(),
        tenantId,
        input.email,
        now,
        now,
        // new_employee
        randomUUID(),
        tenantId,
        null,
        input.full_name,
        input.email,
        null,
        null,
        null,
        input.employment_type ?? 'full_time',
        input.joining_date,
        null,
        null,
        now,
        now,
        // new_balances
        tenantId,
        new Date().getUTCFullYear(),
        now,
        now,
        JSON.stringify(balances),
        // new_rate_card (none: the bench hires full-time employees)
        randomUUID(),
        tenantId,
        null,
        null,
        null,
        // invite
        randomUUID(),
        tenantId,
        input.email,
        `You are invited to ${locked.name} on Workforce`,
        `Hello ${input.full_name},\n\n${locked.name} has invited you to Workforce as `,
        `, starting ${input.joining_date}.\nSign in with this e-mail address to accept the invitation.\n`,
        // counted
        tenantId,
        // the outcome
        tenantId,
        input.email,
        tenantId,
      ])
    ).rows as ({ seat_free: number; id: string | null } & Record<string, unknown>)[];
    if (!outcome.id) {
      await client.query('rollback');
      return send(res, outcome.seat_free ? 409 : 422, {
        code: outcome.seat_free ? 'email_taken' : 'seat_limit_reached',
      });
    }
    const { seat_free: _s, email_free: _e, email_taken: _t, code_taken: _c, assigned_code: _a, ...record } = outcome;
    await client.query(STATEMENTS.recordEvent, [
      uuidv7(),
      tenantId,
      JSON.stringify(record),
      String(req.headers['x-request-id'] ?? randomUUID()),
      now,
      tenantId,
      now,
      now,
      tenantId,
    ]);
    await client.query('commit');
    send(res, 200, { data: record });
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

const BY_ID = /^\/v1\/employees\/([0-9a-f-]{36})$/;

createServer((req, res) => {
  (async () => {
    const credential = await authenticate(req);
    if (!credential) return send(res, 401, { code: 'unauthorized' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/v1/employees')
      return list(res, credential.tenant_id, url.searchParams);
    const id = BY_ID.exec(url.pathname)?.[1];
    if (req.method === 'GET' && id) return byId(res, credential.tenant_id, id);
    if (req.method === 'POST' && url.pathname === '/v1/employees') return hire(req, res, credential.tenant_id);
    send(res, 404, { code: 'not_found' });
  })().catch((error: unknown) => {
    // A request cut off when a run ends is no failure of the baseline.
    if ((error as { code?: string }).code === 'ECONNRESET' || req.destroyed) return;
    process.stderr.write(`baseline: ${error instanceof Error ? error.message : error}\n`);
    if (!res.headersSent) send(res, 500, { code: 'internal_error' });
  });
}).listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
