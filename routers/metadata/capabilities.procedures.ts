/**
 * GET /v1/capabilities (capabilities over tRPC): the product, API version, modules and surfaces;
 * anonymous, credentials ignored.
 */
import { z } from 'zod';
import type { ApiSettings } from '../../core/context.js';
import { API_VERSION, CATALOGUE_VERSION, PRODUCT } from '../../core/product.js';
import { SCOPES } from '../../core/scopes.js';
import { openProcedure } from '../../core/trpc.js';
import { catalogue } from './modules.procedures.js';

export const capabilitiesSchema = z
  .object({
    product: z.object({ name: z.string(), version: z.string() }),
    api: z.object({
      version: z.string(),
      base_path: z.string(),
      openapi_url: z.url(),
      docs_url: z.url(),
    }),
    modules: z.array(
      z.object({
        slug: z.string(),
        status: z.enum(['available', 'beta', 'coming-soon']),
        availability: z.enum(['available', 'beta', 'customizable-on-request']),
      }),
    ),
    surfaces: z.array(z.object({ name: z.string(), description: z.string(), url: z.string().optional() })),
    auth: z.object({
      methods: z.array(z.string()),
      token_url: z.url(),
      scopes: z.array(z.string()),
    }),
    limits: z.object({
      page_size: z.object({ default: z.number().int(), max: z.number().int() }),
      rate_limit: z.object({
        authenticated: z.object({ points: z.number().int(), duration_s: z.number().int() }),
        anonymous: z.object({ points: z.number().int(), duration_s: z.number().int() }),
      }),
    }),
  })
  .meta({ id: 'Capabilities' });

function buildCapabilities(env: ApiSettings): z.infer<typeof capabilitiesSchema> {
  const base = env.PUBLIC_BASE_URL;
  return {
    product: { name: PRODUCT, version: CATALOGUE_VERSION },
    api: { version: API_VERSION, base_path: '/v1', openapi_url: `${base}/openapi.json`, docs_url: `${base}/docs` },
    modules: catalogue.map(({ slug, status, availability }) => ({ slug, status, availability })),
    surfaces: [
      { name: 'rest', description: 'JSON over HTTP under /v1, described by OpenAPI 3.1.', url: `${base}/v1` },
      {
        name: 'trpc',
        description: 'The same procedures over tRPC for first-party TypeScript apps.',
        url: `${base}/trpc`,
      },
      { name: 'web', description: 'The Workforce web application.' },
      { name: 'mobile', description: 'The Workforce mobile apps for iOS and Android.' },
    ],
    auth: {
      // oauth2_authorization_code: a first-party app signs an employee in (decisions §20).
      methods: ['api_key', 'oauth2_client_credentials', 'oauth2_authorization_code'],
      token_url: `${base}/oauth/token`,
      scopes: [...SCOPES],
    },
    limits: {
      page_size: { default: 50, max: 100 },
      rate_limit: {
        authenticated: { points: env.RATE_LIMIT_POINTS, duration_s: env.RATE_LIMIT_DURATION_S },
        anonymous: { points: env.RATE_LIMIT_IP_POINTS, duration_s: env.RATE_LIMIT_DURATION_S },
      },
    },
  };
}

export const capabilities = openProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/capabilities',
      protect: false,
      tags: ['metadata'],
      summary: 'Capabilities manifest',
      description: 'Product, API version, modules, surfaces, authentication and limits. Credentials are ignored.',
    },
  })
  .input(z.void())
  .output(capabilitiesSchema)
  .query(({ ctx }) => buildCapabilities(ctx.services.env));
