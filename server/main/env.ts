/**
 * Every setting the process reads, parsed once at start by zod: a bad value stops the process with a
 * message naming it (docs/configuration.md lists them).
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DB_TIMEOUT_DEFAULTS } from '../../db/orm.js';
import { parseSecretKey, SecretKeyRing } from '../../db/secrets.js';

/**
 * The origin an entry of CORS_ORIGINS names, as a browser writes it (`HTTPS://App.example.com/` →
 * `https://app.example.com`); undefined when it is not `scheme://host[:port]`, which would
 * otherwise silently allow nothing.
 */
function originOf(entry: string): string | undefined {
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  const plain = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  return ['http:', 'https:'].includes(url.protocol) && plain ? url.origin : undefined;
}

const flag = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const bool = flag.default(false);
const positiveInt = z.coerce.number().int().positive();
/** Milliseconds; 0 turns the database timeout off (PostgreSQL's own setting then applies). */
const timeoutMs = z.coerce.number().int().min(0).max(2_147_483_647);

/** A 32-byte key in base64 (decisions §18); a malformed one stops the process, naming the setting. */
const secretKey = (setting: string) =>
  z.string().transform((value, ctx) => {
    try {
      return parseSecretKey(value, setting);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

/** A DNS server as node:dns's setServers takes it: an IP address, `ipv4:port`, `[ipv6]` or `[ipv6]:port`. */
function isDnsServer(server: string): boolean {
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(server) ?? /^([^:]+):(\d+)$/.exec(server);
  const [address, port] = match ? [match[1] as string, match[2]] : [server, undefined];
  const family = isIP(address);
  const portOk = port === undefined || (/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535);
  // A bracketed address is IPv6; a bare one with a port is IPv4 (an IPv6 one needs the brackets).
  return portOk && (server.startsWith('[') ? family === 6 : family !== 0);
}

/**
 * DATA_DIR when unset: `var/` of the installation, the directory holding server/ (dist/'s parent for
 * the compiled code, tsconfig.build.json's outDir), not of the current directory: the server and every
 * `wfm` command find the same database and key file wherever they are started (decisions §21).
 */
const INSTALLATION_DATA_DIR = (() => {
  const up = fileURLToPath(new URL('../..', import.meta.url));
  return path.join(path.basename(up) === 'dist' ? path.dirname(up) : up, 'var');
})();

/** HTTP server timeouts (decisions §16). */
const HTTP_TIMEOUT_DEFAULTS = {
  HTTP_HEADERS_TIMEOUT_MS: 10_000,
  HTTP_REQUEST_TIMEOUT_MS: 30_000,
  HTTP_KEEP_ALIVE_TIMEOUT_MS: 5_000,
} as const;

/** Every setting the process reads, parsed once at boot so a typo fails fast with a clear message. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  /**
   * DATABASE_URL is a pooler in transaction mode, e.g. PgBouncer (db/orm.ts; docs/operations.md
   * "PgBouncer in transaction mode").
   */
  DATABASE_TRANSACTION_POOLING: bool,
  /** Absolute from here on (a relative one is the current directory's). */
  DATA_DIR: z
    .string()
    .default(INSTALLATION_DATA_DIR)
    .transform((dir) => path.resolve(dir)),
  TRUST_PROXY: bool,
  /**
   * The key signing secrets are encrypted under at rest (decisions §18; docs/configuration.md).
   * Unset: the key file DATA_DIR/secrets.key, created on first use.
   */
  SECRETS_ENCRYPTION_KEY: secretKey('SECRETS_ENCRYPTION_KEY').optional(),
  /** The key being rotated away from: still read until `wfm secrets rotate-key` has re-encrypted everything. */
  SECRETS_ENCRYPTION_KEY_PREVIOUS: secretKey('SECRETS_ENCRYPTION_KEY_PREVIOUS').optional(),
  CURSOR_SECRET: z.string().min(32, 'CURSOR_SECRET must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_STORE: z.enum(['memory', 'redis', 'postgres']).default('memory'),
  RATE_LIMIT_POINTS: positiveInt.default(1000),
  RATE_LIMIT_DURATION_S: positiveInt.default(60),
  RATE_LIMIT_IP_POINTS: positiveInt.default(120),
  RATE_LIMIT_TOKEN_POINTS: positiveInt.default(60),
  RATE_LIMIT_TOKEN_FAIL_POINTS: positiveInt.default(10),
  /** Failed sign-ins per 15 minutes, per account (e-mail address) and per client IP (decisions §20). */
  RATE_LIMIT_SIGNIN_POINTS: positiveInt.default(10),
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  /** A shared rate-limit store's answer must come within this; else this process counts in memory. */
  RATE_LIMIT_STORE_TIMEOUT_MS: positiveInt.default(500),
  /** Checked here so that a malformed one stops the start (nodemailer itself loads with the first e-mail). */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Whether this process delivers the e-mail outbox (every node may; they never take the same row). */
  OUTBOX_DISPATCH: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  OUTBOX_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  CREDENTIAL_PREFIX: z
    .string()
    .regex(/^[a-z][a-z0-9]{1,15}$/, 'CREDENTIAL_PREFIX must be 2-16 lower-case letters or digits')
    .default('svc'),
  /**
   * Each node keeps the credentials it resolves, emptied on every node before a revocation answers
   * (decisions §3; server/main/credentialNotices.ts). Only straight on PostgreSQL: not on PGlite nor
   * through a transaction pooler, where it is off whatever this says.
   */
  CREDENTIAL_CACHE: flag.default(true),
  /** The origins whose pages may call the API (server/http/pipeline/edge.ts), as browsers write them. */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const entries = v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean);
      const origins = entries.map(originOf);
      const bad = entries.filter((_, i) => !origins[i]);
      if (bad.length) {
        ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port]): ${bad.join(', ')}` });
        return z.NEVER;
      }
      return origins as string[];
    }),
  /** The request line and headers must arrive within this (else 408). */
  HTTP_HEADERS_TIMEOUT_MS: positiveInt.default(HTTP_TIMEOUT_DEFAULTS.HTTP_HEADERS_TIMEOUT_MS),
  /** The whole request, body included, must arrive within this (else 408). */
  HTTP_REQUEST_TIMEOUT_MS: positiveInt.default(HTTP_TIMEOUT_DEFAULTS.HTTP_REQUEST_TIMEOUT_MS),
  /** An idle keep-alive connection is closed after this. */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: positiveInt.default(HTTP_TIMEOUT_DEFAULTS.HTTP_KEEP_ALIVE_TIMEOUT_MS),
  DB_STATEMENT_TIMEOUT_MS: timeoutMs.default(DB_TIMEOUT_DEFAULTS.DB_STATEMENT_TIMEOUT_MS),
  DB_LOCK_TIMEOUT_MS: timeoutMs.default(DB_TIMEOUT_DEFAULTS.DB_LOCK_TIMEOUT_MS),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: timeoutMs.default(DB_TIMEOUT_DEFAULTS.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS),
  /**
   * Client-side: a query with no answer within this fails (503) and its connection is dropped.
   * Default: DB_STATEMENT_TIMEOUT_MS + 1 s (none when that is 0).
   */
  DB_QUERY_TIMEOUT_MS: timeoutMs.optional(),
  /** The longest a request waits for a pooled connection, opening a new one included (else 503). */
  DB_POOL_TIMEOUT_MS: positiveInt.default(DB_TIMEOUT_DEFAULTS.DB_POOL_TIMEOUT_MS),
  /** Connections of the request pool of this process. */
  DB_POOL_MAX: positiveInt.default(10),
  /**
   * Development and tests only: webhook URLs may be http:// and point at loopback, private or
   * link-local addresses (decisions §14). Never in production: it opens server-side request forgery.
   * Unset: true for the embedded database (`make run` on a developer's machine, so http://localhost
   * receivers work; decisions §17), false with a DATABASE_URL.
   */
  WEBHOOK_ALLOW_PRIVATE_URLS: flag.optional(),
  /** The DNS servers webhook hosts are resolved with (`ip`, `ip:port`, `[v6]:port`, comma list); unset: the system's. */
  WEBHOOK_DNS_SERVERS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      const servers = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = servers.find((s) => !isDnsServer(s));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `WEBHOOK_DNS_SERVERS must be a comma list of ip, ip:port or [ipv6]:port (not "${bad}")`,
        });
        return z.NEVER;
      }
      return servers;
    }),
  /** Seconds before each retry of a failed webhook delivery (decisions §14); its length is the number of retries. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('5,300,1800,7200,18000,36000,36000')
    .transform((v, ctx) => {
      const delays = v.split(',').map((s) => Number(s.trim()));
      if (delays.some((d) => !Number.isInteger(d) || d < 0)) {
        ctx.addIssue({ code: 'custom', message: 'WEBHOOK_RETRY_SCHEDULE must be a comma list of whole seconds' });
        return z.NEVER;
      }
      return delays;
    }),
  /** An endpoint whose deliveries failed this many times in a row, none succeeding, is disabled. */
  WEBHOOK_DISABLE_AFTER: positiveInt.default(100),
  /** How often the webhook dispatcher looks for due deliveries. */
  WEBHOOK_INTERVAL_MS: z.coerce.number().int().min(50).default(1000),
  /** A webhook delivery that has no answer within this fails (decisions §14: 10 s). */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /**
   * How long a claimed delivery stays a dispatcher's (decisions §14: 60 s): a node that dies
   * mid-send leaves it to any node after this. Longer than WEBHOOK_TIMEOUT_MS.
   */
  WEBHOOK_LEASE_S: positiveInt.default(60),
  /**
   * Webhook requests one node has in flight at most (its sockets): a slot is freed as its attempt
   * ends. With WEBHOOK_ENDPOINT_CONCURRENCY at 4 and WEBHOOK_TENANT_CONCURRENCY at 16, a node's
   * slots are all held only when the receivers of at least 4 tenants (16 endpoints) never answer.
   */
  WEBHOOK_CONCURRENCY: positiveInt.default(64),
  /** Attempts in flight per webhook endpoint at most, counted across every node (decisions §18). */
  WEBHOOK_ENDPOINT_CONCURRENCY: positiveInt.default(4),
  /**
   * Attempts in flight per tenant (all its endpoints together) on one node at most (decisions §21):
   * with 16 endpoints × 4, one tenant whose receivers hang would otherwise hold all 64 slots.
   */
  WEBHOOK_TENANT_CONCURRENCY: positiveInt.default(16),
  /** Test events (POST /v1/webhook-endpoints/{id}/test) per endpoint per minute, counted across nodes (decisions §18). */
  WEBHOOK_TEST_LIMIT: positiveInt.default(10),
  /**
   * A listener of its own, on METRICS_HOST, for GET /metrics, /livez and /readyz (README "Running
   * several nodes"). Unset, and METRICS_TOKEN unset too: no metrics endpoint at all.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Where METRICS_PORT listens: the loopback interface unless told otherwise (metrics are never public by default). */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * A bearer token for GET /metrics: when set, /metrics answers on the main port too, and on both
   * ports only to `Authorization: Bearer <METRICS_TOKEN>`.
   */
  METRICS_TOKEN: z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional(),
  /**
   * After SIGTERM, how long the node goes on serving while /readyz answers 503 (draining), so that
   * load balancers take it out of rotation first: their readiness period. Then it closes.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
});

export type Env = z.infer<typeof envSchema> & {
  PUBLIC_BASE_URL: string;
  WEBHOOK_ALLOW_PRIVATE_URLS: boolean;
  /** The keys secrets are sealed and opened with (SECRETS_ENCRYPTION_KEY[_PREVIOUS], else the key file). */
  secretKeys: SecretKeyRing;
};

/** `onKeyFileCreated`: told the path when the key ring creates DATA_DIR's key file (the CLI says so). */
export function parseEnv(
  source: NodeJS.ProcessEnv = process.env,
  { onKeyFileCreated }: { onKeyFileCreated?: (file: string) => void } = {},
): Env {
  // An empty variable (DATABASE_URL=) means unset, as in most twelve-factor tooling.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema
    .refine((e) => e.HTTP_HEADERS_TIMEOUT_MS <= e.HTTP_REQUEST_TIMEOUT_MS, {
      path: ['HTTP_HEADERS_TIMEOUT_MS'],
      message: 'HTTP_HEADERS_TIMEOUT_MS must not exceed HTTP_REQUEST_TIMEOUT_MS',
    })
    .refine(
      (e) => !e.DB_QUERY_TIMEOUT_MS || !e.DB_STATEMENT_TIMEOUT_MS || e.DB_QUERY_TIMEOUT_MS > e.DB_STATEMENT_TIMEOUT_MS,
      {
        path: ['DB_QUERY_TIMEOUT_MS'],
        message:
          'DB_QUERY_TIMEOUT_MS must exceed DB_STATEMENT_TIMEOUT_MS: the server should cancel a slow statement first',
      },
    )
    .refine((e) => e.WEBHOOK_TIMEOUT_MS < e.WEBHOOK_LEASE_S * 1000, {
      path: ['WEBHOOK_TIMEOUT_MS'],
      message: 'WEBHOOK_TIMEOUT_MS must be shorter than WEBHOOK_LEASE_S: a delivery must end within its lease',
    })
    .safeParse(given);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    ...env,
    PUBLIC_BASE_URL: env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`,
    WEBHOOK_ALLOW_PRIVATE_URLS: env.WEBHOOK_ALLOW_PRIVATE_URLS ?? env.DATABASE_URL === undefined,
    secretKeys: new SecretKeyRing({
      current: env.SECRETS_ENCRYPTION_KEY,
      previous: env.SECRETS_ENCRYPTION_KEY_PREVIOUS ? [env.SECRETS_ENCRYPTION_KEY_PREVIOUS] : [],
      dataDir: env.DATA_DIR,
      onKeyFileCreated,
    }),
  };
}
