/**
 * Every HTML page the service answers goes out through sendHtmlPage (decisions §21): a
 * Content-Security-Policy that refuses framing and allows only the sources the page names, and
 * X-Frame-Options: DENY for browsers that predate `frame-ancestors`.
 */
import { createHash } from 'node:crypto';
import type Koa from 'koa';

/** What a page loads beyond its own markup, as CSP source lists; a kind left out is refused. */
interface PageSources {
  script?: readonly string[];
  style?: readonly string[];
  img?: readonly string[];
  connect?: readonly string[];
  /** Where its forms may submit (a sign-in form: `'self'`). */
  form?: readonly string[];
}

/** The CSP source that allows exactly this inline `<script>` (its text, byte for byte, hashed). */
export function inlineScriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The policy of a page that loads `sources` and nothing else, and that no other page may frame. */
export function contentSecurityPolicy(sources: PageSources = {}): string {
  const allowed = (directive: string, list: readonly string[] | undefined) =>
    list?.length ? [`${directive} ${list.join(' ')}`] : [];
  return [
    "default-src 'none'",
    ...allowed('script-src', sources.script),
    ...allowed('style-src', sources.style),
    ...allowed('img-src', sources.img),
    ...allowed('connect-src', sources.connect),
    "base-uri 'none'",
    `form-action ${sources.form?.length ? sources.form.join(' ') : "'none'"}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Answers `html` as a page under `policy` (contentSecurityPolicy of what it loads; by default, nothing). */
export function sendHtmlPage(ctx: Koa.Context, html: string, policy: string = contentSecurityPolicy()): void {
  ctx.set('Content-Security-Policy', policy);
  ctx.set('X-Frame-Options', 'DENY');
  ctx.type = 'text/html';
  ctx.body = html;
}
