/**
 * Login accounts (decisions §20): one-time set-up links (issued at the hire and by `wfm account
 * invite`, stored as SHA-256 of their token), setting a password through one (argon2id), disabling
 * an account, and `verifyAccountPassword`, the check a sign-in makes. The page is
 * accountSetup.page.ts; its HTTP side is server/http/accountSetup.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { uuidv7 } from 'uuidv7';
import { DomainError } from '../../core/domainError.js';
import { sql } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { inTransaction, TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { credentialChangesApplied } from '../credentials/credentialCache.writes.js';
import {
  type IssuedSetupLink,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SETUP_LINK_DAYS,
  SETUP_PATH,
  type SetupLinkState,
  type SignInAccount,
} from './account.record.js';

// ---------------------------------------------------------------------------------------------
// Set-up links

/** 32 random bytes, base64url: 43 characters. Anything else is no token of ours (404, no lookup). */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A fresh link: its token (only ever in the URL), the hash that is stored, and when it stops working. */
export interface NewSetupLink {
  url: string;
  tokenHash: string;
  expiresAt: Date;
}

/** SHA-256 is enough for a 256-bit random token: nothing to guess, so nothing to slow down. */
function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new one-time link on `baseUrl` (PUBLIC_BASE_URL), valid SETUP_LINK_DAYS from `now`. */
export function newSetupLink(baseUrl: string, now = new Date()): NewSetupLink {
  const token = randomBytes(32).toString('base64url');
  return {
    url: `${baseUrl.replace(/\/+$/, '')}${SETUP_PATH}?token=${token}`,
    tokenHash: tokenHash(token),
    expiresAt: new Date(now.getTime() + SETUP_LINK_DAYS * 86_400_000),
  };
}

/** A link's row by its hash, with what its page shows: looked up before the tenant is known. */
const LINK_BY_HASH = namedStatement(`
  select s.tenant_id, s.profile_id, s.used_at is not null as used, s.revoked_at is not null as revoked,
         s.expires_at <= now() as expired, p.email, t.name as organisation, t.env
    from account_setup_tokens s
    join profiles p on p.tenant_id = s.tenant_id and p.id = s.profile_id
    join tenants t on t.id = s.tenant_id
   where s.token_hash = ?`);

/** What `token` (from the page's URL or form) amounts to; a malformed one is `unknown` without a lookup. */
export async function findSetupLink(em: EntityManager, token: string | undefined): Promise<SetupLinkState> {
  if (!token || !TOKEN_PATTERN.test(token)) return { state: 'unknown' };
  const [row] = await runStatement<{
    tenant_id: string;
    profile_id: string;
    used: boolean;
    revoked: boolean;
    expired: boolean;
    email: string;
    organisation: string;
    env: 'live' | 'test';
  }>(em, LINK_BY_HASH, [tokenHash(token)]);
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used' };
  if (row.revoked) return { state: 'revoked' };
  if (row.expired) return { state: 'expired' };
  return {
    state: 'valid',
    tenantId: row.tenant_id,
    profileId: row.profile_id,
    email: row.email,
    organisation: row.organisation,
    sandbox: row.env === 'test',
  };
}

/** The employee (by its `id`) and its account, in whichever tenant: what the CLI names. */
const EMPLOYEE_ACCOUNT = namedStatement(`
  select e.tenant_id, e.profile_id from employees e where e.id = ?`);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function employeeAccount(em: EntityManager, employeeId: string) {
  if (!UUID.test(employeeId)) {
    throw new DomainError('not_found', { detail: `${employeeId} is not an employee id (a UUID).` });
  }
  const [row] = await runStatement<{ tenant_id: string; profile_id: string }>(em, EMPLOYEE_ACCOUNT, [employeeId]);
  if (!row) throw new DomainError('not_found', { detail: `No employee ${employeeId}.` });
  return row;
}

/** Every link of the account not yet used stops working (a newer link, or the account disabled). */
const REVOKE_OPEN_LINKS = TenantReader.prepare(`
  update account_setup_tokens set revoked_at = ?::timestamptz
   where id in (select id from account_setup_tokens
                 where profile_id = ? and used_at is null and revoked_at is null)`);

const INSERT_LINK = tenantStatement<{
  id: string;
  tenant: string;
  profile: string;
  hash: string;
  expiresAt: string;
  now: string;
}>(
  (v) => sql`
  insert into account_setup_tokens (id, tenant_id, profile_id, token_hash, expires_at, created_at)
  values (${v.id}, ${v.tenant}, ${v.profile}, ${v.hash}, ${v.expiresAt}::timestamptz, ${v.now}::timestamptz)`,
);

