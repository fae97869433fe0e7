import type { TestServer } from './harness.js';

/** Requests to the token endpoint (decisions §4). */

/** POST /oauth/token with a JSON body (the spec's sample), optional extra headers. */
export function tokenJson(
  h: Pick<TestServer, 'fetch'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return h.fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** POST /oauth/token with a form body (RFC 6749), optional extra headers. */
export function tokenForm(
  h: Pick<TestServer, 'fetch'>,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return h.fetch('/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
  });
}

/** An HTTP Basic Authorization value for a client (RFC 6749 §2.3.1: each part form-encoded first). */
export function basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString('base64')}`;
}

/** Only the client id and secret of a created client (for a token request body). */
export function creds(client: { client_id: string; client_secret: string }) {
  return { client_id: client.client_id, client_secret: client.client_secret };
}
