/**
 * The admin CLI. Each command imports what it runs when it runs (`import()`), so that `wfm serve`
 * loads only the serving path: not the OpenAPI generator, the demo seed, or the credential and
 * tenant administration of the other commands (docs/decisions.md, "What a process loads").
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Orm } from '../../db/orm.js';
import type { DemoResult } from '../../routers/organisations/demo.writes.js';
import type { Env } from './env.js';
import type { ListenOptions } from './listen.js';

// Node keeps the compiled code of the modules it loads in its on-disk cache and reuses it on the next
// start (80 ms of the bundled start's CPU); nothing but Node's built-ins is loaded before this line.
// The cache sits beside the code (dist/bundle/.compile-cache): Node's default, under the system's
// temporary directory, starts empty at every start where that directory is the service's own
// (systemd's PrivateTmp, a new container). Where the installation cannot be written, the default;
// NODE_COMPILE_CACHE names another directory; where none can be written, it is off.
const cacheDir = fileURLToPath(new URL('.compile-cache', import.meta.url));
if (module.enableCompileCache(cacheDir).status === module.constants.compileCacheStatus.FAILED) {
  module.enableCompileCache();
}

const usage = `wfm — Workforce admin CLI

Usage:
  wfm migrate [--seed-demo]                     apply pending database migrations; --seed-demo: and on an empty
                                                database create the demo organisation (credentials kept under DATA_DIR)
  wfm serve [--seed-demo]                       start the HTTP server (PORT, default 3000) and the outbox dispatcher;
                                                --seed-demo creates the demo organisation on an empty database
  wfm worker                                    run only the outbox and webhook dispatchers and the purge
  wfm openapi [--out FILE]                      print (or write) the OpenAPI document
  wfm tenant create --name N [--seats N] [--id-prefix P] [--admin-email E] [--admin-name N]
  wfm key create --tenant ID --env live|test --scopes a,b [--name N] [--expires-in 30d]
  wfm key rotate KEY_ID [--grace 24h]           new secret; the old one works for the grace period
  wfm key revoke KEY_ID
  wfm key list --tenant ID
  wfm client create --tenant ID --env live|test --scopes a,b [--name N]
  wfm client rotate CLIENT_ID                   new client secret; the old one stops at once
  wfm client revoke CLIENT_ID
  wfm webhook create --tenant ID --env live|test --url U --events a,b [--description D]
                                                a webhook endpoint (event types, or *); prints its id and secret
  wfm webhook list --tenant ID                  the organisation's endpoints, live and sandbox
  wfm webhook delete ENDPOINT_ID
  wfm secrets rotate-key [--new-key-file PATH]  re-encrypt every stored secret under the new SECRETS_ENCRYPTION_KEY,
                                                given again in PATH or on standard input (--new-key B64 works, but
                                                shows in the process list); set it and SECRETS_ENCRYPTION_KEY_PREVIOUS
                                                on every node first: refused without SECRETS_ENCRYPTION_KEY
                                                (docs/configuration.md)
  wfm demo                                      a demo organisation with data in every resource, keys and a client
  wfm account invite EMPLOYEE_ID                a fresh one-time set-up link for the employee's login account
                                                (EMPLOYEE_ID: the employee's id, a UUID); earlier unused links stop working
  wfm account disable EMPLOYEE_ID               the account can no longer sign in; its unused set-up links and its
                                                sign-in tokens stop working
  wfm app create --name N --redirect-uri URI [--redirect-uri URI …]
                                                a first-party app (a public client, every tenant) whose users sign in
                                                with PKCE; its redirect URIs' origins may call the API from a browser
  wfm listen --forward-to URL [--events a,b] [--base-url URL] [--api-key KEY]
                                                follow the key's tenant's events on any server (default
                                                PUBLIC_BASE_URL, http://localhost:3000) from the newest one and POST
                                                each to URL signed like a webhook with the secret it prints; a restart
                                                goes on where it stopped; the key from WORKFORCE_API_KEY, else
                                                --api-key (which shows in the process list)

--tenant is always the organisation's live tenant id. Every command takes --json and then
prints exactly one JSON object on stdout (listen: one per line, as it goes). Webhook secrets are encrypted under SECRETS_ENCRYPTION_KEY,
else the key file DATA_DIR/secrets.key (created on first use; DATA_DIR unset: var/ of this
installation, wherever the command is run from).`;

const options = {
  json: { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h' },
  out: { type: 'string' },
  name: { type: 'string' },
  seats: { type: 'string' },
  'id-prefix': { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-name': { type: 'string' },
  tenant: { type: 'string' },
  env: { type: 'string' },
  scopes: { type: 'string' },
  'expires-in': { type: 'string' },
  'seed-demo': { type: 'boolean', default: false },
  grace: { type: 'string' },
  url: { type: 'string' },
  events: { type: 'string' },
  description: { type: 'string' },
  'new-key': { type: 'string' },
  'new-key-file': { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'forward-to': { type: 'string' },
  'base-url': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

/** `30d`, `24h`, `15m`, `90s` or a bare number of seconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)([smhd]?)$/.exec(text.trim());
  if (!match) throw new Error(`Invalid duration '${text}' (use e.g. 90s, 15m, 24h, 30d)`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2]] ?? 1;
  return Number(match[1]) * unit;
}

function required(values: Values, name: keyof Values): string {
  const value = values[name];
  if (typeof value !== 'string' || !value) throw new Error(`--${name} is required`);
  return value;
}

function envArg(values: Values): 'live' | 'test' {
  const env = required(values, 'env');
  if (env !== 'live' && env !== 'test') throw new Error('--env must be live or test');
  return env;
}

/** Opens the database, brings its schema up to date, runs `work`, and closes it. */
async function withOrm<T>(env: Env, work: (orm: Orm, applied: string[]) => Promise<T>): Promise<T> {
  const [{ migrate, openOrm }, { createLogger }] = await Promise.all([
    import('../../db/orm.js'),
    import('./logging.js'),
  ]);
  const logger = createLogger(env, 2);
  const orm = await openOrm(env, (m) => logger.debug(m));
  try {
    const applied = await migrate(orm);
    return await work(orm, applied);
  } finally {
    await orm.close();
  }
}