/**
 * `wfm account invite`: a fresh link for the employee's account (for a lost e-mail, or the demo);
 * the account's earlier unused links stop working. Whatever the account's status: used on an
 * active account it sets a new password, on a disabled one it makes it active again (issuing it is
 * the administrator's decision). Refuses with not_found for an unknown employee.
 */
export async function issueSetupLink(
  em: EntityManager,
  employeeId: string,
  baseUrl: string,
  now = new Date(),
): Promise<IssuedSetupLink> {
  const account = await employeeAccount(em, employeeId);
  const link = newSetupLink(baseUrl, now);
  await inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, account.tenant_id);
    await reader.all(REVOKE_OPEN_LINKS, [now.toISOString(), account.profile_id]);
    await reader.all(INSERT_LINK, {
      id: uuidv7(),
      tenant: account.tenant_id,
      profile: account.profile_id,
      hash: link.tokenHash,
      expiresAt: link.expiresAt.toISOString(),
      now: now.toISOString(),
    });
  });
  return { employee_id: employeeId, setup_url: link.url };
}

const DISABLE = TenantReader.prepare(`
  update profiles set status = 'disabled', updated_at = ?::timestamptz
   where id = (select id from profiles where id = ?)`);

/** The tokens of the account's employee (an app's only: integrations' tokens name no employee). */
const REVOKE_SIGN_IN_TOKENS = TenantReader.prepare(`
  update oauth_tokens set revoked_at = ?::timestamptz
   where id in (select o.id from oauth_tokens o join employees e on e.id = o.employee_id
                 where e.profile_id = ? and o.revoked_at is null)`);

/**
 * `wfm account disable`: the account can no longer sign in (verifyAccountPassword matches active
 * accounts only), its unused set-up links stop working, and every token a first-party app was
 * issued for its employee (codes, access and refresh tokens) is revoked in the same transaction
 * (decisions §20), so the next request with one is 401 on every node (it answers once every node's
 * credential cache has let them go, decisions §3). Its password hash stays,
 * unused, so that a disabled account keeps no way in but a new link. Refuses with not_found.
 */
export async function disableAccount(
  em: EntityManager,
  employeeId: string,
  now = new Date(),
): Promise<{ employee_id: string; status: 'disabled' }> {
  const account = await employeeAccount(em, employeeId);
  await inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, account.tenant_id);
    await reader.all(DISABLE, [now.toISOString(), account.profile_id]);
    await reader.all(REVOKE_OPEN_LINKS, [now.toISOString(), account.profile_id]);
    await reader.all(REVOKE_SIGN_IN_TOKENS, [now.toISOString(), account.profile_id]);
  });
  await credentialChangesApplied(em);
  return { employee_id: employeeId, status: 'disabled' };
}

// ---------------------------------------------------------------------------------------------
// Passwords

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 50 ms of one
 * core per hash, run on libuv's thread pool, so the event loop is not held.
 */
const ARGON2 = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** NFKC (NIST SP 800-63B): the same password typed on two keyboards is the same password. */
const normalised = (password: string) => password.normalize('NFKC');

const codePoints = (text: string) => [...text].length;

/** Why `password` (with its confirmation) cannot be set, in words for the page; undefined when it can. */
export function passwordProblem(password: string | undefined, confirmation: string | undefined): string | undefined {
  if (!password) return 'Enter a password.';
  const length = codePoints(normalised(password));
  if (length < PASSWORD_MIN) return `The password is too short: use at least ${PASSWORD_MIN} characters.`;
  if (length > PASSWORD_MAX) return `The password is too long: use at most ${PASSWORD_MAX} characters.`;
  if (confirmation !== password) return 'The two passwords differ: type the same password twice.';
  return undefined;
}

/** The password's argon2id hash (a PHC string, `$argon2id$…`). Call only with a password passwordProblem accepts. */
export function hashPassword(password: string): Promise<string> {
  return hash(normalised(password), ARGON2);
}

const USE_LINK = namedStatement(`
  update account_setup_tokens set used_at = now()
   where token_hash = ? and used_at is null and revoked_at is null and expires_at > now()
  returning tenant_id, profile_id`);

const SET_PASSWORD = TenantReader.prepare(`
  update profiles set password_hash = ?, status = 'active', updated_at = now()
   where id = (select id from profiles where id = ?)`);

/**
 * Uses the link of `token` to give its account `passwordHash` (hashPassword's, made before this
 * call so that no transaction waits for it) and make it active, in one transaction. False when the
 * link was used, revoked or expired meanwhile (a second submission racing the first).
 */
