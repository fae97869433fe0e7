// OAuth 2.0 client credentials (RFC 6749 §4.4) against the API's /oauth/token: one token shared by
// every call, reused until 60 s before it expires. Refresh tokens are not used: asking again is simpler.
import { WorkforceError } from './errors.js';
import type { paths } from './openapi.js';
import type { Credentials, Fetch } from './transport.js';

export interface OAuthOptions {
  clientId: string;
  clientSecret: string;
  /** Space-delimited scopes to ask for; none asks for all of the client's. */
  scope?: string;
}

type TokenOperation = paths['/oauth/token']['post'];
type TokenResponse = TokenOperation['responses'][200]['content']['application/json'];
/** The token endpoint's error body: RFC 6749 `error` plus the problem members, `code` equal to `error`. */
export type TokenError = TokenOperation['responses'][400 | 401 | 429 | 500 | 503]['content']['application/json'];

/** A token is renewed this long before it expires, so that none expires in flight. */
export const RENEW_BEFORE_EXPIRY_MS = 60_000;

/**
 * Credentials from `tokenUrl`, sent through `send` (the transport without credentials, so a 429 or
 * 503 of the token endpoint is retried like any other; the Idempotency-Key it gives every POST is
 * ignored there, and a retry at worst mints a second token). Concurrent calls share one token request.
 */
export function oauthCredentials(
  options: OAuthOptions,
  tokenUrl: string,
  send: Fetch,
  now: () => number = Date.now,
): Credentials {
  let current: { authorization: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function requestToken(): Promise<string> {
    const askedAt = now();
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    });
    if (options.scope !== undefined) form.set('scope', options.scope);
    const response = await send(
      new Request(tokenUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form,
      }),
    );
    const body: unknown = await response.json().catch(() => undefined);
    // An error answer here is a problem document: the transport throws for any other.
    if (!response.ok) throw new WorkforceError(response, body as TokenError, { method: 'POST', path: '/oauth/token' });
    const token = body as TokenResponse;
    current = {
      authorization: `Bearer ${token.access_token}`,
      renewAt: askedAt + token.expires_in * 1000 - RENEW_BEFORE_EXPIRY_MS,
    };
    return current.authorization;
  }

  return {
    authorization() {
      if (current && now() < current.renewAt) return Promise.resolve(current.authorization);
      pending ??= requestToken().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    renew(rejected) {
      // Only the first of several calls refused with the same token drops it; the others reuse the new one.
      if (current?.authorization === rejected) current = undefined;
      return true;
    },
  };
}
