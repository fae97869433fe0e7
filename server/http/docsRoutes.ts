/**
 * The reference pages: GET /openapi.json (the committed document), /docs (Swagger UI, its files
 * under /docs/assets) and /problems/{code} (a problem code's page, the `type` of problem documents).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import { ApiError, problemCodes } from '../../core/problems.js';
import { withWebhookUrlPolicy } from '../../routers/webhooks/webhookEndpoints.procedures.js';
import type { Env } from '../main/env.js';
import { contentSecurityPolicy, inlineScriptSource, sendHtmlPage } from './htmlPage.js';

/**
 * The committed openapi.json, which server/openapi/document.ts generates (a test holds them equal): served
 * as it is (but for the webhook URL pattern of a deployment that allows private URLs), so that serving
 * needs neither the generator nor the time and memory it takes. At the
 * repository root, two levels up from server/http/ and three from the compiled dist/server/http/.
 */
function openApiFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../openapi.json'), path.resolve(here, '../../../openapi.json')];
  const found = candidates.find((file) => existsSync(file));
  if (!found) throw new Error(`openapi.json not found (looked at ${candidates.join(', ')})`);
  return found;
}

/** Read on first use, then kept. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

/** Swagger UI's files, looked up on the first request for one (the package is never imported). */
const swaggerDir = once(async () =>
  path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
);
const SWAGGER_ASSET = /^swagger-ui(-bundle|-standalone-preset)?\.(js|css)$/;

/** Adds /openapi.json, /docs, /docs/assets/:file and /problems/:code to `router`. */
export function docsRoutes(router: Router, env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE_URLS'>): void {
  // The committed document, with this deployment's webhook URL policy (development allows http://).
  const openapiJson = once(async () =>
    withWebhookUrlPolicy(await readFile(openApiFile(), 'utf8'), env.WEBHOOK_ALLOW_PRIVATE_URLS),
  );
  router.get('/openapi.json', async (ctx) => {
    ctx.type = 'application/json';
    ctx.body = await openapiJson();
  });
  router.get('/docs', (ctx) => {
    sendHtmlPage(ctx, DOCS_PAGE, DOCS_POLICY);
  });
  router.get('/docs/assets/:file', async (ctx) => {
    const file = path.basename(ctx.params.file);
    if (!SWAGGER_ASSET.test(file)) throw new ApiError('not_found');
    ctx.type = path.extname(file);
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = await readFile(path.join(await swaggerDir(), file));
  });
  router.get('/problems/:code', (ctx) => {
    const code = ctx.params.code as keyof typeof problemCodes;
    const entry = problemCodes[code];
    if (!Object.hasOwn(problemCodes, code)) throw new ApiError('not_found', { detail: `No problem code '${code}'.` });
    sendHtmlPage(
      ctx,
      `<!doctype html><html lang="en"><meta charset="utf-8"><title>${entry.title}</title><h1>${entry.title}</h1><p>Status ${entry.status}, code <code>${code}</code>.</p><p>See the <a href="/docs">API reference</a> for when it is returned.</p></html>`,
    );
  });
}

/** Starts Swagger UI; no validator badge, which would load an image from validator.swagger.io. */
const DOCS_SCRIPT =
  "window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#reference', deepLinking: true, validatorUrl: null });";

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Workforce API reference</title>
  <link rel="stylesheet" href="/docs/assets/swagger-ui.css">
</head>
<body>
  <div id="reference"></div>
  <script src="/docs/assets/swagger-ui-bundle.js"></script>
  <script>${DOCS_SCRIPT}</script>
</body>
</html>`;

/**
 * What /docs loads: Swagger UI's script and stylesheet from /docs/assets, its one inline script by
 * hash (not 'unsafe-inline': nothing else inline may run), the icons its stylesheet holds as data:
 * URLs, and /openapi.json and "Try it out" requests on this origin. It needs no inline style (React
 * sets styles through the DOM, which style-src does not govern) and no eval.
 */
const DOCS_POLICY = contentSecurityPolicy({
  script: ["'self'", inlineScriptSource(DOCS_SCRIPT)],
  style: ["'self'"],
  img: ["'self'", 'data:'],
  connect: ["'self'"],
});
