/**
 * First-party apps (decisions §20): public OAuth clients (no secret; PKCE instead) that sign
 * employees in, valid for every tenant. `wfm app create` registers one; the sign-in
 * (server/http/signIn.ts) and the token endpoint look one up by its client id, and CORS allows the
 * origins of its redirect URIs.
 */
import { uuidv7 } from 'uuidv7';
import { sql, statement } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { generateToken } from './credentialTokens.rules.js';

/** A registered app as the CLI prints it. */
interface FirstPartyAppRecord {
  client_id: string;
  redirect_uris: string[];
  /** The origins of its http(s) redirect URIs: the pages that may call the API (CORS). */
  origins: string[];
}

/** Loopback hosts, where an http:// redirect URI is allowed (RFC 8252 §7.3: a native or local app). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A private-use scheme of a mobile app (RFC 8252 §7.1): reverse domain name, e.g. com.example.app. */
const PRIVATE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;

/**
 * Why `uri` cannot be a redirect URI, or undefined when it can: an absolute URL without a fragment
 * (RFC 6749 §3.1.2), https, http on a loopback host (local development, RFC 8252 §7.3), or a
 * private-use scheme with a dot (a mobile app, RFC 8252 §7.1). Compared exactly at sign-in.
 */
function redirectUriProblem(uri: string): string | undefined {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return `${uri} is not an absolute URL`;
  }
  if (url.hash || uri.includes('#')) return `${uri} has a fragment (#…), which a redirect URI may not have`;
  if (url.username || url.password) return `${uri} carries credentials`;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:') {
    return LOOPBACK.has(url.hostname) ? undefined : `${uri}: http:// is allowed only for localhost (use https://)`;
  }
  if (PRIVATE_SCHEME.test(url.protocol)) return undefined;
  return `${uri}: use https://, http://localhost, or an app's own scheme in reverse domain form (com.example.app:/callback)`;
}

/** The origins CORS allows for `uris`: each http(s) URI's, once, as browsers write them. */
function originsOf(uris: readonly string[]): string[] {
  const origins = uris.map((uri) => new URL(uri).origin).filter((origin) => origin !== 'null');
  return [...new Set(origins)];
}

const INSERT_APP = statement<{
  id: string;
  clientId: string;
  name: string;
  redirectUris: readonly string[];
  origins: readonly string[];
}>(
  (v) => sql`
  insert into first_party_apps (id, client_id, name, redirect_uris, origins)
  values (${v.id}, ${v.clientId}, ${v.name}, ${v.redirectUris}::text[], ${v.origins}::text[])`,
);
const INSERT_APP_TEXT = namedStatement(INSERT_APP.sql);

interface CreateFirstPartyAppInput {
  name: string;
  redirectUris: readonly string[];
}

/**
 * `wfm app create`: a public client for every tenant. Its redirect URIs are kept as typed (a
 * sign-in must name one exactly); their origins are allowed by CORS on every node within a second
 * (server/http/appOrigins.ts). Throws an Error with the reason for a name or URI it refuses.
 */
export async function createFirstPartyApp(
  em: EntityManager,
  prefix: string,
  input: CreateFirstPartyAppInput,
): Promise<FirstPartyAppRecord> {
  const name = input.name.trim();
  if (!name || name.length > 200) throw new Error('--name must be 1 to 200 characters');
  const redirectUris = [...new Set(input.redirectUris)];
  if (!redirectUris.length) throw new Error('--redirect-uri is required (once per URI)');
  const problems = redirectUris.map(redirectUriProblem).filter(Boolean);
  if (problems.length) throw new Error(problems.join('; '));
  const origins = originsOf(redirectUris);
  const clientId = generateToken(prefix, 'client');
  await runStatement(em, INSERT_APP_TEXT, INSERT_APP.bind({ id: uuidv7(), clientId, name, redirectUris, origins }));
  return { client_id: clientId, redirect_uris: redirectUris, origins };
}

const APP_BY_CLIENT_ID = namedStatement(
  'select client_id, name, redirect_uris from first_party_apps where client_id = ? and revoked_at is null',
);

const APP_ORIGINS = namedStatement(
  'select distinct unnest(origins) as origin from first_party_apps where revoked_at is null',
);

/** An app as the sign-in and the token endpoint need it. */
export interface FirstPartyApp {
  clientId: string;
  name: string;
  redirectUris: string[];
}

/** The app of `clientId` unless it is unknown or revoked. */
export async function findFirstPartyApp(
  em: EntityManager,
  clientId: string | undefined,
): Promise<FirstPartyApp | null> {
  if (!clientId || clientId.length > 80) return null;
  const [row] = await runStatement<{ client_id: string; name: string; redirect_uris: string[] }>(em, APP_BY_CLIENT_ID, [
    clientId,
  ]);
  return row ? { clientId: row.client_id, name: row.name, redirectUris: row.redirect_uris } : null;
}

/** Every origin of every app not revoked: what CORS allows beside CORS_ORIGINS (one small read). */
export async function firstPartyAppOrigins(em: EntityManager): Promise<Set<string>> {
  const rows = await runStatement<{ origin: string }>(em, APP_ORIGINS, []);
  return new Set(rows.map((row) => row.origin));
}
