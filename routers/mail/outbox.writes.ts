import { uuidv7 } from 'uuidv7';
import { type RawSql, sql } from '../../db/namedValues.js';

/**
 * The e-mail outbox, as business writes see it: a message is a row written in the same
 * transaction as the write it reports, so it is sent only if that write commits and never lost
 * once it has. Delivery (SMTP or .eml files, retries) is the process's job: routers/mail/mail.dispatcher.ts.
 */
export interface OutgoingEmail {
  tenantId: string;
  kind: string;
  to: string;
  subject: string;
  body: string;
}

/** Outbox rows as the JSON parameter of `outboxInsert`, one new UUID v7 id each, in order. */
export function outboxRows(emails: readonly OutgoingEmail[]): string {
  return JSON.stringify(
    emails.map((e) => ({
      id: uuidv7(),
      tenant_id: e.tenantId,
      kind: e.kind,
      recipient: e.to,
      subject: e.subject,
      body: e.body,
    })),
  );
}

/**
 * The outbox insert of a write statement written with named values (db/namedValues.ts): the rows
 * of the value `rows` (`outboxRows`), written only `when` that condition holds (a CTE of the
 * statement names what was written), so a write and its e-mails are one statement and one round trip.
 */
export function outboxInsertOf(rows: unknown, when: RawSql = sql`true`): RawSql {
  return sql`insert into outbox_messages (id, tenant_id, kind, recipient, subject, body)
    select m.id, m.tenant_id, m.kind, m.recipient, m.subject, m.body
      from json_to_recordset(${rows}::json) as m(id uuid, tenant_id uuid, kind text, recipient text, subject text, body text)
     where ${when}`;
}
