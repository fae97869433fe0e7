import type { InferEntity } from '@mikro-orm/core';
import { Employee, Organisation, Profile, Tenant } from '../db/entities/index.js';
import type { EntityManager } from '../db/orm.js';
import { DomainError } from './errors.js';
import { seedLeaveBalances, seedLeaveTypes } from './leaveTypes.js';

export interface CreateOrganisationInput {
  name: string;
  seats?: number | null;
  idPrefix?: string;
  adminEmail?: string;
  adminName?: string;
}

export function formatEmployeeCode(prefix: string, digits: number, n: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/** Creates the first HR admin of a tenant, with the login account every employee has. */
async function createFirstHrAdmin(
  em: EntityManager,
  tenant: InferEntity<typeof Tenant>,
  email: string,
  fullName: string,
) {
  const profile = em.create(Profile, { tenantId: tenant.id, email, status: 'invited' });
  const admin = em.create(Employee, {
    tenantId: tenant.id,
    employeeId: formatEmployeeCode(tenant.idPrefix, tenant.idDigits, 1),
    profileId: profile.id,
    fullName,
    email,
    designation: 'HR Administrator',
    department: 'People',
    employmentType: 'full_time',
    joiningDate: new Date().toISOString().slice(0, 10),
    isHrAdmin: true,
  });
  await em.flush();
  return admin;
}

/**
 * An organisation with its live tenant and sandbox tenant, each with a first HR admin, in one
 * transaction (decisions §3, §13).
 */
export async function createOrganisation(em: EntityManager, input: CreateOrganisationInput) {
  if (!input.name.trim()) throw new DomainError('invalid_body', { detail: 'name must not be empty' });
  const email = (input.adminEmail ?? `hr.admin@${slug(input.name)}.example`).toLowerCase();
  const adminName = input.adminName ?? 'HR Admin';
  return em.transactional(async (tx) => {
    const organisation = tx.create(Organisation, { name: input.name.trim() });
    const common = {
      organisationId: organisation.id,
      seatLimit: input.seats ?? null,
      idPrefix: input.idPrefix ?? 'EMP-',
      idDigits: 4,
      // The first HR admin takes number 1.
      nextEmployeeNumber: 2,
    };
    const live = tx.create(Tenant, { ...common, env: 'live', name: organisation.name });
    const sandbox = tx.create(Tenant, { ...common, env: 'test', name: `${organisation.name} (sandbox)` });
    await tx.flush();
    const hrAdmin = await createFirstHrAdmin(tx, live, email, adminName);
    const sandboxHrAdmin = await createFirstHrAdmin(tx, sandbox, email, adminName);
    // Default leave types, and this year's balances for the first HR admin (decisions §8).
    for (const [tenant, admin] of [
      [live, hrAdmin],
      [sandbox, sandboxHrAdmin],
    ] as const) {
      await seedLeaveTypes(tx, tenant.id);
      await seedLeaveBalances(tx, tenant.id, admin.id, new Date().getUTCFullYear());
    }
    const person = (e: InferEntity<typeof Employee>) => ({ id: e.id, employee_id: e.employeeId, email: e.email });
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
