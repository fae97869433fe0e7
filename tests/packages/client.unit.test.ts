// The client's rules the consumer test (packages.installed.test.ts) cannot reach against a healthy server:
// waits read from headers, the token reuse window, a 401 renewal, proxies' answers, network errors,
// aborts, timeouts. Fetches answering real Responses, and clocks; no server.

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { createClient } from '../../packages/client/src/client.js';
import {
  isWorkforceError,
  WorkforceError,
  WorkforceHttpError,
  WorkforceNetworkError,
  WorkforceTimeoutError,
} from '../../packages/client/src/errors.js';
import { oauthCredentials, RENEW_BEFORE_EXPIRY_MS } from '../../packages/client/src/oauth.js';
import { backoffMs, retryDelayMs } from '../../packages/client/src/retries.js';
import { type Fetch, type RetryEvent, transport } from '../../packages/client/src/transport.js';
import { verifyWebhook, WebhookVerificationError } from '../../packages/client/src/webhooks.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
/** A problem document as the API answers it. */
const problem = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ type: 'about:blank', title: code, status, code, request_id: 'req-1' }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', 'X-Request-Id': 'req-1', ...headers },
  });
/** A proxy's own error page. */
const html = (status: number, body = '<html><body><h1>502 Bad Gateway</h1></body></html>') =>
  new Response(body, { status, headers: { 'Content-Type': 'text/html' } });
/** A fetch that answers nothing until its request is aborted. */
const hanging: Fetch = (request) =>
  new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));

/** A fetch answering from `answers` in turn, recording every request it was sent with its body. */
function scripted(answers: ((request: Request) => Response | Promise<Response>)[]) {
  const sent: { request: Request; body: string }[] = [];
  const fetch: Fetch = async (request) => {
    sent.push({ request, body: await request.clone().text() });
    const answer = answers[sent.length - 1];
    if (!answer) throw new Error(`unexpected request ${sent.length}: ${request.method} ${request.url}`);
    return answer(request);
  };
  return { fetch, sent };
}

describe('retryDelayMs', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const wait = (headers: Record<string, string>, maxDelayMs = 60_000) =>
    retryDelayMs(new Headers(headers), 0, maxDelayMs, now);

  test('Retry-After in seconds or as an HTTP date, else RateLimit-Reset', () => {
    expect(wait({ 'Retry-After': '3' })).toBe(3000);
    expect(wait({ 'Retry-After': '0' })).toBe(0);
    expect(wait({ 'Retry-After': 'Thu, 26 Nov 2026 10:00:05 GMT' })).toBe(5000);
    expect(wait({ 'Retry-After': 'Thu, 26 Nov 2026 09:59:00 GMT' })).toBe(0);
    expect(wait({ 'RateLimit-Reset': '7' })).toBe(7000);
    expect(wait({ 'Retry-After': '2', 'RateLimit-Reset': '7' })).toBe(2000);
  });

  test('no usable header: backoff; a wait beyond the limit: no retry', () => {
    const unusable: Record<string, string>[] = [
      {},
      { 'Retry-After': 'soon' },
      { 'Retry-After': '1.5' },
      { 'RateLimit-Reset': '-1' },
    ];
    for (const headers of unusable) {
      expect(wait(headers)).toBeGreaterThanOrEqual(375);
      expect(wait(headers)).toBeLessThanOrEqual(625);
    }
    expect(wait({ 'Retry-After': '60' })).toBe(60_000);
    expect(wait({ 'Retry-After': '61' })).toBeUndefined();
    expect(wait({ 'Retry-After': '2' }, 1000)).toBeUndefined();
  });

  test('backoff doubles from 0.5 s up to 8 s, within ±25 %', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => backoffMs(n, () => 0.5))).toEqual([
      500, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
    expect(backoffMs(0, () => 0)).toBe(375);
    expect(backoffMs(0, () => 1)).toBe(625);
  });
});

