/**
 * Where a server's CPU time goes under load. `tsx bench/profile.ts <fixture.json> [seconds]
 * [list,deep,byid,trpc,hire]` starts `wfm serve` under `node --cpu-prof` against the database of a
 * fixture (bench/seed.ts prints one), loads it with autocannon (by default the list page, then
 * get by id, each for `seconds`), stops it and prints the
 * self time summed by function, by file and by package, then for each target the CPU of its own
 * load alone per request, by part (package, our folders, GC) and by function, so that the start and
 * the other targets do not blur it. `tsx bench/profile.ts --summarize FILE` summarises a .cpuprofile
 * made any other way (`node --cpu-prof bin/… serve`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Fixture } from './seed.js';
import { nodeOptionsFor, serverCommand, stopProcess, waitHealthy } from './server.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** `node_modules/@scope/name/…` → `@scope/name`, our own files by path, Node's by `node:`. */
function owner(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (url.startsWith('node:')) return 'node';
  // Our files from the checkout's root, wherever it is (a worktree of another build too).
  const here = /\/(dist|server|routers|core|db|bench)\//.exec(url);
  return here ? url.slice(here.index + 1) : url;
}

/** A frame as `function file:line` (a package's file by its package), for the tables. */
function frameLabel({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  return `${functionName || '(anonymous)'} ${url ? `${owner(url)}${url.includes('node_modules') ? `/${path.basename(url)}` : ''}:${lineNumber + 1}` : ''}`;
}

function top(totals: Map<string, number>, all: number, count: number): string[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(
      ([name, us]) =>
        `${((100 * us) / all).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`,
    );
}

/** Self time per function, per file and per package, as text. */
export function summarize(file: string, count = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const fns = new Map<string, number>();
  const files = new Map<string, number>();
  const packages = new Map<string, number>();
  let all = 0;
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = (byId.get(id) as ProfileNode).callFrame;
    all += us;
    if (functionName === '(idle)') idle += us;
    const where = url ? `${owner(url)}${url.includes('node_modules') ? `/${path.basename(url)}` : ''}` : '';
    const fn = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    fns.set(fn, (fns.get(fn) ?? 0) + us);
    const fileKey = url
      ? url.includes('node_modules')
        ? `${owner(url)}/${path.basename(url)}`
        : owner(url)
      : functionName;
    files.set(fileKey, (files.get(fileKey) ?? 0) + us);
    const pkg = owner(url) === '(native)' ? functionName : owner(url);
    packages.set(pkg, (packages.get(pkg) ?? 0) + us);
  }
  const busy = all - idle;
  // Who calls the hottest functions without a JavaScript body (writes, GC excluded): a few frames up.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (id: number) => frameLabel((byId.get(id) as ProfileNode).callFrame);
  const hotNative = [...fns.entries()]
    .filter(([name]) => name.endsWith(' :0') && !name.startsWith('('))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name]) => name.slice(0, -3));
  const callers: string[] = [];
  for (const fn of hotNative) {
    const stacks = new Map<string, number>();
    for (const [id, us] of self) {
      if ((byId.get(id) as ProfileNode).callFrame.functionName !== fn || (byId.get(id) as ProfileNode).callFrame.url)
        continue;
      const chain: string[] = [];
      for (let p = parent.get(id); p !== undefined && chain.length < 14; p = parent.get(p)) chain.push(label(p));
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + us);
    }
    callers.push(`${fn}:`, ...top(stacks, all, 4).map((line) => `  ${line}`));
  }
  return [
    `${file}: ${(all / 1e6).toFixed(1)} s sampled, idle ${((100 * idle) / all).toFixed(1)} %; shares below are of all samples`,
    '',
    'By package (self time):',
    ...top(packages, all, count),
    '',
    'By file (self time):',
    ...top(files, all, count),
    '',
    'By function (self time):',
    ...top(fns, all, count),
    '',
    'Callers of the hottest native functions:',
    ...callers,
    '',
    `busy ${(busy / 1000).toFixed(0)} ms`,
  ].join('\n');
}

/** A target's load: its requests, and when it ran on the monotonic clock V8's profiles use (µs). */
interface LoadWindow {
  name: string;
  requests: number;
  from: number;
  to: number;
}