async function run(env: Env, command: string, values: Values, args: string[]): Promise<unknown> {
  const prefix = env.CREDENTIAL_PREFIX;
  const credentials = () => import('../../routers/credentials/credentials.writes.js');
  switch (command) {
    case 'migrate':
      return withOrm(env, async (orm, applied) =>
        values['seed-demo']
          ? { applied, demo_created: (await createDemoIfEmpty(env, orm)) !== undefined }
          : { applied },
      );
    case 'tenant create': {
      const { createOrganisation } = await import('../../routers/organisations/organisations.writes.js');
      return withOrm(env, (orm) =>
        createOrganisation(orm.em.fork(), {
          name: required(values, 'name'),
          seats: values.seats === undefined ? null : Number.parseInt(values.seats, 10),
          idPrefix: values['id-prefix'],
          adminEmail: values['admin-email'],
          adminName: values['admin-name'],
        }),
      );
    }
    case 'key create': {
      const [{ createApiKey }, { parseScopes }] = await Promise.all([credentials(), import('../../core/scopes.js')]);
      return withOrm(env, (orm) =>
        createApiKey(orm.em.fork(), prefix, {
          tenantId: required(values, 'tenant'),
          env: envArg(values),
          scopes: parseScopes(required(values, 'scopes')),
          name: values.name,
          expiresAt: values['expires-in'] ? new Date(Date.now() + parseDuration(values['expires-in']) * 1000) : null,
        }),
      );
    }
    case 'key rotate': {
      const { rotateApiKey } = await credentials();
      return withOrm(env, (orm) =>
        rotateApiKey(orm.em.fork(), prefix, positional(args, 'KEY_ID'), parseDuration(values.grace ?? '24h')),
      );
    }
    case 'key revoke': {
      const { revokeApiKey } = await credentials();
      return withOrm(env, (orm) => revokeApiKey(orm.em.fork(), positional(args, 'KEY_ID')));
    }
    case 'key list': {
      const { listApiKeys } = await import('../../routers/credentials/credentials.reads.js');
      return withOrm(env, (orm) => listApiKeys(orm.em.fork(), required(values, 'tenant')));
    }
    case 'client create': {
      const [{ createOAuthClient }, { parseScopes }] = await Promise.all([
        credentials(),
        import('../../core/scopes.js'),
      ]);
      return withOrm(env, (orm) =>
        createOAuthClient(orm.em.fork(), prefix, {
          tenantId: required(values, 'tenant'),
          env: envArg(values),
          scopes: parseScopes(required(values, 'scopes')),
          name: values.name,
        }),
      );
    }
    case 'client rotate': {
      const { rotateOAuthClientSecret } = await credentials();
      return withOrm(env, (orm) => rotateOAuthClientSecret(orm.em.fork(), prefix, positional(args, 'CLIENT_ID')));
    }
    case 'client revoke': {
      const { revokeOAuthClient } = await credentials();
      return withOrm(env, (orm) => revokeOAuthClient(orm.em.fork(), positional(args, 'CLIENT_ID')));
    }
    case 'webhook create': {
      const { createWebhookEndpointFor } = await import('../../routers/webhooks/webhookEndpoints.writes.js');
      // The URL's host is asked of the DNS servers the service asks (WEBHOOK_DNS_SERVERS).
      const { configureWebhookResolver } = await import('../../routers/webhooks/webhookHosts.dns.js');
      configureWebhookResolver(env.WEBHOOK_DNS_SERVERS);
      const eventTypes = required(values, 'events')
        .split(/[\s,]+/)
        .filter(Boolean);
      return withOrm(env, (orm) =>
        createWebhookEndpointFor(
          orm.em.fork(),
          required(values, 'tenant'),
          envArg(values),
          {
            url: required(values, 'url'),
            event_types: eventTypes as Parameters<typeof createWebhookEndpointFor>[3]['event_types'],
            description: values.description,
          },
          env.WEBHOOK_ALLOW_PRIVATE_URLS,
          env.secretKeys,
        ),
      );
    }
    case 'webhook list': {
      const { listWebhookEndpointsFor } = await import('../../routers/webhooks/webhookEndpoints.writes.js');
      return withOrm(env, (orm) => listWebhookEndpointsFor(orm.em.fork(), required(values, 'tenant')));
    }
    case 'webhook delete': {
      const { deleteWebhookEndpointById } = await import('../../routers/webhooks/webhookEndpoints.writes.js');
      return withOrm(env, (orm) => deleteWebhookEndpointById(orm.em.fork(), positional(args, 'ENDPOINT_ID')));
    }
    case 'secrets rotate-key': {
      if (values['new-key'] !== undefined) {
        process.stderr.write(
          'wfm: warning: --new-key shows the key in the process list (ps, /proc) while this runs; ' +
            'give it with --new-key-file PATH or on standard input instead\n',
        );
      }
      // Without it each node seals under its own key file: every one of them would need the new key.
      if (!env.SECRETS_ENCRYPTION_KEY) {
        throw new Error(
          'SECRETS_ENCRYPTION_KEY is unset (each node uses the key file under its DATA_DIR), so no node would ' +
            'hold the new key: set SECRETS_ENCRYPTION_KEY to the new key and SECRETS_ENCRYPTION_KEY_PREVIOUS to ' +
            "the key file's content, on every node and here, then run rotate-key (docs/configuration.md)",
        );
      }
      const [{ key, given }, { reencryptWebhookSecrets }] = await Promise.all([
        newSecretKey(values),
        import('../../routers/webhooks/webhookSecrets.writes.js'),
      ]);
      // Nodes seal new secrets under SECRETS_ENCRYPTION_KEY: re-encrypting under another key would
      // leave secrets they cannot read.
      if (!env.SECRETS_ENCRYPTION_KEY.equals(key)) {
        throw new Error(
          `${given} differs from SECRETS_ENCRYPTION_KEY: set SECRETS_ENCRYPTION_KEY to the new key and ` +
            'SECRETS_ENCRYPTION_KEY_PREVIOUS to the old one (on every node and here), then run rotate-key',
        );
      }
      const keys = env.secretKeys.rotatedTo(key);
      return withOrm(env, async (orm) => ({
        key_id: keys.currentKeyId,
        reencrypted: await reencryptWebhookSecrets(orm.em.fork(), keys),
      }));
    }
    case 'demo': {
      const { createDemoOrganisation } = await import('../../routers/organisations/demo.writes.js');
      return withOrm(env, (orm) => createDemoOrganisation(orm.em.fork(), prefix));
    }
    case 'account invite': {
      const { issueSetupLink } = await import('../../routers/accounts/accounts.writes.js');
      return withOrm(env, (orm) => issueSetupLink(orm.em.fork(), positional(args, 'EMPLOYEE_ID'), env.PUBLIC_BASE_URL));
    }
    case 'account disable': {
      const { disableAccount } = await import('../../routers/accounts/accounts.writes.js');
      return withOrm(env, (orm) => disableAccount(orm.em.fork(), positional(args, 'EMPLOYEE_ID')));
    }
    case 'app create': {
      const { createFirstPartyApp } = await import('../../routers/credentials/firstPartyApps.writes.js');
      const name = required(values, 'name');
      const redirectUris = values['redirect-uri'] ?? [];
      return withOrm(env, (orm) => createFirstPartyApp(orm.em.fork(), prefix, { name, redirectUris }));
    }
    default:
      throw new Error(`Unknown command '${command}'. Run wfm --help.`);
  }
}