describe('oauthCredentials', () => {
  const token = (n: number) =>
    json(200, { access_token: `at_${n}`, token_type: 'Bearer', expires_in: 3600, scope: 'x' });
  const options = { clientId: 'svc_client_1', clientSecret: 's3cret', scope: 'employees:read' };

  test('asks once with client credentials, and reuses the token until 60 s before it expires', async () => {
    let now = 1_000_000;
    const { fetch, sent } = scripted([() => token(1), () => token(2)]);
    const credentials = oauthCredentials(options, 'https://api.test/oauth/token', fetch, () => now);
    expect(await Promise.all([credentials.authorization(), credentials.authorization()])).toEqual([
      'Bearer at_1',
      'Bearer at_1',
    ]);
    expect(sent).toHaveLength(1);
    expect(sent[0].request.url).toBe('https://api.test/oauth/token');
    expect(sent[0].request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0].body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'svc_client_1',
      client_secret: 's3cret',
      scope: 'employees:read',
    });
    now += 3600_000 - RENEW_BEFORE_EXPIRY_MS - 1;
    expect(await credentials.authorization()).toBe('Bearer at_1');
    now += 1;
    expect(await credentials.authorization()).toBe('Bearer at_2');
    expect(sent).toHaveLength(2);
  });

  test('a 401 drops the token it refused, once for calls that shared it', async () => {
    const { fetch, sent } = scripted([() => token(1), () => token(2)]);
    const credentials = oauthCredentials(options, 'https://api.test/oauth/token', fetch);
    const refused = await credentials.authorization();
    expect(credentials.renew?.(refused)).toBe(true);
    expect(await credentials.authorization()).toBe('Bearer at_2');
    credentials.renew?.(refused);
    expect(await credentials.authorization()).toBe('Bearer at_2');
    expect(sent).toHaveLength(2);
  });

  test('a refused token request throws a WorkforceError with the OAuth code and the request id', async () => {
    const refusal = { error: 'invalid_client', code: 'invalid_client', status: 401, title: 'T', type: 'x' };
    const { fetch } = scripted([() => json(401, refusal, { 'X-Request-Id': 'req-1' })]);
    const error = await oauthCredentials(options, 'https://api.test/oauth/token', fetch)
      .authorization()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceError);
    expect(error).toMatchObject({ status: 401, code: 'invalid_client', requestId: 'req-1' });
  });
});

describe('transport', () => {
  const options = { maxRetries: 2, timeout: 1000, maxRetryDelay: 60_000 };

  test('a write keeps its Idempotency-Key and its body on every attempt; a given key is kept', async () => {
    const { fetch, sent } = scripted([
      () => problem(429, 'rate_limited', { 'Retry-After': '0' }),
      () => problem(503, 'service_unavailable', { 'Retry-After': '0' }),
      () => json(200, { ok: true }),
    ]);
    const send = transport({ ...options, fetch });
    const response = await send(new Request('https://api.test/v1/employees', { method: 'POST', body: '{"a":1}' }));
    expect(response.status).toBe(200);
    const keys = sent.map((s) => s.request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
    expect(sent.map((s) => s.body)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);

    const given = scripted([() => json(200, {})]);
    await transport({ ...options, fetch: given.fetch })(
      new Request('https://api.test/v1/employees/x', {
        method: 'PATCH',
        body: '{}',
        headers: { 'Idempotency-Key': 'mine' },
      }),
    );
    expect(given.sent[0].request.headers.get('idempotency-key')).toBe('mine');
  });

  test('at most maxRetries retries; then the last answer', async () => {
    const { fetch, sent } = scripted(
      Array.from({ length: 3 }, () => () => problem(503, 'service_unavailable', { 'Retry-After': '0' })),
    );
    expect((await transport({ ...options, fetch })(new Request('https://api.test/v1/employees'))).status).toBe(503);
    expect(sent).toHaveLength(3);
  });

  test('a network error is retried for a read; a caller’s abort is not, and rejects with its reason', async () => {
    const flaky = scripted([() => Promise.reject(new TypeError('fetch failed')), () => json(200, { ok: true })]);
    expect(
      (await transport({ ...options, fetch: flaky.fetch })(new Request('https://api.test/v1/whoami'))).status,
    ).toBe(200);
    expect(flaky.sent).toHaveLength(2);

    const controller = new AbortController();
    const aborted = scripted([
      () => {
        controller.abort(new Error('caller gave up'));
        return Promise.reject(new TypeError('fetch failed'));
      },
    ]);
    const request = new Request('https://api.test/v1/whoami', { signal: controller.signal });
    await expect(transport({ ...options, fetch: aborted.fetch })(request)).rejects.toThrow('caller gave up');
    expect(aborted.sent).toHaveLength(1);
  });

  test('each attempt times out on its own; the last one throws a WorkforceTimeoutError with the attempts made', async () => {
    const started = performance.now();
    const error = await transport({ ...options, maxRetries: 1, timeout: 100, fetch: hanging })(
      new Request('https://api.test/v1/whoami'),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceTimeoutError);
    expect(error).toMatchObject({ name: 'WorkforceTimeoutError', attempts: 2 });
    // Two attempts of 100 ms and a backoff of 375..625 ms between them.
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
  });

  test('a 401 renews the credential once, then answers', async () => {
    let issued = 0;
    const credentials = { authorization: async () => `Bearer t${issued}`, renew: () => ++issued > 0 };
    const { fetch, sent } = scripted([
      () => problem(401, 'invalid_credential'),
      () => problem(401, 'invalid_credential'),
    ]);
    const response = await transport({ ...options, fetch, credentials })(new Request('https://api.test/v1/whoami'));
    expect(response.status).toBe(401);
    expect(sent.map((s) => s.request.headers.get('authorization'))).toEqual(['Bearer t0', 'Bearer t1']);
  });
});

describe('verifyWebhook', () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  // Not ASCII, so a body decoded as anything but UTF-8 does not verify.
  const body = JSON.stringify({
    id: 'evt_1',
    type: 'employee.created',
    data: { object: { full_name: 'Zoë Ångström' } },
  });
  const now = new Date();
  const headers = {
    'webhook-id': 'msg_1',
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign('msg_1', now, body),
  };
  const bytes = new TextEncoder().encode(body);

  test('the raw body as a string, a Buffer or a Uint8Array (UTF-8) answers the event', () => {
    for (const payload of [body, Buffer.from(body), bytes]) {
      expect(verifyWebhook(payload, headers, secret)).toEqual(JSON.parse(body));
    }
  });

  test('a tampered byte, or bytes that are not UTF-8, throw WebhookVerificationError', () => {
    const at = bytes.indexOf('Z'.charCodeAt(0));
    const tampered = Uint8Array.from(bytes, (byte, i) => (i === at ? 'X'.charCodeAt(0) : byte));
    const notUtf8 = Uint8Array.from(bytes, (byte, i) => (i === at ? 0xff : byte));
    for (const payload of [tampered, Buffer.from(tampered), notUtf8]) {
      expect(() => verifyWebhook(payload, headers, secret)).toThrow(WebhookVerificationError);
    }
  });
});

