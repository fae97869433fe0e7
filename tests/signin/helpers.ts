// What the sign-in tests share: a first-party app, an employee with a password, and the sign-in
// page driven as a browser drives it (its cookie kept, its form posted as served, hidden inputs
// included), up to the redirect back to the app.
import { createHash, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { createFirstPartyApp } from '../../routers/credentials/firstPartyApps.writes.js';
import { postForm, SETUP_LINK } from '../accounts/helpers.js';
import { sql } from '../support/database.js';
import { hire, uniqueEmail } from '../support/employees.js';
import type { TestServer, TestTenant } from '../support/harness.js';
import type { Json } from '../support/http.js';

export const PASSWORD = 'a long and memorable passphrase';
export const REDIRECT = 'https://app.signin.example/callback';

/** A first-party app registered straight in the database (`wfm app create` is tests/signin/firstPartyApps.cli.test.ts's). */
export async function newApp(h: TestServer, redirectUris: string[] = [REDIRECT]): Promise<string> {
  const app = await createFirstPartyApp(h.orm.em.fork(), 'svc', { name: 'Workforce web', redirectUris });
  return app.client_id;
}

/** Hires someone into `t` with `hrKey` (employees:write) and sets their password through the invite's link. */
export async function activeEmployee(
  h: TestServer,
  t: TestTenant,
  hrKey: string,
  fields: Json = {},
): Promise<{ id: string; email: string }> {
  const email = uniqueEmail('signin');
  const employee = await hire(h, hrKey, t, { email, ...fields });
  const [invite] = await sql<{ body: string }>(
    h,
    `select body from outbox_messages where recipient = ? and kind = 'employee_invite'`,
    [email],
  );
  const url = SETUP_LINK.exec(invite.body)?.[1] as string;
  const res = await postForm(url, { password: PASSWORD, password_confirmation: PASSWORD });
  expect(res.status, await res.text()).toBe(200);
  return { id: employee.id as string, email };
}

/** Sets a password for an existing employee (the first HR admin of a tenant) through a fresh link. */
export async function activate(h: TestServer, employeeId: string): Promise<void> {
  const { issueSetupLink } = await import('../../routers/accounts/accounts.writes.js');
  const { setup_url } = await issueSetupLink(h.orm.em.fork(), employeeId, h.url);
  const res = await postForm(setup_url, { password: PASSWORD, password_confirmation: PASSWORD });
  expect(res.status, await res.text()).toBe(200);
}

/** A PKCE pair (RFC 7636, S256). */
export function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The authorization request's query for `clientId`. */
export function authorizeQuery(clientId: string, challenge: string, extra: Record<string, string> = {}): string {
  return new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-123',
    ...extra,
  }).toString();
}

/** Every `<input>` of the page's one form as name → value (hidden inputs as served, the others empty). */
export function formFields(html: string): Record<string, string> {
  const forms = [...html.matchAll(/<form\b[^>]*>([\s\S]*?)<\/form>/g)];
  expect(forms).toHaveLength(1);
  const decode = (text: string) =>
    text
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...forms[0][1].matchAll(/<input\b([^>]*)>/g)].map(([, a]) => [
      /\bname="([^"]*)"/.exec(a)?.[1] ?? '',
      decode(/\bvalue="([^"]*)"/.exec(a)?.[1] ?? ''),
    ]),
  );
}

/** A browser's cookie jar for the sign-in page: the cookie its answers set. */
export class Browser {
  cookie = '';

  /** `headers`: sent with every request (X-Forwarded-For, to come from another address behind TRUST_PROXY). */
  constructor(
    private readonly h: TestServer,
    private readonly headers: Record<string, string> = {},
  ) {}

  private keep(res: Response) {
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
  }

  async open(query: string): Promise<{ res: Response; html: string }> {
    const res = await fetch(`${this.h.url}/oauth/authorize?${query}`, {
      headers: { ...this.headers, ...(this.cookie ? { Cookie: this.cookie } : {}) },
      redirect: 'manual',
    });
    this.keep(res);
    return { res, html: await res.text() };
  }

  /** Posts the page's form as served, with `fields` typed in (or changed). */
  async post(query: string, html: string, fields: Record<string, string>): Promise<Response> {
    const res = await fetch(`${this.h.url}/oauth/authorize?${query}`, {
      method: 'POST',
      headers: {
        ...this.headers,
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: new URLSearchParams({ ...formFields(html), ...fields }).toString(),
      redirect: 'manual',
    });
    this.keep(res);
    return res;
  }
}

/** Signs `email` in through the page and returns the redirect's URL (303 asserted). */
export async function signInTo(
  h: TestServer,
  clientId: string,
  email: string,
  challenge: string,
  extra: Record<string, string> = {},
): Promise<URL> {
  const browser = new Browser(h);
  const query = authorizeQuery(clientId, challenge, extra);
  const { res, html } = await browser.open(query);
  expect(res.status, html).toBe(200);
  const posted = await browser.post(query, html, { email, password: PASSWORD });
  expect(posted.status, await posted.text()).toBe(303);
  return new URL(posted.headers.get('location') as string);
}

/** Exchanges a code at the token endpoint as a public client. */
export function exchange(h: TestServer, fields: Record<string, string>): Promise<Response> {
  return fetch(`${h.url}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', redirect_uri: REDIRECT, ...fields }).toString(),
  });
}

/** An employee's tokens: signed in through the page, the code exchanged. */
export async function employeeTokens(
  h: TestServer,
  clientId: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<{ access_token: string; refresh_token: string; scope: string }> {
  const { verifier, challenge } = pkce();
  const back = await signInTo(h, clientId, email, challenge, extra);
  const res = await exchange(h, {
    client_id: clientId,
    code: back.searchParams.get('code') as string,
    code_verifier: verifier,
  });
  const body = (await res.json()) as { access_token: string; refresh_token: string; scope: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}
