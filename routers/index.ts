import { router } from '../core/trpc.js';
import { whoami } from './credentials/whoami.procedures.js';
import { employeesRouter } from './employees/employees.procedures.js';
import { eventsRouter } from './events/events.procedures.js';
import { eventTypesRouter } from './events/eventTypes.procedures.js';
import { leaveBalancesRouter } from './leave/leaveBalances.procedures.js';
import { leaveRequestsRouter } from './leave/leaveRequests.procedures.js';
import { leaveTypesRouter } from './leave/leaveTypes.procedures.js';
import { capabilities } from './metadata/capabilities.procedures.js';
import { health } from './metadata/health.procedures.js';
import { modulesRouter } from './metadata/modules.procedures.js';
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
