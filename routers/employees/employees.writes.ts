import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import { checkVersion, type ExpectedVersions } from '../../core/versions.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, parsed, TenantReader } from '../../db/tenantReader.js';
import { SETUP_LINK_DAYS } from '../accounts/account.record.js';
import { newSetupLink } from '../accounts/accounts.writes.js';
import { deliveriesQueued, eventCtes, eventValues, previousAttributes, recordEvents } from '../events/eventLog.js';
import {
  ALLOWANCE_TYPES_JSON,
  type AllowanceType,
  balanceSeedRows,
  SEED_BALANCES,
} from '../leave/leaveTypes.writes.js';
import { type EmployeeRecord, type EmploymentType, employeeColumns } from './employee.record.js';

/**
 * Employees and their login accounts (decisions §7): the one place a profile and its employee
 * record are made (`createEmployeeAccount`: the hire, a new organisation's first HR admin and the
 * demo's people all go through it), the employee code rules, and the update of the HR-controlled
 * fields.
 */

type PayModel = 'hourly' | 'monthly_fee' | 'per_engagement';

// ---------------------------------------------------------------------------------------------
// Employee codes

/** A hand-typed employee code: 1 to 50 of A-Z a-z 0-9 . _ - (the body rule of a hire). */
export const EMPLOYEE_CODE_PATTERN = /^[A-Za-z0-9._-]{1,50}$/;

/**
 * The code the tenant's ID format gives number `n`: the prefix, then `n` zero-padded to `digits`.
 * A number longer than `digits` is written in full, never truncated (EMP-10000 after EMP-9999).
 */
export function formatEmployeeCode(prefix: string, digits: number, n: number): string {
  return `${prefix}${String(n).padStart(digits, '0')}`;
}

/**
 * formatEmployeeCode in SQL, for the number the SQL expression `n` gives: two parameters, the
 * prefix and the digits (tests/employees/codes.test.ts runs both on the same numbers).
 */
export function employeeCodeSql(n: string): string {
  return `?::text || lpad((${n})::text, greatest(?::int, length((${n})::text)), '0')`;
}

// ---------------------------------------------------------------------------------------------
// Login account and employee record

/** A person to make an employee of, with the login account every employee has. */
export interface NewEmployee {
  /** Stored lower-case, on the profile and the employee. */
  email: string;
  full_name: string;
  joining_date: string;
  /** A hand-typed code; omitted, the tenant's counter assigns the next free one. */
  employee_id?: string;
  manager_id?: string | null;
  department?: string | null;
  designation?: string | null;
  phone?: string | null;
  employment_type?: EmploymentType;
  engagement_end_date?: string | null;
  vendor_name?: string | null;
  /** With `rate`, a rate card for the payout types (contractor, freelancer, vendor_worker). */
  pay_model?: PayModel;
  rate?: number;
  is_hr_admin?: boolean;
}

/** Who makes the account and what goes with it. The defaults are a hire's. */
export interface AccountOptions {
  /** The employee the write acts as: must exist and be an HR admin. Omitted: the system writes. */
  actorId?: string;
  /** Whether the account takes one of the plan's seats only when one is free (default true). */
  enforceSeatLimit?: boolean;
  /**
   * An invite e-mail in the outbox, carrying a one-time set-up link on `baseUrl` (PUBLIC_BASE_URL,
   * decisions §20); default none.
   */
  invite?: { baseUrl: string } | false;
  /** The moment of the write (default: now); its UTC year is the year of the leave balances. */
  now?: Date;
  /** created_at of the profile and the employee, for back-dated data (the demo's people); default `now`. */
  createdAt?: Date;
  /**
   * The write the account is made by, when it records `employee.created` (decisions §14: the hire);
   * the event is written by the account's own statement, inside the tenant's lock, with no round
   * trip of its own.
   */
  recordedAs?: WriteOrigin;
}

/** The actor, the manager and the tenant's row, locked: what is read before an account is made. */
const ACCOUNT_LOCK = TenantReader.prepare(`
  select t.seat_limit, t.id_prefix, t.id_digits, t.next_employee_number, t.name,
         a.id as actor_id, a.is_hr_admin as actor_is_hr_admin, m.id as manager_id,
         ${ALLOWANCE_TYPES_JSON}
    from tenants t
    left join employees a on a.id = ?
    left join employees m on m.id = ?
     for no key update of t`);

interface AccountLock {
  seat_limit: number | null;
  id_prefix: string;
  id_digits: number;
  next_employee_number: number;
  name: string;
  actor_id: string | null;
  actor_is_hr_admin: boolean | null;
  manager_id: string | null;
  allowance_types: string | AllowanceType[];
}