/** The demo organisation's credentials: its secrets are stored hashed, so this file is the only place to read them. */
function demoCredentialsFile(env: Env): string {
  return path.resolve(env.DATA_DIR, 'demo-credentials.json');
}

/** On an empty database, creates the demo organisation and keeps its credentials under DATA_DIR. */
async function createDemoIfEmpty(env: Env, orm: Orm): Promise<DemoResult | undefined> {
  const [{ count }] = await orm.em.fork().execute<{ count: string }[]>('select count(*) as count from organisations');
  if (Number(count) !== 0) return undefined;
  const { createDemoOrganisation } = await import('../../routers/organisations/demo.writes.js');
  const demo = await createDemoOrganisation(orm.em.fork(), env.CREDENTIAL_PREFIX);
  const file = demoCredentialsFile(env);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  return demo;
}

/** `make run`: the demo organisation on an empty database, and the banner of how to use it. */
async function seedDemoOnFirstStart(env: Env, orm: Orm): Promise<void> {
  const file = demoCredentialsFile(env);
  const demo =
    (await createDemoIfEmpty(env, orm)) ??
    (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoResult) : undefined);
  if (!demo) return;
  const base = env.PUBLIC_BASE_URL;
  process.stderr.write(
    [
      '',
      `Demo organisation "${demo.tenant.name}" (credentials kept in ${file}):`,
      `  live API key   ${demo.live_key.secret}`,
      `  test API key   ${demo.test_key.secret}`,
      `  OAuth client   ${demo.client.client_id}`,
      `  client secret  ${demo.client.client_secret}`,
      `  HR admin id    ${demo.hr_admin.id} (${demo.hr_admin.email})`,
      '',
      ...(await demoSignInLines(env, orm, demo)),
      ...(await devAppLines(env, orm)),
      'Try:',
      `  curl -H "Authorization: Bearer ${demo.live_key.secret}" "${base}/v1/employees?limit=5"`,
      `  API reference: ${base}/docs`,
      '',
      ...webhookHint(env, demo.live_key.secret),
    ].join('\n'),
  );
}

