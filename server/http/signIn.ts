/**
 * `GET` and `POST /oauth/authorize` (decisions §20): a first-party app's authorization request
 * opens the sign-in page; its form signs the employee in and redirects (303) to the app's redirect
 * URI with a one-time code. And `POST /oauth/revoke` (RFC 7009), an app's sign-out. HTML pages for
 * a person, never problem documents; the rules are routers/credentials/signIn.writes.ts, the markup
 * routers/accounts/signIn.page.ts.
 *
 * CSRF (login CSRF: a page of another site posting its own credentials through a victim's browser)
 * is refused by a signed double-submit token: a random nonce in an HttpOnly, SameSite=Lax cookie,
 * and in a hidden input `csrf_token` the nonce's HMAC-SHA256 with an expiry, under a key kept in the
 * database (loadSignInSecret), so every node checks what any node issued. A post whose token does not
 * sign its cookie's nonce, or has expired, is refused (403, the form again). SameSite=Lax alone
 * already keeps the cookie off another site's post; the signature keeps a cookie planted by a
 * sibling subdomain from passing.
 */
import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Logger } from 'pino';
import getRawBody from 'raw-body';
import { ApiError } from '../../core/problems.js';
import type { Orm } from '../../db/orm.js';
import { ACCOUNT_PAGE_STYLE } from '../../routers/accounts/account.page.js';
import { signInFormPage, signInRequestPage } from '../../routers/accounts/signIn.page.js';
import { type FirstPartyApp, findFirstPartyApp } from '../../routers/credentials/firstPartyApps.writes.js';
import {
  type AuthorizationParams,
  type AuthorizationRefusal,
  type AuthorizationRequest,
  checkAuthorizationRequest,
  isRegisteredRedirect,
  loadSignInSecret,
  signIn,
} from '../../routers/credentials/signIn.writes.js';
import type { Env } from '../main/env.js';
import { contentSecurityPolicy, inlineScriptSource, sendHtmlPage } from './htmlPage.js';
import { revokeEndpoint, writeOAuthError } from './oauthToken.js';
import { quotaHeaders, type RateLimits } from './rateLimit.js';

const AUTHORIZE_PATH = '/oauth/authorize';
const REVOKE_PATH = '/oauth/revoke';

/** The authorization request's parameters, carried from the query into the form's hidden inputs. */
const REQUEST_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'state',
  'scope',
  'tenant',
] as const;

/** An e-mail address, a password of 256 characters of 4 UTF-8 bytes percent-encoded, and the request fit well within. */
const MAX_FORM_BYTES = 16 * 1024;
/** How long a served form may be posted. */
const CSRF_TTL_S = 3600;
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/** One message for an unknown address and a wrong password: the page tells nothing of which accounts exist. */
const WRONG_CREDENTIALS = 'The e-mail address or password is incorrect.';

interface SignInDeps {
  env: Env;
  orm: Orm;
  logger: Logger;
  rateLimits: RateLimits;
}

/** The nonce cookie: `__Host-` (this origin only, path /, Secure) when the service is served over https. */
function cookieName(secure: boolean): string {
  return secure ? '__Host-wfm_signin' : 'wfm_signin';
}

/** Signs and checks the form's CSRF tokens against the cookie's nonce (see the file's comment). */
class CsrfTokens {
  private key: Promise<KeyObject> | undefined;

  constructor(private readonly orm: Orm) {}

