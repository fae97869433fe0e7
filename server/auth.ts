import type { EntityManager } from '../db/orm.js';
import type { Auth } from './context.js';

/** The bearer credential in an Authorization header, or null when there is none at all. */
export function bearerToken(header: string | undefined): string | null | false {
  if (!header) return null;
  const match = /^bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : false;
}

/**
 * Resolves the Authorization header once per request. Until credentials exist, anything
 * presented is unknown and so invalid.
 */
export async function resolveAuth(header: string | undefined, _em: EntityManager): Promise<Auth> {
  const token = bearerToken(header);
  if (token === null) return { state: 'anonymous' };
  return { state: 'invalid' };
}
