import { randomBytes } from 'node:crypto';
import { Session } from 'node:inspector/promises';
import { beforeAll, describe, expect, test } from 'vitest';
import { requestState, type Services } from '../../core/context.js';
import { CursorCodec } from '../../core/cursors.js';
import { JsonPage, JsonRecord } from '../../core/pagination.js';
import { recordColumns, tenantReader } from '../../core/records.js';
import { pageStatements, pageValues, recordById, type TenantTable } from '../../db/listQueries.js';
import { employeeSchema } from '../../routers/employees/employee.record.js';
import { appRouter } from '../../routers/index.js';
import { webhookEndpointSchema } from '../../routers/webhooks/webhookEndpoint.record.js';
import { callProcedure, procedureTable } from '../../server/http/procedureTable.js';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { resources } from '../workplace/fixtures.js';

// A list page or a record PostgreSQL writes as JSON (db/listQueries.ts jsonRows, core/pagination.ts
// JsonPage and JsonRecord) is byte for byte the answer JSON.stringify writes of the rows
// node-postgres reads with the record's columns, whatever the text holds (quotes, backslashes,
// control characters, line separators, characters beyond the BMP, empty), with nulls, booleans,
// integers, dates, instants and arrays.

const h = useTestServer();
let t: TestTenant;
let key: string;

/** Text no API input would let through, which a row may still hold. */
const TEXTS = [
  'quote " backslash \\ slash / end',
  '\b\f\n\r\t',
  '\u0001\u0002\u001b\u001f\u007f',
  'line\u2028paragraph\u2029',
  'é 日本語 עברית ﬁ',
  '😀 𝄞 astral',
  'zero\u200bwidth\ufeff',
  "</script><!-- & '",
  '',
  '  spaced  ',
];

/** Each list of records PostgreSQL writes as JSON: its path under /v1, its table and its record. */
const LISTS: { path: string; table: TenantTable; schema: Parameters<typeof recordColumns>[0] }[] = [
  { path: '/employees', table: 'employees', schema: employeeSchema },
  { path: '/webhook-endpoints', table: 'webhook_endpoints', schema: webhookEndpointSchema },
  ...resources.map((r) => ({
    path: r.path.slice('/v1'.length),
    table: r.path.slice('/v1/'.length).replaceAll('-', '_') as TenantTable,
    schema: r.schema,
  })),
];

beforeAll(async () => {
  t = await h.tenant();
  key = await h.key(t, [
    'employees:read',
    'employees:write',
    'webhooks:read',
    'holidays:read',
    'assets:read',
    'recruitment:read',
    'helpdesk:read',
    'surveys:read',
  ]);
  for (let i = 0; i < 8; i++) await hire(h, key, t, { department: `D${i}` });
  const em = h.orm.em.fork();
  for (const resource of resources) {
    for (let i = 0; i < 8; i++) await resource.full(em, t);
    await resource.sparse(em, t);
  }
  for (let i = 0; i < 4; i++) {
    const events = i % 2 ? [TEXTS[i], '*', TEXTS[i + 4]] : ['employee.created', TEXTS[i + 6]];
    await sql(
      h,
      `insert into webhook_endpoints (id, tenant_id, url, event_types, description, secret)
       select gen_random_uuid(), ?, ?, coalesce(array_agg(e), '{}'), ?, 'x' from json_array_elements_text(?::json) e`,
      [t.tenant.id, `https://hooks.example.com/${i}`, i % 2 ? null : TEXTS[i], JSON.stringify(events)],
    );
  }
  // Every text column of every row that takes it gets one of TEXTS (a check or unique key refuses some).
  for (const { table } of LISTS) {
    const columns = await sql<{ column_name: string; data_type: string; is_nullable: string }>(
      h,
      `select column_name, data_type, is_nullable from information_schema.columns
        where table_name = ? and data_type in ('text', 'character varying')`,
      [table],
    );
    const ids = await sql<{ id: string }>(h, `select id from ${table} where tenant_id = ? order by created_at, id`, [
      t.tenant.id,
    ]);
    for (const [row, { id }] of ids.entries()) {
      for (const [place, { column_name, is_nullable }] of columns.entries()) {
        const text = row % 3 === 2 && is_nullable === 'YES' ? null : TEXTS[(row + place) % TEXTS.length];
        await sql(h, `update ${table} set ${column_name} = ? where tenant_id = ? and id = ?`, [
          text,
          t.tenant.id,
          id,
        ]).catch(() => undefined);
      }
    }
  }
}, 120_000);

/** The page JSON.stringify writes of the rows read with the record's columns: what the answer was. */
async function expectedPage(table: TenantTable, columns: string, limit: number, after?: readonly [string, string]) {
  const statements = pageStatements(table, columns);
  const reader = tenantReader({ em: h.orm.em.fork(), credential: { tenantId: t.tenant.id } });
  const rows = (await reader.all(after ? statements.after : statements.first, pageValues({}, after, limit + 1))) as {
    id: string;
    created_at: string;
  }[];
  return { rows: rows.slice(0, limit), has_more: rows.length > limit };
}

