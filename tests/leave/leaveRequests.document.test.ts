import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { expectDocumentedProblem, useTestServer } from '../support/harness.js';
import type { Json } from '../support/http.js';
import { day, type Org, setupOrg, YEAR } from '../support/leave.js';
import { schemaValidator } from '../support/openapi.js';
import { root } from '../support/processes.js';
import { leaveBody, postLeave } from './helpers.js';

// POST /v1/leave-requests states its rules across fields (issue 34), as POST /v1/employees does:
// each is a line of the operation's description naming the field a refusal names, and the server
// refuses a body breaking it with 400 invalid_body naming that field. The rules are read from the
// committed openapi.json and from the served /openapi.json; a stated rule this file does not
// know, or a known rule the document does not state, fails.

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Doc = Record<string, any>;

const h = useTestServer();
const CREATE = ['POST', '/leave-requests'] as const;

interface Rule {
  name: string;
  /** What the description's line says (the line ends with the field it names, in backticks). */
  stated: RegExp;
  /** A body breaking only this rule. */
  body: Json;
  /** The field the refusal names. */
  field: string;
  /** Whether JSON Schema says it too: the document's body schema refuses `body`. */
  inSchema: boolean;
}

const RULES: Rule[] = [
  {
    name: 'the end not before the start',
    stated: /^- `end_date` is not before `start_date`/,
    body: { start_date: day('03-05'), end_date: day('03-04'), days_count: 1 },
    field: 'end_date',
    inSchema: false,
  },
  {
    name: 'both dates in one calendar year',
    stated: /^- `start_date` and `end_date` are in the same calendar year/,
    body: { start_date: day('12-31'), end_date: `${YEAR + 1}-01-01`, days_count: 2 },
    field: 'end_date',
    inSchema: false,
  },
  {
    name: 'days_count within the calendar days',
    stated: /^- `days_count` is at most the calendar days from `start_date` to `end_date`/,
    body: { start_date: day('03-02'), end_date: day('03-03'), days_count: 2.5 },
    field: 'days_count',
    inSchema: false,
  },
  {
    name: 'a half day on one date',
    stated: /^- a half day \(`leave_duration` `half_day_morning` or `half_day_afternoon`\) is one date/,
    body: { leave_duration: 'half_day_morning', start_date: day('03-02'), end_date: day('03-03'), days_count: 0.5 },
    field: 'end_date',
    inSchema: false,
  },
  {
    name: 'a half day counting 0.5',
    stated: /^- a half day counts 0\.5/,
    body: { leave_duration: 'half_day_afternoon', start_date: day('03-02'), end_date: day('03-02'), days_count: 1 },
    field: 'days_count',
    inSchema: true,
  },
];

/** The POST /leave-requests operation of a document: its description, body schema and 400 codes. */
function operationOf(doc: Doc) {
  const operation = doc.paths['/leave-requests'].post;
  return {
    description: operation.description as string,
    body: operation.requestBody.content['application/json'].schema as Json,
    badRequest: operation.responses['400'].content['application/problem+json'].schema.allOf[1].properties.code
      .enum as string[],
  };
}

/** The description's rule lines: after "Rules across fields", one `- …` line each. */
function statedRules(description: string): string[] {
  const [, rules = ''] = description.split(/^Rules across fields.*$/m);
  return rules.split('\n').filter((line) => line.startsWith('- '));
}

const documents: [string, () => Promise<Doc>][] = [
  ['the committed openapi.json', async () => JSON.parse(readFileSync(path.join(root, 'openapi.json'), 'utf8'))],
  ['the served /openapi.json', async () => (await h.fetch('/openapi.json')).json() as Promise<Doc>],
];

describe.each(documents)('%s', (_name, load) => {
  let operation: ReturnType<typeof operationOf>;
  let org: Org;
  beforeAll(async () => {
    operation = operationOf(await load());
    org = await setupOrg(h);
  });

  test('states every rule across fields as a line naming the refused field, each one this file checks', () => {
    expect(operation.description).toMatch(/^Rules across fields \(each 400 invalid_body naming the field/m);
    expect(operation.badRequest).toContain('invalid_body');
    const lines = statedRules(operation.description);
    expect(lines.map((line) => RULES.filter((rule) => rule.stated.test(line)).length)).toEqual(RULES.map(() => 1));
    for (const rule of RULES) {
      const line = lines.find((l) => rule.stated.test(l)) as string;
      expect(line, line).toMatch(new RegExp(`\\(\`${rule.field}\`[^)]*\\)[;.]$`));
    }
  });

  test.each(RULES)('$name: refused as stated', async (rule) => {
    const body = leaveBody(org, rule.body);
    const validate = schemaValidator().compile(operation.body);
    expect(validate(body), `the body schema ${rule.inSchema ? 'refuses' : 'admits'} it`).toBe(!rule.inSchema);
    const res = await postLeave(h, org.write, body);
    const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', ...CREATE);
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toEqual([rule.field]);
  });

  test('a body keeping every rule passes the body schema, a full day and a half day alike', () => {
    const validate = schemaValidator().compile(operation.body);
    for (const fields of [
      {},
      { leave_duration: 'full_day', days_count: 1.5 },
      { leave_duration: 'half_day_morning', end_date: day('03-02'), days_count: 0.5 },
    ]) {
      expect(validate(leaveBody(org, fields)), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
