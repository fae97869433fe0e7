// The set-up link of a login account (decisions §20): the invite e-mail carries it, its page sets
// the password (argon2id, never logged) and makes the account active, once; used, expired and
// unknown links answer pages of their own. Through HTTP against a real server, as a browser would.
import { describe, expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { type TestTenant, useTestServer } from '../support/harness.js';
import { captureLogs } from '../support/logs.js';
import { accountOf, formsOf, hireWithLink, postForm } from './helpers.js';

const logs = captureLogs();
const h = useTestServer({}, logs.logger);
const WRITE = ['employees:write'] as const;
const GOOD = 'correct horse battery staple';

let tenant: TestTenant | undefined;
let secret = '';
async function setup() {
  if (!tenant) {
    tenant = await h.tenant();
    secret = await h.key(tenant, WRITE);
  }
  return hireWithLink(h, secret, tenant);
}

/** An HTML page of the set-up flow: status, type, the headers every page carries (decisions §21). */
async function expectPage(res: Response, status: number): Promise<string> {
  const html = await res.text();
  expect(res.status, html).toBe(status);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).not.toMatch(/script-src|unsafe-inline|https?:/);
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-request-id')).toBeTruthy();
  // No external assets: nothing is loaded from any URL.
  expect(html).not.toMatch(/<(script|link|img|iframe)\b|https?:\/\//);
  return html;
}

describe('the invite e-mail', () => {
  test('carries a one-time link on PUBLIC_BASE_URL, valid 7 days; only a hash of its token is stored', async () => {
    const { employee, url, token, body } = await setup();
    expect(url.startsWith(`${h.url}/account/setup?token=`)).toBe(true);
    expect(body).toContain('works once, for 7 days');
    const rows = await sql<{ token_hash: string; days: number; used_at: string | null; status: string }>(
      h,
      `select s.token_hash, extract(epoch from s.expires_at - s.created_at)::int / 86400 as days, s.used_at, p.status
         from account_setup_tokens s join employees e on e.profile_id = s.profile_id and e.tenant_id = s.tenant_id
         join profiles p on p.id = s.profile_id
        where e.id = ?`,
      [employee.id],
    );
    expect(rows).toEqual([
      { token_hash: expect.stringMatching(/^[0-9a-f]{64}$/), days: 7, used_at: null, status: 'invited' },
    ]);
    const [{ found }] = await sql<{ found: number }>(
      h,
      `select count(*)::int as found from account_setup_tokens where token_hash = encode(sha256(?::bytea), 'hex')`,
      [token],
    );
    expect(found).toBe(1);
    const [{ clear }] = await sql<{ clear: number }>(
      h,
      'select count(*)::int as clear from account_setup_tokens where token_hash = ?',
      [token],
    );
    expect(clear).toBe(0);
  });
});

describe('GET /account/setup', () => {
  test('a valid link: 200, the form with password and password_confirmation, posting to this page', async () => {
    const { url, email } = await setup();
    const html = await expectPage(await fetch(url), 200);
    const forms = formsOf(html);
    expect(forms).toHaveLength(1);
    expect(forms[0].method).toBe('post');
    expect(html).not.toMatch(/<form[^>]*\baction=/);
    const names = forms[0].inputs.map((i) => i.name);
    expect(names).toEqual(expect.arrayContaining(['password', 'password_confirmation']));
    expect(forms[0].inputs.filter((i) => i.type === 'password').map((i) => i.name)).toEqual([
      'password',
      'password_confirmation',
    ]);
    expect(html).toContain(email);
  });

  test('an unknown or malformed token is a 404 page; none at all too', async () => {
    for (const query of ['?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '?token=short', '?token=', '']) {
      const html = await expectPage(await fetch(`${h.url}/account/setup${query}`), 404);
      expect(html).toContain('not valid');
      expect(formsOf(html)).toEqual([]);
    }
  });

  test('an expired link is a 410 page (GET and POST)', async () => {
    const { url, token, employee } = await setup();
    await sql(
      h,
      `update account_setup_tokens set expires_at = now() - interval '1 second'
        where token_hash = encode(sha256(?::bytea), 'hex')`,
      [token],
    );
    expect(await expectPage(await fetch(url), 410)).toContain('expired');
    const posted = await postForm(url, { password: GOOD, password_confirmation: GOOD });
    expect(await expectPage(posted, 410)).toContain('expired');
    expect(await accountOf(h, employee.id as string)).toEqual({ status: 'invited', password_hash: null });
  });
});

describe('POST /account/setup', () => {
  test('a good password: the account is active, hashed with argon2id, and the link cannot be used again (410)', async () => {
    const { url, employee, email } = await setup();
    const res = await postForm(url, { password: GOOD, password_confirmation: GOOD });
    const html = await expectPage(res, 200);
    expect(html).toContain(email);
    const account = await accountOf(h, employee.id as string);
    expect(account.status).toBe('active');
    expect(account.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account.password_hash).not.toContain(GOOD);
    // Used: the page and the form both answer 410, and the password stays.
    expect(await expectPage(await fetch(url), 410)).toContain('already been used');
    const again = await postForm(url, {
      password: 'another password here',
      password_confirmation: 'another password here',
    });
    expect(await expectPage(again, 410)).toContain('already been used');
    expect((await accountOf(h, employee.id as string)).password_hash).toBe(account.password_hash);
  });

  test('the token may travel in the hidden input instead of the URL', async () => {
    const { token, employee } = await setup();
    const res = await postForm(`${h.url}/account/setup`, { token, password: GOOD, password_confirmation: GOOD });
    await expectPage(res, 200);
    expect((await accountOf(h, employee.id as string)).status).toBe('active');
  });

  test('a refused password shows the page again, 422 with the reason; the link still works', async () => {
    const { url, employee } = await setup();
    const cases: [Record<string, string>, string][] = [
      [{ password: 'short pass', password_confirmation: 'short pass' }, 'too short'],
      [{ password: 'elevenchars', password_confirmation: 'elevenchars' }, 'too short'],
      [{ password: 'x'.repeat(257), password_confirmation: 'x'.repeat(257) }, 'too long'],
      [{ password: GOOD, password_confirmation: `${GOOD}!` }, 'differ'],
      [{ password: GOOD }, 'differ'],
      [{ password_confirmation: GOOD }, 'Enter a password'],
      [{}, 'Enter a password'],
    ];
    for (const [fields, reason] of cases) {
      const html = await expectPage(await postForm(url, fields), 422);
      expect(html, JSON.stringify(fields)).toContain(reason);
      const [form] = formsOf(html);
      expect(form.inputs.map((i) => i.name)).toEqual(expect.arrayContaining(['password', 'password_confirmation']));
      // The refused password is not written back into the page.
      if (fields.password) expect(html).not.toContain(fields.password);
    }
    expect(await accountOf(h, employee.id as string)).toEqual({ status: 'invited', password_hash: null });
    // Exactly 12 and exactly 256 characters (code points, a 4-byte emoji counted once) are accepted.
    const twelve = 'abcdefghijk😀';
    await expectPage(await postForm(url, { password: twelve, password_confirmation: twelve }), 200);
    const other = await setup();
    const longest = 'é'.repeat(256);
    await expectPage(await postForm(other.url, { password: longest, password_confirmation: longest }), 200);
  });

  test('fields the page does not ask for are ignored', async () => {
    const { url, employee } = await setup();
    const res = await postForm(url, {
      password: GOOD,
      password_confirmation: GOOD,
      status: 'disabled',
      email: 'someone.else@example.com',
      tenant_id: '00000000-0000-0000-0000-000000000000',
      is_hr_admin: 'true',
    });
    await expectPage(res, 200);
    expect((await accountOf(h, employee.id as string)).status).toBe('active');
    const [row] = await sql<{ email: string; is_hr_admin: boolean }>(
      h,
      'select email, is_hr_admin from employees where id = ?',
      [employee.id],
    );
    expect(row.is_hr_admin).toBe(false);
    expect(row.email).not.toBe('someone.else@example.com');
  });

  test('an unknown token is a 404 page, whatever the password; a body that is not a form is 415', async () => {
    const unknown = `${h.url}/account/setup?token=${'B'.repeat(43)}`;
    await expectPage(await postForm(unknown, { password: GOOD, password_confirmation: GOOD }), 404);
    await expectPage(await postForm(`${h.url}/account/setup`, { password: GOOD, password_confirmation: GOOD }), 404);
    const { url } = await setup();
    const json = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: GOOD, password_confirmation: GOOD }),
    });
    await expectPage(json, 415);
    const put = await fetch(url, { method: 'PUT' });
    await expectPage(put, 405);
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST');
  });

  test('no log line carries a password or a set-up token', async () => {
    const { url, token } = await setup();
    const password = `never-logged ${Date.now()}`;
    await expectPage(await postForm(url, { password: 'short', password_confirmation: 'short' }), 422);
    await expectPage(await postForm(url, { password, password_confirmation: password }), 200);
    await expectPage(await postForm(url, { password, password_confirmation: password }), 410);
    const text = logs.text();
    expect(text).toContain('/account/setup');
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
    expect(text).not.toContain('$argon2id$');
  });
});
