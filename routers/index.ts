import { router } from '../api/trpc.js';
import { assetsRouter } from './assets.js';
import { capabilities } from './capabilities.js';
import { employeesRouter } from './employees.js';
import { eventsRouter } from './events.js';
import { eventTypesRouter } from './eventTypes.js';
import { health } from './health.js';
import { helpdeskTicketsRouter } from './helpdeskTickets.js';
import { holidaysRouter } from './holidays.js';
import { jobOpeningsRouter } from './jobOpenings.js';
import { leaveBalancesRouter } from './leaveBalances.js';
import { leaveRequestsRouter } from './leaveRequests.js';
import { leaveTypesRouter } from './leaveTypes.js';
import { modulesRouter } from './modules.js';
import { surveysRouter } from './surveys.js';
import { webhookEndpointsRouter } from './webhookEndpoints.js';
import { whoami } from './whoami.js';

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
