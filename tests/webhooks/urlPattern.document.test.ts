import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { expectDocumentedProblem, useTestServer } from '../support/harness.js';
import { type Json, jsonInit } from '../support/http.js';
import { schemaValidator } from '../support/openapi.js';
import { root } from '../support/processes.js';
import { PUBLIC_URL } from './helpers.js';

// The `url` of a webhook endpoint as the document states it (issue 34): the served /openapi.json
// says the pattern of the deployment's own policy, `https://` only where private URLs are refused
// (production, the committed openapi.json) and `http://` too where WEBHOOK_ALLOW_PRIVATE_URLS
// allows them (development); and the server takes what its pattern admits and refuses what it
// does not. The http:// URL is a loopback port nothing listens on, subscribed to a type nothing
// in its tenant emits: nothing is ever sent to it.

// biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
type Doc = Record<string, any>;

const HTTP_URL = 'http://127.0.0.1:9/hooks';
const BODIES = [
  ['POST', '/webhook-endpoints'],
  ['PATCH', '/webhook-endpoints/{id}'],
] as const;

/** The `url` schema of each body that takes one. */
function urlSchemas(doc: Doc): Json[] {
  return BODIES.map(
    ([method, template]) =>
      doc.paths[template][method.toLowerCase()].requestBody.content['application/json'].schema.properties.url,
  );
}

/** Whether `url` matches the schema, as a validator of the document judges it. */
const admits = (schema: Json, url: string) => schemaValidator().compile(schema)(url);

test('the committed openapi.json states the production policy: https:// only', () => {
  const committed = JSON.parse(readFileSync(path.join(root, 'openapi.json'), 'utf8')) as Doc;
  for (const schema of urlSchemas(committed)) {
    expect(schema.description).toMatch(/^An absolute https:\/\/ URL/);
    expect(admits(schema, PUBLIC_URL)).toBe(true);
    expect(admits(schema, 'HTTPS://93.184.215.14/hooks')).toBe(true);
    expect(admits(schema, HTTP_URL)).toBe(false);
  }
});

describe.each([
  { name: 'refuses private URLs (production)', allow: 'false', http: false },
  { name: 'allows private URLs (development)', allow: 'true', http: true },
])('a deployment that $name', ({ allow, http }) => {
  const h = useTestServer({ WEBHOOK_ALLOW_PRIVATE_URLS: allow, RATE_LIMIT_POINTS: '100000' });

  test(`its /openapi.json's url pattern ${http ? 'admits' : 'refuses'} http://, on a create and an update`, async () => {
    const served = (await (await h.fetch('/openapi.json')).json()) as Doc;
    for (const schema of urlSchemas(served)) {
      expect(admits(schema, PUBLIC_URL)).toBe(true);
      expect(admits(schema, HTTP_URL)).toBe(http);
      expect(admits(schema, 'https:93.184.215.14/hooks')).toBe(false);
    }
  });

  test(`the server ${http ? 'takes' : 'refuses'} an http:// URL, as its pattern says`, async () => {
    const t = await h.tenant();
    const key = await h.key(t, ['webhooks:write', 'leave:read']);
    const body = { url: HTTP_URL, event_types: ['leave_request.rejected'] };
    const res = await h.as(key, '/v1/webhook-endpoints', jsonInit('POST', body));
    if (http) {
      const text = await res.text();
      expect(res.status, text).toBe(200);
      expect((JSON.parse(text) as { data: { url: string } }).data.url).toBe(HTTP_URL);
    } else {
      const problem = await expectDocumentedProblem(h, res, 400, 'invalid_body', 'POST', '/webhook-endpoints');
      expect(problem.errors).toEqual([{ path: 'url', message: 'url must be an https:// URL' }]);
    }
  });
});
