/**
 * What the account pages share (decisions §20): the set-up and sign-in pages' one inline stylesheet,
 * HTML escaping, and the page around a body. Plain HTML, nothing loaded from anywhere.
 */

/** The pages' only style: their policies allow exactly this text by its hash. */
export const ACCOUNT_PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}' +
  'label{display:block;margin-top:1rem;font-weight:600}input{display:block;width:100%;box-sizing:border-box;' +
  'padding:.5rem;font:inherit;margin-top:.25rem}button{margin-top:1.5rem;padding:.5rem 1rem;font:inherit}' +
  '.error{color:#a40000;border-left:4px solid #a40000;padding-left:.75rem}.hint{color:#555;font-size:.9rem}';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export function accountPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Workforce</title>
<style>${ACCOUNT_PAGE_STYLE}</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}
