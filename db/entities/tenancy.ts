/**
 * The tenancy tables as MikroORM entities: organisations, tenants, login profiles, employees and
 * rate cards, and the employment-type enums.
 */
import { defineEntity, p } from '@mikro-orm/core';
import { createdAtProperty, idProperty, tenantOwned, updatedAtProperty } from './base.js';

export const Organisation = defineEntity({
  name: 'Organisation',
  tableName: 'organisations',
  properties: { id: idProperty(), name: p.string(), createdAt: createdAtProperty() },
});

/** A data partition: every organisation has a live tenant and a sandbox (`test`) tenant. */
export const Tenant = defineEntity({
  name: 'Tenant',
  tableName: 'tenants',
  properties: {
    id: idProperty(),
    organisationId: p.uuid(),
    env: p.enum(['live', 'test'] as const),
    name: p.string(),
    seatLimit: p.integer().nullable(),
    idPrefix: p.string().default('EMP-'),
    idDigits: p.smallint().default(4),
    nextEmployeeNumber: p.integer().default(1),
    createdAt: createdAtProperty(),
  },
});

/** The login account of an employee. */
export const Profile = defineEntity({
  name: 'Profile',
  tableName: 'profiles',
  properties: {
    ...tenantOwned(),
    email: p.string(),
    status: p.enum(['invited', 'active', 'disabled'] as const).default('invited'),
    /** argon2id, as a PHC string; null until the account's set-up link is used (routers/accounts/). */
    passwordHash: p.string().nullable().hidden(),
    updatedAt: updatedAtProperty(),
  },
});

export const EMPLOYMENT_TYPES = [
  'full_time',
  'part_time',
  'intern',
  'contractor',
  'freelancer',
  'vendor_worker',
] as const;

/** The employment types paid by a rate card: only these may carry `pay_model` and `rate`. */
export const PAYOUT_TYPES: readonly (typeof EMPLOYMENT_TYPES)[number][] = ['contractor', 'freelancer', 'vendor_worker'];

export const Employee = defineEntity({
  name: 'Employee',
  tableName: 'employees',
  properties: {
    ...tenantOwned(),
    employeeId: p.string(),
    profileId: p.uuid(),
    managerId: p.uuid().nullable(),
    fullName: p.string(),
    email: p.string(),
    department: p.string().nullable(),
    designation: p.string().nullable(),
    phone: p.string().nullable(),
    employmentType: p.enum(EMPLOYMENT_TYPES).default('full_time'),
    joiningDate: p.date(),
    engagementEndDate: p.date().nullable(),
    vendorName: p.string().nullable(),
    isHrAdmin: p.boolean().default(false),
    /** Committed changes of the record, from 1 (decisions §19). */
    version: p.integer().default(1),
    updatedAt: updatedAtProperty(),
  },
});
