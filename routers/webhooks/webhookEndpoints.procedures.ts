import { z } from 'zod';
import { type Context, scopeGrant, writeOrigin } from '../../core/context.js';
import { textField } from '../../core/fields.js';
import { listEnvelope, pageQuery, single } from '../../core/pagination.js';
import { idParam, readProcedures } from '../../core/records.js';
import { router, scoped } from '../../core/trpc.js';
import { EVENT_TYPES, TEST_EVENT_TYPE } from '../events/events.writes.js';
import { listDeliveries } from './webhookDeliveries.reads.js';
import { RECOVER_BATCH, RECOVER_MAX_DAYS, recoverDeliveries, retryDelivery } from './webhookDeliveries.writes.js';
import { deliverySchema } from './webhookDelivery.record.js';
import { SUBSCRIBABLE_TYPES, webhookEndpointSchema } from './webhookEndpoint.record.js';
import {
  assertMaySubscribe,
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  MAX_WEBHOOK_ENDPOINTS,
  rotateWebhookSecret,
  sendTestEvent,
  type UrlRule,
  updateWebhookEndpoint,
  webhookUrlStart,
} from './webhookEndpoints.writes.js';
import { resolvedAhead } from './webhookHosts.dns.js';

/** Webhook endpoints (decisions §14): /v1/webhook-endpoints and webhookEndpoints.* over tRPC. */

const MAX_URL = 2048;
const MAX_DESCRIPTION = 500;

const secretField = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{32}$/)
  .meta({
    description:
      'The signing secret (Standard Webhooks: `whsec_` and the base64 of 24 random bytes). Shown only here: keep it.',
  });

const withSecret = z.object({ data: webhookEndpointSchema, secret: secretField }).meta({ id: 'WebhookEndpointSecret' });

/**
 * What the domain's URL rule needs of the text (routers/webhooks/webhookEndpoints.writes.ts,
 * routers/webhooks/webhookUrls.rules.ts): its scheme and `//` first, nothing the URL parser would drop.
 * The host's addresses are not text.
 */
const urlPattern = (allowPrivate: boolean) =>
  `${webhookUrlStart(allowPrivate)}[^\\u0000-\\u0020\\u007f-\\u009f\\u202a-\\u202e\\u2066-\\u2069]+$`;

const urlField = z
  .string()
  .max(MAX_URL, `url must be at most ${MAX_URL} characters`)
  .meta({
    description: `An absolute https:// URL written out (\`https://host/…\`), without credentials, spaces or control characters, at most ${MAX_URL} characters, whose host is not and does not resolve to a loopback, private, link-local or otherwise non-public address (checked again at every delivery). \`http://\` and such hosts only where the service allows private URLs (development), whose /openapi.json then admits \`http://\` in this pattern.`,
    // The production policy, which the committed document states; see withWebhookUrlPolicy.
    pattern: urlPattern(false),
  });

/**
 * The document as this deployment serves it (server/http/app.ts): the committed openapi.json says
 * the production policy, `https://` only; where private URLs are allowed (development and tests),
 * the `url` pattern admits `http://` too, so that what reads /openapi.json (a generated client, a
 * fuzzer) knows what this server takes.
 */
export function withWebhookUrlPolicy(document: string, allowPrivate: boolean): string {
  return allowPrivate
    ? document.replaceAll(JSON.stringify(urlPattern(false)), JSON.stringify(urlPattern(true)))
    : document;
}

const eventTypesField = z
  .array(z.enum(SUBSCRIBABLE_TYPES))
  .min(1, 'event_types must name at least one event type')
  .max(SUBSCRIBABLE_TYPES.length)
  .superRefine((types, issue) => {
    if (new Set(types).size !== types.length) {
      issue.addIssue({ code: 'custom', message: 'event_types must not repeat a type' });
    }
    if (types.includes('*') && types.length > 1) {
      issue.addIssue({ code: 'custom', message: 'event_types: "*" (every type) stands alone' });
    }
  })
  .meta({
    uniqueItems: true,
    description: 'Event types to deliver, each once; `["*"]` alone for every type, those added later included.',
    // `*` stands alone: either `["*"]` or known types, said in JSON Schema too.
    oneOf: [
      { title: 'Every type', type: 'array', items: { type: 'string', enum: ['*'] }, minItems: 1, maxItems: 1 },
      {
        title: 'These types',
        type: 'array',
        items: { type: 'string', enum: [...EVENT_TYPES] },
        minItems: 1,
        maxItems: EVENT_TYPES.length,
        uniqueItems: true,
      },
    ],
  });

const descriptionField = () => textField({ max: MAX_DESCRIPTION, multiline: true, description: 'For people.' });

const createInput = z
  .strictObject({
    url: urlField,
    event_types: eventTypesField,
    description: descriptionField().optional(),
  })
  .meta({ id: 'CreateWebhookEndpointInput' });

