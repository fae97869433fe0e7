// The screens: sign-in, the directory, filing leave, approvals, and a badge fed by events.onEvent.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { isWorkforceTRPCError } from '@workforce/trpc';
import { type FormEvent, type ReactElement, useState } from 'react';
import { signedIn, signIn, signOut } from './auth';
import { useTRPC } from './trpc';

type Screen = 'directory' | 'leave' | 'approvals';

export function App() {
  const [screen, setScreen] = useState<Screen>('leave');
  if (!signedIn()) {
    return (
      <main>
        <h1>Workforce</h1>
        <button type="button" onClick={() => void signIn()}>
          Sign in
        </button>
      </main>
    );
  }
  return (
    <main>
      <SignedIn screen={screen} setScreen={setScreen} />
    </main>
  );
}

function SignedIn({ screen, setScreen }: { screen: Screen; setScreen: (screen: Screen) => void }) {
  const trpc = useTRPC();
  const me = useQuery(trpc.whoami.queryOptions());
  const employeeId = me.data?.data.employee_id;
  const employee = useQuery({ ...trpc.employees.get.queryOptions({ id: employeeId ?? '' }), enabled: !!employeeId });
  if (me.error) return <p role="alert">{me.error.message}</p>;
  if (!employeeId) return <p>Loading…</p>;
  return (
    <>
      <header>
        <h1>Workforce</h1>
        <span data-testid="me">{employee.data?.data.full_name ?? '…'}</span> <LiveBadge />{' '}
        <button type="button" onClick={() => void signOut().then(() => location.assign('/'))}>
          Sign out
        </button>
        <nav>
          {(['directory', 'leave', 'approvals'] as const).map((name) => (
            <button key={name} type="button" aria-pressed={screen === name} onClick={() => setScreen(name)}>
              {name === 'directory' ? 'Directory' : name === 'leave' ? 'My leave' : 'Approvals'}
            </button>
          ))}
        </nav>
      </header>
      {screen === 'directory' && <Directory />}
      {screen === 'leave' && <MyLeave employeeId={employeeId} />}
      {screen === 'approvals' && <Approvals employeeId={employeeId} />}
    </>
  );
}

/** Counts leave events as they arrive and refreshes the lists they change, without a reload. */
function LiveBadge() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [arrived, setArrived] = useState(0);
  const live = useSubscription(
    trpc.events.onEvent.subscriptionOptions(
      {
        types: ['leave_request.created', 'leave_request.approved', 'leave_request.rejected', 'leave_request.cancelled'],
      },
      {
        onData: () => {
          setArrived((n) => n + 1);
          void queryClient.invalidateQueries(trpc.leaveRequests.list.queryFilter());
        },
      },
    ),
  );
  return (
    <output data-testid="live" data-status={live.status} title={live.status}>
      {live.status === 'pending' ? `● live · ${arrived} new` : `○ ${live.status}`}
    </output>
  );
}

function Directory() {
  const trpc = useTRPC();
  const [department, setDepartment] = useState('');
  const employees = useInfiniteQuery(
    trpc.employees.list.infiniteQueryOptions(
      { limit: 10, ...(department ? { department } : {}) },
      { getNextPageParam: (page) => page.next_cursor ?? undefined },
    ),
  );
  const people = employees.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <section>
      <h2>Directory</h2>
      <label>
        Department{' '}
        <input value={department} onChange={(event) => setDepartment(event.target.value)} placeholder="All" />
      </label>
      <ul data-testid="directory">
        {people.map((person) => (
          <li key={person.id}>
            {person.full_name} — {person.designation ?? '—'}, {person.department ?? '—'}
          </li>
        ))}
      </ul>
      {employees.hasNextPage && (
        <button type="button" disabled={employees.isFetchingNextPage} onClick={() => void employees.fetchNextPage()}>
          More
        </button>
      )}
    </section>
  );
}