/**
 * Everything an account is made of, in one statement, run under the tenant's lock (a statement of
 * its own, so that it sees every account committed before the lock was granted): profile
 * ('invited'), employee, this year's leave balances, the optional rate card and invite, and the
 * counter. Nothing is written unless a seat is free; the unique keys on (tenant_id, email) and
 * (tenant_id, employee_id) refuse a duplicate (`on conflict do nothing`, so the transaction stays
 * usable and the refusal can be stored under an Idempotency-Key); the counter moves only for an
 * assigned code. `recordsEvent`: the same statement records employee.created and queues its
 * deliveries (eventCtes), so the hire holds the tenant's lock for one round trip, not two.
 */
function accountStatement(recordsEvent: boolean): string {
  return TenantReader.prepare(`
  with recursive
  seat as (
    select 1 as free where ?::int is null or (select count(*) from employees) < ?::int
  ),
  candidate(n) as (
    select ?::int where ?::text is null
    union all
    select candidate.n + 1 from candidate
     where exists (select 1 from employees where employee_id = ${employeeCodeSql('candidate.n')})
  ),
  assigned as (
    select coalesce(?::text, (select ${employeeCodeSql('max(n)')} from candidate)) as code,
           (select max(n) from candidate) as n
  ),
  new_profile as (
    insert into profiles (id, tenant_id, email, status, created_at, updated_at)
    select ?, ?, ?, 'invited', ?::timestamptz, ?::timestamptz from seat
    on conflict do nothing
    returning id
  ),
  new_employee as (
    insert into employees (id, tenant_id, employee_id, profile_id, manager_id, full_name, email, department,
                           designation, phone, employment_type, joining_date, engagement_end_date, vendor_name,
                           is_hr_admin, created_at, updated_at)
    select ?, ?, assigned.code, new_profile.id, ?, ?, ?, ?, ?, ?, ?, ?::date, ?::date, ?, ?::boolean,
           ?::timestamptz, ?::timestamptz
      from new_profile, assigned
    on conflict do nothing
    returning ${employeeColumns()}
  ),
  new_balances as (${SEED_BALANCES} and exists (select 1 from new_employee)
  ),
  new_rate_card as (
    insert into rate_cards (id, tenant_id, employee_id, pay_model, rate)
    select ?, ?, new_employee.id, ?, ?::numeric from new_employee where ?::text is not null
  ),
  invite as (
    insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
    select ?, ?, 'employee_invite', ?, ?, ? || assigned.code || ? from new_employee, assigned where ?::boolean
  ),
  setup_link as (
    insert into account_setup_tokens (id, tenant_id, profile_id, token_hash, expires_at, created_at)
    select ?, ?, new_profile.id, ?, ?::timestamptz, ?::timestamptz from new_profile, new_employee where ?::boolean
  )${
    recordsEvent
      ? `,
  ${eventCtes(
    `(select jsonb_build_array(jsonb_build_object('id', ?::uuid, 'type', 'employee.created',
                 'object', to_jsonb(new_employee), 'previous_attributes', null)) from new_employee)`,
    // The events' position and the counter in one update of the tenant's row (one per statement).
    { tenantSet: 'next_employee_number = coalesce((select n + 1 from assigned), next_employee_number)' },
  )}`
      : `,
  counted as (
    update tenants set next_employee_number = assigned.n + 1
      from new_employee, assigned
     where tenants.id = (select id from tenants) and assigned.n is not null
  )`
  }
  select (select count(*) from seat)::int as seat_free,
         ${recordsEvent ? '(select count(*) from queued)::int' : '0'} as deliveries_queued,
         (select count(*) from new_profile)::int as email_free,
         exists (select 1 from employees where email = ?) as email_taken,
         exists (select 1 from employees where employee_id = (select code from assigned)) as code_taken,
         (select code from assigned) as assigned_code,
         new_employee.*
    from (select 1) as one left join new_employee on true`);
}

/** The account statement, and the one that also records employee.created (the hire: `recordedAs`). */
const CREATE_ACCOUNT = { plain: accountStatement(false), recordingEvent: accountStatement(true) };

interface AccountOutcome extends Partial<EmployeeRecord> {
  seat_free: number;
  deliveries_queued: number;
  email_free: number;
  email_taken: boolean;
  code_taken: boolean;
  assigned_code: string;
}

/** The unique keys making an account may meet, by the refusal each one means. */
const DUPLICATES: Record<string, 'email_taken' | 'employee_id_taken'> = {
  profiles_tenant_id_email_key: 'email_taken',
  employees_tenant_id_email_key: 'email_taken',
  employees_tenant_id_employee_id_key: 'employee_id_taken',
};

