/**
 * Webhook signing secrets at rest (decisions §18): opening them to sign, erasing rotated-away ones
 * whose grace has ended, and re-encrypting every stored one under a new key (`wfm secrets rotate-key`).
 * The sealing itself is db/secrets.ts; making and rotating an endpoint's secret is webhookEndpoints.writes.ts.
 */
import type { EntityManager } from '../../db/orm.js';
import { resealSecretsInJson, type SecretKeyRing, sealSecretsInJson } from '../../db/secrets.js';

/**
 * The secrets an attempt is signed with, opened (the current one first), or why they cannot be: a
 * key id this node does not hold fails the attempt with that error rather than the process.
 */
export function signingSecrets(
  keys: SecretKeyRing,
  secret: string,
  previous: string | null,
): { secrets: string[] } | { error: string } {
  try {
    return { secrets: (previous ? [secret, previous] : [secret]).map((s) => keys.open(s)) };
  } catch (error) {
    return { error: `the signing secret cannot be read: ${(error as Error).message}` };
  }
}

/**
 * Erases the rotated-away secrets whose grace has ended (decisions §18), across tenants; the
 * periodic purge runs it. Returns how many it erased.
 */
export async function eraseExpiredPreviousSecrets(em: EntityManager): Promise<number> {
  const rows = await em.execute<{ id: string }[]>(
    `update webhook_endpoints set previous_secret = null, previous_secret_expires_at = null
      where previous_secret is not null and previous_secret_expires_at <= now()
      returning id`,
  );
  return rows.length;
}

const PAGE = 500;

/**
 * Re-encrypts every stored secret (endpoints' current and previous ones, and those inside stored
 * idempotent responses) under `keys`' current key, page by page, each value only if its row did not
 * change meanwhile. Returns how many values it re-encrypted.
 */
export async function reencryptWebhookSecrets(em: EntityManager, keys: SecretKeyRing): Promise<number> {
  let count = 0;
  const current = keys.currentKeyId;
  // Endpoints: any value not sealed under the current key (sealed under another, or still in clear).
  for (let after = ''; ; ) {
    const rows = await em.execute<{ id: string; secret: string; previous_secret: string | null }[]>(
      `select id::text as id, secret, previous_secret from webhook_endpoints
        where id::text > ? and (secret not like ? or previous_secret not like ?)
        order by id::text limit ?`,
      [after, `wfs1.${current}.%`, `wfs1.${current}.%`, PAGE],
    );
    for (const row of rows) {
      const reseal = (value: string | null) =>
        value === null || keys.isCurrent(value) ? value : keys.seal(keys.open(value));
      const secret = reseal(row.secret);
      const previous = reseal(row.previous_secret);
      const updated = await em.execute<{ id: string }[]>(
        `update webhook_endpoints set secret = ?, previous_secret = ?
          where id = ?::uuid and secret = ? and previous_secret is not distinct from ? returning id`,
        [secret, previous, row.id, row.secret, row.previous_secret],
      );
      if (updated.length) count += Number(secret !== row.secret) + Number(previous !== row.previous_secret);
    }
    if (rows.length < PAGE) break;
    after = (rows.at(-1) as { id: string }).id;
  }
  // Stored responses that carry a secret (endpoint create, rotate-secret).
  for (let after: [string, string] = ['', '']; ; ) {
    const rows = await em.execute<{ tenant_id: string; key: string; response_body: string }[]>(
      `select tenant_id::text as tenant_id, key, response_body from idempotency_keys
        where (tenant_id::text, key) > (?, ?)
          and (response_body like '%"sealed\\_secret":%' or response_body like '%"whsec\\_%')
        order by tenant_id::text, key limit ?`,
      [...after, PAGE],
    );
    for (const row of rows) {
      const body = sealSecretsInJson(resealSecretsInJson(row.response_body, keys), keys);
      if (body === row.response_body) continue;
      const updated = await em.execute<{ key: string }[]>(
        `update idempotency_keys set response_body = ?
          where tenant_id = ?::uuid and key = ? and response_body = ? returning key`,
        [body, row.tenant_id, row.key, row.response_body],
      );
      count += updated.length;
    }
    if (rows.length < PAGE) break;
    const last = rows.at(-1) as { tenant_id: string; key: string };
    after = [last.tenant_id, last.key];
  }
  return count;
}
