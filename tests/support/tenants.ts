import { randomBytes } from 'node:crypto';
import type { Scope } from '../../core/scopes.js';
import type { Orm } from '../../db/orm.js';
import { createApiKey, createOAuthClient } from '../../routers/credentials/credentials.writes.js';
import { type CreateOrganisationInput, createOrganisation } from '../../routers/organisations/organisations.writes.js';
import type { TestTenant } from './harness.js';

/**
 * Organisations and credentials written straight through the domain functions (what `wfm tenant
 * create` and `wfm key create` run), on any ORM: a test server's (`h.tenant()`, `h.key()`,
 * `h.client()` call these) or a test's own on the database of spawned nodes.
 */

/** A fresh organisation (live + sandbox tenant, first HR admins) with a name unique to the caller. */
export function newTenant(orm: Orm, input: Partial<CreateOrganisationInput> = {}): Promise<TestTenant> {
  return createOrganisation(orm.em.fork(), { name: `Test ${randomBytes(4).toString('hex')}`, ...input });
}

/** A fresh API key secret (its own rate-limit budget) for `tenant` with `scopes`, on `env` (default live). */
export async function newKey(
  orm: Orm,
  tenant: TestTenant,
  scopes: readonly Scope[],
  env: 'live' | 'test' = 'live',
  prefix = 'svc',
): Promise<string> {
  return (await createApiKey(orm.em.fork(), prefix, { tenantId: tenant.tenant.id, env, scopes: [...scopes] })).secret;
}

/** An OAuth client for `tenant` with `scopes`, on `env` (default live). */
export function newClient(
  orm: Orm,
  tenant: TestTenant,
  scopes: readonly Scope[],
  env: 'live' | 'test' = 'live',
  prefix = 'svc',
): Promise<{ client_id: string; client_secret: string }> {
  return createOAuthClient(orm.em.fork(), prefix, { tenantId: tenant.tenant.id, env, scopes: [...scopes] });
}