describe('a list page written by PostgreSQL is the page JSON.stringify writes', () => {
  test.each(LISTS)('$path, every page of 2, and one of 100', async ({ path, table, schema }) => {
    const columns = recordColumns(schema);
    const read = async (limit: number, cursor?: string) => {
      // The texts break the document's formats (an e-mail, a URL): the raw answer, unchecked.
      const res = await h.raw.as(
        key,
        `/v1${path}?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(res.status).toBe(200);
      return res.text();
    };
    const whole = await read(100);
    const all = await expectedPage(table, columns, 100);
    expect(all.rows.length).toBeGreaterThanOrEqual(4);
    // The rows hold the texts: escapes, nulls and characters beyond the BMP are on the page.
    expect(whole).toContain('\\u0001');
    expect(whole).toContain('\\"');
    expect(whole).toContain('😀');
    expect(whole).toBe(JSON.stringify({ data: all.rows, next_cursor: null, has_more: false }));
    let cursor: string | undefined;
    let after: readonly [string, string] | undefined;
    for (let pages = 0; pages < 10; pages++) {
      const body = await read(2, cursor);
      const page = JSON.parse(body) as { next_cursor: string | null };
      const expected = await expectedPage(table, columns, 2, after);
      expect(body).toBe(
        JSON.stringify({ data: expected.rows, next_cursor: page.next_cursor, has_more: expected.has_more }),
      );
      if (!page.next_cursor) break;
      cursor = page.next_cursor;
      const last = expected.rows[1];
      after = [last.created_at, last.id];
    }
  });

  test('a date window (holidays) and tRPC’s answer of the same page', async () => {
    const all = await expectedPage('holidays', recordColumns(resources[0].schema), 100);
    const inWindow = (all.rows as unknown as { date: string }[]).filter(
      (r) => r.date >= '2026-01-01' && r.date <= '2026-12-31',
    );
    expect(inWindow.length).toBeGreaterThan(0);
    const window = await h.raw.as(key, '/v1/holidays?from=2026-01-01&to=2026-12-31&limit=100');
    expect(await window.text()).toBe(JSON.stringify({ data: inWindow, next_cursor: null, has_more: false }));

    const employees = await expectedPage('employees', recordColumns(employeeSchema), 100);
    const trpc = await h.raw.as(key, `/trpc/employees.list?input=${encodeURIComponent('{"limit":100}')}`);
    expect(await trpc.text()).toBe(
      JSON.stringify({ result: { data: { data: employees.rows, next_cursor: null, has_more: false } } }),
    );
  });

  test.each(LISTS)('$path/{id}: every record, and its ETag when it has a version', async ({ path, table, schema }) => {
    const columns = recordColumns(schema);
    const reader = tenantReader({ em: h.orm.em.fork(), credential: { tenantId: t.tenant.id } });
    const { rows } = await expectedPage(table, columns, 100);
    for (const { id } of rows) {
      const record = await reader.one(recordById(table, columns), { id });
      const res = await h.raw.as(key, `/v1${path}/${id}`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(JSON.stringify({ data: record }));
      const version = (record as { version?: number }).version;
      expect(res.headers.get('etag')).toBe(version === undefined ? null : `"${version}"`);
    }
    const trpc = await h.raw.as(
      key,
      `/trpc/${path.slice(1).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}.get?input=${encodeURIComponent(JSON.stringify({ id: rows[0].id }))}`,
    );
    const record = await reader.one(recordById(table, columns), { id: rows[0].id });
    expect(await trpc.text()).toBe(JSON.stringify({ result: { data: { data: record } } }));
  });

  test('the employees list and get answer what PostgreSQL wrote, their records parsed only when read', async () => {
    const table = procedureTable(appRouter);
    const entry = table.byPath.get('employees.list');
    if (!entry) throw new Error('no employees.list');
    const auth = {
      state: 'authenticated' as const,
      credential: {
        kind: 'api_key' as const,
        keyId: 'key',
        tenantId: t.tenant.id,
        env: 'live' as const,
        scopes: ['employees:read' as const],
      },
    };
    const services = { orm: h.orm, cursors: new CursorCodec(randomBytes(32)) } as unknown as Services;
    const state = requestState({ requestId: 'r', auth, services });
    const page = await callProcedure(entry, state, () => ({ limit: 3 }));
    expect(page).toBeInstanceOf(JsonPage);
    const expected = await expectedPage('employees', recordColumns(employeeSchema), 3);
    expect((page as JsonPage<unknown>).data).toEqual(expected.rows);
    const get = table.byPath.get('employees.get');
    if (!get) throw new Error('no employees.get');
    const one = await callProcedure(get, state, () => ({ id: expected.rows[0].id }));
    expect(one).toBeInstanceOf(JsonRecord);
    expect((one as JsonRecord<unknown>).data).toEqual(expected.rows[0]);
  });
});

describe('a page’s text is made once: Koa and the socket copy none of it', () => {
  /** The heap a function allocates over `work` (sampled, the objects collected since included), by name. */
  async function allocated(work: () => Promise<void>, names: RegExp): Promise<number> {
    const session = new Session();
    session.connect();
    try {
      await session.post('HeapProfiler.startSampling', {
        samplingInterval: 1024,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: true,
      });
      await work();
      const { profile } = await session.post('HeapProfiler.stopSampling');
      type Node = (typeof profile)['head'];
      const sum = (node: Node): number =>
        (names.test(node.callFrame.functionName) ? node.selfSize : 0) + node.children.reduce((n, c) => n + sum(c), 0);
      return sum(profile.head);
    } finally {
      session.disconnect();
    }
  }

  test('a page of 80 KB served 100 times: under a tenth of its size copied a time', async () => {
    await sql(h, `update helpdesk_tickets set description = repeat('y', 9000) where tenant_id = ?`, [t.tenant.id]);
    const page = await (await h.raw.as(key, '/v1/helpdesk-tickets?limit=100')).text();
    expect(page.length).toBeGreaterThan(80_000);
    const copied = await allocated(
      async () => {
        for (let i = 0; i < 100; i++) await (await h.raw.as(key, '/v1/helpdesk-tickets?limit=100')).arrayBuffer();
      },
      // Koa's body setter measuring the text, and the socket's write of text (joined to the head, encoded).
      /^(set body|handleWriteReq|writeGeneric|Socket\._writeGeneric|_writeGeneric)$/,
    );
    expect(copied / 100).toBeLessThan(page.length / 10);
  });
});
