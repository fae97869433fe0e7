/**
 * Organisations and their two tenants (live and sandbox), with the first HR admin of each, as
 * `wfm org create` and the demo make them.
 */
import { DomainError } from '../../core/domainError.js';
import { Organisation, Tenant } from '../../db/entities/index.js';
import type { EntityManager } from '../../db/orm.js';
import type { EmployeeRecord } from '../employees/employee.record.js';
import { createEmployeeAccount } from '../employees/employees.writes.js';
import { seedLeaveTypes } from '../leave/leaveTypes.writes.js';

export interface CreateOrganisationInput {
  name: string;
  seats?: number | null;
  idPrefix?: string;
  adminEmail?: string;
  adminName?: string;
}

/** The first HR admin of a new tenant: an account like every other (createEmployeeAccount), no seat, no invite. */
function createFirstHrAdmin(em: EntityManager, tenantId: string, email: string, fullName: string) {
  return createEmployeeAccount(
    em,
    tenantId,
    {
      email,
      full_name: fullName,
      designation: 'HR Administrator',
      department: 'People',
      employment_type: 'full_time',
      joining_date: new Date().toISOString().slice(0, 10),
      is_hr_admin: true,
    },
    { enforceSeatLimit: false, invite: false },
  );
}

/**
 * An organisation with its live tenant and sandbox tenant, each with a first HR admin, in one
 * transaction (decisions §3, §13).
 */
export async function createOrganisation(em: EntityManager, input: CreateOrganisationInput) {
  if (!input.name.trim()) throw new DomainError('invalid_body', { detail: 'name must not be empty' });
  const email = input.adminEmail ?? `hr.admin@${slug(input.name)}.example`;
  const adminName = input.adminName ?? 'HR Admin';
  return em.transactional(async (tx) => {
    const organisation = tx.create(Organisation, { name: input.name.trim() });
    const common = {
      organisationId: organisation.id,
      seatLimit: input.seats ?? null,
      idPrefix: input.idPrefix ?? 'EMP-',
      idDigits: 4,
      // The counter gives the first HR admin number 1.
      nextEmployeeNumber: 1,
    };
    const live = tx.create(Tenant, { ...common, env: 'live', name: organisation.name });
    const sandbox = tx.create(Tenant, { ...common, env: 'test', name: `${organisation.name} (sandbox)` });
    await tx.flush();
    // Default leave types first: the first HR admin gets this year's balances of them (decisions §8).
    await seedLeaveTypes(tx, live.id);
    await seedLeaveTypes(tx, sandbox.id);
    const hrAdmin = await createFirstHrAdmin(tx, live.id, email, adminName);
    const sandboxHrAdmin = await createFirstHrAdmin(tx, sandbox.id, email, adminName);
    const person = (e: EmployeeRecord) => ({ id: e.id, employee_id: e.employee_id, email: e.email });
    return {
      tenant: { id: live.id, name: live.name },
      sandbox: { id: sandbox.id },
      hr_admin: person(hrAdmin),
      sandbox_hr_admin: person(sandboxHrAdmin),
    };
  });
}

/** The tenant of `liveTenantId`'s organisation for `env` (a live tenant id names the organisation). */
export async function tenantForEnv(em: EntityManager, liveTenantId: string, env: 'live' | 'test') {
  const live = await em.findOne(Tenant, { id: liveTenantId, env: 'live' });
  if (!live) throw new DomainError('not_found', { detail: `No live tenant ${liveTenantId}.` });
  if (env === 'live') return live;
  return em.findOneOrFail(Tenant, { organisationId: live.organisationId, env: 'test' });
}

function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'example'
  );
}
