/**
 * Record versions (decisions §19): the schema of a record's `version`, and the check a conditional
 * write makes of it. Versions count a record's committed changes; the HTTP edge turns them into
 * ETags and reads If-Match into the versions a write accepts (server/http/conditional.ts).
 */
import { z } from 'zod';
import { DomainError } from './domainError.js';

/** The `version` of a versioned record. */
export const recordVersion = z.int().min(1).meta({
  description:
    'Committed changes of this record: 1 when created, +1 at each write that changes it. Also its ETag ("<version>"); send it as If-Match to make a write conditional.',
});

/**
 * The versions a conditional write accepts, from its If-Match: undefined when it is unconditional
 * (no If-Match, or `*`), empty when none of its entity tags can match (weak, or not a version).
 */
export type ExpectedVersions = readonly number[] | undefined;

/**
 * Refuses a write (412 precondition_failed) whose expected versions do not hold the version of the
 * row it locked; `what` names the record for the detail ("employee", "leave request").
 */
export function checkVersion(what: string, current: number, expected: ExpectedVersions): void {
  if (expected === undefined || expected.includes(current)) return;
  throw new DomainError('precondition_failed', {
    detail: `The ${what} is at version ${current}, not the one If-Match names; read it again and retry with If-Match: "${current}".`,
  });
}
