import { uuidv7 } from 'uuidv7';
import type { WriteOrigin } from '../../core/context.js';
import { DomainError } from '../../core/domainError.js';
import { checkVersion, type ExpectedVersions } from '../../core/versions.js';
import { type Named, type RawSql, sql } from '../../db/namedValues.js';
import type { EntityManager } from '../../db/orm.js';
import { inTransaction, TenantReader, tenantStatement } from '../../db/tenantReader.js';
import { SETUP_LINK_DAYS } from '../accounts/account.record.js';
import { newSetupLink } from '../accounts/accounts.writes.js';
import {
  deliveriesQueued,
  EVENT_POSITION,
  type EventValues,
  eventCtes,
  eventValues,
  previousAttributes,
  recordEvents,
} from '../events/events.writes.js';
import { seedBalances } from '../leave/leaveTypes.writes.js';
import { type EmployeeRecord, employeeColumns, type HiredEmployee } from './employee.record.js';

/**
 * Employees and their login accounts (decisions §7): the one place a profile and its employee
 * record are made (`createEmployeeAccount`: the hire, a new organisation's first HR admin and the
 * demo's people all go through it), the employee code in SQL (its rules: employees.rules.ts), and
 * the update of the HR-controlled fields.
 */

type PayModel = 'hourly' | 'monthly_fee' | 'per_engagement';

// ---------------------------------------------------------------------------------------------
// Employee codes

/**
 * formatEmployeeCode in SQL, for the number the SQL expression `n` gives, with the tenant's prefix
 * and digits (tests/employees/employeeCodes.unit.test.ts runs both on the same numbers).
 */
export function employeeCodeSql(n: RawSql, prefix: unknown, digits: unknown): RawSql {
  return sql`${prefix}::text || lpad((${n})::text, greatest(${digits}::int, length((${n})::text)), '0')`;
}

// ---------------------------------------------------------------------------------------------
// Login account and employee record

/** A person to make an employee of, with the login account every employee has: the record's fields a hire gives. */
export type NewEmployee = Pick<HiredEmployee, 'email' | 'full_name' | 'joining_date'> &
  Partial<Omit<HiredEmployee, 'email' | 'full_name' | 'joining_date'>> & {
    /** A hand-typed code; omitted, the tenant's counter assigns the next free one. */
    employee_id?: string;
    /** With `rate`, a rate card for the payout types (contractor, freelancer, vendor_worker). */
    pay_model?: PayModel;
    rate?: number;
  };