/**
 * Who of the demo can sign in, and how (decisions §20): the HR admin and an employee who reports to
 * them, each with a set-up link issued now (every start issues new ones, replacing the last) until
 * the account has a password.
 */
async function demoSignInLines(env: Env, orm: Orm, demo: DemoResult): Promise<string[]> {
  const { demoSignIns } = await import('../../routers/accounts/accounts.writes.js');
  const people = await demoSignIns(orm.em.fork(), demo.tenant.id, demo.hr_admin.id, env.PUBLIC_BASE_URL);
  return [
    'Sign in as (docs/sign-in.md):',
    ...people.flatMap((p) => [
      `  ${p.role.padEnd(9)} ${p.full_name} <${p.email}>, id ${p.employee_id}`,
      p.setup_url
        ? `            set a password (link works once, 7 days): ${p.setup_url}`
        : '            account set up: sign in with its password (a new link: wfm account invite ID)',
    ]),
    '',
  ];
}

/** The first-party app to sign in with from a browser (examples/web, docs/sign-in.md "Trying it in a browser"). */
async function devAppLines(env: Env, orm: Orm): Promise<string[]> {
  const { devFirstPartyApp } = await import('../../routers/organisations/demo.writes.js');
  const app = await devFirstPartyApp(orm.em.fork(), env.CREDENTIAL_PREFIX);
  const authorize = new URL('/oauth/authorize', env.PUBLIC_BASE_URL);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: app.client_id,
    redirect_uri: app.redirect_uris[0],
  }).toString();
  return [
    'Sign in from a browser (first-party app for local development, docs/sign-in.md "Trying it in a browser"):',
    `  client_id      ${app.client_id} (redirect URIs ${app.redirect_uris.join(', ')})`,
    `  the web app    cd examples/web && npm run pack-trpc && npm install`,
    `                 VITE_WORKFORCE_API=${env.PUBLIC_BASE_URL} VITE_WORKFORCE_CLIENT_ID=${app.client_id} npm run dev`,
    `                 then open ${new URL(app.redirect_uris[0]).origin}`,
    `  or by hand     ${authorize}&code_challenge=<S256 of your verifier>&code_challenge_method=S256&state=<random>`,
    '',
  ];
}

