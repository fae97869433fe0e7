import { SCOPES } from '../../core/scopes.js';
import { LeaveBalance, LeaveRequest, LeaveType } from '../../db/entities/leave.js';
import { Employee, PAYOUT_TYPES, Profile } from '../../db/entities/tenancy.js';
import { Asset, HelpdeskTicket, Holiday, JobOpening, Survey } from '../../db/entities/workplace.js';
import { type EntityManager, TENANT_FILTER } from '../../db/orm.js';
import { namedStatement, runStatement } from '../../db/statements.js';
import { createApiKey, createOAuthClient } from '../credentials/credentials.writes.js';
import { createFirstPartyApp } from '../credentials/firstPartyApps.writes.js';
import type { EmployeeRecord, EmploymentType } from '../employees/employee.record.js';
import { createEmployeeAccount } from '../employees/employees.writes.js';
import { createOrganisation } from './organisations.writes.js';

/**
 * `wfm demo` (decisions §13): one organisation with realistic data in every resource, in one
 * transaction. The data comes from a seeded PRNG, so two runs give the same people, assets and
 * requests (ids, credentials and dates relative to today differ). The live tenant and the sandbox
 * get the same data set, so the test key has something to read too.
 */

/** What the demo needs to know of a person it made. */
type Person = Pick<EmployeeRecord, 'id' | 'manager_id' | 'department' | 'designation'>;

const DAY = 86_400_000;
const DEMO_NAME = 'Northwind Robotics';
const DOMAIN = 'northwind-robotics.example';
const ADMIN = { fullName: 'Priya Raman', email: `priya.raman@${DOMAIN}` };

/** mulberry32: small, fast, deterministic (also the load test's seeded choices). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * DAY);
const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;
const minDate = (a: Date, b: Date) => (a < b ? a : b);

/** The `n`th (1-based; -1 = last) `weekday` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = utc(year, month + 1, 0);
    return addDays(last, -((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = utc(year, month, 1);
  return addDays(first, ((weekday - first.getUTCDay() + 7) % 7) + (n - 1) * 7);
}

/** Easter Sunday (anonymous Gregorian algorithm). */
function easter(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  return utc(year, month, ((h + l - 7 * m + 114) % 31) + 1);
}

function holidayCalendar(year: number): { name: string; date: Date; optional: boolean }[] {
  const thanksgiving = nthWeekday(year, 11, 4, 4);
  return [
    { name: "New Year's Day", date: utc(year, 1, 1), optional: false },
    { name: 'Martin Luther King Jr. Day', date: nthWeekday(year, 1, 1, 3), optional: false },
    { name: "Presidents' Day", date: nthWeekday(year, 2, 1, 3), optional: true },
    { name: 'Good Friday', date: addDays(easter(year), -2), optional: true },
    { name: 'Memorial Day', date: nthWeekday(year, 5, 1, -1), optional: false },
    { name: 'Juneteenth', date: utc(year, 6, 19), optional: false },
    { name: 'Independence Day', date: utc(year, 7, 4), optional: false },
    { name: 'Labor Day', date: nthWeekday(year, 9, 1, 1), optional: false },
    { name: "Indigenous Peoples' Day", date: nthWeekday(year, 10, 1, 2), optional: true },
    { name: 'Thanksgiving Day', date: thanksgiving, optional: false },
    { name: 'Day after Thanksgiving', date: addDays(thanksgiving, 1), optional: false },
    { name: 'Christmas Eve', date: utc(year, 12, 24), optional: true },
    { name: 'Christmas Day', date: utc(year, 12, 25), optional: false },
    { name: "New Year's Eve", date: utc(year, 12, 31), optional: true },
  ];
}

const FIRST_NAMES = (
  'Aaliyah Ahmed Akira Alejandro Amara Anders Ana Arjun Beatriz Benjamin Chen Chloe Daniel Dmitri Elena ' +
  'Emeka Fatima Felix Grace Hana Hiroshi Ibrahim Ingrid Isabel Jamal Javier Jin Julia Kai Kavya Leila ' +
  'Liam Lucia Malik Maria Mateo Maya Mei Nadia Noah Olivia Omar Owen Rafael Rania Rohan Rosa Samuel ' +
  'Sara Sofia Tariq Thomas Tomás Uma Valentina Wei Yara Yusuf Zainab Zoe'
).split(' ');

