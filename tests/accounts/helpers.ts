// What the account tests share: a hire's set-up link read from its invite in the outbox, the
// set-up form posted as a browser posts it, and the inputs a page's form holds.
import { expect } from 'vitest';
import { sql } from '../support/database.js';
import { hire, uniqueEmail } from '../support/employees.js';
import type { TestServer, TestTenant } from '../support/harness.js';

/** A set-up link as it appears in an e-mail or on the CLI's output. */
export const SETUP_LINK = /(https?:\/\/\S+\/account\/setup\?token=([A-Za-z0-9_-]{43}))/;

/** Hires someone through POST /v1/employees and reads the set-up link from their invite in the outbox. */
export async function hireWithLink(
  h: TestServer,
  secret: string,
  t: TestTenant,
): Promise<{ employee: Record<string, unknown>; email: string; url: string; token: string; body: string }> {
  const email = uniqueEmail('account');
  const employee = await hire(h, secret, t, { email });
  const rows = await sql<{ body: string }>(
    h,
    `select body from outbox_messages where recipient = ? and kind = 'employee_invite'`,
    [email],
  );
  expect(rows).toHaveLength(1);
  const match = SETUP_LINK.exec(rows[0].body);
  expect(match, rows[0].body).not.toBeNull();
  return { employee, email, url: match?.[1] as string, token: match?.[2] as string, body: rows[0].body };
}

/** POSTs `fields` form-encoded to `url`, as the page's form does. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Each `<form>` of `html`: its method and the names (and types) of its inputs. */
export function formsOf(html: string): { method: string | undefined; inputs: { name: string; type: string }[] }[] {
  return [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map(([, attributes, inner]) => ({
    method: /\bmethod="([^"]*)"/.exec(attributes)?.[1],
    inputs: [...inner.matchAll(/<input\b([^>]*)>/g)].map(([, a]) => ({
      name: /\bname="([^"]*)"/.exec(a)?.[1] ?? '',
      type: /\btype="([^"]*)"/.exec(a)?.[1] ?? 'text',
    })),
  }));
}

/** The account (profile) of the employee with `id`: its status and password hash. */
export async function accountOf(h: TestServer, id: string): Promise<{ status: string; password_hash: string | null }> {
  const [row] = await sql<{ status: string; password_hash: string | null }>(
    h,
    'select p.status, p.password_hash from profiles p join employees e on e.profile_id = p.id where e.id = ?',
    [id],
  );
  return row;
}
