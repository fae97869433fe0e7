/**
 * Login accounts as other features see them (decisions §20): what a set-up link is, the password
 * rule, and what a sign-in matches. The rules and their SQL are accounts.writes.ts.
 */

/** How long a set-up link works after it is issued (decisions §20). */
export const SETUP_LINK_DAYS = 7;

/** The path of the set-up page, under PUBLIC_BASE_URL. */
export const SETUP_PATH = '/account/setup';

/** Password length in Unicode code points, after NFKC normalisation (decisions §20; NIST SP 800-63B). */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** An active account whose password a sign-in verified: which tenant, which account, which employee. */
export interface SignInAccount {
  tenantId: string;
  profileId: string;
  /** The employee's `id` (a UUID), not their employee code. */
  employeeId: string;
}

/** A set-up link as the CLI prints it (`wfm account invite`). */
export interface IssuedSetupLink {
  employee_id: string;
  setup_url: string;
}

/** What a presented set-up token amounts to. `valid` carries what the page shows. */
export type SetupLinkState =
  | { state: 'valid'; tenantId: string; profileId: string; email: string; organisation: string; sandbox: boolean }
  | { state: 'used' | 'expired' | 'revoked' | 'unknown' };
