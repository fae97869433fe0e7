// `make run`'s banner (decisions §20): `wfm serve --seed-demo` prints a set-up link for the demo HR
// admin and for an employee who reports to them, so both can sign in; once an account has its
// password, the next start says so, and the links it printed before stop working.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, expect, inject, test } from 'vitest';
import { openOrm } from '../../db/orm.js';
import { sql, useFreshDatabase, useTempDir } from '../support/database.js';
import { childEnv, cli, exited, freePort, root, transactionPooling } from '../support/processes.js';
import { waitFor } from '../support/wait.js';
import { postForm, SETUP_LINK } from './helpers.js';

const { url: databaseUrl } = useFreshDatabase('wfm_demo_signin');
const dataDir = useTempDir('wfm-demo-signin-');
const PASSWORD = 'a long and memorable passphrase';
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited(child);
    }
  }
});

/** Starts `wfm serve --seed-demo` and returns its base URL and the banner's sign-in section, once printed. */
async function serve(): Promise<{ base: string; banner: string; devApp: string; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [cli, 'serve', '--seed-demo'], {
    cwd: root,
    env: childEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir.path,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_BASE_URL: base,
      LOG_LEVEL: 'silent',
      ...transactionPooling(),
    }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  await waitFor(async () => stderr.includes('Try:') || child.exitCode !== null, 'the start banner', 60_000, 100);
  const banner = /Sign in as[\s\S]*?\n\n/.exec(stderr)?.[0];
  expect(banner, stderr).toBeDefined();
  const devApp = /Sign in from a browser[\s\S]*?\n\n/.exec(stderr)?.[0];
  expect(devApp, stderr).toBeDefined();
  return {
    base,
    banner: banner as string,
    devApp: devApp as string,
    stop: async () => {
      child.kill('SIGTERM');
      expect(await exited(child)).toBe(0);
    },
  };
}

test('the banner links the demo HR admin and a report of theirs to set-up pages; a set-up account is named as such', async () => {
  const first = await serve();
  const links = [...first.banner.matchAll(new RegExp(SETUP_LINK, 'g'))].map((m) => m[1]);
  expect(links, first.banner).toHaveLength(2);
  for (const link of links) {
    expect(link.startsWith(`${first.base}/account/setup?token=`)).toBe(true);
    expect((await fetch(link)).status).toBe(200);
  }
  const ids = [...first.banner.matchAll(/id ([0-9a-f-]{36})/g)].map((m) => m[1]);
  expect(first.banner).toMatch(/HR admin .*\n.*set a password/);
  expect(first.banner).toMatch(/employee .*\n.*set a password/);
  const orm = await openOrm({
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir.path,
    DATABASE_TRANSACTION_POOLING: inject('transactionPooling'),
  });
  try {
    const [admin] = await sql<{ is_hr_admin: boolean }>(orm, 'select is_hr_admin from employees where id = ?', [
      ids[0],
    ]);
    expect(admin.is_hr_admin).toBe(true);
    const [report] = await sql<{ manager_id: string }>(orm, 'select manager_id from employees where id = ?', [ids[1]]);
    expect(report.manager_id).toBe(ids[0]);
  } finally {
    await orm.close();
  }
  // The employee sets a password; the next start names their account as set up and replaces the admin's link.
  expect((await postForm(links[1], { password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  await first.stop();

  const second = await serve();
  const again = [...second.banner.matchAll(new RegExp(SETUP_LINK, 'g'))].map((m) => m[1]);
  expect(again, second.banner).toHaveLength(1);
  expect(second.banner).toMatch(/employee .*\n.*account set up/);
  expect((await fetch(again[0].replace(first.base, second.base))).status).toBe(200);
  expect((await fetch(links[0].replace(first.base, second.base))).status).toBe(410);
  // The first-party app for examples/web's development server: registered once, named on every start.
  const clientId = /client_id +(\S+)/.exec(first.devApp)?.[1];
  expect(second.devApp).toContain(`client_id      ${clientId} `);
  expect(first.devApp).toContain(`VITE_WORKFORCE_API=${first.base} VITE_WORKFORCE_CLIENT_ID=${clientId} npm run dev`);
  const authorize = /(http\S+\/oauth\/authorize\?\S+)&code_challenge=/.exec(second.devApp)?.[1] as string;
  expect(new URL(authorize).searchParams.get('redirect_uri')).toBe('http://localhost:5173/callback');
  const page = await fetch(
    `${authorize}&code_challenge=${'A'.repeat(43)}&code_challenge_method=S256&state=s`.replace(first.base, second.base),
  );
  expect(page.status, await page.text()).toBe(200);
  await second.stop();
}, 150_000);
