// verifyWebhook: checks a delivery's Standard Webhooks signature and timestamp (standardwebhooks) and
// answers the event, typed by the document's `webhooks`. It does not deduplicate (use `webhook-id`).
import { WebhookVerificationError as StandardWebhookVerificationError, Webhook } from 'standardwebhooks';
import type { webhooks } from './openapi.js';

/** The payload the document gives an event type's delivery. */
type PayloadOf<K extends keyof webhooks> = webhooks[K] extends {
  post: { requestBody?: { content: { 'application/json': infer Event } } };
}
  ? Event
  : never;

/** Every event a webhook delivers, discriminated by `type`, with `data.object` the record of that type. */
export type WebhookEvent = { [K in keyof webhooks]: PayloadOf<K> }[keyof webhooks];
export type WebhookEventType = WebhookEvent['type'];

/** Headers as Node's `req.headers` gives them, or a fetch `Headers`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

/** A delivery that is not from the API: bad or missing signature, or a timestamp more than 5 minutes away. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

function headerValue(headers: WebhookHeaders, name: string): string {
  if (headers instanceof Headers) return headers.get(name) ?? '';
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  // A header sent twice: its values joined as one list (signatures are space-separated).
  return Array.isArray(value) ? value.join(' ') : (value ?? '');
}

// Exact: a byte that is not UTF-8 is refused rather than replaced, and a leading BOM is kept (signed).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function bodyText(payload: string | Uint8Array): string {
  if (typeof payload === 'string') return payload;
  try {
    return utf8.decode(payload);
  } catch (error) {
    throw new WebhookVerificationError('The payload is not UTF-8', { cause: error });
  }
}

/**
 * The event of a delivery, once its signature (HMAC-SHA256 with `secret`, the endpoint's `whsec_…`)
 * and its timestamp (at most 5 minutes away) are checked. `payload` is the raw body, exactly as
 * received: a string, or its bytes (a Buffer, a Uint8Array), read as UTF-8. A body parsed and
 * serialised again does not verify.
 */
export function verifyWebhook(payload: string | Uint8Array, headers: WebhookHeaders, secret: string): WebhookEvent {
  const signed = Object.fromEntries(SIGNED_HEADERS.map((name) => [name, headerValue(headers, name)]));
  const body = bodyText(payload);
  try {
    // standardwebhooks takes a string or a Buffer only (a plain Uint8Array throws): it is given the text.
    return new Webhook(secret).verify(body, signed) as WebhookEvent;
  } catch (error) {
    if (error instanceof StandardWebhookVerificationError) {
      throw new WebhookVerificationError(error.message, { cause: error });
    }
    throw error;
  }
}
