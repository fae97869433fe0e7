/**
 * The set-up page's HTML (decisions §20): a form that sets the account's password, and the pages a
 * used, expired or unknown link answers. Plain HTML with one inline stylesheet (allowed by its hash,
 * ACCOUNT_PAGE_STYLE) and nothing loaded from anywhere; server/http/accountSetup.ts sends it.
 */

import { accountPage, escapeHtml } from './account.page.js';
import { PASSWORD_MAX, PASSWORD_MIN, SETUP_LINK_DAYS } from './account.record.js';

/** What the form page shows: whose account, and why the last attempt was refused (if it was). */
export interface SetupForm {
  token: string;
  email: string;
  organisation: string;
  sandbox: boolean;
  error?: string;
}

/** The form: one POST to this same URL, the password twice; the token rides in a hidden input. */
export function setupFormPage(form: SetupForm): string {
  const where = `${escapeHtml(form.organisation)}${form.sandbox ? ' (sandbox)' : ''}`;
  return accountPage(
    'Set up your account',
    `<p>Choose the password you will sign in to <strong>${where}</strong> with, as <strong>${escapeHtml(form.email)}</strong>.</p>
${form.error ? `<p class="error" role="alert">${escapeHtml(form.error)}</p>` : ''}
<form method="post">
<input type="hidden" name="token" value="${escapeHtml(form.token)}">
<input type="text" name="username" value="${escapeHtml(form.email)}" autocomplete="username" hidden>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<label for="password_confirmation">The same password again</label>
<input id="password_confirmation" name="password_confirmation" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN}" maxlength="${PASSWORD_MAX}">
<p class="hint">At least ${PASSWORD_MIN} characters. A passphrase of a few words is easy to remember and hard to guess.</p>
<button type="submit">Set password</button>
</form>`,
  );
}

/** After the password is set. */
export function setupDonePage(email: string): string {
  return accountPage(
    'Your account is ready',
    `<p>Your password is set. Sign in to the Workforce apps as <strong>${escapeHtml(email)}</strong> with it.</p>
<p>This link has now been used; it will not work again.</p>`,
  );
}

/** Why a link does not open the form (410 used, replaced or expired; 404 unknown). */
export function setupLinkPage(state: 'used' | 'expired' | 'revoked' | 'unknown'): string {
  const reason = {
    used: 'This set-up link has already been used. Each link works once.',
    expired: `This set-up link has expired. Links work for ${SETUP_LINK_DAYS} days.`,
    revoked: 'This set-up link was replaced by a newer one, or the account was disabled.',
    unknown: 'This set-up link is not valid. Check that you opened the whole link from the e-mail.',
  }[state];
  return accountPage(
    state === 'unknown' ? 'Link not found' : 'Link no longer valid',
    `<p>${reason}</p>
<p>Ask your HR administrator for a new link.</p>`,
  );
}

/** A request the page cannot take (wrong method, body type or size), as a page rather than JSON. */
export function setupRequestPage(message: string): string {
  return accountPage('Request not accepted', `<p>${escapeHtml(message)}</p>`);
}