/**
 * The one way a login account (profile, status 'invited') and its employee record are made, with
 * this year's leave balances for every leave type that keeps one, in the tenant of `tenantId`, in
 * the caller's transaction (or one of its own). The employee code is the hand-typed one or the next
 * free one of the tenant's counter (`next_employee_number`, formatEmployeeCode). Two statements:
 * the first checks the actor and the manager and locks the tenant's row (seat counting and code
 * assignment are exact under concurrency), the second writes everything; the lock is held for
 * that one round trip and the commit. Refuses with actor_not_found, actor_not_hr_admin,
 * manager_not_found, seat_limit_reached, email_taken or employee_id_taken.
 */
export async function createEmployeeAccount(
  em: EntityManager,
  tenantId: string,
  person: NewEmployee,
  options: AccountOptions = {},
): Promise<EmployeeRecord> {
  const { actorId, enforceSeatLimit = true, invite = false, now = new Date() } = options;
  const email = person.email.toLowerCase();
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const locked = (await reader.one<AccountLock>(ACCOUNT_LOCK, [
      actorId ?? null,
      person.manager_id ?? null,
    ])) as AccountLock;
    if (actorId !== undefined && !locked.actor_id) {
      throw new DomainError('actor_not_found', { detail: `No employee ${actorId} in this tenant.` });
    }
    if (actorId !== undefined && !locked.actor_is_hr_admin) {
      throw new DomainError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
    }
    if (person.manager_id && !locked.manager_id) {
      throw new DomainError('manager_not_found', { detail: `No employee ${person.manager_id} in this tenant.` });
    }
    const stamp = now.toISOString();
    /** The person's own records (profile, employee) may be back-dated; the rest is written now. */
    const at = options.createdAt?.toISOString() ?? stamp;
    const year = now.getUTCFullYear();
    const employeeId = uuidv7();
    const typed = person.employee_id ?? null;
    const payModel = person.pay_model && person.rate !== undefined ? person.pay_model : null;
    const seatLimit = enforceSeatLimit ? locked.seat_limit : null;
    const prefix = locked.id_prefix;
    const digits = locked.id_digits;
    const events = options.recordedAs && eventValues(reader, options.recordedAs);
    const link = invite ? newSetupLink(invite.baseUrl, now) : undefined;
    let outcome: AccountOutcome;
    try {
      outcome = (await reader.one<AccountOutcome>(events ? CREATE_ACCOUNT.recordingEvent : CREATE_ACCOUNT.plain, [
        // seat
        seatLimit,
        seatLimit,
        // candidate
        locked.next_employee_number,
        typed,
        prefix,
        digits,
        // assigned
        typed,
        prefix,
        digits,
        // new_profile
        uuidv7(),
        tenantId,
        email,
        at,
        at,
        // new_employee
        employeeId,
        tenantId,
        person.manager_id ?? null,
        person.full_name,
        email,
        person.department ?? null,
        person.designation ?? null,
        person.phone ?? null,
        person.employment_type ?? 'full_time',
        person.joining_date,
        person.engagement_end_date ?? null,
        person.vendor_name ?? null,
        person.is_hr_admin ?? false,
        at,
        at,
        // new_balances: every type with an allowance, this year, nothing used or pending
        tenantId,
        employeeId,
        year,
        null,
        0,
        null,
        0,
        stamp,
        stamp,
        balanceSeedRows(parsed(locked.allowance_types)),
        true,
        employeeId,
        year,
        // new_rate_card
        uuidv7(),
        tenantId,
        payModel,
        payModel ? person.rate : null,
        payModel,
        // invite
        uuidv7(),
        tenantId,
        email,
        `You are invited to ${locked.name} on Workforce`,
        `Hello ${person.full_name},\n\n${locked.name} has invited you to Workforce as `,
        `, starting ${person.joining_date}.\n\nSet the password you will sign in with at this link ` +
          `(it works once, for ${SETUP_LINK_DAYS} days):\n${link?.url ?? ''}\n`,
        Boolean(link),
        // setup_link: only its hash is stored
        uuidv7(),
        tenantId,
        link?.tokenHash ?? null,
        link?.expiresAt.toISOString() ?? null,
        stamp,
        Boolean(link),
        // the employee.created event and its deliveries
        ...(events ? [...events.before, uuidv7(), ...events.after] : []),
        // the outcome
        email,
      ])) as AccountOutcome;
    } catch (error) {
      // A duplicate that slipped past `on conflict` (a key added later, say) is still the refusal it means.
      const problem = DUPLICATES[(error as { code?: string; constraint?: string }).constraint ?? ''];
      if ((error as { code?: string }).code !== '23505' || !problem) throw error;
      throw new DomainError(problem, {
        detail:
          problem === 'email_taken'
            ? `An employee with e-mail ${email} exists.`
            : `Employee code ${typed ?? 'assigned'} is taken.`,
      });
    }
    const { seat_free, deliveries_queued, email_free, email_taken, code_taken, assigned_code, ...record } = outcome;
    if (deliveries_queued) deliveriesQueued(reader);
    if (!seat_free) {
      throw new DomainError('seat_limit_reached', { detail: `All ${locked.seat_limit} seats of the plan are taken.` });
    }
    if (record.id === null || record.id === undefined) {
      if (!email_free || email_taken) {
        throw new DomainError('email_taken', { detail: `An employee with e-mail ${email} exists.` });
      }
      if (code_taken)
        throw new DomainError('employee_id_taken', { detail: `Employee code ${assigned_code} is taken.` });
      throw new Error('The account statement wrote no employee and met no known conflict.');
    }
    return record as EmployeeRecord;
  });
}