describe('failures a caller can tell apart', () => {
  /** A client over `fetch` with its waits kept short. */
  const clientOver = (fetch: Fetch, options: Partial<Parameters<typeof createClient>[0]> = {}) =>
    createClient({ baseUrl: 'https://api.test', apiKey: 'svc_test_x', fetch, ...options });

  test("a proxy's HTML 502 of a read is retried, then the API's answer", async () => {
    const { fetch, sent } = scripted([() => html(502), () => json(200, { data: { key_id: 'k' } })]);
    const { data, error, response } = await clientOver(fetch).GET('/v1/whoami');
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(data).toEqual({ data: { key_id: 'k' } });
    expect(sent.map((s) => s.request.method)).toEqual(['GET', 'GET']);
  });

  test('a 502 and a 504 of a write are retried with its Idempotency-Key; a 500 is not', async () => {
    const { fetch, sent } = scripted([
      () => html(502),
      () => problem(504, 'service_unavailable', { 'Retry-After': '0' }),
      () => json(200, { data: { id: 'e1' } }),
    ]);
    const hire = { actor_employee_id: 'a', email: 'ada@example.com', full_name: 'Ada', joining_date: '2026-03-02' };
    const { data } = await clientOver(fetch).POST('/v1/employees', {
      params: { header: { 'Idempotency-Key': 'hire-ada' } },
      body: hire,
    });
    expect(data).toEqual({ data: { id: 'e1' } });
    expect(sent.map((s) => s.request.headers.get('idempotency-key'))).toEqual(['hire-ada', 'hire-ada', 'hire-ada']);
    expect(new Set(sent.map((s) => s.body)).size).toBe(1);

    const failing = scripted([() => problem(500, 'internal_error')]);
    const { error, response } = await clientOver(failing.fetch).POST('/v1/employees', { body: hire });
    expect([response.status, error?.code, error?.request_id]).toEqual([500, 'internal_error', 'req-1']);
    expect(failing.sent).toHaveLength(1);
  });

  test('an error answer that is no problem document throws a WorkforceHttpError: status, content type, the first 4 KiB', async () => {
    const page = `<html>${'x'.repeat(10_000)}</html>`;
    const { fetch, sent } = scripted([() => html(502, page), () => html(502, page)]);
    const error = await clientOver(fetch, { maxRetries: 1 })
      .GET('/v1/whoami')
      .catch((e: unknown) => e);
    expect(sent).toHaveLength(2);
    expect(error).toBeInstanceOf(WorkforceHttpError);
    expect(error).toMatchObject({ name: 'WorkforceHttpError', status: 502, contentType: 'text/html' });
    expect((error as WorkforceHttpError).body).toBe(page.slice(0, 4096));
    expect((error as WorkforceHttpError).response.status).toBe(502);

    // JSON without a problem's code is not a problem either; a 404 is not retried.
    const other = scripted([() => json(404, { message: 'no route' })]);
    const notFound = await clientOver(other.fetch)
      .GET('/v1/whoami')
      .catch((e: unknown) => e);
    expect(notFound).toMatchObject({
      name: 'WorkforceHttpError',
      status: 404,
      contentType: 'application/json',
      body: '{"message":"no route"}',
    });
    expect(other.sent).toHaveLength(1);
  });

  test('attempts that all time out throw a WorkforceTimeoutError with their number', async () => {
    const error = await clientOver(hanging, { timeout: 20, maxRetries: 2 })
      .GET('/v1/whoami')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceTimeoutError);
    expect(error).toMatchObject({ attempts: 3 });
  });

  test('a network error on every attempt throws a WorkforceNetworkError with the cause and the attempts', async () => {
    const cause = new TypeError('fetch failed');
    const { fetch, sent } = scripted([() => Promise.reject(cause), () => Promise.reject(cause)]);
    const error = await clientOver(fetch, { maxRetries: 1 })
      .GET('/v1/whoami')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceNetworkError);
    expect(error).toMatchObject({ attempts: 2, cause });
    expect(sent).toHaveLength(2);
  });

  test("the caller's own signal rejects with its reason, in an attempt or in a wait, and is no timeout of the client's", async () => {
    const inAttempt = AbortSignal.timeout(50);
    const error = await clientOver(hanging)
      .GET('/v1/whoami', { signal: inAttempt })
      .catch((e: unknown) => e);
    expect(error).toBe(inAttempt.reason);
    expect(error).not.toBeInstanceOf(WorkforceTimeoutError);

    const controller = new AbortController();
    const { fetch } = scripted([() => problem(429, 'rate_limited', { 'Retry-After': '30' })]);
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(clientOver(fetch).GET('/v1/whoami', { signal: controller.signal })).rejects.toThrow('shutting down');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test('a Retry-After beyond maxRetryDelay is not waited out: the answer comes back at once', async () => {
    const { fetch, sent } = scripted([() => problem(429, 'rate_limited', { 'Retry-After': '120' })]);
    const started = performance.now();
    const { error, response } = await clientOver(fetch).GET('/v1/whoami');
    expect([response.status, error?.code, response.headers.get('retry-after')]).toEqual([429, 'rate_limited', '120']);
    expect(sent).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(1000);

    const limited = scripted([() => problem(503, 'service_unavailable', { 'Retry-After': '2' })]);
    const { response: unavailable } = await clientOver(limited.fetch, { maxRetryDelay: 1000 }).GET('/v1/whoami');
    expect(unavailable.status).toBe(503);
    expect(limited.sent).toHaveLength(1);
  });

  test('onRetry is told each retry before its wait: attempt, delay, reason, status, method and URL', async () => {
    const retries: RetryEvent[] = [];
    const cause = new TypeError('fetch failed');
    const { fetch } = scripted([
      () => Promise.reject(cause),
      () => html(502),
      () => problem(429, 'rate_limited', { 'Retry-After': '0' }),
      () => json(200, { data: {} }),
    ]);
    const client = clientOver(fetch, { maxRetries: 3, onRetry: (retry) => retries.push(retry) });
    await client.GET('/v1/employees', { params: { query: { limit: 5 } } });
    const url = 'https://api.test/v1/employees?limit=5';
    expect(retries).toEqual([
      { attempt: 2, delayMs: expect.any(Number), reason: 'network_error', error: cause, method: 'GET', url },
      { attempt: 3, delayMs: expect.any(Number), reason: 'status', status: 502, method: 'GET', url },
      { attempt: 4, delayMs: 0, reason: 'status', status: 429, method: 'GET', url },
    ]);
    // Backoff: 0.5 s, then 1 s, ± 25 %.
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(375);
    expect(retries[1].delayMs).toBeGreaterThanOrEqual(750);
  });

  test('totalTimeout bounds the whole call: no wait longer than what is left, no attempt past it', async () => {
    const { fetch, sent } = scripted([() => problem(429, 'rate_limited', { 'Retry-After': '1' })]);
    const started = performance.now();
    const { response } = await clientOver(fetch, { totalTimeout: 500 }).GET('/v1/whoami');
    expect(response.status).toBe(429);
    expect(sent).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(400);

    const startedHanging = performance.now();
    const error = await clientOver(hanging, { timeout: 10_000, totalTimeout: 150 })
      .GET('/v1/whoami')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceTimeoutError);
    expect(error).toMatchObject({ attempts: 1 });
    expect(performance.now() - startedHanging).toBeLessThan(1000);
  });

  test("a refused page throws a WorkforceError that isWorkforceError ties to the list's operation", async () => {
    const { fetch } = scripted([() => problem(400, 'invalid_cursor')]);
    const error = await (async () => {
      for await (const employee of clientOver(fetch).paginate('/v1/employees')) return employee;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkforceError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_cursor', requestId: 'req-1' });
    expect((error as WorkforceError).problem.request_id).toBe('req-1');
    expect(isWorkforceError(error, 'GET', '/v1/employees')).toBe(true);
    expect(isWorkforceError(error, 'GET', '/v1/leave-requests')).toBe(false);
    expect(isWorkforceError(error, 'POST', '/v1/employees')).toBe(false);
    expect(isWorkforceError(new Error('x'), 'GET', '/v1/employees')).toBe(false);
  });
});
