import { Migration20261122000001Foundation } from './Migration20261122000001Foundation.js';
import { Migration20261122000002Tenancy } from './Migration20261122000002Tenancy.js';
import { Migration20261122000003Leave } from './Migration20261122000003Leave.js';
import { Migration20261122000004Workplace } from './Migration20261122000004Workplace.js';
import { Migration20261122000005Writes } from './Migration20261122000005Writes.js';
import { Migration20261122000006HrAdminIndex } from './Migration20261122000006HrAdminIndex.js';
import { Migration20261123000007TenantKeys } from './Migration20261123000007TenantKeys.js';
import { Migration20261123000008IdempotencyLockColumns } from './Migration20261123000008IdempotencyLockColumns.js';
import { Migration20261123000009EventsAndWebhooks } from './Migration20261123000009EventsAndWebhooks.js';
import { Migration20261123000010ListFilterIndexes } from './Migration20261123000010ListFilterIndexes.js';
import { Migration20261126000011WebhookDispatch } from './Migration20261126000011WebhookDispatch.js';
import { Migration20261126000012SecretsAtRest } from './Migration20261126000012SecretsAtRest.js';
import { Migration20261127000013ListWindowIndexes } from './Migration20261127000013ListWindowIndexes.js';
import { Migration20261127000014WindowWalkIndexes } from './Migration20261127000014WindowWalkIndexes.js';
import { Migration20261127000015IdempotencyRequiredScopes } from './Migration20261127000015IdempotencyRequiredScopes.js';
import { Migration20261127000016EventPositions } from './Migration20261127000016EventPositions.js';
import { Migration20261127000017RecordVersions } from './Migration20261127000017RecordVersions.js';
import { Migration20261127000018DeliveriesByHand } from './Migration20261127000018DeliveriesByHand.js';
import { Migration20261127000019AccountSetup } from './Migration20261127000019AccountSetup.js';
import { Migration20261127000020FirstPartyApps } from './Migration20261127000020FirstPartyApps.js';
import { Migration20261128000021DeliveryQueue } from './Migration20261128000021DeliveryQueue.js';
import { Migration20261128000022SeatCounter } from './Migration20261128000022SeatCounter.js';
import { Migration20261128000023WindowDayIndexes } from './Migration20261128000023WindowDayIndexes.js';
import { Migration20261128000024CredentialCache } from './Migration20261128000024CredentialCache.js';
import { Migration20261128000025QueueLeaseEnds } from './Migration20261128000025QueueLeaseEnds.js';

/** Every migration in order; listed explicitly so they run from source and from a bundle alike. */
export const migrationsList = [
  Migration20261122000001Foundation,
  Migration20261122000002Tenancy,
  Migration20261122000003Leave,
  Migration20261122000004Workplace,
  Migration20261122000005Writes,
  Migration20261122000006HrAdminIndex,
  Migration20261123000007TenantKeys,
  Migration20261123000008IdempotencyLockColumns,
  Migration20261123000009EventsAndWebhooks,
  Migration20261123000010ListFilterIndexes,
  Migration20261126000011WebhookDispatch,
  Migration20261126000012SecretsAtRest,
  Migration20261127000013ListWindowIndexes,
  Migration20261127000014WindowWalkIndexes,
  Migration20261127000015IdempotencyRequiredScopes,
  Migration20261127000016EventPositions,
  Migration20261127000017RecordVersions,
  Migration20261127000018DeliveriesByHand,
  Migration20261127000019AccountSetup,
  Migration20261127000020FirstPartyApps,
  Migration20261128000021DeliveryQueue,
  Migration20261128000022SeatCounter,
  Migration20261128000023WindowDayIndexes,
  Migration20261128000024CredentialCache,
  Migration20261128000025QueueLeaseEnds,
].map((cls) => ({
  name: cls.name,
  class: cls,
}));
