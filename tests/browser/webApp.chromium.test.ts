// examples/web in a real browser (issue 33 item 7; decisions §20): the app built as a user builds it
// (@workforce/trpc packed and installed with the versions the example asks for, not the repository's),
// served by a static server of the test's own, against a real API server on a database of its own,
// driven in Debian's Chromium by playwright-core. An employee signs in through the API's sign-in page
// and files leave; their manager, signed in in another browser context, sees it arrive live and
// approves; the employee's page shows the approval without a reload; the employee approving their own
// request is shown 403 actor_not_permitted. A screenshot of each step goes to SCREENSHOTS.
// Without /usr/bin/chromium, or without the npm registry, the file skips with one message.

import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activate, newApp, PASSWORD } from '../signin/helpers.js';
import { CHROMIUM_FLAGS, CHROMIUM_MISSING, chromiumBinary } from '../support/chromiumBinary.js';
import { useFreshDatabase } from '../support/database.js';
import { hire, uniqueEmail } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';
import { day, type Org, setupOrg } from '../support/leave.js';
import { childEnv, collect, type Result, root } from '../support/processes.js';

const REGISTRY_UNREACHABLE =
  'the npm registry does not answer (npm ping): building examples/web installs its packages from it';

/** npm and node in `cwd` with the suite's Node first on PATH and no npm settings of a parent npm. */
function run(
  cwd: string,
  command: string,
  args: readonly string[],
  extra: Record<string, string> = {},
): Promise<Result> {
  const env = Object.fromEntries(Object.entries(childEnv(extra)).filter(([name]) => !/^npm_/i.test(name)));
  return collect(command, args, env, cwd);
}

function mustSucceed(what: string, result: Result): void {
  if (result.code !== 0) throw new Error(`${what} exited ${result.code}:\n${result.stderr}\n${result.stdout}`);
}

const chromium = chromiumBinary();
const online =
  chromium !== undefined &&
  (await run(root, 'npm', ['ping', '--fetch-timeout=15000', '--fetch-retries=0']).catch(() => undefined))?.code === 0;

/** The screenshots of the run: kept after it, for a person to look at. */
const SCREENSHOTS = path.join(tmpdir(), `workforce-webapp-${Date.now()}`);

