import { ApiKey, ApiKeySecret, OAuthClient, OAuthToken } from './credentials.js';
import { LeaveBalance, LeaveRequest, LeaveType } from './leave.js';
import { Setting } from './setting.js';
import { Employee, Organisation, Profile, Tenant } from './tenancy.js';

export const entities = [
  Setting,
  Organisation,
  Tenant,
  Profile,
  Employee,
  ApiKey,
  ApiKeySecret,
  OAuthClient,
  OAuthToken,
  LeaveType,
  LeaveRequest,
  LeaveBalance,
];

/**
 * Entities whose rows belong to one tenant and are read through the `tenant` filter. Credential
 * tables are not listed: they are looked up by secret hash before any tenant is known.
 */
export const tenantScopedEntities = [Profile, Employee, LeaveType, LeaveRequest, LeaveBalance];

export {
  ApiKey,
  ApiKeySecret,
  Employee,
  LeaveBalance,
  LeaveRequest,
  LeaveType,
  OAuthClient,
  OAuthToken,
  Organisation,
  Profile,
  Setting,
  Tenant,
};
