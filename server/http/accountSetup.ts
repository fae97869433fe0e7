/**
 * `GET` and `POST /account/setup` (decisions §20): the page a set-up link opens, and its form's
 * submission, which sets the account's password. HTML pages, never problem documents: a person in
 * a browser reads them. The rules are routers/accounts/accounts.writes.ts; the markup,
 * routers/accounts/accountSetup.page.ts.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import getRawBody from 'raw-body';
import type { Orm } from '../../db/orm.js';
import { ACCOUNT_PAGE_STYLE } from '../../routers/accounts/account.page.js';
import { SETUP_PATH } from '../../routers/accounts/account.record.js';
import {
  setupDonePage,
  setupFormPage,
  setupLinkPage,
  setupRequestPage,
} from '../../routers/accounts/accountSetup.page.js';
import {
  completeAccountSetup,
  findSetupLink,
  hashPassword,
  passwordProblem,
} from '../../routers/accounts/accounts.writes.js';
import { contentSecurityPolicy, inlineScriptSource, sendHtmlPage } from './htmlPage.js';

/** Two passwords of 256 characters of 4 UTF-8 bytes, percent-encoded, and the token, fit well within. */
const MAX_FORM_BYTES = 16 * 1024;

/** The page's own stylesheet by its hash, and a form that posts to this origin alone. */
const SETUP_POLICY = contentSecurityPolicy({ style: [inlineScriptSource(ACCOUNT_PAGE_STYLE)], form: ["'self'"] });

/** Answers a set-up page: the link is in its URL, so it is never cached, nor sent on as a Referer. */
function sendSetupPage(ctx: Koa.Context, status: number, html: string): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  sendHtmlPage(ctx, html, SETUP_POLICY);
}

const LINK_STATUS = { used: 410, expired: 410, revoked: 410, unknown: 404 } as const;

/** The form's fields (application/x-www-form-urlencoded only), or the page that refuses the request. */
async function readForm(ctx: Koa.Context): Promise<URLSearchParams | undefined> {
  const media = ctx.get('Content-Type').split(';')[0].trim().toLowerCase();
  if (media !== 'application/x-www-form-urlencoded') {
    ctx.req.resume();
    sendSetupPage(ctx, 415, setupRequestPage('Send the form as the page does (application/x-www-form-urlencoded).'));
    return undefined;
  }
  try {
    return new URLSearchParams(await getRawBody(ctx.req, { limit: MAX_FORM_BYTES, encoding: 'utf8' }));
  } catch (error) {
    const tooLarge = (error as { type?: string }).type === 'entity.too.large';
    sendSetupPage(
      ctx,
      tooLarge ? 413 : 400,
      setupRequestPage(tooLarge ? 'The form is too large.' : 'The form could not be read.'),
    );
    return undefined;
  }
}

/** Adds the set-up page's routes to `router`. Nothing here is rate limited (decisions §20 asks for none). */
export function accountSetupRoutes(router: Router, orm: Orm): void {
  router.get(SETUP_PATH, async (ctx) => {
    const token = ctx.query.token;
    const link = await findSetupLink(orm.em, typeof token === 'string' ? token : undefined);
    if (link.state !== 'valid') {
      sendSetupPage(ctx, LINK_STATUS[link.state], setupLinkPage(link.state));
      return;
    }
    sendSetupPage(ctx, 200, setupFormPage({ ...link, token: token as string }));
  });

  router.post(SETUP_PATH, async (ctx) => {
    const form = await readForm(ctx);
    if (!form) return;
    // The hidden input, else the URL the form was posted to (a form without `action` keeps the query).
    const query = ctx.query.token;
    const token = form.get('token') ?? (typeof query === 'string' ? query : undefined);
    // The link first: an unknown, used or expired one costs a lookup, never a password hash.
    const link = await findSetupLink(orm.em, token);
    if (link.state !== 'valid') {
      sendSetupPage(ctx, LINK_STATUS[link.state], setupLinkPage(link.state));
      return;
    }
    // Only the two fields the page asks for are read; anything else in the form is ignored.
    const password = form.get('password') ?? undefined;
    const refused = passwordProblem(password, form.get('password_confirmation') ?? undefined);
    if (refused || password === undefined) {
      sendSetupPage(ctx, 422, setupFormPage({ ...link, token: token as string, error: refused }));
      return;
    }
    const passwordHash = await hashPassword(password);
    if (!(await completeAccountSetup(orm.em.fork(), token as string, passwordHash))) {
      // Used (or replaced, or expired) while the password was hashed: a submission that committed first.
      const now = await findSetupLink(orm.em, token);
      sendSetupPage(ctx, 410, setupLinkPage(now.state === 'valid' || now.state === 'unknown' ? 'used' : now.state));
      return;
    }
    sendSetupPage(ctx, 200, setupDonePage(link.email));
  });

  router.all(SETUP_PATH, (ctx) => {
    ctx.set('Allow', 'GET, HEAD, POST');
    sendSetupPage(ctx, 405, setupRequestPage('Open the link from your e-mail in a browser.'));
  });
}