/** How to try a webhook receiver on this machine (decisions §17): docs/webhooks.md "Webhooks locally". */
function webhookHint(env: Env, secret: string): string[] {
  // wfm listen sends from this machine, whatever the server's policy on receivers.
  const listen = [
    'Or no endpoint at all: forward each event to a receiver, signed with the secret it prints:',
    `  WORKFORCE_API_KEY=${secret} wfm listen --base-url ${env.PUBLIC_BASE_URL} --forward-to http://localhost:4000/hook`,
    '',
  ];
  if (!env.WEBHOOK_ALLOW_PRIVATE_URLS) {
    return [
      'Webhooks: receivers must be public https:// URLs with a DATABASE_URL; on a development machine,',
      '  WEBHOOK_ALLOW_PRIVATE_URLS=true lets http://localhost receivers in (docs/webhooks.md "Webhooks locally").',
      ...listen,
    ];
  }
  const body = JSON.stringify({ url: 'http://localhost:4000/hook', event_types: ['*'] });
  return [
    'Webhooks: this embedded default accepts http://localhost receivers. Listen on port 4000, then:',
    `  curl -H "Authorization: Bearer ${secret}" -H "Content-Type: application/json" \\`,
    `    -d '${body}' "${env.PUBLIC_BASE_URL}/v1/webhook-endpoints"`,
    '  and POST /v1/webhook-endpoints/{id}/test sends it a signed webhook.test event (docs/webhooks.md "Webhooks locally").',
    ...listen,
  ];
}

/**
 * The first start of the embedded database (no DATABASE_URL, no data directory yet): a child process
 * (`wfm migrate`, with `--seed-demo` when asked) creates, migrates and seeds it, and this process
 * then opens it as a restart does. PGlite's WebAssembly memory never shrinks, and what the
 * migrations and the seed touched of it and of the JavaScript heap stayed resident in the serving
 * process (20-30 MB); the child returns it when it exits.
 */
