import { DomainError } from './domainError.js';

/** Every scope a credential may carry (decisions §3); a procedure demands exactly one. */
export const SCOPES = [
  'employees:read',
  'employees:write',
  'leave:read',
  'leave:write',
  'holidays:read',
  'assets:read',
  'recruitment:read',
  'helpdesk:read',
  'surveys:read',
  // Beyond the spec's nine (decisions §14): webhook endpoints.
  'webhooks:read',
  'webhooks:write',
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * A credential's scopes as a write checks them, and the scopes the write demanded on the way (a
 * webhook subscription's read scopes): a replay of the write's stored answer demands them again
 * (decisions §21), so a domain check records what it asks for here whether or not it is held.
 */
export interface ScopeGrant {
  held: readonly Scope[];
  demanded: Set<Scope>;
}

/** The scopes of `needed` that `grant` lacks, in their order; each is recorded as demanded. */
export function lackingScopes(grant: ScopeGrant, needed: readonly Scope[]): Scope[] {
  for (const scope of needed) grant.demanded.add(scope);
  return needed.filter((scope) => !grant.held.includes(scope));
}

function isScope(s: string): s is Scope {
  return (SCOPES as readonly string[]).includes(s);
}

/** A scope list typed by an operator (CLI): space- or comma-separated, every one known, at least one. */
export function parseScopes(list: string | readonly string[]): Scope[] {
  const items = (typeof list === 'string' ? list.split(/[\s,]+/) : list).map((s) => s.trim()).filter(Boolean);
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length) throw new Error(`Unknown scope(s): ${unknown.join(', ')}. Valid: ${SCOPES.join(', ')}`);
  if (!items.length) throw new Error('At least one scope is required');
  return [...new Set(items)] as Scope[];
}

/**
 * The scopes a token request gets (RFC 6749 §3.3): every scope the client is allowed when none is
 * asked for, else the asked ones the client is allowed, once each; invalid_scope when that leaves none.
 */
export function grantScopes(requested: string | undefined, allowed: readonly string[]): Scope[] {
  if (requested === undefined || requested.trim() === '') return allowed.filter(isScope);
  const asked = requested.split(' ').filter(Boolean);
  const granted = [...new Set(asked)].filter((s) => isScope(s) && allowed.includes(s)) as Scope[];
  if (!granted.length) {
    throw new DomainError('invalid_scope', { detail: 'None of the requested scopes may be granted to this client.' });
  }
  return granted;
}