/** Who makes the account and what goes with it. The defaults are a hire's. */
export interface AccountOptions {
  /** The employee the write acts as: must exist and be an HR admin. Omitted: the system writes. */
  actorId?: string;
  /** Every account takes a seat: whether only when one of the plan's is free (default true). */
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

/** The values of the account statement, by name; the employee's own fields by the record's names. */
interface AccountValues extends HiredEmployee {
  tenant_id: string;
  /** The employee's id. */
  id: string;
  profile_id: string;
  /** The employee the write acts as, to be an HR admin of the tenant; null: the system writes. */
  actor_id: string | null;
  /** Whether this run takes the account's seat: false when a run before it in the transaction took it. */
  takes_seat: boolean;
  /** Whether the seat must be one of the plan's free ones. */
  enforce_seat_limit: boolean;
  /** The code typed at the hire, or null for the tenant's next free one. */
  typed_code: string | null;
  /** created_at of the profile and the employee (back-dated for the demo's people). */
  created_at: string;
  /** The moment of the write: the other rows' timestamps. */
  now: string;
  year: number;
  rate_card_id: string;
  /** Null: no rate card. */
  pay_model: PayModel | null;
  rate: number | null;
  invite_id: string;
  invite: boolean;
  /** The invite's subject and text as format() templates: `%1$s` the tenant's name, `%2$s` the code. */
  invite_subject: string;
  invite_body: string;
  setup_link_id: string;
  setup_token_hash: string | null;
  setup_expires_at: string | null;
}

/** The hire's employee.created event: its id and eventCtes' values. */
interface HireEventValues extends EventValues {
  event_id: string;
}

/** The employee's columns a hire writes, each with its value, as its column's type. */
const hiredColumns = (v: Named<HiredEmployee>): Record<keyof HiredEmployee, unknown> => ({
  manager_id: v.manager_id,
  full_name: v.full_name,
  email: v.email,
  department: v.department,
  designation: v.designation,
  phone: v.phone,
  employment_type: v.employment_type,
  joining_date: sql`${v.joining_date}::date`,
  engagement_end_date: sql`${v.engagement_end_date}::date`,
  vendor_name: v.vendor_name,
  is_hr_admin: sql`${v.is_hr_admin}::boolean`,
});

/** seedBalances' rows for a new employee: every leave type of the tenant that keeps a balance, each row a new id. */
const NEW_BALANCE_ROWS = sql`(select coalesce(json_agg(json_build_object('id', wf_uuidv7(), 'leave_type_id', x.id, 'allowance', x.annual_allowance)), '[]')
                                from leave_types x where x.annual_allowance is not null)`;

/**
 * Everything an account is made of, in one statement: the actor and the manager are checked; the
 * update of the tenant's row (`claimed`) takes a seat and, for an assigned code, the counter's
 * number; then employee, profile ('invited'), this year's leave balances, the optional rate card
 * and invite, and with `event` employee.created and its deliveries (eventCtes, positioned by that
 * same update: a row is updated once per statement). The actor and the manager are read without
 * the lock, as before it: the lock was on the tenant's row, never theirs; no employee is deleted,
 * and the manager reference is checked again by its foreign key at the commit.
 *
 * The update waits for the tenant's row lock, held by a hire in flight until it commits, and under
 * READ COMMITTED it then re-evaluates its condition and assignments on the row as that hire left
 * it: the seat count (`seats_used < seat_limit`) and the counter are exact. The rest of the
 * statement reads the snapshot taken when it started, which may be older than a hire committed
 * meanwhile: the probe for the next free code (`candidate`, past codes typed by hand) starts from
 * the counter it saw, so the update takes the greater of the two; and the unique keys on
 * (tenant_id, email) and (tenant_id, employee_id) refuse a duplicate that snapshot does not show
 * (`on conflict do nothing`, so the transaction stays usable and the refusal can be stored under an
 * Idempotency-Key). The employee goes in first, so a refused one writes nothing but the update.
 */
function accountSql(v: Named<AccountValues>, event?: Named<HireEventValues>): RawSql {
  const employee = hiredColumns(v);
  const recorded = event
    ? sql`,
  ${eventCtes(
    event,
    sql`(select jsonb_build_array(jsonb_build_object('id', ${event.event_id}::uuid, 'type', 'employee.created',
                 'object', to_jsonb(new_employee), 'previous_attributes', null)) from new_employee)`,
    { positioned: sql`select last_event_at from claimed` },
  )}`
    : sql``;
  const position = event ? sql`, ${EVENT_POSITION}` : sql``;
  return sql`
  with recursive
  lookups as (
    select a.id is not null as actor_found, a.is_hr_admin as actor_is_hr_admin, m.id is not null as manager_found
      from (select 1) as one
      left join employees a on a.id = ${v.actor_id}
      left join employees m on m.id = ${v.manager_id}
  ),
  candidate(n, prefix, digits) as (
    select next_employee_number, id_prefix, id_digits from tenants where ${v.typed_code}::text is null
    union all
    select candidate.n + 1, prefix, digits from candidate
     where exists (select 1 from employees where employee_id = ${employeeCodeSql(sql`candidate.n`, sql`prefix`, sql`digits`)})
  ),
  claimed as (
    update tenants
       set seats_used = seats_used + ${v.takes_seat}::boolean::int,
           next_employee_number = case when ${v.typed_code}::text is null
                                       then greatest(next_employee_number, (select max(n) from candidate)) + 1
                                       else next_employee_number end${position}
     where id = ${v.tenant_id}::uuid
       and (select (${v.actor_id}::uuid is null or coalesce(actor_is_hr_admin, false))
                   and (${v.manager_id}::uuid is null or manager_found) from lookups)
       and (not ${v.takes_seat}::boolean or not ${v.enforce_seat_limit}::boolean or seat_limit is null or seats_used < seat_limit)
    returning name, id_prefix, id_digits, next_employee_number, last_event_at
  ),
  assigned as (
    select coalesce(${v.typed_code}::text, ${employeeCodeSql(sql`next_employee_number - 1`, sql`id_prefix`, sql`id_digits`)}) as code, name
      from claimed
  ),
  new_employee as (
    insert into employees (id, tenant_id, employee_id, profile_id, ${sql.raw(Object.keys(employee).join(', '))},
                           created_at, updated_at)
    select ${v.id}, ${v.tenant_id}, assigned.code, ${v.profile_id}, ${sql.join(Object.values(employee))},
           ${v.created_at}::timestamptz, ${v.created_at}::timestamptz
      from assigned
    on conflict do nothing
    returning ${sql.raw(employeeColumns())}
  ),
  new_profile as (
    insert into profiles (id, tenant_id, email, status, created_at, updated_at)
    select ${v.profile_id}, ${v.tenant_id}, ${v.email}, 'invited', ${v.created_at}::timestamptz, ${v.created_at}::timestamptz
      from new_employee
    returning id
  ),
  new_balances as (${seedBalances({
    tenantId: v.tenant_id,
    employeeId: v.id,
    year: v.year,
    at: v.now,
    rows: NEW_BALANCE_ROWS,
    when: sql`exists (select 1 from new_employee)`,
  })}
  ),
  new_rate_card as (
    insert into rate_cards (id, tenant_id, employee_id, pay_model, rate)
    select ${v.rate_card_id}, ${v.tenant_id}, new_employee.id, ${v.pay_model}, ${v.rate}::numeric from new_employee where ${v.pay_model}::text is not null
  ),
  invite as (
    insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
    select ${v.invite_id}, ${v.tenant_id}, 'employee_invite', ${v.email},
           format(${v.invite_subject}::text, assigned.name), format(${v.invite_body}::text, assigned.name, assigned.code)
      from new_employee, assigned where ${v.invite}::boolean
  ),
  setup_link as (
    insert into account_setup_tokens (id, tenant_id, profile_id, token_hash, expires_at, created_at)
    select ${v.setup_link_id}, ${v.tenant_id}, new_profile.id, ${v.setup_token_hash}, ${v.setup_expires_at}::timestamptz, ${v.now}::timestamptz
      from new_profile where ${v.invite}::boolean
  )${recorded}
  select lookups.*,
         (select count(*) from claimed)::int as seat_free,
         (select seat_limit from tenants) as seat_limit,
         ${event ? sql`(select count(*) from queued)::int` : sql`0`} as deliveries_queued,
         exists (select 1 from employees where email = ${v.email}) as email_taken,
         exists (select 1 from employees where employee_id = (select code from assigned)) as code_taken,
         new_employee.*
    from lookups left join new_employee on true`;
}

/** The account statement, and the one that also records employee.created (the hire: `recordedAs`). */
const CREATE_ACCOUNT = {
  plain: tenantStatement<AccountValues, AccountOutcome>((v) => accountSql(v)),
  recordingEvent: tenantStatement<AccountValues & HireEventValues, AccountOutcome>((v) => accountSql(v, v)),
};

interface AccountOutcome extends Partial<EmployeeRecord> {
  actor_found: boolean;
  actor_is_hr_admin: boolean | null;
  manager_found: boolean;
  /** 1 when the tenant's row was updated: the actor and manager passed and a seat was free. */
  seat_free: number;
  seat_limit: number | null;
  deliveries_queued: number;
  /** In the statement's snapshot: the address is an employee's; the code (typed or assigned) is. */
  email_taken: boolean;
  code_taken: boolean;
}

/** The unique keys making an account may meet, by the refusal each one means. */
const DUPLICATES: Record<string, 'email_taken' | 'employee_id_taken'> = {
  profiles_tenant_id_email_key: 'email_taken',
  employees_tenant_id_email_key: 'email_taken',
  employees_tenant_id_employee_id_key: 'employee_id_taken',
};

/** `text` as a format() template of itself: its own `%` doubled. */
const literally = (text: string) => text.replaceAll('%', '%%');

/**
 * The one way a login account (profile, status 'invited') and its employee record are made, with
 * this year's leave balances for every leave type that keeps one, in the tenant of `tenantId`, in
 * the caller's transaction (or one of its own). The employee code is the hand-typed one or the next
 * free one of the tenant's counter (`next_employee_number`, formatEmployeeCode); the seat is one of
 * the tenant's `seats_used`. One statement (accountSql), which takes the tenant's row lock, held
 * to the commit; a second only when a hire that committed while this one waited for the lock took
 * its address or its code. Refuses with actor_not_found, actor_not_hr_admin, manager_not_found,
 * seat_limit_reached, email_taken or employee_id_taken.
 */
export async function createEmployeeAccount(
  em: EntityManager,
  tenantId: string,
  person: NewEmployee,
  options: AccountOptions = {},
): Promise<EmployeeRecord> {
  const { actorId, enforceSeatLimit = true, invite = false, now = new Date() } = options;
  const email = person.email.toLowerCase();
  const stamp = now.toISOString();
  const typed = person.employee_id ?? null;
  const payModel = person.pay_model && person.rate !== undefined ? person.pay_model : null;
  const link = invite ? newSetupLink(invite.baseUrl, now) : undefined;
  // Ids are UUID v7, made in this order: employee, profile, rate card, invite, set-up link, event
  // (the balances' by the statement).
  const values: Omit<AccountValues, 'takes_seat'> = {
    id: uuidv7(),
    profile_id: uuidv7(),
    tenant_id: tenantId,
    actor_id: actorId ?? null,
    manager_id: person.manager_id ?? null,
    full_name: person.full_name,
    email,
    department: person.department ?? null,
    designation: person.designation ?? null,
    phone: person.phone ?? null,
    employment_type: person.employment_type ?? 'full_time',
    joining_date: person.joining_date,
    engagement_end_date: person.engagement_end_date ?? null,
    vendor_name: person.vendor_name ?? null,
    is_hr_admin: person.is_hr_admin ?? false,
    enforce_seat_limit: enforceSeatLimit,
    typed_code: typed,
    // The person's own records (profile, employee) may be back-dated; the rest is written now.
    created_at: options.createdAt?.toISOString() ?? stamp,
    now: stamp,
    // Every type with an allowance, this year, nothing used or pending.
    year: now.getUTCFullYear(),
    rate_card_id: uuidv7(),
    pay_model: payModel,
    rate: payModel ? (person.rate ?? null) : null,
    invite_id: uuidv7(),
    invite: Boolean(link),
    invite_subject: 'You are invited to %1$s on Workforce',
    invite_body:
      `Hello ${literally(person.full_name)},\n\n%1$s has invited you to Workforce as %2$s, starting ${person.joining_date}.` +
      `\n\nSet the password you will sign in with at this link (it works once, for ${SETUP_LINK_DAYS} days):\n` +
      `${literally(link?.url ?? '')}\n`,
    // Only the link's hash is stored.
    setup_link_id: uuidv7(),
    setup_token_hash: link?.tokenHash ?? null,
    setup_expires_at: link?.expiresAt.toISOString() ?? null,
  };
  const eventId = options.recordedAs ? uuidv7() : undefined;
  return inTransaction(em, async (tx) => {
    const reader = new TenantReader(tx, tenantId);
    const write = async (takesSeat: boolean): Promise<AccountOutcome> => {
      try {
        return (await (options.recordedAs
          ? reader.one(CREATE_ACCOUNT.recordingEvent, {
              ...values,
              takes_seat: takesSeat,
              ...eventValues(reader, options.recordedAs),
              event_id: eventId as string,
            })
          : reader.one(CREATE_ACCOUNT.plain, { ...values, takes_seat: takesSeat }))) as AccountOutcome;
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
    };
    // The refusal the statement's snapshot explains, for an outcome that wrote no employee.
    const refusal = (outcome: AccountOutcome) => {
      if (outcome.email_taken) {
        return new DomainError('email_taken', { detail: `An employee with e-mail ${email} exists.` });
      }
      if (typed !== null && outcome.code_taken) {
        return new DomainError('employee_id_taken', { detail: `Employee code ${typed} is taken.` });
      }
      return undefined;
    };
    let outcome = await write(true);
    if (actorId !== undefined && !outcome.actor_found) {
      throw new DomainError('actor_not_found', { detail: `No employee ${actorId} in this tenant.` });
    }
    if (actorId !== undefined && !outcome.actor_is_hr_admin) {
      throw new DomainError('actor_not_hr_admin', { detail: 'The actor is not an HR admin.' });
    }
    if (person.manager_id && !outcome.manager_found) {
      throw new DomainError('manager_not_found', { detail: `No employee ${person.manager_id} in this tenant.` });
    }
    if (!outcome.seat_free) {
      throw new DomainError('seat_limit_reached', { detail: `All ${outcome.seat_limit} seats of the plan are taken.` });
    }
    // Nothing written and no reason in the snapshot: a hire that committed while this one waited for
    // the row took the address or the code (an assigned one: the counter, past the snapshot's
    // probe). Once more, with the seat taken and the row held: its snapshot shows every hire.
    if (outcome.id == null && !refusal(outcome)) outcome = await write(false);
    if (outcome.id == null) {
      throw refusal(outcome) ?? new Error('The account statement wrote no employee and met no known conflict.');
    }
    if (outcome.deliveries_queued) deliveriesQueued(reader);
    const {
      actor_found,
      actor_is_hr_admin,
      manager_found,
      seat_free,
      seat_limit,
      deliveries_queued,
      email_taken,
      code_taken,
      ...record
    } = outcome;
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
const UPDATE_READ = tenantStatement<
  { id: string; actor_id: string },
  EmployeeRecord & { actor_id: string | null; actor_is_hr_admin: boolean | null }
>(
  (v) => sql`
  select ${sql.raw(employeeColumns('e.'))}, a.id as actor_id, a.is_hr_admin as actor_is_hr_admin
    from employees e left join employees a on a.id = ${v.actor_id}
   where e.id = ${v.id}
     for no key update of e`,
);

const UPDATE = tenantStatement<
  Pick<EmployeeRecord, 'id' | 'designation' | 'department' | 'updated_at'>,
  EmployeeRecord
>(
  (v) => sql`
  update employees set designation = ${v.designation}, department = ${v.department}, updated_at = ${v.updated_at}::timestamptz, version = version + 1
   where id = (select id from employees where id = ${v.id})
  returning ${sql.raw(employeeColumns())}`,
);

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
    const found = await reader.one(UPDATE_READ, { actor_id: input.actor_employee_id, id: input.id });
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
    const [updated] = await reader.all(UPDATE, {
      id: input.id,
      designation,
      department,
      updated_at: new Date().toISOString(),
    });
    // The version, like updated_at, moves with every change and is not a previous attribute: its new
    // value is in the object.
    const before = { ...employee, version: updated.version };
    await recordEvents(reader, origin, [
      { type: 'employee.updated', object: updated, previousAttributes: previousAttributes(before, updated) },
    ]);
    return updated;
  });
}