async function prepareEmbeddedDatabase(env: Env, seedDemo: boolean): Promise<void> {
  const { embeddedDataDirExists } = await import('../../db/orm.js');
  if (embeddedDataDirExists(env)) return;
  const args = [...process.execArgv, process.argv[1], 'migrate', ...(seedDemo ? ['--seed-demo'] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  if (code !== 0)
    throw new Error(`preparing the embedded database in ${env.DATA_DIR} failed (wfm migrate: exit ${code})`);
}

/** On SIGTERM or SIGINT: close `running` (a server drains first, decisions §16), then exit 0. */
function exitOnSignals(running: { close(): Promise<void> }): void {
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

/**
 * rotate-key's new key, and where it was given: from --new-key-file, --new-key, or standard input
 * when that is not a terminal (a pipe or a file: nothing of the key in the process list or history).
 */
async function newSecretKey(values: Values): Promise<{ key: Buffer; given: string }> {
  const { parseSecretKey } = await import('../../db/secrets.js');
  const parsed = (text: string, given: string) => ({ key: parseSecretKey(text, given), given });
  const file = values['new-key-file'];
  if (file !== undefined && values['new-key'] !== undefined) {
    throw new Error('give the new key once: --new-key-file PATH, standard input or --new-key, not two of them');
  }
  if (file !== undefined) return parsed(readFileSync(file, 'utf8'), `The key in --new-key-file ${file}`);
  if (values['new-key'] !== undefined) return parsed(values['new-key'], '--new-key');
  if (process.stdin.isTTY) {
    throw new Error(
      'give the new key on standard input (echo "$KEY" | wfm secrets rotate-key) or with --new-key-file PATH',
    );
  }
  let text = '';
  for await (const chunk of process.stdin.setEncoding('utf8')) text += chunk;
  if (!text.trim()) throw new Error('no key on standard input: pipe it in, or give --new-key-file PATH');
  return parsed(text, 'The key on standard input');
}

function positional(args: string[], name: string): string {
  if (!args[0]) throw new Error(`${name} is required`);
  return args[0];
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options });
  if (values.help || positionals.length === 0) {
    process.stdout.write(`${usage}\n`);
    return;
  }
  const { parseEnv } = await import('./env.js');
  const env = parseEnv(process.env, {
    onKeyFileCreated: (file) =>
      process.stderr.write(
        `wfm: SECRETS_ENCRYPTION_KEY is unset: created the key file ${file}, which webhook secrets are ` +
          'encrypted under (back it up with DATA_DIR; every node on the same database needs this key)\n',
      ),
  });
  const [first, second, ...rest] = positionals;
  if (first === 'openapi') {
    const { buildOpenApiDocument } = await import('../openapi/document.js');
    const doc = `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
    if (values.out) writeFileSync(values.out, doc);
    else process.stdout.write(doc);
    return;
  }
  if (first === 'serve') {
    if (!env.DATABASE_URL) await prepareEmbeddedDatabase(env, values['seed-demo']);
    const { startServer } = await import('./start.js');
    const running = await startServer(env);
    // Everything serving needs is loaded by now: keep its compiled code for the next start.
    module.flushCompileCache();
    process.stderr.write(
      `Workforce API listening on ${env.PUBLIC_BASE_URL} (database: ${env.DATABASE_URL ? 'PostgreSQL' : `embedded PGlite in ${env.DATA_DIR}`})\n`,
    );
    if (values['seed-demo']) await seedDemoOnFirstStart(env, running.orm);
    exitOnSignals(running);
    return;
  }
  if (first === 'worker') {
    // The dispatchers and purges alone, for a deployment that runs them apart from the API.
    const [{ createLogger }, { startWorker }] = await Promise.all([import('./logging.js'), import('./start.js')]);
    const running = await startWorker(env, createLogger(env));
    process.stderr.write(
      'Workforce worker running (outbox and webhook dispatchers, idempotency key and event purge)\n',
    );
    exitOnSignals(running);
    return;
  }
  if (first === 'listen') {
    const apiKey = values['api-key'] ?? process.env.WORKFORCE_API_KEY;
    if (!apiKey) throw new Error('give the API key in WORKFORCE_API_KEY (or with --api-key)');
    const stop = new AbortController();
    process.once('SIGTERM', () => stop.abort());
    process.once('SIGINT', () => stop.abort());
    const { listen } = await import('./listen.js');
    // Stopped before it was ready (a ^C while it asks the server): a stop, not a failure.
    const stopped = (error: unknown) => {
      if (!stop.signal.aborted) throw error;
    };
    await listen({
      forwardTo: required(values, 'forward-to'),
      baseUrl: values['base-url'] ?? env.PUBLIC_BASE_URL,
      apiKey,
      events: values.events?.split(/[\s,]+/).filter(Boolean) as ListenOptions['events'],
      dir: path.resolve(env.DATA_DIR, 'listen'),
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      json: values.json,
      signal: stop.signal,
    }).catch(stopped);
    return;
  }
  const command = first === 'migrate' ? first : `${first} ${second ?? ''}`.trim();
  const args = first === 'migrate' ? [second, ...rest].filter(Boolean) : rest;
  const result = await run(env, command, values, args);
  process.stdout.write(values.json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  if (process.argv.includes('--json')) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  process.stderr.write(`wfm: ${message}\n`);
  process.exit(1);
});
