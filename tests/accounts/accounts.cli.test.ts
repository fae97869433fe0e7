// `wfm account invite` and `wfm account disable` (decisions §20), run as the compiled CLI: a fresh
// link replaces the earlier ones; disabling ends sign-in and the account's unused links.
import { expect, inject, test } from 'vitest';
import { verifyAccountPassword } from '../../routers/accounts/accounts.writes.js';
import { useTestServer } from '../support/harness.js';
import { nodeWfm, onlyJsonObject, transactionPooling } from '../support/processes.js';
import { accountOf, hireWithLink, postForm, SETUP_LINK } from './helpers.js';

const h = useTestServer();
const WRITE = ['employees:write'] as const;
const PASSWORD = 'a long and memorable passphrase';

const run = (...args: string[]) =>
  nodeWfm(args, {
    DATABASE_URL: inject('databaseUrl'),
    LOG_LEVEL: 'silent',
    PUBLIC_BASE_URL: h.url,
    ...transactionPooling(),
  });

// Each spawn of the CLI costs seconds: the life cycle is one test.
test('invite prints a fresh link (the earlier ones stop working); disable ends sign-in and the open links', async () => {
  const t = await h.tenant();
  const hired = await hireWithLink(h, await h.key(t, WRITE), t);
  const id = hired.employee.id as string;

  const invited = await run('account', 'invite', id, '--json');
  expect(invited.code, invited.stderr).toBe(0);
  const result = onlyJsonObject(invited);
  expect(Object.keys(result).sort()).toEqual(['employee_id', 'setup_url']);
  expect(result.employee_id).toBe(id);
  const url = result.setup_url as string;
  expect(url).toMatch(SETUP_LINK);
  expect(url.startsWith(`${h.url}/account/setup?token=`)).toBe(true);
  // The e-mail's link was replaced; the new one opens the form.
  expect((await fetch(hired.url)).status).toBe(410);
  expect((await fetch(url)).status).toBe(200);
  expect((await postForm(url, { password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  expect((await accountOf(h, id)).status).toBe('active');
  expect(await verifyAccountPassword(h.orm.em.fork(), hired.email, PASSWORD)).toHaveLength(1);

  // A link issued before disabling stops working with it.
  const pending = onlyJsonObject(await run('account', 'invite', id, '--json')).setup_url as string;
  const disabled = await run('account', 'disable', id, '--json');
  expect(disabled.code, disabled.stderr).toBe(0);
  expect(onlyJsonObject(disabled)).toEqual({ employee_id: id, status: 'disabled' });
  expect((await accountOf(h, id)).status).toBe('disabled');
  expect(await verifyAccountPassword(h.orm.em.fork(), hired.email, PASSWORD)).toEqual([]);
  expect((await fetch(pending)).status).toBe(410);

  // A link issued after disabling is the administrator's way back in: it makes the account active again.
  const back = onlyJsonObject(await run('account', 'invite', id, '--json')).setup_url as string;
  expect((await postForm(back, { password: PASSWORD, password_confirmation: PASSWORD })).status).toBe(200);
  expect((await accountOf(h, id)).status).toBe('active');

  // Unknown or malformed ids: exit 1 and one JSON object naming the problem.
  for (const wrong of ['00000000-0000-7000-8000-000000000000', 'EMP-0001']) {
    for (const command of ['invite', 'disable']) {
      const failed = await run('account', command, wrong, '--json');
      expect(failed.code).toBe(1);
      expect(onlyJsonObject(failed).error).toMatch(/employee/);
    }
  }
  const help = await run('--help');
  expect(help.stdout).toContain('wfm account invite EMPLOYEE_ID');
  expect(help.stdout).toContain('wfm account disable EMPLOYEE_ID');
});
