// The migration tests fill a database at an older schema with today's code (organisations, hires),
// which writes columns and tables that later migrations make. They are there for the fill and gone
// before the migrations run, which make them again. Not a test.

/** Columns that migrations after 12 add and that the filling code writes. */
const ADDED_LATER: [table: string, column: string][] = [
  ['tenants', 'last_event_at timestamptz(3)'],
  ['tenants', 'seats_used integer not null default 0'],
  ['employees', 'version integer not null default 1'],
  ['leave_requests', 'version integer not null default 1'],
];

/** Tables that later migrations make and that the filling code's statements name (the hire's set-up links). */
const MADE_LATER: [table: string, columns: string][] = [
  [
    'account_setup_tokens',
    '(id uuid, tenant_id uuid, profile_id uuid, token_hash text, expires_at timestamptz, used_at timestamptz, revoked_at timestamptz, created_at timestamptz)',
  ],
];

/**
 * wf_uuidv7(), which migration 11 makes and the hire calls (its balances' ids): before 11, a
 * stand-in for the fill (any UUID does), marked so that only the stand-in is dropped after it.
 */
const UUIDV7_STAND_IN = `do $$ begin
  if to_regprocedure('wf_uuidv7()') is null then
    create function wf_uuidv7() returns uuid language sql as 'select gen_random_uuid()';
    comment on function wf_uuidv7() is 'fillOlderSchema';
  end if;
end $$`;
const UUIDV7_STAND_IN_GONE = `do $$ begin
  if obj_description('wf_uuidv7()'::regprocedure, 'pg_proc') = 'fillOlderSchema' then drop function wf_uuidv7(); end if;
end $$`;

/** Runs `fill` on an older schema with the later columns and tables there, then takes them away again. */
export async function fillOlderSchema(
  run: (text: string) => Promise<unknown>,
  fill: () => Promise<void>,
): Promise<void> {
  for (const [table, column] of ADDED_LATER) await run(`alter table ${table} add column ${column}`);
  for (const [table, columns] of MADE_LATER) await run(`create table ${table} ${columns}`);
  await run(UUIDV7_STAND_IN);
  await fill();
  await run(UUIDV7_STAND_IN_GONE);
  for (const [table, column] of ADDED_LATER) await run(`alter table ${table} drop column ${column.split(' ')[0]}`);
  for (const [table] of MADE_LATER) await run(`drop table ${table}`);
}
