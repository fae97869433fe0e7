import { ApiKey, ApiKeySecret, OAuthClient, OAuthToken } from './credentials.js';
import { LeaveBalance, LeaveRequest, LeaveType } from './leave.js';
import { Setting } from './setting.js';
import { Employee, Organisation, Profile, Tenant } from './tenancy.js';
import { Asset, HelpdeskTicket, Holiday, JobOpening, Survey } from './workplace.js';

/**
 * Entities whose rows belong to one tenant and are read through the `tenant` filter. Credential
 * tables are not listed: they are looked up by secret hash before any tenant is known.
 */
export const tenantScopedEntities = [
  Profile,
  Employee,
  LeaveType,
  LeaveRequest,
  LeaveBalance,
  Holiday,
  Asset,
  JobOpening,
  HelpdeskTicket,
  Survey,
];

export const entities = [
  Setting,
  Organisation,
  Tenant,
  ApiKey,
  ApiKeySecret,
  OAuthClient,
  OAuthToken,
  ...tenantScopedEntities,
];

export { ApiKey, ApiKeySecret, Employee, LeaveRequest, LeaveType, OAuthClient, OAuthToken, Organisation, Tenant };
