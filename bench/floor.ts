/**
 * The floor compare of `make bench` (issue 25): the service against ../shared/perf-floor, a bare
 * `node:http` + `pg` server doing the employees work the fastest honest way, judged by the floor's
 * own bench.mjs as the figures were. The floor's folder (PERF_FLOOR_DIR) is read-only and
 * has no node_modules: its two scripts are copied into var/perf-floor/ (git-ignored), where their
 * `pg` and `autocannon` resolve from the project's node_modules.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { admin, dbUrl } from './seed.js';
import { rssMb, stopProcess, waitHealthy } from './server.js';

const FLOOR_DIR = path.resolve(process.env.PERF_FLOOR_DIR ?? '../shared/perf-floor');
const WORK_DIR = path.resolve('var/perf-floor');
const SCRIPTS = ['floor-server.mjs', 'bench.mjs'];
const DATABASE = 'perf_floor_bench';
const PORT = 3903;
/** The judging: 5 s × 3 alternating rounds, 16 connections (BENCH_FLOOR_* shorten it). */
const DURATION_S = Number(process.env.BENCH_FLOOR_DURATION_S ?? 5);
const ROUNDS = Number(process.env.BENCH_FLOOR_ROUNDS ?? 3);
/**
 * The hires as the floor's README measures them (10 s × 5): a commit's fsync and autovacuum move a
 * 5 s round of hires by a third, floor against floor (medians 0.83-1.34 in 5 s × 3).
 */
const HIRE_DURATION_S = Number(process.env.BENCH_FLOOR_HIRE_DURATION_S ?? 10);
const HIRE_ROUNDS = Number(process.env.BENCH_FLOOR_HIRE_ROUNDS ?? 5);
const CONNECTIONS = 16;
/** The service's LOG_LEVEL in the compare: its default, as the figures were judged. */
export const COMPARE_LOG_LEVEL = 'info';

/** bench.mjs's scenarios, in the order of the table. */
export const FLOOR_SCENARIOS = {
  first: 'list first (GET /v1/employees?limit=50)',
  deep: 'list deep (the deepest full page within 200)',
  get: 'get (GET /v1/employees/{random id})',
  post: 'hire (POST /v1/employees)',
} as const;

