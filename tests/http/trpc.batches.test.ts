import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { describe, expect, test } from 'vitest';
import type { AppRouter } from '../../routers/index.js';
import { sql } from '../support/database.js';
import { countEmployees, hireBody } from '../support/employees.js';
import { serverPerTest, type TestServer } from '../support/harness.js';

// tRPC batches (decisions §5, §16): at most 10 procedures per HTTP request, a larger batch refused
// whole before anything runs, and one rate-limit point per procedure of a batch.

const server = serverPerTest();

interface TrpcItem {
  result?: { data: unknown };
  error?: { message: string; data: { code: string; httpStatus: number } };
}

/** GET /trpc/a,b,c?batch=1 with one input per procedure. */
function batchGet(s: TestServer, procedures: string[], inputs: unknown[], headers: Record<string, string> = {}) {
  const input = Object.fromEntries(inputs.map((value, i) => [i, value]));
  const query = `batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
  return s.fetch(`/trpc/${procedures.join(',')}?${query}`, { headers });
}

/** POST /trpc/a,b,c?batch=1 with one input per procedure. */
function batchPost(s: TestServer, procedures: string[], inputs: unknown[], headers: Record<string, string> = {}) {
  return s.fetch(`/trpc/${procedures.join(',')}?batch=1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(Object.fromEntries(inputs.map((value, i) => [i, value]))),
  });
}

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` });
const remaining = (res: Response) => Number(res.headers.get('ratelimit-remaining'));

/** The whole batch refused as one tRPC error: HTTP 400, BAD_REQUEST, problem code batch_too_large. */
async function expectBatchTooLarge(res: Response): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  expect(res.headers.get('x-request-id')).toBeTruthy();
  const body = JSON.parse(text) as TrpcItem;
  expect(body.error?.data).toMatchObject({ code: 'batch_too_large', httpStatus: 400 });
  expect(body.error?.message).toMatch(/at most 10 procedures/);
}

describe('batch size', () => {
  test('11 procedures are refused whole (400 batch_too_large); 10 run', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '100' });
    await expectBatchTooLarge(await batchGet(s, Array(11).fill('modules.list'), Array(11).fill({ limit: 1 })));
    await expectBatchTooLarge(await batchGet(s, Array(380).fill('modules.list'), Array(380).fill({})));

    const ten = await batchGet(s, Array(10).fill('modules.list'), Array(10).fill({ limit: 1 }));
    expect(ten.status).toBe(200);
    const items = (await ten.json()) as TrpcItem[];
    expect(items).toHaveLength(10);
    expect(items.every((item) => item.result !== undefined)).toBe(true);
    // The refused batches spent nothing; the batch of 10 spent 10.
    expect(remaining(ten)).toBe(90);
  });

  test('a refused batch of hires writes nothing; a batch of 3 hires 3', async () => {
    const s = await server({});
    const t = await s.tenant();
    const key = await s.key(t, ['employees:write']);
    const bodies = Array.from({ length: 11 }, () => hireBody(t));
    await expectBatchTooLarge(await batchPost(s, Array(11).fill('employees.create'), bodies, bearer(key)));
    expect(await countEmployees(s, t.tenant.id)).toBe(1);
    const [{ n }] = await sql<{ n: number }>(s, 'select count(*)::int as n from outbox_messages where tenant_id = ?', [
      t.tenant.id,
    ]);
    expect(n).toBe(0);

    const three = await batchPost(s, Array(3).fill('employees.create'), bodies.slice(0, 3), bearer(key));
    expect(three.status).toBe(200);
    expect(((await three.json()) as TrpcItem[]).every((item) => item.result !== undefined)).toBe(true);
    expect(await countEmployees(s, t.tenant.id)).toBe(4);
  });

  test('@trpc/client with AppRouter: a client batching 11 calls gets batch_too_large on each; maxItems 10 works', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '100' });
    const unbounded = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${s.url}/trpc` })] });
    const calls = await Promise.allSettled(
      Array.from({ length: 11 }, () => unbounded.modules.list.query({ limit: 1 })),
    );
    for (const call of calls) {
      expect(call.status).toBe('rejected');
      const error = (call as PromiseRejectedResult).reason as TRPCClientError<AppRouter>;
      expect(error).toBeInstanceOf(TRPCClientError);
      expect(error.data).toMatchObject({ code: 'batch_too_large', httpStatus: 400 });
    }
    const bounded = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: `${s.url}/trpc`, maxItems: 10 })] });
    const pages = await Promise.all(Array.from({ length: 11 }, () => bounded.modules.list.query({ limit: 1 })));
    expect(pages.map((p) => p.data.length)).toEqual(Array(11).fill(1));
  });
});

describe('one rate-limit point per procedure', () => {
  test('a batch spends one point per procedure; past the budget the rest answer 429 while the others run', async () => {
    const s = await server({ RATE_LIMIT_POINTS: '5' });
    const key = await s.key(await s.tenant(), ['employees:read']);
    const three = await batchGet(s, Array(3).fill('whoami'), Array(3).fill(undefined), bearer(key));
    expect(three.status).toBe(200);
    expect(three.headers.get('ratelimit-limit')).toBe('5');
    expect(remaining(three)).toBe(2);

    // Two points left, four procedures: two run, two are refused.
    const four = await batchGet(s, Array(4).fill('whoami'), Array(4).fill(undefined), bearer(key));
    expect(remaining(four)).toBe(0);
    expect(four.headers.get('retry-after')).toMatch(/^\d+$/);
    const items = (await four.json()) as TrpcItem[];
    expect(items.map((item) => item.error?.data.code ?? 'ok')).toEqual(['ok', 'ok', 'rate_limited', 'rate_limited']);
    expect(items[2].error?.data.httpStatus).toBe(429);

    // The budget is gone for REST too.
    const rest = await s.as(key, '/v1/whoami');
    expect(rest.status).toBe(429);
  });

  test('anonymous batches count the same: ten health calls spend ten points of the address', async () => {
    const s = await server({ RATE_LIMIT_IP_POINTS: '12' });
    // A single health call is never limited (decisions §5) ...
    const single = await s.fetch('/trpc/health');
    expect(single.status).toBe(200);
    expect(single.headers.get('ratelimit-limit')).toBeNull();
    // ... but each procedure of a batch spends a point, health included.
    const ten = await batchGet(s, Array(10).fill('health'), Array(10).fill(undefined));
    expect(ten.status).toBe(200);
    expect(remaining(ten)).toBe(2);
    const next = await batchGet(s, Array(3).fill('health'), Array(3).fill(undefined));
    const items = (await next.json()) as TrpcItem[];
    expect(items.map((item) => item.error?.data.code ?? 'ok')).toEqual(['ok', 'ok', 'rate_limited']);
  });
});

describe('headers', () => {
  test('/trpc answers carry Cache-Control: no-store and nosniff, errors included', async () => {
    const s = await server({});
    for (const res of [await s.fetch('/trpc/health'), await s.fetch('/trpc/whoami')]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
