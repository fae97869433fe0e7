/** The leave tables as MikroORM entities: leave types, requests and balances, and their enums. */
import { defineEntity, p } from '@mikro-orm/core';
import { tenantOwned, updatedAtProperty } from './base.js';

export const LEAVE_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export const LEAVE_DURATIONS = ['full_day', 'half_day_morning', 'half_day_afternoon'] as const;

/** Days, numeric(5,1) in the database; read as a JS number (not the driver's string). */
const days = () => p.decimal('number').precision(5).scale(1);

/** A kind of leave; `annualAllowance` null means no balance is tracked for it (decisions §8). */
export const LeaveType = defineEntity({
  name: 'LeaveType',
  tableName: 'leave_types',
  properties: {
    ...tenantOwned(),
    name: p.string(),
    code: p.string(),
    isPaid: p.boolean(),
    annualAllowance: days().nullable(),
  },
});

export const LeaveRequest = defineEntity({
  name: 'LeaveRequest',
  tableName: 'leave_requests',
  properties: {
    ...tenantOwned(),
    employeeId: p.uuid(),
    leaveTypeId: p.uuid(),
    startDate: p.date(),
    endDate: p.date(),
    daysCount: days(),
    leaveDuration: p.enum(LEAVE_DURATIONS).default('full_day'),
    status: p.enum(LEAVE_STATUSES).default('pending'),
    reason: p.text(),
    decidedBy: p.uuid().nullable(),
    decidedAt: p.datetime(3).nullable(),
    decisionComment: p.text().nullable(),
    /** Committed changes of the record, from 1 (decisions §19). */
    version: p.integer().default(1),
    updatedAt: updatedAtProperty(),
  },
});

/** Days granted, taken (approved) and held by pending requests, per employee, leave type and year. */
export const LeaveBalance = defineEntity({
  name: 'LeaveBalance',
  tableName: 'leave_balances',
  properties: {
    ...tenantOwned(),
    employeeId: p.uuid(),
    leaveTypeId: p.uuid(),
    year: p.integer(),
    allowance: days(),
    used: days().default(0),
    pending: days().default(0),
    updatedAt: updatedAtProperty(),
  },
});
