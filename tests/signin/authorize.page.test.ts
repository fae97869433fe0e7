// The sign-in page (decisions §20): GET /oauth/authorize of a registered app and redirect URI is
// the page itself (no external assets, one form, CSRF-protected); posting it as served signs in and
// redirects 303 with a one-time code; a wrong e-mail or password is the same 401 page whichever it
// was; failed attempts are limited per account and per address (429 with Retry-After); an unknown
// app or redirect URI is an error page, never a redirect.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { uniqueEmail } from '../support/employees.js';
import { serverPerTest, type TestTenant, useTestServer } from '../support/harness.js';
import {
  activeEmployee,
  authorizeQuery,
  Browser,
  formFields,
  newApp,
  PASSWORD,
  pkce,
  REDIRECT,
  signInTo,
} from './helpers.js';

const LIMIT = 4;
const h = useTestServer({ RATE_LIMIT_SIGNIN_POINTS: '1000' });
// Addresses told apart by X-Forwarded-For behind a trusted proxy; budgets in this process's memory.
const perTest = serverPerTest();

let shared: { t: TestTenant; hrKey: string; clientId: string } | undefined;
async function setup() {
  if (!shared) {
    const t = await h.tenant();
    shared = { t, hrKey: await h.key(t, ['employees:write']), clientId: await newApp(h) };
  }
  return shared;
}

/** A page of the sign-in: status, HTML, the headers every page carries (decisions §21), no external asset. */
async function expectPage(res: Response, status: number, html: string, formTo?: string) {
  expect(res.status, html).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
  expect(csp).toContain(formTo ? `form-action 'self' ${formTo}` : "form-action 'none'");
  expect(csp).not.toMatch(/script-src|unsafe-inline/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(html).not.toMatch(/<(script|link|img|iframe)\b|src=|href=/);
}

describe('GET /oauth/authorize', () => {
  test('a registered app and redirect URI: 200, the sign-in page with one POST form, email, password and hidden inputs', async () => {
    const { clientId } = await setup();
    const browser = new Browser(h);
    const { res, html } = await browser.open(authorizeQuery(clientId, pkce().challenge, { scope: 'leave:read' }));
    await expectPage(res, 200, html, 'https://app.signin.example');
    expect(html.match(/<form\b[^>]*>/g)).toEqual(['<form method="post">']);
    const fields = formFields(html);
    expect(Object.keys(fields).sort()).toEqual(
      [
        'client_id',
        'code_challenge',
        'code_challenge_method',
        'csrf_token',
        'email',
        'password',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ].sort(),
    );
    expect(fields).toMatchObject({ client_id: clientId, redirect_uri: REDIRECT, state: 'st-123', scope: 'leave:read' });
    expect(html).toMatch(/<input id="password" name="password" type="password"/);
    expect(html).toContain('Workforce web');
    // The CSRF nonce: HttpOnly, SameSite=Lax (http here, so no Secure and no __Host- prefix).
    expect(res.headers.get('set-cookie')).toMatch(
      /^wfm_signin=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=3600; HttpOnly; SameSite=Lax$/,
    );
  });

  test('an unknown client or a redirect URI not registered exactly: an error page, never a redirect', async () => {
    const { clientId } = await setup();
    const { challenge } = pkce();
    const cases = [
      authorizeQuery('svc_client_unknown', challenge),
      authorizeQuery(clientId, challenge, { redirect_uri: 'https://evil.example/callback' }),
      authorizeQuery(clientId, challenge, { redirect_uri: `${REDIRECT}/` }),
      authorizeQuery(clientId, challenge, { redirect_uri: `${REDIRECT}?x=1` }),
      authorizeQuery(clientId, challenge, { redirect_uri: '' }),
      new URLSearchParams({ response_type: 'code', client_id: clientId, code_challenge: challenge }).toString(),
    ];
    for (const query of cases) {
      const { res, html } = await new Browser(h).open(query);
      await expectPage(res, 400, html);
      expect(res.headers.get('location')).toBeNull();
      expect(html).not.toContain('<form');
    }
  });

  test('a known app and redirect URI with a bad request: redirected back with the error and state', async () => {
    const { clientId } = await setup();
    const { challenge } = pkce();
    const cases: [Record<string, string>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge: 'short' }, 'invalid_request'],
      [{ scope: 'webhooks:write' }, 'invalid_scope'],
    ];
    for (const [extra, error] of cases) {
      const { res } = await new Browser(h).open(authorizeQuery(clientId, challenge, extra));
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location') as string);
      expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('state')).toBe('st-123');
      expect(back.searchParams.get('iss')).toBe(h.url);
    }
  });
});

