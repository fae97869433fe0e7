// Decisions §21: every HTML page (/docs, /problems/{code}) forbids framing, with a
// Content-Security-Policy whose frame-ancestors is 'none' and X-Frame-Options: DENY, and its policy
// allows only what that page loads. No browser runs here, so "/docs still renders under its policy"
// is checked on the page's markup: each script, stylesheet and inline script it has is allowed.
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { problemCodes } from '../../core/problems.js';
import { useTestServer } from '../support/harness.js';

const h = useTestServer();

/** The policy of a page that loads nothing but its own markup. */
const BARE_POLICY = "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The inline scripts of `html` (a <script> with no src), by their text. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] as string);
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The directives of a policy, by name: `{ 'script-src': ["'self'", …] }`. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name as string, sources];
    }),
  );
}

describe('framing', () => {
  test('/docs: frame-ancestors none, X-Frame-Options DENY, and a policy that allows exactly what the page loads', async () => {
    const res = await h.fetch('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    const scripts = inlineScripts(html);
    expect(scripts).toHaveLength(1);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe(
      [
        "default-src 'none'",
        `script-src 'self' ${sha256(scripts[0] as string)}`,
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
  });

  test('/docs renders under its policy: every script and stylesheet is this origin and served, every inline script hashed, nothing inline the policy refuses', async () => {
    const res = await h.fetch('/docs');
    const html = await res.text();
    const policy = directives(res.headers.get('content-security-policy') as string);
    for (const script of inlineScripts(html)) expect(policy['script-src']).toContain(sha256(script));
    const external = [
      ...[...html.matchAll(/<script[^>]*\bsrc="([^"]+)"/gi)].map((m) => ['script-src', m[1] as string]),
      ...[...html.matchAll(/<link[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"/gi)].map((m) => [
        'style-src',
        m[1] as string,
      ]),
    ];
    expect(external.map(([kind]) => kind).sort()).toEqual(['script-src', 'style-src']);
    for (const [kind, url] of external) {
      // 'self' allows it only when it is this origin's: a path, not another host.
      expect(url).toMatch(/^\/[^/]/);
      expect(policy[kind as string]).toContain("'self'");
      expect((await h.fetch(url as string)).status, url).toBe(200);
    }
    // style-src has no 'unsafe-inline' and script-src no hash but the one: no <style>, no style=
    // attribute, no inline event handler, no javascript: URL.
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(html).not.toMatch(/<style|\sstyle=|\son[a-z]+=|javascript:/i);
    // The page asks for the document on this origin (connect-src 'self'), and for no validator
    // badge from validator.swagger.io (img-src has no other host).
    expect(inlineScripts(html)[0]).toContain("url: '/openapi.json'");
    expect(inlineScripts(html)[0]).toContain('validatorUrl: null');
    expect((await h.fetch('/openapi.json')).status).toBe(200);
  });

  test('/problems/{code}: nothing but its markup is allowed, framing refused, on every code', async () => {
    for (const code of Object.keys(problemCodes)) {
      const res = await h.fetch(`/problems/${code}`);
      expect(res.status, code).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(BARE_POLICY);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const html = await res.text();
      expect(html).not.toMatch(/<script|<style|<link|\sstyle=|\son[a-z]+=/i);
    }
  });
});