/** The problem's per-field messages (`data.errors`), by field name. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!isWorkforceTRPCError(error)) return {};
  return Object.fromEntries((error.data.errors ?? []).map(({ path, message }) => [path.split('.').at(-1), message]));
}

function MyLeave({ employeeId }: { employeeId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const types = useQuery(trpc.leaveTypes.list.queryOptions({ limit: 100 }));
  const mine = useQuery(trpc.leaveRequests.list.queryOptions({ employee_id: employeeId, limit: 100 }));
  const file = useMutation(
    trpc.leaveRequests.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.leaveRequests.list.queryFilter()),
    }),
  );
  const errors = fieldErrors(file.error);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    file.mutate({
      employee_id: employeeId,
      leave_type_id: text('leave_type_id'),
      start_date: text('start_date'),
      end_date: text('end_date'),
      days_count: Number(text('days_count')),
      reason: text('reason'),
    });
  };
  const field = (name: string, label: string, input: ReactElement) => (
    <p>
      <label htmlFor={name}>{label}</label> {input}
      {errors[name] && (
        <span className="error" data-error-for={name}>
          {errors[name]}
        </span>
      )}
    </p>
  );
  return (
    <section>
      <h2>File leave</h2>
      <form onSubmit={submit} noValidate>
        {field(
          'leave_type_id',
          'Type',
          <select id="leave_type_id" name="leave_type_id">
            {types.data?.data.map((type) => (
              <option key={type.id} value={type.id}>
                {type.name}
              </option>
            ))}
          </select>,
        )}
        {field('start_date', 'From', <input id="start_date" name="start_date" type="date" />)}
        {field('end_date', 'To', <input id="end_date" name="end_date" type="date" />)}
        {field('days_count', 'Days', <input id="days_count" name="days_count" inputMode="decimal" />)}
        {field('reason', 'Reason', <input id="reason" name="reason" />)}
        <button type="submit" disabled={file.isPending}>
          File leave
        </button>
        {file.error && Object.keys(errors).length === 0 && <p role="alert">{file.error.message}</p>}
      </form>
      <h2>My requests</h2>
      <LeaveTable requests={mine.data?.data ?? []} testId="my-requests" />
    </section>
  );
}

interface LeaveRow {
  id: string;
  employee_id: string;
  start_date: string;
  end_date: string;
  days_count: number;
  reason: string;
  status: string;
}

function LeaveTable({
  requests,
  testId,
  action,
}: {
  requests: readonly LeaveRow[];
  testId: string;
  action?: (request: LeaveRow) => ReactElement;
}) {
  if (requests.length === 0) return <p data-testid={testId}>None.</p>;
  return (
    <table data-testid={testId}>
      <tbody>
        {requests.map((request) => (
          <tr key={request.id} data-request-id={request.id}>
            <td>
              {request.start_date} – {request.end_date}
            </td>
            <td>{request.days_count} d</td>
            <td>{request.reason}</td>
            <td className="status">{request.status}</td>
            {action && <td>{action(request)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Pending requests; the API decides who may approve which (their manager, or an HR admin). */
function Approvals({ employeeId }: { employeeId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pending = useQuery(trpc.leaveRequests.list.queryOptions({ status: 'pending', limit: 100 }));
  const [problem, setProblem] = useState<string>();
  const approve = useMutation(
    trpc.leaveRequests.approve.mutationOptions({
      onMutate: () => setProblem(undefined),
      onError: (error) =>
        setProblem(
          isWorkforceTRPCError(error) ? `${error.data.httpStatus} ${error.data.code}: ${error.message}` : error.message,
        ),
      onSuccess: () => queryClient.invalidateQueries(trpc.leaveRequests.list.queryFilter()),
    }),
  );
  return (
    <section>
      <h2>Approvals</h2>
      {problem && <p role="alert">{problem}</p>}
      <LeaveTable
        requests={pending.data?.data ?? []}
        testId="pending"
        action={(request) => (
          <button
            type="button"
            disabled={approve.isPending}
            onClick={() => approve.mutate({ id: request.id, actor_employee_id: employeeId })}
          >
            Approve
          </button>
        )}
      />
    </section>
  );
}
