// What the OpenAPI document says of the sign-in (decisions §20): GET and POST /oauth/authorize, HTML
// pages and 303 redirects, and POST /oauth/revoke (RFC 7009). Every answer of a browser's sign-in and
// of an app's sign-out is judged against the served document, as the harness's fetch judges /v1.
import { describe, expect, test } from 'vitest';
import { useTestServer } from '../support/harness.js';
import { activeEmployee, authorizeQuery, Browser, employeeTokens, newApp, PASSWORD, pkce } from './helpers.js';

// One failed sign-in, then the address waits: the 429 page is reachable in one attempt.
const h = useTestServer({ RATE_LIMIT_SIGNIN_POINTS: '1' });

/** Checks `res` against the served document (its body as read, else read from a clone) and returns its status. */
async function judged(res: Response, method: string, read?: string): Promise<number> {
  const body = read ?? (await res.clone().text());
  (await h.contract()).check({ method, url: res.url, status: res.status, headers: res.headers, body });
  return res.status;
}

describe('the document', () => {
  test('GET and POST /oauth/authorize and POST /oauth/revoke are paths at the service root, without a credential', async () => {
    const { doc } = await h.contract();
    // biome-ignore lint/suspicious/noExplicitAny: walking an arbitrary JSON document
    const paths = doc.paths as Record<string, any>;
    expect(Object.keys(paths['/oauth/authorize'])).toEqual(['get', 'post']);
    expect(Object.keys(paths['/oauth/revoke'])).toEqual(['post']);
    const { get, post } = paths['/oauth/authorize'];
    expect(
      get.parameters.filter((p: { required: boolean }) => p.required).map((p: { name: string }) => p.name),
    ).toEqual(['response_type', 'client_id', 'redirect_uri', 'code_challenge', 'code_challenge_method']);
    expect(Object.keys(get.responses)).toEqual(['200', '303', '400', '500', '503']);
    expect(Object.keys(post.responses)).toEqual(['303', '400', '401', '403', '413', '415', '429', '500', '503']);
    for (const status of ['200', '400']) expect(Object.keys(get.responses[status].content)).toEqual(['text/html']);
    expect(get.responses['303'].content).toBeUndefined();
    expect(get.responses['303'].headers.Location).toBeDefined();
    expect(post.responses['429'].headers['Retry-After']).toBeDefined();
    expect(Object.keys(post.requestBody.content)).toEqual(['application/x-www-form-urlencoded']);
    const revoke = paths['/oauth/revoke'].post;
    expect(Object.keys(revoke.responses)).toEqual(['200', '400', '401', '429', '500', '503']);
    expect(revoke.responses['200'].content).toBeUndefined();
    expect(revoke.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'token',
      'client_id',
    ]);
    for (const op of [get, post, revoke]) expect(op.security).toEqual([]);
  });
});

describe('the server answers as documented', () => {
  test("an app's sign-out: 200 with no body whatever the token; no token 400, no app 401", async () => {
    const t = await h.tenant();
    const hrKey = await h.key(t, ['employees:write']);
    const clientId = await newApp(h);
    const { email } = await activeEmployee(h, t, hrKey);
    // Before the sign-in test's failures: this file's budget is one failed sign-in per address.
    const tokens = await employeeTokens(h, clientId, email);
    const revoke = (fields: Record<string, string>) =>
      h.fetch('/oauth/revoke', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const ok = await revoke({ client_id: clientId, token: tokens.refresh_token });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('');
    expect(
      (await revoke({ client_id: clientId, token: 'svc_rt_unknown', token_type_hint: 'refresh_token' })).status,
    ).toBe(200);
    expect((await revoke({ client_id: clientId })).status).toBe(400);
    expect((await revoke({ client_id: 'svc_client_nobody', token: 'x' })).status).toBe(401);
  });

  test('the sign-in: the page, its redirects, its error pages and its refusals (401, 403, 415, 429)', async () => {
    const t = await h.tenant();
    const hrKey = await h.key(t, ['employees:write']);
    const clientId = await newApp(h);
    const { email } = await activeEmployee(h, t, hrKey);
    const query = authorizeQuery(clientId, pkce().challenge);
    const statuses: number[] = [];
    const open = async (browser: Browser, q: string) => {
      const opened = await browser.open(q);
      statuses.push(await judged(opened.res, 'GET', opened.html));
      return opened.html;
    };
    const post = async (browser: Browser, html: string, fields: Record<string, string>) =>
      statuses.push(await judged(await browser.post(query, html, fields), 'POST'));

    const browser = new Browser(h);
    const html = await open(browser, query);
    await open(new Browser(h), authorizeQuery(clientId, pkce().challenge, { response_type: 'token' }));
    await open(new Browser(h), authorizeQuery('svc_client_nobody', pkce().challenge));
    await post(browser, html, { email, password: PASSWORD });
    await post(browser, html, { email, password: PASSWORD, csrf_token: 'forged' });
    const notForm = await fetch(`${h.url}/oauth/authorize?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    statuses.push(await judged(notForm, 'POST'));
    await post(browser, html, { email, password: 'not the password' });
    await post(browser, html, { email, password: 'not the password either' });
    expect(statuses).toEqual([200, 303, 400, 303, 403, 415, 401, 429]);
  });
});