// ---------------------------------------------------------------------------------------------
// Hire and update (POST and PATCH /v1/employees)

/** A hire: the person, and the HR admin the write acts as. */
export interface HireInput extends NewEmployee {
  actor_employee_id: string;
}

/**
 * The hiring journey in one transaction (decisions §7): login account, employee record, leave
 * balances, optional rate card, invite e-mail in the outbox with the account's set-up link on
 * `baseUrl` (PUBLIC_BASE_URL, decisions §20); it takes a seat of the plan. Records
 * `employee.created` (decisions §14) with the account, in its statement.
 */
export function hireEmployee(
  em: EntityManager,
  tenantId: string,
  input: HireInput,
  origin: WriteOrigin,
  baseUrl: string,
): Promise<EmployeeRecord> {
  return createEmployeeAccount(em, tenantId, input, {
    actorId: input.actor_employee_id,
    recordedAs: origin,
    invite: { baseUrl },
  });
}

/** A PATCH of the HR-controlled fields: undefined leaves a field, null clears it. */
export interface EmployeeUpdate {
  id: string;
  actor_employee_id: string;
  designation?: string | null;
  department?: string | null;
}

/**
 * The employee and the actor, read before an update, the employee's row locked: its version is
 * the one the update changes (a conditional PATCH is decided against it, decisions §19), and the
 * event's old values are the ones it replaces.
 */
const UPDATE_READ = TenantReader.prepare(`
  select ${employeeColumns('e.')}, a.id as actor_id, a.is_hr_admin as actor_is_hr_admin
    from employees e left join employees a on a.id = ?
   where e.id = ?
     for no key update of e`);

const UPDATE = TenantReader.prepare(`
  update employees set designation = ?, department = ?, updated_at = ?::timestamptz, version = version + 1
   where id = (select id from employees where id = ?)
  returning ${employeeColumns()}`);

/**
 * PATCH: only the HR-controlled fields designation and department; null clears. A PATCH that
 * changes nothing writes nothing (updated_at and version stay) and records no event; one that
 * changes something adds 1 to the version and records `employee.updated` with the changed fields'
 * old values (decisions §14). `expected`: the versions a conditional PATCH accepts (If-Match,
 * decisions §19), checked after the employee and the actor, against the locked row:
 * precondition_failed, and nothing written, when it holds another.
 */
export async function updateEmployee(
  em: EntityManager,
  tenantId: string,
  input: EmployeeUpdate,
  origin: WriteOrigin,
  expected?: ExpectedVersions,
): Promise<EmployeeRecord> {
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const found = await reader.one<EmployeeRecord & { actor_id: string | null; actor_is_hr_admin: boolean | null }>(
      UPDATE_READ,
      [input.actor_employee_id, input.id],
    );
    if (!found) throw new DomainError('not_found', { detail: `No employee ${input.id}.` });
    const { actor_id, actor_is_hr_admin, ...employee } = found;
    if (!actor_id) {
      throw new DomainError('actor_not_found', { detail: `No employee ${input.actor_employee_id} in this tenant.` });
    }
    if (!actor_is_hr_admin) throw new DomainError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
    checkVersion('employee', employee.version, expected);
    const designation = input.designation === undefined ? employee.designation : input.designation;
    const department = input.department === undefined ? employee.department : input.department;
    if (designation === employee.designation && department === employee.department) return employee;
    const [updated] = await reader.all<EmployeeRecord>(UPDATE, [
      designation,
      department,
      new Date().toISOString(),
      input.id,
    ]);
    // The version, like updated_at, moves with every change and is not a previous attribute: its new
    // value is in the object.
    const before = { ...employee, version: updated.version };
    await recordEvents(reader, origin, [
      { type: 'employee.updated', object: updated, previousAttributes: previousAttributes(before, updated) },
    ]);
    return updated;
  });
}