const updateInput = z
  .strictObject({
    id: z.uuid(),
    url: urlField.optional(),
    event_types: eventTypesField.optional(),
    description: descriptionField().nullable().optional().meta({ description: 'null clears it.' }),
    enabled: z
      .boolean()
      .optional()
      .meta({ description: '`true` turns it back on, clearing `disabled_reason` and its count of failures.' }),
  })
  .refine(
    (input) =>
      input.url !== undefined ||
      input.event_types !== undefined ||
      input.description !== undefined ||
      input.enabled !== undefined,
    { message: 'Supply at least one of url, event_types, description, enabled' },
  )
  // The refinement, said in JSON Schema so that generated clients and fuzzers know it too.
  .meta({ minProperties: 1 });

const idInput = z.strictObject({ id: z.uuid() });

const recoverInput = z.strictObject({
  id: z.uuid(),
  since: z.iso
    .datetime({ offset: true, abort: true, message: 'since must be an RFC 3339 date-time (e.g. 2026-11-23T09:00:00Z)' })
    .max(64, 'since must be at most 64 characters')
    .superRefine((value, issue) => {
      const since = Date.parse(value);
      if (Number.isNaN(since)) issue.addIssue({ code: 'custom', message: 'since must be a real date and time' });
      else if (since > Date.now()) issue.addIssue({ code: 'custom', message: 'since must not be in the future' });
      else if (since < Date.now() - RECOVER_MAX_DAYS * 86_400_000) {
        issue.addIssue({ code: 'custom', message: `since must be at most ${RECOVER_MAX_DAYS} days ago` });
      }
    })
    .meta({
      description: `RFC 3339; deliveries that ended failed at or after it are sent again. At most ${RECOVER_MAX_DAYS} days ago, not in the future.`,
    }),
});

/**
 * A create or a PATCH naming a `url` resolves its host before the write's transaction (decisions
 * §21: a slow DNS answer must hold no database connection); the procedure's check then reads that
 * answer. Private URLs allowed (development): nothing to resolve.
 */
async function resolveUrlHost(input: unknown, state: Context): Promise<void> {
  if (state.services.env.WEBHOOK_ALLOW_PRIVATE_URLS) return;
  state.resolveHost = await resolvedAhead((input as { url?: unknown } | null)?.url);
}

function urlRule(ctx: Context): UrlRule {
  return { allowPrivate: ctx.services.env.WEBHOOK_ALLOW_PRIVATE_URLS, resolve: ctx.resolveHost };
}

const read = scoped('webhooks:read');
const write = scoped('webhooks:write');
const endpointResponse = single(webhookEndpointSchema, 'WebhookEndpointResponse');
const PATH = '/webhook-endpoints';
const TAGS = ['webhooks'];