const LAST_NAMES = (
  'Abara Andersen Bauer Bianchi Castillo Chen Costa Dubois Eriksson Fernandes Fischer Garcia Gupta ' +
  'Haddad Hoang Ivanova Jensen Kim Kowalski Kumar Larsen Lopez Mahmoud Martin Mensah Moreau Nakamura ' +
  'Nguyen Novak Okafor Oliveira Park Patel Petrov Quinn Rahman Reyes Rossi Santos Schmidt Silva Singh ' +
  'Sato Suzuki Tanaka Torres Wagner Walker Weber Yamamoto Zhang'
).split(' ');

interface Role {
  title: string;
  type?: EmploymentType;
  vendor?: string;
}

interface Department {
  name: string;
  head: string;
  /** Team leads report to the head; the reports are spread over the leads (or report to the head). */
  leads?: string[];
  reports: Role[];
}

const ft = (title: string, n = 1): Role[] => Array.from({ length: n }, () => ({ title }));

/** 59 people besides the HR admin, who heads People and sits at the top of the tree. */
const DEPARTMENTS: Department[] = [
  {
    name: 'People',
    head: '',
    reports: [
      ...ft('HR Business Partner'),
      ...ft('Talent Acquisition Specialist'),
      ...ft('People Operations Specialist'),
    ],
  },
  {
    name: 'Engineering',
    head: 'VP of Engineering',
    leads: ['Engineering Manager, Platform', 'Engineering Manager, Robotics'],
    reports: [
      ...ft('Senior Software Engineer', 3),
      ...ft('Software Engineer', 4),
      ...ft('Embedded Systems Engineer', 2),
      ...ft('QA Engineer'),
      { title: 'Site Reliability Engineer', type: 'contractor' },
      { title: 'Security Consultant', type: 'contractor' },
      { title: 'Software Engineering Intern', type: 'intern' },
    ],
  },
  {
    name: 'Product',
    head: 'Head of Product',
    reports: [...ft('Senior Product Manager'), ...ft('Product Manager', 2), ...ft('Product Analyst')],
  },
  {
    name: 'Design',
    head: 'Design Director',
    reports: [...ft('Product Designer', 2), { title: 'Illustrator', type: 'freelancer' }],
  },
  {
    name: 'Sales',
    head: 'VP of Sales',
    reports: [
      ...ft('Account Executive', 4),
      ...ft('Sales Development Representative', 2),
      { title: 'Sales Operations Analyst', type: 'part_time' },
    ],
  },
  {
    name: 'Marketing',
    head: 'Head of Marketing',
    reports: [
      ...ft('Product Marketing Manager'),
      ...ft('Content Strategist'),
      { title: 'Copywriter', type: 'freelancer' },
      { title: 'Marketing Intern', type: 'intern' },
    ],
  },
  {
    name: 'Finance',
    head: 'Finance Director',
    reports: [
      ...ft('Senior Accountant'),
      ...ft('Financial Analyst'),
      { title: 'Payroll Specialist', type: 'part_time' },
    ],
  },
  {
    name: 'Operations',
    head: 'Head of Operations',
    reports: [
      ...ft('IT Support Specialist', 2),
      ...ft('Office Manager'),
      ...ft('Procurement Specialist'),
      { title: 'Facilities Technician', type: 'vendor_worker', vendor: 'Initech Facilities' },
    ],
  },
  {
    name: 'Customer Support',
    head: 'Head of Customer Support',
    leads: ['Support Team Lead'],
    reports: [
      ...ft('Customer Support Specialist', 3),
      { title: 'Customer Support Agent', type: 'vendor_worker', vendor: 'Globex Staffing' },
      { title: 'Customer Support Agent', type: 'vendor_worker', vendor: 'Globex Staffing' },
      ...ft('Support Engineer'),
    ],
  },
];

export interface DemoResult {
  tenant: { id: string; name: string };
  sandbox: { id: string };
  hr_admin: { id: string; employee_id: string; email: string };
  live_key: { key_id: string; secret: string; scopes: string[] };
  test_key: { key_id: string; secret: string; scopes: string[] };
  client: { client_id: string; client_secret: string; scopes: string[] };
}