/** The built app's files, with index.html for any other path (the redirect URI is /callback). */
function staticServer(dir: () => string): Server {
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  return createServer(async (req, res) => {
    const wanted = path.normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = wanted.startsWith('assets/') ? path.join(dir(), wanted) : path.join(dir(), 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
}

// One skipped test that says why (and the run's output says it once), nothing else registered: no
// server, no database, no build.
const skipped = !chromium ? CHROMIUM_MISSING : !online ? REGISTRY_UNREACHABLE : undefined;
if (skipped) {
  console.warn(`tests/browser/webApp.chromium.test.ts skipped: ${skipped}`);
  test('examples/web in Chromium', (context) => context.skip(skipped));
}

if (!skipped)
  describe('examples/web in Chromium', () => {
    const { url: databaseUrl } = useFreshDatabase('wfm_webapp');
    const h = useTestServer(() => ({ DATABASE_URL: databaseUrl, RATE_LIMIT_POINTS: '100000' }));
    let org: Org;
    let project: string;
    let origin: string;
    let server: Server;
    let browser: Browser;
    const contexts: BrowserContext[] = [];

    beforeAll(async () => {
      project = await mkdtemp(path.join(tmpdir(), 'workforce-web-'));
      await mkdir(SCREENSHOTS, { recursive: true });
      server = staticServer(() => path.join(project, 'dist'));
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

      // The people, with passwords set through their set-up links, and the app registered for this origin.
      org = await setupOrg(h);
      await activate(h, org.manager.id);
      await activate(h, org.employee.id);
      const clientId = await newApp(h, [`${origin}/callback`]);
      // A department of eleven: two pages of the directory's ten.
      const hrKey = await h.key(org.t, ['employees:write']);
      for (let i = 0; i < 11; i++) {
        await hire(h, hrKey, org.t, {
          email: uniqueEmail('support'),
          full_name: `Support ${i}`,
          department: 'Support',
        });
      }

      // The example as a user has it: its own files, the package packed beside them, a plain npm install.
      const source = path.join(root, 'examples/web');
      await cp(source, project, {
        recursive: true,
        filter: (from) => !/(^|\/)(node_modules|dist|package-lock\.json|workforce-trpc\.tgz|\.env\.local)$/.test(from),
      });
      mustSucceed(
        'npm pack',
        await run(root, 'npm', ['pack', '--workspace', '@workforce/trpc', '--pack-destination', project]),
      );
      const tarball = (await readdir(project)).find((name) => /^workforce-trpc-.+\.tgz$/.test(name)) as string;
      await rename(path.join(project, tarball), path.join(project, 'workforce-trpc.tgz'));
      mustSucceed('npm install', await run(project, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']));
      mustSucceed(
        'npm run build',
        await run(project, 'npm', ['run', 'build'], { VITE_WORKFORCE_API: h.url, VITE_WORKFORCE_CLIENT_ID: clientId }),
      );

      const { chromium: playwright } = await import('playwright-core');
      browser = await playwright.launch({ executablePath: chromium, args: CHROMIUM_FLAGS });
    }, 240_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => server?.close(resolve));
      if (project) await rm(project, { recursive: true, force: true });
    });

    let step = 0;
    const shot = (page: Page, name: string) =>
      page.screenshot({
        path: path.join(SCREENSHOTS, `${String(++step).padStart(2, '0')}-${name}.png`),
        fullPage: true,
      });

    /** A new browser context (its own cookies and storage) signed in as `email` through the API's page. */
    async function signIn(who: string, email: string): Promise<Page> {
      const context = await browser.newContext();
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(origin);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${h.url}/oauth/authorize?**`);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await shot(page, `${who}-sign-in-page`);
      await page.locator('form [type="submit"]').click();
      await page.waitForURL(`${origin}/`);
      await expect
        .poll(() => page.getByTestId('live').getAttribute('data-status'), { timeout: 10_000 })
        .toBe('pending');
      await shot(page, `${who}-signed-in`);
      return page;
    }

    /** The status cell of `page`'s row for the request of those dates in the table `testId`. */
    const statusOf = (page: Page, testId: string, reason: string) =>
      page.getByTestId(testId).locator('tr', { hasText: reason }).locator('.status');

    async function fileLeave(page: Page, fields: { start: string; end: string; days: string; reason: string }) {
      await page.getByRole('button', { name: 'My leave' }).click();
      await page.locator('select[name="leave_type_id"]').selectOption(org.types.SICK);
      await page.locator('input[name="start_date"]').fill(fields.start);
      await page.locator('input[name="end_date"]').fill(fields.end);
      await page.locator('input[name="days_count"]').fill(fields.days);
      await page.locator('input[name="reason"]').fill(fields.reason);
      await page.getByRole('button', { name: 'File leave' }).click();
    }

    test('an employee files leave; their manager sees it arrive live and approves; the employee sees the approval without a reload; approving their own is 403 actor_not_permitted', async () => {
      const employee = await signIn('employee', org.employee.email);
      await expect.poll(() => employee.getByTestId('me').textContent()).not.toBe('…');

      // The directory: a department's people, ten at a time over next_cursor.
      await employee.getByRole('button', { name: 'Directory' }).click();
      await employee.getByLabel('Department').fill('Support');
      const people = employee.getByTestId('directory').locator('li');
      await expect.poll(() => people.count()).toBe(10);
      expect((await people.allTextContents()).filter((text) => !text.endsWith(', Support'))).toEqual([]);
      await shot(employee, 'employee-directory-first-page');
      await employee.getByRole('button', { name: 'More' }).click();
      await expect.poll(() => people.count()).toBe(11);
      expect(await employee.getByRole('button', { name: 'More' }).count()).toBe(0);
      await shot(employee, 'employee-directory-second-page');

      const manager = await signIn('manager', org.manager.email);
      await manager.getByRole('button', { name: 'Approvals' }).click();
      await expect.poll(() => manager.getByTestId('pending').textContent()).toBe('None.');
      await shot(manager, 'manager-approvals-empty');

      // A refusal shown by field: the end before the start.
      await fileLeave(employee, { start: day('06-10'), end: day('06-09'), days: '1', reason: 'Dentist' });
      const fieldError = employee.locator('[data-error-for="end_date"]');
      await fieldError.waitFor();
      expect(await fieldError.textContent()).toMatch(/\S/);
      await shot(employee, 'employee-field-error');

      await fileLeave(employee, { start: day('06-10'), end: day('06-10'), days: '1', reason: 'Dentist' });
      await expect.poll(() => statusOf(employee, 'my-requests', 'Dentist').textContent()).toBe('pending');
      await shot(employee, 'employee-filed');

      // The manager's screen, never reloaded: the request arrives through events.onEvent.
      await expect
        .poll(() => statusOf(manager, 'pending', 'Dentist').textContent(), { timeout: 10_000 })
        .toBe('pending');
      expect(await manager.getByTestId('live').textContent()).toMatch(/[1-9]\d* new/);
      await shot(manager, 'manager-sees-request-live');
      await manager
        .getByTestId('pending')
        .locator('tr', { hasText: 'Dentist' })
        .getByRole('button', { name: 'Approve' })
        .click();
      await expect.poll(() => manager.getByTestId('pending').textContent()).toBe('None.');
      await shot(manager, 'manager-approved');

      await expect
        .poll(() => statusOf(employee, 'my-requests', 'Dentist').textContent(), { timeout: 10_000 })
        .toBe('approved');
      await shot(employee, 'employee-sees-approval-live');

      // The employee approving their own request: the API's refusal, shown as it came.
      await fileLeave(employee, { start: day('07-14'), end: day('07-14'), days: '1', reason: 'Moving house' });
      await expect.poll(() => statusOf(employee, 'my-requests', 'Moving house').textContent()).toBe('pending');
      await employee.getByRole('button', { name: 'Approvals' }).click();
      await employee
        .getByTestId('pending')
        .locator('tr', { hasText: 'Moving house' })
        .getByRole('button', { name: 'Approve' })
        .click();
      const alert = employee.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(/^403 actor_not_permitted: /);
      await shot(employee, 'employee-own-approval-refused');
      expect(await statusOf(employee, 'pending', 'Moving house').textContent()).toBe('pending');
    }, 90_000);
  });
