// Sign-in with the authorization code flow and PKCE (decisions §20), as packages/trpc/README.md shows
// it: oauth4webapi builds the request, checks the redirect's state and iss, and exchanges the code.
import * as oauth from 'oauth4webapi';
import { API, CLIENT_ID, REDIRECT_URI } from './config';

const issuer = new URL(API);
const client: oauth.Client = { client_id: CLIENT_ID };
// A local API is served over http://; oauth4webapi refuses that unless told.
const insecure = { [oauth.allowInsecureRequests]: issuer.protocol === 'http:' };

let authorizationServer: Promise<oauth.AuthorizationServer> | undefined;
function metadata(): Promise<oauth.AuthorizationServer> {
  authorizationServer ??= oauth
    .discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure })
    .then((response) => oauth.processDiscoveryResponse(issuer, response));
  return authorizationServer;
}

/** Sends the browser to the API's sign-in page. */
export async function signIn(): Promise<void> {
  const as = await metadata();
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  sessionStorage.setItem('workforce.signIn', JSON.stringify({ codeVerifier, state }));
  const url = new URL(as.authorization_endpoint ?? `${API}/oauth/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT_URI,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  }).toString();
  location.assign(url);
}

// The access token in memory; the refresh token in sessionStorage (this tab), so a reload keeps the session.
let tokens: { access: string; expiresAt: number; refresh: string | undefined } | undefined;
let refreshing: Promise<string> | undefined;

function keep(result: oauth.TokenEndpointResponse): void {
  const refresh = result.refresh_token ?? tokens?.refresh;
  tokens = { access: result.access_token, expiresAt: Date.now() + (result.expires_in ?? 0) * 1000, refresh };
  if (refresh) sessionStorage.setItem('workforce.refresh', refresh);
}

/** On the redirect URI's page: checks state and exchanges the code (PKCE) for tokens. */
export async function completeSignIn(): Promise<void> {
  const as = await metadata();
  const saved = JSON.parse(sessionStorage.getItem('workforce.signIn') ?? '{}') as {
    codeVerifier: string;
    state: string;
  };
  sessionStorage.removeItem('workforce.signIn');
  const params = oauth.validateAuthResponse(as, client, new URL(location.href), saved.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    REDIRECT_URI,
    saved.codeVerifier,
    insecure,
  );
  keep(await oauth.processAuthorizationCodeResponse(as, client, response));
  history.replaceState(null, '', '/');
}

export function signedIn(): boolean {
  return tokens !== undefined || sessionStorage.getItem('workforce.refresh') !== null;
}

/** A valid access token, refreshed (once at a time) within a minute of its expiry. */
export async function accessToken(): Promise<string> {
  if (tokens && tokens.expiresAt - Date.now() > 60_000) return tokens.access;
  refreshing ??= (async () => {
    const refresh = tokens?.refresh ?? sessionStorage.getItem('workforce.refresh');
    if (!refresh) throw new Error('Not signed in');
    const as = await metadata();
    const response = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), refresh, insecure);
    keep(await oauth.processRefreshTokenResponse(as, client, response));
    return tokens?.access ?? '';
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Signs out: the refresh token's family is revoked, the tokens forgotten. */
export async function signOut(): Promise<void> {
  const refresh = tokens?.refresh ?? sessionStorage.getItem('workforce.refresh');
  tokens = undefined;
  sessionStorage.removeItem('workforce.refresh');
  if (!refresh) return;
  const as = await metadata();
  await oauth.processRevocationResponse(await oauth.revocationRequest(as, client, oauth.None(), refresh, insecure));
}
