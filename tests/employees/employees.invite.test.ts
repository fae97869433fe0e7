import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { sql } from '../support/database.js';
import { hire } from '../support/employees.js';
import { useTestServer } from '../support/harness.js';

/** The invite a hire puts in the outbox: the person's and the tenant's names and the code, as they are. */
const h = useTestServer();

test('the invite carries the names and the code exactly, `%` and format() directives included', async () => {
  const name = `Test 100% %s %1$s ${randomBytes(3).toString('hex')}`;
  const t = await h.tenant({ name });
  const secret = await h.key(t, ['employees:write']);
  const employee = await hire(h, secret, t, { full_name: 'Dana %2$s 50%', joining_date: '2026-03-02' });
  const [invite] = await sql<{ subject: string; body: string }>(
    h,
    `select subject, body from outbox_messages where tenant_id = ? and kind = 'employee_invite'`,
    [t.tenant.id],
  );
  expect(invite.subject).toBe(`You are invited to ${name} on Workforce`);
  expect(invite.body).toMatch(
    new RegExp(
      `^Hello Dana %2\\$s 50%,\\n\\n${name.replace(/[$%]/g, '\\$&')} has invited you to Workforce as ${employee.employee_id}, starting 2026-03-02\\.\\n\\n` +
        'Set the password you will sign in with at this link \\(it works once, for \\d+ days\\):\\nhttp\\S+\\n$',
    ),
  );
});