export const webhookEndpointsRouter = router({
  ...readProcedures({
    scope: 'webhooks:read',
    path: PATH,
    tag: 'webhooks',
    table: 'webhook_endpoints',
    schema: webhookEndpointSchema,
    summaries: { list: 'List webhook endpoints', get: 'Get a webhook endpoint' },
  }),

  create: write
    .meta({
      openapi: {
        method: 'POST',
        path: PATH,
        tags: TAGS,
        summary: 'Create a webhook endpoint',
        description: `Answers the endpoint and its signing secret, which is shown only here and on rotation. At most ${MAX_WEBHOOK_ENDPOINTS} endpoints per tenant. A refused URL is 400 invalid_body naming \`url\` and why. Accepts Idempotency-Key.`,
      },
      errors: ['webhook_endpoint_limit_reached'],
      beforeTransaction: resolveUrlHost,
    })
    .input(createInput)
    .output(withSecret)
    .mutation(async ({ ctx, input }) => {
      assertMaySubscribe(scopeGrant(ctx), input.event_types);
      const { endpoint, secret } = await createWebhookEndpoint(
        ctx.em,
        ctx.credential.tenantId,
        input,
        urlRule(ctx),
        ctx.services.env.secretKeys,
      );
      return { data: endpoint, secret };
    }),

  update: write
    .meta({
      openapi: {
        method: 'PATCH',
        path: `${PATH}/{id}`,
        tags: TAGS,
        summary: 'Update a webhook endpoint',
        description:
          'Changes the URL (checked as on create), the event types, the description (null clears it) or `enabled`. Needs the read scopes of every type the endpoint subscribes to, before and after the change (403 insufficient_scope). Accepts Idempotency-Key.',
      },
      beforeTransaction: resolveUrlHost,
    })
    .input(updateInput)
    .output(endpointResponse)
    .mutation(async ({ ctx, input }) => {
      const { id, ...patch } = input;
      assertMaySubscribe(scopeGrant(ctx), patch.event_types);
      return {
        data: await updateWebhookEndpoint(ctx.em, ctx.credential.tenantId, scopeGrant(ctx), id, patch, urlRule(ctx)),
      };
    }),

  delete: write
    .meta({
      openapi: {
        method: 'DELETE',
        path: `${PATH}/{id}`,
        tags: TAGS,
        summary: 'Delete a webhook endpoint',
        description:
          'No more deliveries; its delivery attempts are deleted with it. 204 without a body. Accepts Idempotency-Key.',
        successDescription: 'Deleted.',
      },
      successStatus: 204,
    })
    .input(idInput)
    .output(z.void())
    .mutation(async ({ ctx, input }) => {
      await deleteWebhookEndpoint(ctx.em, ctx.credential.tenantId, input.id);
    }),

  rotateSecret: write
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/{id}/rotate-secret`,
        tags: TAGS,
        summary: 'Rotate the signing secret',
        description:
          'Answers a new secret, shown only here. The previous one keeps signing beside it for 24 hours (two signatures in `webhook-signature`), so receivers can switch without losing a delivery. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.',
      },
    })
    .input(idInput)
    .output(withSecret)
    .mutation(async ({ ctx, input }) => {
      const { endpoint, secret } = await rotateWebhookSecret(
        ctx.em,
        ctx.credential.tenantId,
        scopeGrant(ctx),
        input.id,
        ctx.services.env.secretKeys,
      );
      return { data: endpoint, secret };
    }),

  test: write
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/{id}/test`,
        tags: TAGS,
        summary: 'Send a test event',
        description: `Queues a \`${TEST_EVENT_TYPE}\` event for this endpoint alone, whatever its event types (a disabled endpoint gets none); it is not listed in /v1/events. Its attempts appear under …/deliveries. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.`,
        successDescription: 'The test event is recorded and its delivery queued.',
      },
      successStatus: 202,
    })
    .input(idInput)
    .output(z.object({ data: z.object({ event_id: z.uuid() }) }).meta({ id: 'WebhookTestResponse' }))
    .mutation(async ({ ctx, input }) => ({
      data: {
        event_id: await sendTestEvent(
          ctx.em,
          ctx.credential.tenantId,
          scopeGrant(ctx),
          input.id,
          writeOrigin(ctx),
          ctx.services.env.WEBHOOK_TEST_LIMIT,
        ),
      },
    })),

  recover: write
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/{id}/recover`,
        tags: TAGS,
        summary: 'Send failed deliveries again',
        description: `Every event of this endpoint (test events included) whose delivery ended \`failed\` at or after \`since\` gets one new attempt, due now, oldest event first: a new row under …/deliveries with the next \`attempt\` and the same \`webhook-id\`. At most ${RECOVER_BATCH.toLocaleString('en')} events a call: \`has_more\` says more remain, and \`next_since\` is the \`since\` to call again with. Events past the ${RECOVER_MAX_DAYS} days kept are never sent again. \`since\` is RFC 3339, at most ${RECOVER_MAX_DAYS} days ago and not in the future. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). A disabled endpoint is 409 webhook_endpoint_disabled (turn it on first). Accepts Idempotency-Key.`,
        successDescription: 'The attempts are queued; `requeued` counts them.',
      },
      successStatus: 202,
      errors: ['webhook_endpoint_disabled'],
    })
    .input(recoverInput)
    .output(
      z
        .object({
          data: z.object({
            requeued: z.int().min(0).meta({ description: 'How many new attempts this call queued.' }),
            has_more: z.boolean().meta({ description: 'Whether failed events remain past this batch: call again.' }),
            next_since: z.iso
              .datetime({ offset: true })
              .nullable()
              .meta({ description: 'The `since` to call again with when `has_more`; null otherwise.' }),
          }),
        })
        .meta({ id: 'WebhookRecoverResponse' }),
    )
    .mutation(async ({ ctx, input }) => ({
      data: await recoverDeliveries(ctx.em, ctx.credential.tenantId, scopeGrant(ctx), input.id, new Date(input.since)),
    })),

  retry: write
    .meta({
      openapi: {
        method: 'POST',
        path: `${PATH}/{id}/deliveries/{delivery_id}/retry`,
        tags: TAGS,
        summary: 'Send one delivery again',
        description:
          "One new attempt of that delivery's event, whatever the delivery's status, due now: a new row with the next `attempt` and the same `webhook-id`, answered here. A delivery not of this endpoint, or whose event is past the 30 days kept, is 404; a disabled endpoint is 409 webhook_endpoint_disabled. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.",
        successDescription: 'The attempt is queued.',
      },
      successStatus: 202,
      errors: ['webhook_endpoint_disabled'],
    })
    .input(
      z.strictObject({
        id: idParam.shape.id,
        delivery_id: z
          .uuid()
          .meta({ description: 'The delivery attempt to send again (its `id` under …/deliveries).' }),
      }),
    )
    .output(single(deliverySchema, 'WebhookDeliveryResponse'))
    .mutation(async ({ ctx, input }) => ({
      data: await retryDelivery(ctx.em, ctx.credential.tenantId, scopeGrant(ctx), input.id, input.delivery_id),
    })),

  deliveries: read
    .meta({
      openapi: {
        method: 'GET',
        path: `${PATH}/{id}/deliveries`,
        tags: TAGS,
        summary: "List an endpoint's delivery attempts",
        description:
          'One row per attempt, ascending by (created_at, id); a retry is a new row with the next `attempt`.',
      },
    })
    .input(z.object({ ...idParam.shape, ...pageQuery }))
    .output(listEnvelope(deliverySchema, 'WebhookDeliveryList'))
    .query(({ ctx, input }) => listDeliveries(ctx, input)),
});
