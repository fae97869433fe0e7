/**
 * The sign-in page's HTML (decisions §20): the form a first-party app's authorization request
 * opens at /oauth/authorize, and the page that refuses a request whose app or redirect URI is not
 * registered. Plain HTML with the set-up pages' one inline stylesheet (allowed by its hash) and
 * nothing loaded from anywhere; server/http/signIn.ts sends it.
 */

import { accountPage, escapeHtml } from './account.page.js';
import { PASSWORD_MAX } from './account.record.js';

/** What the form shows and carries: the app, the request's parameters as hidden inputs, the last refusal. */
interface SignInForm {
  appName: string;
  /** The authorization request's parameters and the CSRF token, posted back as they are. */
  hidden: Record<string, string | undefined>;
  email?: string;
  error?: string;
}

/** The form: one POST to this same URL (no action: the query stays), e-mail and password. */
export function signInFormPage(form: SignInForm): string {
  const hidden = Object.entries(form.hidden)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return accountPage(
    'Sign in',
    `<p>Sign in to <strong>${escapeHtml(form.appName)}</strong> with your work e-mail address.</p>
${form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : ''}
<form method="post">
${hidden}
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(form.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="${PASSWORD_MAX}">
<button type="submit">Sign in</button>
</form>
<p class="hint">No password yet, or forgot it? Ask your HR administrator for a new set-up link.</p>`,
  );
}

/** A request the page cannot serve (an unknown app, a redirect URI not registered, a wrong method or body). */
export function signInRequestPage(title: string, message: string): string {
  return accountPage(title, `<p>${escapeHtml(message)}</p>`);
}
