import { randomBytes } from 'node:crypto';
import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import { lackingScopes, type Scope, type ScopeGrant } from '../../core/scopes.js';
import { sql } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import type { SecretKeyRing } from '../../db/secrets.js';
import { inTransaction, TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { EVENT_SCOPES, type EventType, recordEvents, TEST_EVENT_TYPE } from '../events/events.writes.js';
import { tenantForEnv } from '../organisations/organisations.writes.js';
import { SUBSCRIBABLE_TYPES, WEBHOOK_ENDPOINT_COLUMNS, type WebhookEndpointRecord } from './webhookEndpoint.record.js';
import { resolveHost } from './webhookHosts.dns.js';
import { checkWebhookUrl, type HostResolver } from './webhookUrls.rules.js';

/**
 * Webhook endpoints (decisions §14): where a tenant wants its events sent. At most
 * MAX_WEBHOOK_ENDPOINTS per tenant, counted under the tenant row's lock; every URL passes the SSRF
 * rule of routers/webhooks/webhookUrls.rules.ts when it is set. The signing secret (Standard Webhooks: `whsec_` and
 * the base64 of 24 random bytes) is kept sealed in the database (AES-256-GCM, db/secrets.ts; decisions
 * §18), opened by the dispatcher to sign with; it is returned only by the create and the rotation,
 * and never logged.
 */

export const MAX_WEBHOOK_ENDPOINTS = 16;
/** How long a rotated-out secret keeps signing beside the new one. */
const SECRET_GRACE_MS = 24 * 60 * 60 * 1000;
type Subscription = (typeof SUBSCRIBABLE_TYPES)[number];

function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

function notFound(id: string): DomainError {
  return new DomainError('not_found', { detail: `No webhook endpoint ${id}.` });
}

/**
 * How a webhook URL starts: its scheme and `//`, in any case; `http://` only where private URLs are
 * allowed. The URL parser also takes `https:host/…` or `https:\\host`, and sends them to
 * `https://host/…`: refused, so that what is stored is what is sent, and so that the document can
 * state the rule as a pattern.
 */
export function webhookUrlStart(allowPrivate: boolean): string {
  return `^[Hh][Tt][Tt][Pp]${allowPrivate ? '[Ss]?' : '[Ss]'}://`;
}
/** Both schemes: where private URLs are refused, checkWebhookUrl refuses `http://` saying why. */
const URL_START = new RegExp(webhookUrlStart(true));

/**
 * How a write judges a webhook URL: whether private URLs are allowed (development), and how its
 * host is resolved (by default, asking DNS; a request passes the answer it looked up before its
 * transaction, decisions §21).
 */
export interface UrlRule {
  allowPrivate: boolean;
  resolve?: HostResolver;
}

/** 400 invalid_body naming `url` when the URL is refused (decisions §14). */
async function assertUsableUrl(url: string, rule: UrlRule): Promise<void> {
  const reason = URL_START.test(url)
    ? await checkWebhookUrl(url, rule.allowPrivate, rule.resolve ?? resolveHost)
    : `must be an absolute URL that starts with ${rule.allowPrivate ? 'https:// or http://' : 'https://'}`;
  if (reason) {
    throw new DomainError('invalid_body', {
      detail: `The webhook URL is refused: ${reason}.`,
      errors: [{ path: 'url', message: `url ${reason}` }],
    });
  }
}

export interface NewWebhookEndpoint {
  url: string;
  event_types: Subscription[];
  description?: string;
}

/** The tenant's row, locked: endpoints are counted and added one create at a time per tenant. */
const TENANT_LOCK = TenantReader.prepare('select t.id from tenants t for no key update of t');

/** A statement of its own after the lock, so that it counts every endpoint committed before it. */
const CREATE = tenantStatement<
  {
    id: string;
    tenant: string;
    url: string;
    eventTypes: readonly Subscription[];
    description: string | null;
    sealedSecret: string;
    now: string;
    limit: number;
  },
  WebhookEndpointRecord
>(
  (v) => sql`
  insert into webhook_endpoints (id, tenant_id, url, event_types, description, secret, created_at, updated_at)
  select ${v.id}::uuid, ${v.tenant}::uuid, ${v.url}, ${v.eventTypes}::text[], ${v.description}, ${v.sealedSecret},
         ${v.now}::timestamptz, ${v.now}::timestamptz
   where (select count(*) from webhook_endpoints) < ${v.limit}
  returning ${sql.raw(WEBHOOK_ENDPOINT_COLUMNS)}`,
);

/**
 * A new endpoint and its secret. Refuses with invalid_body (the URL) or
 * webhook_endpoint_limit_reached; the URL is checked (DNS included) before any lock is taken.
 */
export async function createWebhookEndpoint(
  em: EntityManager,
  tenantId: string,
  input: NewWebhookEndpoint,
  urls: UrlRule,
  keys: SecretKeyRing,
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  await assertUsableUrl(input.url, urls);
  const secret = newSecret();
  const sealed = keys.seal(secret);
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await reader.all(TENANT_LOCK);
    const now = new Date().toISOString();
    const endpoint = await reader.one(CREATE, {
      id: uuidv7(),
      tenant: tenantId,
      url: input.url,
      eventTypes: input.event_types,
      description: input.description ?? null,
      sealedSecret: sealed,
      now,
      limit: MAX_WEBHOOK_ENDPOINTS,
    });
    if (!endpoint) {
      throw new DomainError('webhook_endpoint_limit_reached', {
        detail: `A tenant may have at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints; delete one first.`,
      });
    }
    return { endpoint, secret };
  });
}