export async function completeAccountSetup(em: EntityManager, token: string, passwordHash: string): Promise<boolean> {
  return em.transactional(async (tx) => {
    const [link] = await runStatement<{ tenant_id: string; profile_id: string }>(tx, USE_LINK, [tokenHash(token)]);
    if (!link) return false;
    await new TenantReader(tx, link.tenant_id).all(SET_PASSWORD, [passwordHash, link.profile_id]);
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/** At most this many accounts of one address are tried (a live and a sandbox tenant of a few organisations). */
const MAX_ACCOUNTS_PER_EMAIL = 10;

const ACTIVE_ACCOUNTS = namedStatement(`
  select p.tenant_id, p.id as profile_id, e.id as employee_id, p.password_hash
    from profiles p
    join employees e on e.tenant_id = p.tenant_id and e.profile_id = p.id
   where p.email = ? and p.status = 'active' and p.password_hash is not null
   order by p.created_at, p.id
   limit ${MAX_ACCOUNTS_PER_EMAIL}`);

/** A hash no password matches, verified when no account does, so that both cost the same. */
let decoy: Promise<string> | undefined;
const decoyHash = () => {
  decoy ??= hash(randomBytes(32).toString('base64url'), ARGON2);
  return decoy;
};

/**
 * The active accounts of `email` (any case) whose password is `password`: what a sign-in matches.
 *
 * - An address may have an account in several tenants (an organisation's live and sandbox
 *   tenants, or two organisations); each account has its own password, set through its own link.
 *   Every active account whose password verifies is returned, oldest first; the caller signs in
 *   the one its context names (the app's tenant) or lets the person choose. Empty: no match.
 * - No user enumeration by timing: at least one argon2 verification is spent whatever the address
 *   (a decoy hash when it has no active account), and one per active account it has (at most
 *   MAX_ACCOUNTS_PER_EMAIL), whether or not the password matches.
 * - Invited and disabled accounts never match.
 */
export async function verifyAccountPassword(
  em: EntityManager,
  email: string,
  password: string,
): Promise<SignInAccount[]> {
  const candidate = normalised(password);
  const rows = await runStatement<{
    tenant_id: string;
    profile_id: string;
    employee_id: string;
    password_hash: string;
  }>(em, ACTIVE_ACCOUNTS, [email.trim().toLowerCase()]);
  // A password no account can hold is still checked (against the decoy), so it costs the same.
  const admissible = codePoints(candidate) <= PASSWORD_MAX && codePoints(candidate) >= PASSWORD_MIN;
  if (!rows.length || !admissible) {
    await verify(await decoyHash(), candidate.slice(0, PASSWORD_MAX * 2)).catch(() => false);
    return [];
  }
  const matches: SignInAccount[] = [];
  for (const row of rows) {
    const verified = await verify(row.password_hash, candidate).catch(() => false);
    if (verified) matches.push({ tenantId: row.tenant_id, profileId: row.profile_id, employeeId: row.employee_id });
  }
  return matches;
}

// ---------------------------------------------------------------------------------------------
// The demo

/** The demo employee who signs in beside the HR admin: the first hired who reports to the HR admin. */
const FIRST_REPORT = TenantReader.prepare(`
  select e.id, e.email, e.full_name, p.password_hash is not null as has_password
    from employees e join profiles p on p.id = e.profile_id
   where e.manager_id = ?
   order by e.employee_id
   limit 1`);

const ADMIN = TenantReader.prepare(`
  select e.id, e.email, e.full_name, p.password_hash is not null as has_password
    from employees e join profiles p on p.id = e.profile_id
   where e.id = ?`);

/** A demo person the start banner names, with a fresh set-up link unless the account is already set up. */
export interface DemoSignIn {
  role: 'HR admin' | 'employee';
  employee_id: string;
  email: string;
  full_name: string;
  /** Absent when the account has a password already: sign in with it. */
  setup_url?: string;
}

/**
 * `make run`'s banner (decisions §20): the demo HR admin and one employee who reports to them (so
 * that one can file leave and the other approve it), each with a fresh set-up link while the
 * account has no password yet (the demo's accounts are active, as if in use, but have none).
 */
export async function demoSignIns(
  em: EntityManager,
  tenantId: string,
  hrAdminId: string,
  baseUrl: string,
): Promise<DemoSignIn[]> {
  const reader = new TenantReader(em, tenantId);
  type Person = { id: string; email: string; full_name: string; has_password: boolean };
  const people: [DemoSignIn['role'], Person | undefined][] = [
    ['HR admin', await reader.one<Person>(ADMIN, [hrAdminId])],
    ['employee', await reader.one<Person>(FIRST_REPORT, [hrAdminId])],
  ];
  const signIns: DemoSignIn[] = [];
  for (const [role, person] of people) {
    if (!person) continue;
    const signIn: DemoSignIn = { role, employee_id: person.id, email: person.email, full_name: person.full_name };
    if (!person.has_password) signIn.setup_url = (await issueSetupLink(em, person.id, baseUrl)).setup_url;
    signIns.push(signIn);
  }
  return signIns;
}