/** Where examples/web's development server (Vite's port) takes the sign-in's redirect. */
const DEV_APP_REDIRECT_URIS = ['http://localhost:5173/callback', 'http://127.0.0.1:5173/callback'];
const DEV_APP = namedStatement(
  'select client_id, redirect_uris from first_party_apps where revoked_at is null and redirect_uris @> ?::text[] order by created_at limit 1',
);

/**
 * The first-party app `make run` signs the demo's people in with (decisions §20): the oldest live
 * app that takes examples/web's development redirect URIs, registered on the first start without one.
 */
export async function devFirstPartyApp(
  em: EntityManager,
  credentialPrefix: string,
): Promise<{ client_id: string; redirect_uris: string[] }> {
  const [found] = await runStatement<{ client_id: string; redirect_uris: string[] }>(em, DEV_APP, [
    DEV_APP_REDIRECT_URIS,
  ]);
  return (
    found ??
    createFirstPartyApp(em, credentialPrefix, {
      name: 'Workforce web (local development)',
      redirectUris: DEV_APP_REDIRECT_URIS,
    })
  );
}

/** The demo organisation, its data, a live and a test API key and an OAuth client with all nine scopes. */
export async function createDemoOrganisation(
  em: EntityManager,
  credentialPrefix: string,
  now = new Date(),
): Promise<DemoResult> {
  return em.transactional(async (tx) => {
    const org = await createOrganisation(tx, { name: DEMO_NAME, adminEmail: ADMIN.email, adminName: ADMIN.fullName });
    for (const [tenantId, adminId] of [
      [org.tenant.id, org.hr_admin.id],
      [org.sandbox.id, org.sandbox_hr_admin.id],
    ]) {
      await seedTenant(tx, tenantId, adminId, now);
    }
    const scopes = [...SCOPES];
    const liveKey = await createApiKey(tx, credentialPrefix, {
      tenantId: org.tenant.id,
      env: 'live',
      scopes,
      name: 'Demo live key',
    });
    const testKey = await createApiKey(tx, credentialPrefix, {
      tenantId: org.tenant.id,
      env: 'test',
      scopes,
      name: 'Demo test key',
    });
    const client = await createOAuthClient(tx, credentialPrefix, {
      tenantId: org.tenant.id,
      env: 'live',
      scopes,
      name: 'Demo OAuth client',
    });
    return {
      tenant: org.tenant,
      sandbox: org.sandbox,
      hr_admin: org.hr_admin,
      live_key: { key_id: liveKey.key_id, secret: liveKey.secret, scopes: liveKey.scopes },
      test_key: { key_id: testKey.key_id, secret: testKey.secret, scopes: testKey.scopes },
      client: { client_id: client.client_id, client_secret: client.client_secret, scopes: client.scopes },
    };
  });
}