/**
 * The read scopes that show `types` (decisions §18: a type needs the scope that shows it in
 * /v1/events; `*` needs every one of them), in scope order.
 */
function readScopesOf(types: readonly Subscription[]): Scope[] {
  const named = types.includes('*') ? (Object.keys(EVENT_SCOPES) as EventType[]) : (types as EventType[]);
  const needed = new Set(named.map((type) => EVENT_SCOPES[type]));
  return [...new Set(Object.values(EVENT_SCOPES))].filter((scope) => needed.has(scope));
}

function describeTypes(types: readonly Subscription[]): string {
  return types.includes('*') ? 'every event type (*)' : types.join(', ');
}

/**
 * 403 insufficient_scope, naming the missing read scopes, when the credential of `grant` may not read
 * every type of the subscription `types`. `what` says what the credential tried, for the detail.
 */
function assertMayRead(grant: ScopeGrant, types: readonly Subscription[], what: string): void {
  const missing = lackingScopes(grant, readScopesOf(types));
  if (!missing.length) return;
  throw new DomainError('insufficient_scope', {
    detail: `${what} needs the read scope(s) that show ${describeTypes(types)}: ${missing.join(', ')}.`,
    headers: {
      'WWW-Authenticate': `Bearer realm="workforce", error="insufficient_scope", scope="${missing.join(' ')}"`,
    },
  });
}

/**
 * Subscribing to `types` (create, or a PATCH that names them) needs their read scopes (decisions
 * §18); checked after the body's shape (a type must be known before its scope can be named) and
 * before the URL, the endpoint's existence and the limit.
 */
export function assertMaySubscribe(grant: ScopeGrant, types: readonly Subscription[] | undefined): void {
  if (types) assertMayRead(grant, types, `Subscribing to ${describeTypes(types)}`);
}

/**
 * The endpoint, locked for the write that acts on it (a change, a rotation, a test event, a
 * recover or a retry), after checking that the credential may read every type it subscribes to
 * (decisions §21): whoever may act on an endpoint may receive what it receives. Locking also keeps
 * the next `attempt` of an event, and the test events of a minute, counted one write at a time,
 * and a concurrent delete from leaving a queued attempt without its endpoint.
 */
const LOCK_ENDPOINT = tenantStatement<{ id: string }, { enabled: boolean; event_types: Subscription[] }>(
  (v) => sql`select w.enabled, w.event_types from webhook_endpoints w where w.id = ${v.id} for no key update of w`,
);

export async function lockEndpointFor(
  reader: TenantReader,
  id: string,
  grant: ScopeGrant,
): Promise<{ enabled: boolean; event_types: Subscription[] }> {
  const endpoint = await reader.one(LOCK_ENDPOINT, { id });
  if (!endpoint) throw notFound(id);
  assertMayRead(grant, endpoint.event_types, `Acting on webhook endpoint ${id}`);
  return endpoint;
}

/** A PATCH: undefined leaves a field; a null description clears it. */
export interface WebhookEndpointUpdate {
  url?: string;
  event_types?: Subscription[];
  description?: string | null;
  enabled?: boolean;
}

/**
 * Turning an endpoint on (`enabled: true`) also clears why it was turned off and its count of
 * failures in a row; turning it off keeps the reason the dispatcher gave, if any.
 */
