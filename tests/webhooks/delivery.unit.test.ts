import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, test } from 'vitest';
import {
  failureOutcome,
  refusedOutcome,
  responseOutcome,
  retryDelaySeconds,
  webhookSignature,
} from '../../routers/webhooks/webhookDeliveries.rules.js';
import { parseEnv } from '../../server/main/env.js';

// The pure rules of webhook delivery (routers/webhooks/webhookDeliveries.rules.ts): the signature against the
// reference implementation (the `standardwebhooks` package), the retry schedule, and what an
// answer or a failure is recorded as. The dispatcher that uses them: delivery.endToEnd.test.ts.

const secret = () => `whsec_${randomBytes(24).toString('base64')}`;

describe('webhookSignature', () => {
  test('is what standardwebhooks signs, and verifies with it', () => {
    const s = secret();
    const id = '0190f5a2-7c3e-7d4a-9b1c-2f3e4d5a6b7c';
    const body = JSON.stringify({ id, type: 'employee.created', data: { object: { name: 'Zoë «ünïcode» 😀' } } });
    const timestamp = Math.floor(Date.now() / 1000);
    const ours = webhookSignature([s], id, timestamp, body);
    const wh = new Webhook(s);
    expect(ours).toBe(wh.sign(id, new Date(timestamp * 1000), body));
    expect(ours).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': ours };
    expect(wh.verify(body, headers)).toEqual(JSON.parse(body));
    // Any change to what is signed fails.
    expect(() => wh.verify(`${body} `, headers)).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-id': `${id}x` })).toThrow(WebhookVerificationError);
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': String(timestamp - 1) })).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret()).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  test('two secrets: two space-separated signatures, each verifying with its own secret alone', () => {
    const [current, previous, other] = [secret(), secret(), secret()];
    const id = 'evt';
    const body = '{"a":1}';
    const timestamp = Math.floor(Date.now() / 1000);
    const header = webhookSignature([current, previous], id, timestamp, body);
    const parts = header.split(' ');
    expect(parts).toHaveLength(2);
    expect(parts[0]).toBe(webhookSignature([current], id, timestamp, body));
    expect(parts[1]).toBe(webhookSignature([previous], id, timestamp, body));
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': header };
    expect(new Webhook(current).verify(body, headers)).toEqual({ a: 1 });
    expect(new Webhook(previous).verify(body, headers)).toEqual({ a: 1 });
    expect(() => new Webhook(other).verify(body, headers)).toThrow(WebhookVerificationError);
  });

  test('the key is the base64-decoded part after whsec_, not the text of the secret', () => {
    const key = randomBytes(24);
    const s = `whsec_${key.toString('base64')}`;
    const wh = new Webhook(key, { format: 'raw' });
    expect(webhookSignature([s], 'i', 1_700_000_000, 'b')).toBe(wh.sign('i', new Date(1_700_000_000_000), 'b'));
  });
});

describe('retryDelaySeconds', () => {
  const contract = parseEnv({}).WEBHOOK_RETRY_SCHEDULE;

  test('the default schedule is the contract: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(contract).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  test('attempt n failed: the next after schedule[n-1]; after the last, none', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelaySeconds(contract, n))).toEqual(contract);
    expect(retryDelaySeconds(contract, 8)).toBeNull();
    expect(retryDelaySeconds(contract, 0)).toBeNull();
    expect(retryDelaySeconds([1, 1, 1], 3)).toBe(1);
    expect(retryDelaySeconds([1, 1, 1], 4)).toBeNull();
    expect(retryDelaySeconds([0], 1)).toBe(0);
  });

  test('the delivery settings: defaults, and what the environment refuses', () => {
    const env = parseEnv({});
    expect([env.WEBHOOK_TIMEOUT_MS, env.WEBHOOK_LEASE_S, env.WEBHOOK_DISABLE_AFTER]).toEqual([10_000, 60, 100]);
    expect(parseEnv({ WEBHOOK_RETRY_SCHEDULE: ' 1, 2 ,3' }).WEBHOOK_RETRY_SCHEDULE).toEqual([1, 2, 3]);
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: '1,x' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: '1,-2' })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => parseEnv({ WEBHOOK_TIMEOUT_MS: '60000' })).toThrow(/WEBHOOK_TIMEOUT_MS must be shorter/);
    expect(() => parseEnv({ WEBHOOK_LEASE_S: '0' })).toThrow(/WEBHOOK_LEASE_S/);
    expect(parseEnv({ WEBHOOK_TIMEOUT_MS: '500', WEBHOOK_LEASE_S: '1' }).WEBHOOK_LEASE_S).toBe(1);
  });
});

describe('outcomes', () => {
  test('2xx succeeds, with its status and no error', () => {
    for (const status of [200, 201, 202, 204, 299]) {
      expect(responseOutcome(status)).toEqual({ status: 'succeeded', responseStatus: status, error: null });
    }
  });

  test('a redirect fails with its 3xx status and says it is not followed', () => {
    for (const status of [301, 302, 303, 307, 308]) {
      expect(responseOutcome(status)).toEqual({
        status: 'failed',
        responseStatus: status,
        error: `the endpoint answered ${status}: redirects are not followed`,
      });
    }
  });

  test('any other status fails with it', () => {
    for (const status of [100, 400, 404, 410, 429, 500, 503]) {
      expect(responseOutcome(status)).toEqual({
        status: 'failed',
        responseStatus: status,
        error: `the endpoint answered ${status}`,
      });
    }
  });

  test('no answer: a timeout, a refused or broken connection, DNS and TLS failures, by cause', () => {
    const fetchFailed = (code: string) =>
      Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error(`x ${code}`), { code }) });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const cases: [unknown, string][] = [
      [timeout, 'no answer within 1500 ms'],
      [fetchFailed('ECONNREFUSED'), 'connection refused'],
      [fetchFailed('ECONNRESET'), 'connection reset by the endpoint'],
      [fetchFailed('UND_ERR_SOCKET'), 'connection closed by the endpoint before it answered'],
      [fetchFailed('ENOTFOUND'), 'host does not resolve'],
      [fetchFailed('CERT_HAS_EXPIRED'), 'TLS failure: CERT_HAS_EXPIRED'],
      [fetchFailed('DEPTH_ZERO_SELF_SIGNED_CERT'), 'TLS failure: DEPTH_ZERO_SELF_SIGNED_CERT'],
      [fetchFailed('EWHATEVER'), 'request failed: EWHATEVER'],
      [new TypeError('fetch failed', { cause: new Error('bad header') }), 'request failed: bad header'],
      ['a string', 'request failed: a string'],
    ];
    for (const [error, text] of cases) {
      expect(failureOutcome(error, 1500)).toEqual({ status: 'failed', responseStatus: null, error: text });
    }
  });

  test('errors are clipped to the column (500 characters)', () => {
    const long = failureOutcome(new Error('y'.repeat(2000)), 1);
    expect(long.error).toHaveLength(500);
    expect(long.error?.endsWith('…')).toBe(true);
    expect(refusedOutcome('z'.repeat(600)).error).toHaveLength(500);
    expect(refusedOutcome('the endpoint is disabled')).toEqual({
      status: 'failed',
      responseStatus: null,
      error: 'the endpoint is disabled',
    });
  });
});