/** Where a sample's time goes by part: a package (pg's together), one of our folders, or V8's own. */
function part(functionName: string, url: string): string {
  const who = owner(url);
  if (who === '(native)') return functionName || '(native)';
  if (/^pg(-|$)|^postgres-/.test(who)) return 'pg';
  const folder = /^(?:dist\/)?(server|routers|core|db)\//.exec(who);
  return folder ? `ours: ${folder[1]}/` : who;
}

/**
 * Per target, the CPU its load cost per request (the samples within its window, idle left out), by
 * part and by function: comparable across builds and runs where the sampled total is not.
 */
function perRequest(file: string, windows: readonly LoadWindow[], count = 15): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const lines: string[] = [];
  for (const window of windows) {
    const parts = new Map<string, number>();
    const fns = new Map<string, number>();
    let busy = 0;
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      if (at < window.from || at > window.to) return;
      const frame = (byId.get(id) as ProfileNode).callFrame;
      if (frame.functionName === '(idle)') return;
      const us = profile.timeDeltas[i] ?? 0;
      busy += us;
      const key = part(frame.functionName, frame.url);
      parts.set(key, (parts.get(key) ?? 0) + us);
      const fn = frameLabel(frame);
      fns.set(fn, (fns.get(fn) ?? 0) + us);
    });
    const each = (totals: Map<string, number>) =>
      [...totals.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, count)
        .map(([name, us]) => `${(us / window.requests).toFixed(0).padStart(6)} µs  ${name}`);
    lines.push(
      `${window.name}: ${window.requests} requests, ${(busy / window.requests).toFixed(0)} µs busy a request (sampled; the profiler adds its own)`,
      '  by part:',
      ...each(parts).map((line) => `  ${line}`),
      '  by function:',
      ...each(fns).map((line) => `  ${line}`),
      '',
    );
  }
  return lines.join('\n');
}

async function profileServer(
  fixture: Fixture,
  seconds: number,
  targets: string[],
): Promise<{ file: string; windows: LoadWindow[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'wfm-profile-'));
  const port = 3990;
  const flags = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  const [command, ...args] = serverCommand(flags);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      ...nodeOptionsFor(flags),
      DATABASE_URL: fixture.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      RATE_LIMIT_POINTS: '100000000',
      OUTBOX_DISPATCH: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  const headers = { Authorization: `Bearer ${fixture.apiKey}` };
  const paths: Record<string, string> = {
    list: '/v1/employees?limit=50',
    deep: `/v1/employees?limit=50&cursor=${fixture.deepCursor}`,
    byid: `/v1/employees/${fixture.someoneId}`,
    trpc: `/trpc/employees.list?input=${encodeURIComponent(JSON.stringify({ limit: 50 }))}`,
  };
  let hired = 0;
  // The hire as the floor's bench posts it: unique e-mails, the fixture's HR admin as the actor.
  const hire = {
    method: 'POST' as const,
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      headers: { ...request.headers, ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        actor_employee_id: fixture.hrAdminId,
        email: `profile-${process.pid}-${++hired}@example.com`,
        full_name: 'Profile Hire',
        joining_date: '2026-01-05',
      }),
    }),
  };
  const windows: LoadWindow[] = [];
  // The clock of V8's profile timestamps (CLOCK_MONOTONIC), in µs.
  const now = () => Number(process.hrtime.bigint() / 1000n);
  for (const name of targets) {
    const target = paths[name] ?? (name === 'hire' ? '/v1/employees' : name);
    const options = name === 'hire' ? { requests: [hire] } : { headers };
    const from = now();
    const result = await autocannon({ url: `${url}${target}`, ...options, connections: 16, duration: seconds });
    windows.push({ name, requests: result.requests.total, from, to: now() });
    process.stderr.write(`${name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms\n`);
  }
  await stopProcess(child);
  // The server's own profile (bin/wfm execs node, so the pid is the same), not one of a build it ran first.
  const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  const file = files.find((f) => f.includes(`.${child.pid}.`)) ?? files[0];
  return { file: path.join(dir, file), windows };
}

async function main(): Promise<void> {
  const [first, second, third = 'list,byid'] = process.argv.slice(2);
  if (first === '--summarize') {
    process.stdout.write(`${summarize(second)}\n`);
    return;
  }
  const fixture = JSON.parse(readFileSync(first, 'utf8')) as Fixture;
  const { file, windows } = await profileServer(fixture, Number(second ?? 10), third.split(','));
  process.stdout.write(`${summarize(file)}\n\nPer request, each target's load alone:\n${perRequest(file, windows)}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