const UPDATE = tenantStatement<
  {
    id: string;
    url: string | null;
    eventTypes: readonly Subscription[] | null;
    setDescription: boolean;
    description: string | null;
    enabled: boolean | null;
    enabling: boolean;
    now: string;
  },
  WebhookEndpointRecord
>(
  (v) => sql`
  update webhook_endpoints
     set url = coalesce(${v.url}, url),
         event_types = coalesce(${v.eventTypes}::text[], event_types),
         description = case when ${v.setDescription}::boolean then ${v.description} else description end,
         enabled = coalesce(${v.enabled}::boolean, enabled),
         disabled_reason = case when ${v.enabling}::boolean then null else disabled_reason end,
         consecutive_failures = case when ${v.enabling}::boolean then 0 else consecutive_failures end,
         updated_at = ${v.now}::timestamptz
   where id = (select id from webhook_endpoints where id = ${v.id})
  returning ${sql.raw(WEBHOOK_ENDPOINT_COLUMNS)}`,
);

export async function updateWebhookEndpoint(
  em: EntityManager,
  tenantId: string,
  grant: ScopeGrant,
  id: string,
  patch: WebhookEndpointUpdate,
  urls: UrlRule,
): Promise<WebhookEndpointRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEndpointFor(reader, id, grant);
    if (patch.url !== undefined) await assertUsableUrl(patch.url, urls);
    const updated = await reader.one(UPDATE, {
      id,
      url: patch.url ?? null,
      eventTypes: patch.event_types ?? null,
      setDescription: patch.description !== undefined,
      description: patch.description ?? null,
      enabled: patch.enabled ?? null,
      enabling: patch.enabled === true,
      now: new Date().toISOString(),
    });
    if (!updated) throw notFound(id);
    return updated;
  });
}

/** Its delivery attempts go with it (the foreign key cascades); its events stay in the log. */
const DELETE = tenantStatement<{ id: string }>(
  (v) => sql`delete from webhook_endpoints where id = ${v.id} returning id`,
);

export async function deleteWebhookEndpoint(em: EntityManager, tenantId: string, id: string): Promise<void> {
  const deleted = await new TenantReader(em, tenantId).one(DELETE, { id });
  if (!deleted) throw notFound(id);
}

/**
 * A new secret; the one it replaces keeps signing beside it for 24 hours (a secret still in its
 * grace from an earlier rotation stops now: at most two sign at once).
 */
const ROTATE = tenantStatement<
  { id: string; sealedSecret: string; graceEnds: string; now: string },
  WebhookEndpointRecord
>(
  (v) => sql`
  update webhook_endpoints
     set previous_secret = secret, previous_secret_expires_at = ${v.graceEnds}::timestamptz, secret = ${v.sealedSecret},
         updated_at = ${v.now}::timestamptz
   where id = (select id from webhook_endpoints where id = ${v.id})
  returning ${sql.raw(WEBHOOK_ENDPOINT_COLUMNS)}`,
);

export async function rotateWebhookSecret(
  em: EntityManager,
  tenantId: string,
  grant: ScopeGrant,
  id: string,
  keys: SecretKeyRing,
): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
  const now = new Date();
  const secret = newSecret();
  const sealed = keys.seal(secret);
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEndpointFor(reader, id, grant);
    const endpoint = await reader.one(ROTATE, {
      id,
      sealedSecret: sealed,
      graceEnds: new Date(now.getTime() + SECRET_GRACE_MS).toISOString(),
      now: now.toISOString(),
    });
    if (!endpoint) throw notFound(id);
    return { endpoint, secret };
  });
}

/** The test event's `data.object`: the endpoint it was sent to (routers/events/eventTypes.procedures.ts documents it). */
export interface WebhookTestObject {
  id: string;
  object: 'webhook_endpoint';
  message: string;
}

/**
 * The test event of the endpoint within the last minute (Unix milliseconds) that has `newer` ones
 * after it (the limit less one): when there is one, the endpoint is at its limit until that event is
 * a minute old.
 */
const TEST_WINDOW = tenantStatement<{ type: string; since: string; id: string; newer: number }, { at_ms: number }>(
  (v) => sql`
  select (extract(epoch from e.created_at) * 1000)::float8 as at_ms
    from events e
   where e.type = ${v.type} and e.created_at > ${v.since}::timestamptz and e.data -> 'object' ->> 'id' = ${v.id}
   order by e.created_at desc
   offset ${v.newer} limit 1`,
);

const TEST_WINDOW_MS = 60_000;

