// The client's rules the consumer test (installed.test.ts) cannot reach against a healthy server:
// waits read from headers, the token reuse window, a 401 renewal, network errors, aborts, timeouts.
// Fake fetches and clocks; no server.

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import { WorkforceError } from '../../packages/client/src/errors.js';
import { oauthCredentials, RENEW_BEFORE_EXPIRY_MS } from '../../packages/client/src/oauth.js';
import { backoffMs, MAX_RETRY_DELAY_MS, retryDelayMs } from '../../packages/client/src/retries.js';
import { type Fetch, transport } from '../../packages/client/src/transport.js';
import { verifyWebhook, WebhookVerificationError } from '../../packages/client/src/webhooks.js';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

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
  const wait = (headers: Record<string, string>) => retryDelayMs(new Headers(headers), 0, now);

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
    expect(wait({ 'Retry-After': String(MAX_RETRY_DELAY_MS / 1000) })).toBe(MAX_RETRY_DELAY_MS);
    expect(wait({ 'Retry-After': String(MAX_RETRY_DELAY_MS / 1000 + 1) })).toBeUndefined();
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
  const options = { maxRetries: 2, timeout: 1000 };

  test('a write keeps its Idempotency-Key and its body on every attempt; a given key is kept', async () => {
    const { fetch, sent } = scripted([
      () => json(429, {}, { 'Retry-After': '0' }),
      () => json(503, {}, { 'Retry-After': '0' }),
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
    const { fetch, sent } = scripted(Array.from({ length: 3 }, () => () => json(503, {}, { 'Retry-After': '0' })));
    expect((await transport({ ...options, fetch })(new Request('https://api.test/v1/employees'))).status).toBe(503);
    expect(sent).toHaveLength(3);
  });

  test('a network error is retried for a read; a caller’s abort is not', async () => {
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
    await expect(transport({ ...options, fetch: aborted.fetch })(request)).rejects.toThrow('fetch failed');
    expect(aborted.sent).toHaveLength(1);
  });

  test('each attempt times out on its own', async () => {
    const hanging: Fetch = (request) =>
      new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
    const started = performance.now();
    const error = await transport({ maxRetries: 1, timeout: 100, fetch: hanging })(
      new Request('https://api.test/v1/whoami'),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    // Two attempts of 100 ms and a backoff of 375..625 ms between them.
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
  });

  test('a 401 renews the credential once, then answers', async () => {
    let issued = 0;
    const credentials = { authorization: async () => `Bearer t${issued}`, renew: () => ++issued > 0 };
    const { fetch, sent } = scripted([() => json(401, {}), () => json(401, {})]);
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
