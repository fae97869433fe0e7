import { Migration } from '@mikro-orm/migrations';
import { SECRET_KEYS_EXTENSION, type SecretKeyRing, sealSecretsInJson } from '../secrets.js';

/**
 * Webhook signing secrets at rest (decisions §18): the secrets already stored, current and previous,
 * and those inside stored idempotent responses, sealed under the process's key (db/secrets.ts; the
 * key is read only when there is something to seal); rotated-away secrets past their grace erased.
 * Not the sealing of new secrets (routers/webhooks/webhookEndpoints.writes.ts).
 */
export class Migration20261126000012SecretsAtRest extends Migration {
  override name = 'Migration20261126000012SecretsAtRest';

  override async up(): Promise<void> {
    // A sealed secret is longer than the 100 characters a secret in clear needed.
    await this.execute(
      'alter table webhook_endpoints alter column secret type text, alter column previous_secret type text',
    );
    await this.execute(`update webhook_endpoints set previous_secret = null, previous_secret_expires_at = null
                         where previous_secret_expires_at <= now()`);
    let keys: SecretKeyRing | undefined;
    const ring = () => {
      keys ??= this.config.getExtension<SecretKeyRing>(SECRET_KEYS_EXTENSION);
      if (!keys) throw new Error('no secret key ring registered (db/orm.ts)');
      return keys;
    };
    const endpoints = (await this.execute(
      `select id, secret, previous_secret from webhook_endpoints
        where secret like 'whsec\\_%' or previous_secret like 'whsec\\_%'`,
    )) as { id: string; secret: string; previous_secret: string | null }[];
    for (const row of endpoints) {
      const seal = (value: string | null) => (value?.startsWith('whsec_') ? ring().seal(value) : value);
      await this.execute('update webhook_endpoints set secret = ?, previous_secret = ? where id = ?', [
        seal(row.secret),
        seal(row.previous_secret),
        row.id,
      ]);
    }
    const responses = (await this.execute(
      `select tenant_id, key, response_body from idempotency_keys where response_body like '%"whsec\\_%'`,
    )) as { tenant_id: string; key: string; response_body: string }[];
    for (const row of responses) {
      await this.execute('update idempotency_keys set response_body = ? where tenant_id = ? and key = ?', [
        sealSecretsInJson(row.response_body, ring()),
        row.tenant_id,
        row.key,
      ]);
    }
  }
}
