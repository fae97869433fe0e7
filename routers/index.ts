import type { Logger } from 'pino';
import { router } from '../core/trpc.js';
import type { Orm } from '../db/orm.js';
import { whoami } from './credentials/whoami.procedures.js';
import { employeesRouter } from './employees/employees.procedures.js';
import { eventsRouter } from './events/events.procedures.js';
import { eventTypesRouter } from './events/eventTypes.procedures.js';
import { leaveBalancesRouter } from './leave/leaveBalances.procedures.js';
import { leaveRequestsRouter } from './leave/leaveRequests.procedures.js';
import { leaveTypesRouter } from './leave/leaveTypes.procedures.js';
import { createDelivery, OutboxDispatcher } from './mail/mail.dispatcher.js';
import { capabilities } from './metadata/capabilities.procedures.js';
import { health } from './metadata/health.procedures.js';
import { modulesRouter } from './metadata/modules.procedures.js';
import { WebhookDispatcher } from './webhooks/webhook.dispatcher.js';
import { webhookEndpointsRouter } from './webhooks/webhookEndpoints.procedures.js';
import { assetsRouter } from './workplace/assets.procedures.js';
import { helpdeskTicketsRouter } from './workplace/helpdeskTickets.procedures.js';
import { holidaysRouter } from './workplace/holidays.procedures.js';
import { jobOpeningsRouter } from './workplace/jobOpenings.procedures.js';
import { surveysRouter } from './workplace/surveys.procedures.js';

/** Every procedure, served at /v1 (REST, via trpc-to-openapi) and /trpc alike. */
export const appRouter = router({
  health,
  capabilities,
  whoami,
  modules: modulesRouter,
  employees: employeesRouter,
  leaveRequests: leaveRequestsRouter,
  leaveTypes: leaveTypesRouter,
  leaveBalances: leaveBalancesRouter,
  holidays: holidaysRouter,
  assets: assetsRouter,
  jobOpenings: jobOpeningsRouter,
  helpdeskTickets: helpdeskTicketsRouter,
  surveys: surveysRouter,
  events: eventsRouter,
  eventTypes: eventTypesRouter,
  webhookEndpoints: webhookEndpointsRouter,
});

export type AppRouter = typeof appRouter;

/** What the features' background work reads: its settings, and a counter of webhook attempts. */
export type JobSettings = ConstructorParameters<typeof WebhookDispatcher>[1] & {
  SMTP_URL?: string;
  DATA_DIR: string;
  OUTBOX_INTERVAL_MS: number;
};

/**
 * The features' background work, each job beside its feature's rules: the e-mail outbox
 * (mail/mail.dispatcher.ts) and the webhook deliveries (webhooks/webhook.dispatcher.ts), both
 * queues in their tables with leased rows. server/main/start.ts runs it, on a pool of its own.
 */
export function startJobs(
  orm: Orm,
  settings: JobSettings,
  logger: Logger,
  counter?: ConstructorParameters<typeof WebhookDispatcher>[3],
): { stop(): Promise<void> } {
  const mail = new OutboxDispatcher(orm, createDelivery(settings), logger, settings.OUTBOX_INTERVAL_MS);
  const webhooks = new WebhookDispatcher(orm, settings, logger, counter);
  mail.start();
  webhooks.start();
  return { stop: async () => void (await Promise.all([mail.stop(), webhooks.stop()])) };
}