interface Median {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** One scenario of the compare: medians of the rounds, and service ÷ floor. */
export interface FloorRow {
  scenario: string;
  service: Median;
  floor: Median;
  rps_ratio: number;
  p99_ratio: number;
  round_ratios: number[];
}

export interface FloorCompare {
  size: number;
  settings: {
    duration_s: number;
    rounds: number;
    hire_duration_s: number;
    hire_rounds: number;
    connections: number;
    service_log_level: string;
  };
  rows: FloorRow[];
  service_peak_rss_mb: number;
  floor_peak_rss_mb: number;
  rss_ratio: number;
  /** The floor's own seeding of its database, in ms. */
  floor_seed_ms: number;
}

/** Why the compare cannot run (the floor's scripts are not there), or null. */
export function floorMissing(): string | null {
  const missing = SCRIPTS.filter((file) => !existsSync(path.join(FLOOR_DIR, file)));
  return missing.length ? `${missing.join(' and ')} not found in ${FLOOR_DIR} (PERF_FLOOR_DIR)` : null;
}

/** A Node process of a floor script in WORK_DIR, with the same Node as the bench's. */
function floorScript(args: string[], stdout: 'pipe' | 'ignore' = 'ignore'): ChildProcess {
  return spawn(process.execPath, args, { cwd: WORK_DIR, stdio: ['ignore', stdout, 'inherit'] });
}

function exited(child: ChildProcess, what: string): Promise<void> {
  return new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}`)))),
  );
}

interface FloorFixture {
  url: string;
  key: string;
  actor: string;
  seedMs: number;
}

/** Copies the floor's scripts and seeds its database with `size` employees (the floor's own seed). */
export async function seedFloor(size: number): Promise<FloorFixture> {
  mkdirSync(WORK_DIR, { recursive: true });
  for (const file of SCRIPTS) copyFileSync(path.join(FLOOR_DIR, file), path.join(WORK_DIR, file));
  const url = dbUrl(DATABASE);
  await admin(`drop database if exists ${DATABASE} with (force)`);
  const started = performance.now();
  const child = floorScript(['floor-server.mjs', 'seed', '--employees', String(size), '--db', url], 'pipe');
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  await exited(child, 'the floor seed');
  const value = (name: string) => {
    const found = new RegExp(`^${name}=(\\S+)$`, 'm').exec(printed)?.[1];
    if (!found) throw new Error(`the floor seed printed no ${name}=: ${printed}`);
    return found;
  };
  return { url, key: value('KEY'), actor: value('ACTOR'), seedMs: Math.round(performance.now() - started) };
}

export async function dropFloor(): Promise<void> {
  await admin(`drop database if exists ${DATABASE} with (force)`);
}

interface BenchSide {
  median: Median;
  runs: unknown[];
}

/** The part of bench.mjs's JSON (--out) the table reads. */
interface BenchOutput {
  results: Record<string, { service: BenchSide; floor: BenchSide; ratio: number; round_ratios: number[] }>;
}

/**
 * Starts the floor on its seeded database, runs bench.mjs --compare (service first, then floor,
 * flipped each round), and reads both processes' peak RSS after it.
 */
export async function compareWithFloor(
  size: number,
  fixture: FloorFixture,
  service: { url: string; key: string; actor: string; pid: number },
): Promise<FloorCompare> {
  const floor = floorScript(['floor-server.mjs', '--port', String(PORT), '--db', fixture.url]);
  const floorUrl = `http://127.0.0.1:${PORT}`;
  /** bench.mjs --compare of `scenarios`, service first, then floor, flipped each round; its results. */
  const compare = async (scenarios: string, duration: number, rounds: number) => {
    const out = path.join(WORK_DIR, `compare-${size}-${scenarios.replaceAll(',', '-')}.json`);
    const bench = spawn(
      process.execPath,
      [
        'bench.mjs',
        ...['--target', service.url, '--key', service.key, '--actor', service.actor, '--label', 'service'],
        ...['--compare', floorUrl, '--key2', fixture.key, '--actor2', fixture.actor, '--label2', 'floor'],
        ...['--duration', String(duration), '--rounds', String(rounds), '--connections', String(CONNECTIONS)],
        ...['--scenarios', scenarios, '--out', out],
      ],
      // Its table goes to stderr beside the rest of the progress: make bench's stdout is its own table.
      { cwd: WORK_DIR, stdio: ['ignore', 2, 'inherit'] },
    );
    await exited(bench, 'bench.mjs');
    return (JSON.parse(readFileSync(out, 'utf8')) as BenchOutput).results;
  };
  try {
    await waitHealthy(floorUrl, floor);
    const results = {
      ...(await compare('first,deep,get', DURATION_S, ROUNDS)),
      ...(await compare('post', HIRE_DURATION_S, HIRE_ROUNDS)),
    };
    const servicePeak = rssMb(service.pid).peak;
    const floorPeak = rssMb(floor.pid as number).peak;
    const rows = Object.entries(FLOOR_SCENARIOS).flatMap(([name, scenario]) => {
      const result = results[name];
      if (!result) return [];
      const [s, f] = [result.service.median, result.floor.median];
      return [
        {
          scenario,
          service: s,
          floor: f,
          rps_ratio: result.ratio,
          p99_ratio: round2(s.p99 / f.p99),
          round_ratios: result.round_ratios,
        },
      ];
    });
    return {
      size,
      settings: {
        duration_s: DURATION_S,
        rounds: ROUNDS,
        hire_duration_s: HIRE_DURATION_S,
        hire_rounds: HIRE_ROUNDS,
        connections: CONNECTIONS,
        service_log_level: COMPARE_LOG_LEVEL,
      },
      rows,
      service_peak_rss_mb: servicePeak,
      floor_peak_rss_mb: floorPeak,
      rss_ratio: round2(servicePeak / floorPeak),
      floor_seed_ms: fixture.seedMs,
    };
  } finally {
    await stopProcess(floor);
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
