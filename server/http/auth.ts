import type { Auth } from '../../core/context.js';
import type { EntityManager } from '../../db/orm.js';
import { resolveBearer } from '../../routers/credentials/credentials.writes.js';

/** `Bearer <token>`: the scheme in any case, the token 1 to 512 visible ASCII characters. */
const BEARER = /^bearer +([\x21-\x7e]{1,512}) *$/i;

/** The bearer credential in an Authorization header: null when there is none, false when malformed. */
function bearerToken(header: string | undefined): string | null | false {
  if (!header) return null;
  const match = BEARER.exec(header);
  return match ? match[1] : false;
}

/** Resolves the Authorization header once per request (decisions §3). */
export async function resolveAuth(header: string | undefined, em: EntityManager, prefix: string): Promise<Auth> {
  const token = bearerToken(header);
  if (token === null) return { state: 'anonymous' };
  if (token === false) return { state: 'invalid' };
  return resolveBearer(em, prefix, token);
}