/** Everything below the first HR admin, for one tenant. */
async function seedTenant(em: EntityManager, tenantId: string, adminId: string, now: Date): Promise<void> {
  const dice = new Dice(prng(0x5eed_2026));
  const filters = { [TENANT_FILTER]: { tenantId } };
  const year = now.getUTCFullYear();
  const today = utc(year, now.getUTCMonth() + 1, now.getUTCDate());
  const admin = await em.findOneOrFail(Employee, { id: adminId }, { filters });
  /** A moment `days` before now (at most now), at a working hour. */
  const ago = (days: number) =>
    minDate(new Date(today.getTime() - days * DAY + dice.int(8 * 60, 18 * 60) * 60_000), now);

  // People: the HR admin at the top, department heads below, leads and reports below them.
  admin.joiningDate = iso(utc(year - 7, 3, 1));
  admin.createdAt = ago(7 * 365);
  admin.phone = '+1 415 555 0100';
  const people: Person[] = [
    { id: admin.id, manager_id: null, department: admin.department ?? null, designation: admin.designation ?? null },
  ];
  const names = dice.shuffle(FIRST_NAMES).map((first, i) => ({ first, last: LAST_NAMES[(i * 7) % LAST_NAMES.length] }));
  let number = 1;
  /** A hire as the API makes one (the tenant's counter gives the codes 2, 3, …), back-dated. */
  const hire = async (department: string, role: Role, managerId: string, yearsIn: [number, number]) => {
    number += 1;
    const { first, last } = names[number - 2];
    const type = role.type ?? 'full_time';
    const email = `${first}.${last}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const fixedTerm = PAYOUT_TYPES.includes(type) || type === 'intern';
    const daysIn = fixedTerm ? dice.int(30, 300) : dice.int(yearsIn[0] * 365, yearsIn[1] * 365);
    const joined = addDays(today, -daysIn);
    const engagementEnd = fixedTerm ? iso(addDays(joined, dice.pick([180, 270, 365, 540]))) : null;
    const employee = await createEmployeeAccount(
      em,
      tenantId,
      {
        email: `${email}@${DOMAIN}`,
        full_name: `${first} ${last}`,
        joining_date: iso(joined),
        manager_id: managerId,
        department,
        designation: role.title,
        phone: `+1 415 555 ${String(100 + number).padStart(4, '0')}`,
        employment_type: type,
        engagement_end_date: engagementEnd,
        vendor_name: role.vendor ?? null,
      },
      { enforceSeatLimit: false, invite: false, now, createdAt: ago(daysIn) },
    );
    people.push(employee);
    return employee;
  };
  for (const dept of DEPARTMENTS) {
    const head = dept.head ? await hire(dept.name, { title: dept.head }, admin.id, [3, 6]) : people[0];
    const leads: Person[] = [];
    for (const title of dept.leads ?? []) leads.push(await hire(dept.name, { title }, head.id, [2, 5]));
    const managers = leads.length ? leads : [head];
    for (const [i, role] of dept.reports.entries()) {
      await hire(dept.name, role, managers[i % managers.length].id, [0, 4]);
    }
  }
  // Everyone has accepted the invitation and signed in.
  await em.nativeUpdate(Profile, { tenantId }, { status: 'active' }, { filters });
  const byDepartment = (name: string) => people.filter((p) => p.department === name);

  for (const h of holidayCalendar(year)) {
    em.create(Holiday, {
      tenantId,
      name: h.name,
      date: iso(h.date),
      isOptional: h.optional,
      createdAt: ago(dice.int(30, 60) + (now.getTime() - utc(year, 1, 1).getTime()) / DAY),
    });
  }

  // Assets: most laptops and phones are out with someone; a few wait, are being repaired or retired.
  const catalogue: { name: string; category: string; count: number; serial: string }[] = [
    { name: 'MacBook Pro 14" M3', category: 'Laptop', count: 16, serial: 'C02' },
    { name: 'ThinkPad X1 Carbon Gen 11', category: 'Laptop', count: 12, serial: 'PF-' },
    { name: 'Dell UltraSharp U2723QE', category: 'Monitor', count: 8, serial: 'CN-' },
    { name: 'iPhone 15', category: 'Phone', count: 5, serial: 'F2L' },
    { name: 'Jabra Evolve2 65', category: 'Headset', count: 4, serial: 'JB' },
    { name: 'Epson EB-L630U projector', category: 'AV equipment', count: 1, serial: 'X9' },
    { name: 'Universal Robots UR5e test arm', category: 'Lab equipment', count: 2, serial: 'UR5' },
  ];
  const holders = dice.shuffle(people);
  let tag = 0;
  for (const item of catalogue) {
    for (let i = 0; i < item.count; i++) {
      tag += 1;
      // Per kind: seven in ten out with someone, then one waiting, one in repair, one retired.
      const shared = item.category === 'AV equipment' || item.category === 'Lab equipment';
      const spare = shared || i % 10 === 7;
      const holder = spare || i % 10 > 7 ? undefined : holders.pop();
      const status = holder ? 'assigned' : spare ? 'available' : i % 10 === 8 ? 'maintenance' : 'retired';
      const bought = dice.int(60, 4 * 365);
      em.create(Asset, {
        tenantId,
        assetTag: `AST-${String(tag).padStart(4, '0')}`,
        name: item.name,
        category: item.category,
        status,
        assignedTo: holder?.id ?? null,
        serialNumber: `${item.serial}${dice.int(100_000, 999_999).toString(36).toUpperCase()}${dice.int(10, 99)}`,
        purchasedOn: iso(addDays(today, -bought)),
        createdAt: ago(bought - 1),
      });
    }
  }

  const openings: [string, string, string, EmploymentType, 'draft' | 'open' | 'closed', number][] = [
    ['Senior Robotics Software Engineer', 'Engineering', 'San Francisco, CA (hybrid)', 'full_time', 'open', 2],
    ['Site Reliability Engineer', 'Engineering', 'Remote (US)', 'full_time', 'open', 1],
    ['Firmware Engineer', 'Engineering', 'Austin, TX', 'full_time', 'draft', 1],
    ['Product Designer', 'Design', 'Remote (US)', 'contractor', 'open', 1],
    ['Account Executive, Enterprise', 'Sales', 'New York, NY', 'full_time', 'open', 3],
    ['Customer Support Specialist', 'Customer Support', 'Austin, TX', 'part_time', 'closed', 2],
    ['Marketing Intern', 'Marketing', 'San Francisco, CA', 'intern', 'closed', 1],
    ['Financial Planning Analyst', 'Finance', 'Remote (US)', 'full_time', 'draft', 1],
  ];
  for (const [title, department, location, employmentType, status, count] of openings) {
    const created = dice.int(10, 120);
    em.create(JobOpening, {
      tenantId,
      title,
      department,
      location,
      employmentType,
      status,
      openings: count,
      postedAt: status === 'draft' ? null : ago(created - dice.int(1, 7)),
      createdAt: ago(created),
    });
  }

  // Helpdesk: tickets from everyone, handled by IT support (IT, facilities) or by People (HR, payroll).
  const it = byDepartment('Operations').filter((p) => p.designation === 'IT Support Specialist');
  const hr = byDepartment('People');
  const tickets: [string, string, string][] = [
    ['IT', 'Laptop will not wake from sleep', 'Since the last OS update my laptop stays black after closing the lid.'],
    ['IT', 'VPN disconnects every hour', 'The VPN client drops the connection roughly once an hour.'],
    ['IT', 'Request: second monitor', 'Could I get a second monitor for my desk on the 3rd floor?'],
    ['IT', 'Cannot access the staging dashboard', 'I get a 403 on the staging dashboard since Monday.'],
    ['IT', 'New hire accounts for Monday', 'Please set up accounts and a laptop for a new team member.'],
    ['IT', 'Phone screen cracked', 'Dropped my work phone; the screen is cracked but it still works.'],
    ['IT', 'Printer on 2nd floor jams', 'The printer near the kitchen jams on every double-sided job.'],
    ['Facilities', 'Meeting room AC too cold', 'The AC in the Turing room cannot be turned above 18°C.'],
    ['Facilities', 'Broken desk chair', 'The height lever of my chair is broken.'],
    ['Facilities', 'Lab door badge reader', 'The badge reader on the robotics lab door is intermittent.'],
    ['Payroll', 'Overtime missing on payslip', 'Last month’s payslip does not include the weekend on-call hours.'],
    ['Payroll', 'Change of bank account', 'I have a new bank account; how do I update it for payroll?'],
    ['Payroll', 'Tax form copy', 'Could I get a copy of last year’s tax form?'],
    ['HR', 'Parental leave policy question', 'How many weeks of parental leave apply to adoptive parents?'],
    ['HR', 'Update emergency contact', 'Please update my emergency contact details.'],
    ['HR', 'Employment verification letter', 'I need an employment verification letter for a rental application.'],
    ['HR', 'Training budget approval', 'Is the conference ticket covered by the learning budget?'],
    ['Benefits', 'Dental plan enrolment', 'I missed the enrolment window for the dental plan.'],
    ['Benefits', 'Gym membership reimbursement', 'Where do I submit the receipt for the gym reimbursement?'],
    ['IT', 'Password manager invite expired', 'The invite link to the company password manager has expired.'],
    ['IT', 'Slow build machine', 'CI builds on runner 4 take three times as long as the others.'],
    ['Facilities', 'Parking permit', 'I need a parking permit for the new office garage.'],
    ['HR', 'Name change', 'I have changed my last name and need my records updated.'],
    ['IT', 'Headset microphone not working', 'Colleagues cannot hear me on calls with my headset.'],
  ];
  const priorities = ['low', 'medium', 'medium', 'high', 'urgent'] as const;
  const statuses = ['open', 'open', 'in_progress', 'in_progress', 'resolved', 'resolved', 'closed'] as const;
  for (const [i, [category, subject, description]] of tickets.entries()) {
    const raiser = dice.pick(people.slice(1));
    const status = i < statuses.length ? statuses[i] : dice.pick(statuses);
    const team = category === 'IT' || category === 'Facilities' ? it : hr;
    const assignee = status === 'open' && dice.chance(0.5) ? null : dice.pick(team.filter((p) => p !== raiser));
    const created = dice.int(0, 90);
    const createdAt = ago(created);
    em.create(HelpdeskTicket, {
      tenantId,
      subject,
      description,
      category,
      priority: dice.pick(priorities),
      status,
      raisedBy: raiser.id,
      assignedTo: assignee?.id ?? null,
      createdAt,
      updatedAt: status === 'open' && !assignee ? createdAt : minDate(addDays(createdAt, dice.int(0, 5)), now),
    });
  }

  const surveys: [string, string | null, 'draft' | 'active' | 'closed', boolean, number, number, number][] = [
    [
      'Annual engagement survey',
      'How engaged, supported and fairly treated do you feel at Northwind?',
      'closed',
      true,
      -200,
      -170,
      42,
    ],
    ['Q3 pulse check', 'Five quick questions on workload and team spirit.', 'closed', true, -80, -66, 5],
    [
      'Office move preferences',
      'Help us plan the new office: desks, quiet rooms and commute.',
      'active',
      false,
      -6,
      10,
      12,
    ],
    ['Manager effectiveness', 'Anonymous upward feedback for people managers.', 'active', true, -3, 18, 15],
    ['Learning & development needs', null, 'draft', false, 20, 40, 8],
    ['Onboarding experience', 'For people who joined in the last 90 days.', 'draft', true, 30, 60, 10],
  ];
  for (const [title, description, status, anonymous, from, to, questions] of surveys) {
    em.create(Survey, {
      tenantId,
      title,
      description,
      status,
      isAnonymous: anonymous,
      startsOn: iso(addDays(today, from)),
      endsOn: iso(addDays(today, to)),
      questionCount: questions,
      createdAt: ago(Math.max(1, -from + dice.int(3, 14))),
    });
  }

  await em.flush();
  await seedLeave(em, tenantId, people, dice, today, now, filters);
}

/**
 * Leave requests in every status for this year, and balances that agree with them: `used` is the
 * sum of approved days and `pending` the sum of pending days, per employee and leave type.
 */
async function seedLeave(
  em: EntityManager,
  tenantId: string,
  people: Person[],
  dice: Dice,
  today: Date,
  now: Date,
  filters: Record<string, Record<string, string>>,
): Promise<void> {
  const year = today.getUTCFullYear();
  const types = await em.find(LeaveType, { tenantId }, { filters, orderBy: { createdAt: 'asc', id: 'asc' } });
  const byCode = new Map(types.map((t) => [t.code, t]));
  const annual = byCode.get('ANNUAL') ?? types.find((t) => t.annualAllowance !== null);
  const sick = byCode.get('SICK') ?? annual;
  const unpaid = byCode.get('UNPAID') ?? types.find((t) => t.annualAllowance === null) ?? annual;
  if (!annual || !sick || !unpaid) throw new Error('The demo tenant has no leave types');
  const manager = new Map(people.map((p) => [p.id, p.manager_id]));
  const holidays = new Set(holidayCalendar(year).map((h) => (h.optional ? '' : iso(h.date))));
  const isDayOff = (d: Date) => isWeekend(d) || holidays.has(iso(d));
  const adminId = people[0].id;
  const reasons: Record<string, string[]> = {
    [annual.id]: ['Family holiday', 'Visiting my parents', 'Wedding of a friend', 'Long weekend away', 'Moving house'],
    [sick.id]: ['Flu', 'Doctor’s appointment', 'Dental surgery', 'Migraine'],
    [unpaid.id]: ['Extended travel', 'Personal matters', 'Volunteering abroad'],
  };
  const taken = new Map<string, number>(); // `${employee}:${type}` → approved + pending days
  const used = new Map<string, number>();
  const pending = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);

  // Every status several times, in a fixed rhythm; the HR admin files none (no one above to decide).
  const rhythm = ['approved', 'pending', 'approved', 'rejected', 'approved', 'cancelled', 'pending'] as const;
  const filers = dice.shuffle(people.slice(1)).slice(0, 28);
  const held = new Map<string, [Date, Date][]>(); // pending and approved ranges per employee
  let n = 0;
  for (const [i, employee] of filers.entries()) {
    for (const month of dice.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]).slice(0, 1 + (i % 3))) {
      const status = rhythm[n++ % rhythm.length];
      const roll = dice.int(1, 10);
      const type = roll <= 6 ? annual : roll <= 9 ? sick : unpaid;
      const half = type !== unpaid && dice.chance(0.15);
      let start = utc(year, month, dice.int(1, 20));
      // A request still waiting for a decision lies ahead, where this year has room for it.
      const soon = addDays(today, dice.int(3, 30));
      if (status === 'pending' && start < soon && soon.getUTCFullYear() === year) start = soon;
      while (isDayOff(start)) start = addDays(start, 1);
      let end = start;
      let days = half ? 0.5 : 1;
      const want = half ? 0.5 : type === sick ? dice.int(1, 3) : dice.int(1, 5);
      while (days < want && addDays(end, 1).getUTCFullYear() === year) {
        end = addDays(end, 1);
        if (!isDayOff(end)) days += 1;
      }
      if (start.getUTCFullYear() !== year) continue;
      const key = `${employee.id}:${type.id}`;
      if (status === 'approved' || status === 'pending') {
        const ranges = held.get(employee.id) ?? [];
        if (ranges.some(([from, to]) => start <= to && end >= from)) continue;
        if (type.annualAllowance != null && (taken.get(key) ?? 0) + days > type.annualAllowance) continue;
        held.set(employee.id, [...ranges, [start, end]]);
        add(taken, key, days);
        add(status === 'approved' ? used : pending, key, days);
      }

      // Filed one to three weeks ahead (never in the future); decided a day or two later.
      const filed = minDate(addDays(start, -dice.int(7, 21)), addDays(now, -dice.int(2, 10)));
      const createdAt = new Date(filed.getTime() + dice.int(8 * 60, 18 * 60) * 60_000);
      const decidedAt = status === 'pending' ? null : minDate(addDays(createdAt, dice.int(1, 2)), now);
      const decider =
        status === 'approved' || status === 'rejected'
          ? (manager.get(employee.id) ?? adminId)
          : status === 'cancelled'
            ? employee.id
            : null;
      em.create(LeaveRequest, {
        tenantId,
        employeeId: employee.id,
        leaveTypeId: type.id,
        startDate: iso(start),
        endDate: iso(end),
        daysCount: days,
        leaveDuration: half ? (dice.chance(0.5) ? 'half_day_morning' : 'half_day_afternoon') : 'full_day',
        status,
        reason: dice.pick(reasons[type.id]),
        decidedBy: decider,
        decidedAt,
        decisionComment:
          status === 'approved'
            ? dice.pick(['Enjoy!', 'Approved, have a good break.', null])
            : status === 'rejected'
              ? dice.pick(['Release week: could you pick other dates?', 'Too many people out that week, sorry.'])
              : status === 'cancelled'
                ? 'Plans changed.'
                : null,
        createdAt,
        updatedAt: decidedAt ?? createdAt,
      });
    }
  }

  // This year's balance of every employee for every leave type with an allowance.
  const existing = await em.find(LeaveBalance, { tenantId, year }, { filters });
  const balances = new Map(existing.map((b) => [`${b.employeeId}:${b.leaveTypeId}`, b]));
  for (const employee of people) {
    for (const type of types) {
      const allowance = type.annualAllowance;
      if (allowance == null) continue;
      const key = `${employee.id}:${type.id}`;
      const balance =
        balances.get(key) ??
        em.create(LeaveBalance, {
          tenantId,
          employeeId: employee.id,
          leaveTypeId: type.id,
          year,
          allowance,
        });
      balance.used = used.get(key) ?? 0;
      balance.pending = pending.get(key) ?? 0;
    }
  }
  await em.flush();
}