describe('POST /oauth/authorize', () => {
  test('the form posted as served signs in: 303 to redirect_uri with a one-time code and the state; the code stored hashed', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const { challenge } = pkce();
    const back = await signInTo(h, clientId, person.email.toUpperCase(), challenge);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('iss')).toBe(h.url);
    const code = back.searchParams.get('code') as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await sql<Record<string, unknown>>(
      h,
      `select kind, employee_id, app_client_id, code_challenge, redirect_uri, scopes,
              round(extract(epoch from expires_at - created_at)) as ttl, used_at
         from oauth_tokens where token_hash = encode(sha256(?::bytea), 'hex')`,
      [code],
    );
    expect(rows).toEqual([
      {
        kind: 'code',
        employee_id: person.id,
        app_client_id: clientId,
        code_challenge: challenge,
        redirect_uri: REDIRECT,
        scopes: ['employees:read', 'leave:read', 'leave:write'],
        ttl: '60',
        used_at: null,
      },
    ]);
  });

  test('a wrong password and an unknown e-mail: the same page, 401, one message that does not say which', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const answers: string[] = [];
    for (const [email, password] of [
      [person.email, `${PASSWORD}!`],
      [uniqueEmail('nobody'), PASSWORD],
    ]) {
      const browser = new Browser(h);
      const query = authorizeQuery(clientId, pkce().challenge);
      const { html } = await browser.open(query);
      const res = await browser.post(query, html, { email, password });
      const page = await res.text();
      await expectPage(res, 401, page, 'https://app.signin.example');
      expect(res.headers.get('location')).toBeNull();
      expect(page).toContain('The e-mail address or password is incorrect.');
      expect(formFields(page).email).toBe(email);
      answers.push(page.replace(/value="[^"]*"/g, ''));
    }
    expect(answers[0]).toBe(answers[1]);
  });

  test('CSRF: a post without the cookie, with another nonce, or with a changed token is refused (403, the form again)', async () => {
    const { t, hrKey, clientId } = await setup();
    const person = await activeEmployee(h, t, hrKey);
    const query = authorizeQuery(clientId, pkce().challenge);
    const served = new Browser(h);
    const { html } = await served.open(query);
    const fields = { email: person.email, password: PASSWORD };

    const noCookie = new Browser(h); // another site's page posting the form: no cookie of ours
    const other = new Browser(h);
    await other.open(query); // a nonce of its own, which the served token does not sign
    const attempts = [
      await noCookie.post(query, html, fields),
      await other.post(query, html, fields),
      await served.post(query, html, { ...fields, csrf_token: `${formFields(html).csrf_token}x` }),
      await served.post(query, html, { ...fields, csrf_token: '' }),
    ];
    for (const res of attempts) {
      const page = await res.text();
      await expectPage(res, 403, page, 'https://app.signin.example');
      expect(page).toContain('has expired or did not come from this page');
      expect(res.headers.get('location')).toBeNull();
    }
    // The form as served still signs in.
    expect((await served.post(query, html, fields)).status).toBe(303);
  });

  test('failed attempts are limited per account and per address: 429 with Retry-After, even with the right password', async () => {
    const { t, hrKey, clientId } = await setup();
    const limited = await perTest({ RATE_LIMIT_SIGNIN_POINTS: String(LIMIT), TRUST_PROXY: 'true' });
    const [first, second] = [await activeEmployee(h, t, hrKey), await activeEmployee(h, t, hrKey)];
    const from = (address: string) => new Browser(limited, { 'X-Forwarded-For': address });
    const query = authorizeQuery(clientId, pkce().challenge);
    const attempt = async (address: string, email: string, password: string) => {
      const browser = from(address);
      const { html } = await browser.open(query);
      return browser.post(query, html, { email, password });
    };

    // Per account: its failures from several addresses add up; then even the right password waits.
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt(`10.0.0.${i + 1}`, first.email, `wrong password ${i}`)).status).toBe(401);
    }
    const refused = await attempt('10.0.1.1', first.email, PASSWORD);
    const page = await refused.text();
    await expectPage(refused, 429, page, 'https://app.signin.example');
    const retry = Number(refused.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(page).toContain('Too many failed sign-ins');
    expect(refused.headers.get('location')).toBeNull();
    // Another account is not affected.
    expect((await attempt('10.0.1.2', second.email, PASSWORD)).status).toBe(303);

    // Per address: failures for any addresses, known or not, from one address add up.
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt('10.0.2.1', uniqueEmail('guess'), PASSWORD)).status).toBe(401);
    }
    expect((await attempt('10.0.2.1', second.email, PASSWORD)).status).toBe(429);
    expect((await attempt('10.0.2.2', second.email, PASSWORD)).status).toBe(303);
  });

  test('a request that is not a form: 415 page; other methods 405 with Allow', async () => {
    const { clientId } = await setup();
    const query = authorizeQuery(clientId, pkce().challenge);
    const json = await fetch(`${h.url}/oauth/authorize?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    await expectPage(json, 415, await json.text());
    const put = await fetch(`${h.url}/oauth/authorize?${query}`, { method: 'PUT' });
    await expectPage(put, 405, await put.text());
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});