/**
 * Records a `webhook.test` event and queues its delivery to this endpoint alone, whatever its
 * event types (an endpoint that is disabled gets none). The event is not listed in /v1/events.
 * At most `limitPerMinute` per endpoint in any minute (decisions §18): rate_limited beyond, with
 * Retry-After the seconds until the oldest counted one leaves the window.
 */
export async function sendTestEvent(
  em: EntityManager,
  tenantId: string,
  grant: ScopeGrant,
  id: string,
  origin: WriteOrigin,
  limitPerMinute: number,
): Promise<string> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    await lockEndpointFor(reader, id, grant);
    const now = Date.now();
    const full = await reader.one(TEST_WINDOW, {
      type: TEST_EVENT_TYPE,
      since: new Date(now - TEST_WINDOW_MS).toISOString(),
      id,
      newer: limitPerMinute - 1,
    });
    if (full) {
      const seconds = Math.max(1, Math.ceil((Number(full.at_ms) + TEST_WINDOW_MS - now) / 1000));
      throw new DomainError('rate_limited', {
        detail: `At most ${limitPerMinute} test events per endpoint per minute; retry in ${seconds} s.`,
        headers: { 'Retry-After': String(seconds) },
      });
    }
    const object: WebhookTestObject = {
      id,
      object: 'webhook_endpoint',
      message: 'A test event sent by POST /v1/webhook-endpoints/{id}/test.',
    };
    const [eventId] = await recordEvents(reader, origin, [{ type: TEST_EVENT_TYPE, object }], id);
    return eventId as string;
  });
}

// The CLI (`wfm webhook …`): an operator names the organisation by its live tenant id.

export async function createWebhookEndpointFor(
  em: EntityManager,
  liveTenantId: string,
  env: 'live' | 'test',
  input: NewWebhookEndpoint,
  allowPrivate: boolean,
  keys: SecretKeyRing,
): Promise<{ id: string; secret: string }> {
  const types = [...new Set(input.event_types)];
  const unknown = types.filter((t) => !(SUBSCRIBABLE_TYPES as readonly string[]).includes(t));
  if (unknown.length)
    throw new Error(`Unknown event type(s): ${unknown.join(', ')}. Valid: ${SUBSCRIBABLE_TYPES.join(', ')}`);
  if (!types.length) throw new Error('At least one event type is required');
  if (types.includes('*') && types.length > 1) throw new Error('* (every type) stands alone');
  const description = input.description?.trim();
  const control = (c: string) => (c < ' ' && c !== '\n') || c === '\u007f';
  if (description !== undefined && (!description || [...description].length > 500 || [...description].some(control))) {
    throw new Error('--description must be 1 to 500 characters without control characters');
  }
  const tenant = await tenantForEnv(em, liveTenantId, env);
  const { endpoint, secret } = await createWebhookEndpoint(
    em,
    tenant.id,
    { url: input.url, event_types: types, description },
    { allowPrivate },
    keys,
  );
  return { id: endpoint.id, secret };
}

const ORGANISATION_TENANTS = `
  select t.id, t.env from tenants t
   where t.organisation_id = (select l.organisation_id from tenants l where l.id = ? and l.env = 'live')
   order by t.env`;
const ALL_ENDPOINTS = TenantReader.prepare(
  `select ${WEBHOOK_ENDPOINT_COLUMNS} from webhook_endpoints order by created_at, id`,
);

/** Every endpoint of the organisation, live and sandbox, each with its `env`. */
export async function listWebhookEndpointsFor(em: EntityManager, liveTenantId: string) {
  const tenants = await em.execute<{ id: string; env: 'live' | 'test' }[]>(ORGANISATION_TENANTS, [liveTenantId]);
  if (!tenants.length) throw new DomainError('not_found', { detail: `No live tenant ${liveTenantId}.` });
  const endpoints: (WebhookEndpointRecord & { env: 'live' | 'test' })[] = [];
  for (const tenant of tenants) {
    const rows = await new TenantReader(em, tenant.id).all<WebhookEndpointRecord>(ALL_ENDPOINTS);
    endpoints.push(...rows.map((row) => ({ ...row, env: tenant.env })));
  }
  return { endpoints };
}

/** Deletes an endpoint of any tenant, named by its id alone. */
export async function deleteWebhookEndpointById(em: EntityManager, id: string) {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(id);
  const [owner] = await em.execute<{ tenant_id: string }[]>(
    'select tenant_id from webhook_endpoints where id = ?::uuid',
    [id],
  );
  if (!owner) throw notFound(id);
  await deleteWebhookEndpoint(em, owner.tenant_id, id);
  return { id, deleted: true as const };
}
