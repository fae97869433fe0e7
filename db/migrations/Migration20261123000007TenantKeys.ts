import { Migration } from '@mikro-orm/migrations';

/**
 * Keys that keep tenants apart (decisions §12): every tenant table gets a unique key
 * `(tenant_id, id)` beside its primary key `(id)`, and every reference from one tenant row to
 * another becomes a composite foreign key `(tenant_id, x_id)` → `(tenant_id, id)`, so the database
 * itself refuses a row that points into another tenant. A null reference (`manager_id`,
 * `assigned_to`, …) passes, as with any foreign key (MATCH SIMPLE).
 *
 * The replaced keys keep what the old ones did: checked at commit (deferrable initially deferred),
 * `on delete cascade` where they had it (a key's secrets, a client's tokens), no action elsewhere.
 * Adding a key checks the rows already there: a database holding a cross-tenant reference stops
 * here, naming the constraint and the row's key, and nothing of this migration is applied.
 *
 * Every unique and hot index of a tenant table already leads with tenant_id, apart from the global
 * ones of decisions §12 (credential lookups by key id, secret hash, client id and token hash; the
 * outbox's due time and the idempotency expiry scanned by the workers), so no index changes here.
 * `idempotency_keys` has no `id`: its primary key `(tenant_id, key)` is its tenant key, and no row
 * points at it.
 */

/** Tenant tables with an `id`, each of which gets `<table>_tenant_id_id_key unique (tenant_id, id)`. */
const TENANT_TABLES = [
  'profiles',
  'employees',
  'api_keys',
  'api_key_secrets',
  'oauth_clients',
  'oauth_tokens',
  'leave_types',
  'leave_requests',
  'leave_balances',
  'holidays',
  'assets',
  'job_openings',
  'helpdesk_tickets',
  'surveys',
  'outbox_messages',
  'rate_cards',
] as const;

interface Reference {
  table: string;
  column: string;
  target: (typeof TENANT_TABLES)[number];
  cascade?: true;
}

/** Every foreign key between two tenant tables. */
const REFERENCES: Reference[] = [
  { table: 'employees', column: 'profile_id', target: 'profiles' },
  { table: 'employees', column: 'manager_id', target: 'employees' },
  { table: 'api_key_secrets', column: 'api_key_id', target: 'api_keys', cascade: true },
  { table: 'oauth_tokens', column: 'client_id', target: 'oauth_clients', cascade: true },
  { table: 'leave_requests', column: 'employee_id', target: 'employees' },
  { table: 'leave_requests', column: 'leave_type_id', target: 'leave_types' },
  { table: 'leave_requests', column: 'decided_by', target: 'employees' },
  { table: 'leave_balances', column: 'employee_id', target: 'employees' },
  { table: 'leave_balances', column: 'leave_type_id', target: 'leave_types' },
  { table: 'assets', column: 'assigned_to', target: 'employees' },
  { table: 'helpdesk_tickets', column: 'raised_by', target: 'employees' },
  { table: 'helpdesk_tickets', column: 'assigned_to', target: 'employees' },
  { table: 'rate_cards', column: 'employee_id', target: 'employees' },
];

export class Migration20261123000007TenantKeys extends Migration {
  override name = 'Migration20261123000007TenantKeys';

  override up(): void {
    // The keys the composite references point at come first.
    for (const table of TENANT_TABLES) {
      this.addSql(`alter table ${table} add constraint ${table}_tenant_id_id_key unique (tenant_id, id)`);
    }
    // One statement per table: its single-column keys (PostgreSQL's default names, as the
    // migrations that created them left them) give way to the composite ones.
    for (const table of new Set(REFERENCES.map((r) => r.table))) {
      const refs = REFERENCES.filter((r) => r.table === table);
      const changes = [
        ...refs.map((r) => `drop constraint ${table}_${r.column}_fkey`),
        ...refs.map(
          (r) =>
            `add constraint ${table}_tenant_id_${r.column}_fkey foreign key (tenant_id, ${r.column}) ` +
            `references ${r.target} (tenant_id, id)${r.cascade ? ' on delete cascade' : ''} ` +
            'deferrable initially deferred',
        ),
      ];
      this.addSql(`alter table ${table}\n  ${changes.join(',\n  ')}`);
    }
  }
}