  private async sign(nonce: string, expires: number): Promise<string> {
    this.key ??= loadSignInSecret(this.orm.em.fork()).then(createSecretKey, (error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return createHmac('sha256', await this.key)
      .update(`signin-csrf.${nonce}.${expires}`)
      .digest('base64url');
  }

  async issue(nonce: string): Promise<string> {
    const expires = Math.floor(Date.now() / 1000) + CSRF_TTL_S;
    return `${expires}.${await this.sign(nonce, expires)}`;
  }

  async verify(nonce: string | undefined, token: string | undefined): Promise<boolean> {
    if (!nonce || !NONCE.test(nonce) || !token) return false;
    const [expiresText, signature, extra] = token.split('.');
    const expires = Number(expiresText);
    if (!signature || extra !== undefined || !Number.isSafeInteger(expires) || expires * 1000 < Date.now()) {
      return false;
    }
    const given = Buffer.from(signature);
    const expected = Buffer.from(await this.sign(nonce, expires));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/** Where the form may go: this origin, and the redirect that follows its post (browsers apply form-action to it). */
function redirectSource(redirectUri: string | undefined): string[] {
  if (!redirectUri) return [];
  const url = new URL(redirectUri);
  return [url.origin !== 'null' ? url.origin : url.protocol];
}

/** The parameter's one value; a repeated one (RFC 6749 §3.1 forbids it) counts as absent. */
function single(value: string | string[] | undefined | null): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `uri` with `params` added to its query (RFC 6749 §4.1.2: any query it has stays). */
function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.append(name, value);
  return url.href;
}

/** Adds the sign-in's routes and /oauth/revoke to `router`. */
export function signInRoutes(router: Router, deps: SignInDeps, clientIp: (ctx: Koa.Context) => string): void {
  const { env, orm, rateLimits, logger } = deps;
  const issuer = env.PUBLIC_BASE_URL;
  const secure = issuer.startsWith('https:');
  const csrf = new CsrfTokens(orm);
  const style = inlineScriptSource(ACCOUNT_PAGE_STYLE);

  /** Answers a page: never cached, never sent on as a Referer (its URL carries the request's state). */
  const sendPage = (ctx: Koa.Context, status: number, html: string, redirectUri?: string) => {
    ctx.status = status;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    const form = redirectUri ? ["'self'", ...redirectSource(redirectUri)] : [];
    sendHtmlPage(ctx, html, contentSecurityPolicy({ style: [style], form }));
  };

  const refuse = (ctx: Koa.Context, status: number, title: string, message: string) =>
    sendPage(ctx, status, signInRequestPage(title, message));

  /** The form for `request`, with a CSRF token of the browser's nonce (a new nonce when it has none). */
  const sendForm = async (
    ctx: Koa.Context,
    status: number,
    app: FirstPartyApp,
    request: AuthorizationRequest,
    shown: { email?: string; error?: string } = {},
  ) => {
    let nonce = ctx.cookies.get(cookieName(secure));
    if (!nonce || !NONCE.test(nonce)) {
      nonce = randomBytes(32).toString('base64url');
      ctx.append(
        'Set-Cookie',
        `${cookieName(secure)}=${nonce}; Path=/; Max-Age=${CSRF_TTL_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
      );
    }
    const hidden = {
      response_type: 'code',
      client_id: request.clientId,
      redirect_uri: request.redirectUri,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      state: request.state,
      scope: request.scope,
      tenant: request.tenant,
      csrf_token: await csrf.issue(nonce),
    };
    sendPage(ctx, status, signInFormPage({ appName: app.name, hidden, ...shown }), request.redirectUri);
  };

  /** 303 to the app with `params`, the request's state and this issuer (RFC 9207: the app knows who answered). */
  const redirectBack = (ctx: Koa.Context, redirectUri: string, state: string | undefined, params: object) => {
    ctx.status = 303;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set('Location', withQuery(redirectUri, { ...params, state, iss: issuer }));
    ctx.body = '';
  };

  const redirectRefusal = (
    ctx: Koa.Context,
    redirectUri: string,
    params: AuthorizationParams,
    r: AuthorizationRefusal,
  ) => redirectBack(ctx, redirectUri, params.state, { error: r.error, error_description: r.description });

  /**
   * The app and redirect URI of `params`, or the error page (400, never a redirect: an unregistered
   * URI may be an attacker's, RFC 6749 §4.1.2.1); then the request's own checks, refused by redirect.
   */
  const authorizationRequest = async (ctx: Koa.Context, params: AuthorizationParams) => {
    const app = await findFirstPartyApp(orm.em, params.client_id);
    if (!app) {
      refuse(ctx, 400, 'Unknown app', 'This sign-in link names no registered app (client_id). Open the app again.');
      return undefined;
    }
    if (!isRegisteredRedirect(app, params.redirect_uri)) {
      refuse(
        ctx,
        400,
        'Unknown redirect',
        'This sign-in link returns to an address (redirect_uri) the app did not register. Open the app again.',
      );
      return undefined;
    }
    const request = checkAuthorizationRequest(app, params.redirect_uri, params);
    if ('error' in request) {
      redirectRefusal(ctx, params.redirect_uri, params, request);
      return undefined;
    }
    return { app, request };
  };

  router.get(AUTHORIZE_PATH, async (ctx) => {
    const params = Object.fromEntries(REQUEST_PARAMS.map((name) => [name, single(ctx.query[name])]));
    const found = await authorizationRequest(ctx, params);
    if (found) await sendForm(ctx, 200, found.app, found.request);
  });

  router.post(AUTHORIZE_PATH, async (ctx) => {
    const form = await readForm(ctx, refuse);
    if (!form) return;
    // The hidden inputs, else the URL the form was posted to (a form without `action` keeps the query).
    const params = Object.fromEntries(REQUEST_PARAMS.map((name) => [name, form.get(name) ?? single(ctx.query[name])]));
    const found = await authorizationRequest(ctx, params);
    if (!found) return;
    const { app, request } = found;
    const email = (form.get('email') ?? '').trim();
    if (!(await csrf.verify(ctx.cookies.get(cookieName(secure)), form.get('csrf_token') ?? undefined))) {
      await sendForm(ctx, 403, app, request, {
        email,
        error:
          'This sign-in form has expired or did not come from this page. Enter your e-mail address and password again.',
      });
      return;
    }
    const password = form.get('password') ?? '';
    if (!email || !password) {
      await sendForm(ctx, 401, app, request, { email, error: WRONG_CREDENTIALS });
      return;
    }
    const ip = clientIp(ctx);
    const wait = await rateLimits.signInWait(ip, email);
    if (wait !== undefined) {
      ctx.set('Retry-After', String(wait));
      const minutes = Math.ceil(wait / 60);
      await sendForm(ctx, 429, app, request, {
        email,
        error: `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      });
      return;
    }
    const outcome = await signIn(orm.em.fork(), email, password, request);
    if (outcome.kind === 'no_match') {
      await rateLimits.recordSignInFailure(ip, email);
      await sendForm(ctx, 401, app, request, { email, error: WRONG_CREDENTIALS });
      return;
    }
    if (outcome.kind === 'no_scope') {
      redirectRefusal(ctx, request.redirectUri, params, {
        error: 'invalid_scope',
        description: 'None of the requested scopes is allowed to this account.',
      });
      return;
    }
    redirectBack(ctx, request.redirectUri, request.state, { code: outcome.code });
  });

  router.all(AUTHORIZE_PATH, (ctx) => {
    ctx.set('Allow', 'GET, HEAD, POST');
    refuse(ctx, 405, 'Request not accepted', 'Open the sign-in from the app.');
  });

  router.post(REVOKE_PATH, async (ctx) => {
    try {
      const ip = clientIp(ctx);
      ctx.set(quotaHeaders(await rateLimits.consume('token', ip)));
      await revokeEndpoint(ctx, orm.em.fork());
    } catch (error) {
      // RFC 7009 §2.2.1: the token endpoint's error body (decisions §4), a failure too.
      let answer = ApiError.from(error);
      if (!answer) {
        logger.error({ err: error, request_id: ctx.state.requestId }, 'revocation endpoint failed');
        answer = new ApiError('internal_error', { detail: 'An unexpected error occurred.' });
      }
      writeOAuthError(ctx, answer, issuer);
    }
  });
  router.all(REVOKE_PATH, (ctx) => {
    ctx.set('Allow', 'POST');
    writeOAuthError(ctx, new ApiError('method_not_allowed', { detail: 'Use POST /oauth/revoke.' }), issuer);
  });
}

/** The form's fields (application/x-www-form-urlencoded only), or the page that refuses the request. */
async function readForm(
  ctx: Koa.Context,
  refuse: (ctx: Koa.Context, status: number, title: string, message: string) => void,
): Promise<URLSearchParams | undefined> {
  const media = ctx.get('Content-Type').split(';')[0].trim().toLowerCase();
  if (media !== 'application/x-www-form-urlencoded') {
    ctx.req.resume();
    refuse(ctx, 415, 'Request not accepted', 'Send the form as the page does (application/x-www-form-urlencoded).');
    return undefined;
  }
  try {
    return new URLSearchParams(await getRawBody(ctx.req, { limit: MAX_FORM_BYTES, encoding: 'utf8' }));
  } catch (error) {
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    refuse(
      ctx,
      tooLarge ? 413 : 400,
      'Request not accepted',
      tooLarge ? 'The form is too large.' : 'The form could not be read.',
    );
    return undefined;
  }
}
