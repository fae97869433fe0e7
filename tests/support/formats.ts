/** Formats the API's values follow, as regular expressions for `toMatch` / `expect.stringMatching`. */

/** Any UUID (request ids a client may send, ids printed by the CLI). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A UUIDv7, as the API mints record ids and request ids. */
export const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** A timestamp with milliseconds in UTC: 2026-03-02T09:30:00.250Z. */
export const RFC3339_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** A calendar date: 2026-03-02. */
export const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A non-negative integer written in digits only (header values such as RateLimit-Remaining). */
export const INTEGER = /^\d+$/;
