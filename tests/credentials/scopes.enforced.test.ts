import { describe, expect, test } from 'vitest';
import { grantScopes, parseScopes, SCOPES } from '../../core/scopes.js';

// The nine scopes of the specification (Authentication, item 6) and the two of webhook endpoints
// (decisions §14); tests elsewhere import SCOPES, so this one pins the list itself.
test('the scope list is exactly the specification’s nine and the two of webhooks', () => {
  expect([...SCOPES].sort()).toEqual(
    [
      'employees:read',
      'employees:write',
      'leave:read',
      'leave:write',
      'holidays:read',
      'assets:read',
      'recruitment:read',
      'helpdesk:read',
      'surveys:read',
      'webhooks:read',
      'webhooks:write',
    ].sort(),
  );
});

// Scope intersection of a token request (core/scopes.ts grantScopes, decisions §4): pure, no server.
describe('grantScopes', () => {
  const allowed = ['employees:read', 'leave:read', 'leave:write'];

  test.each([
    ['nothing asked: every scope the client has', undefined, allowed],
    ['a blank request counts as nothing asked', '   ', allowed],
    [
      'the asked scopes the client has, in the order asked',
      'leave:write employees:read',
      ['leave:write', 'employees:read'],
    ],
    ['a scope asked twice is granted once', 'leave:read leave:read', ['leave:read']],
    ['a foreign scope is simply not granted', 'leave:read holidays:read', ['leave:read']],
    ['an unknown scope is simply not granted', 'leave:read bogus:x', ['leave:read']],
    ['extra spaces between scopes are ignored', 'leave:read   leave:write', ['leave:read', 'leave:write']],
  ])('%s', (_, requested, granted) => {
    expect(grantScopes(requested, allowed)).toEqual(granted);
  });

  test('scopes the client holds that are not scopes of the API are never granted', () => {
    expect(grantScopes(undefined, ['leave:read', 'admin:all'])).toEqual(['leave:read']);
  });

  test.each([
    ['only foreign scopes', 'holidays:read'],
    ['only unknown scopes', 'bogus:x other'],
  ])('an empty intersection is invalid_scope: %s', (_, requested) => {
    expect(() => grantScopes(requested, allowed)).toThrow(
      expect.objectContaining({ name: 'DomainError', code: 'invalid_scope' }),
    );
  });
});

describe('parseScopes (the CLI)', () => {
  test('space- or comma-separated, once each', () => {
    expect(parseScopes('leave:read, leave:write leave:read')).toEqual(['leave:read', 'leave:write']);
    expect(parseScopes('webhooks:read,webhooks:write')).toEqual(['webhooks:read', 'webhooks:write']);
  });
  test('an unknown scope or none at all is refused, naming the valid ones', () => {
    expect(() => parseScopes('leave:read bogus')).toThrow('Unknown scope(s): bogus. Valid: employees:read');
    expect(() => parseScopes(' , ')).toThrow('At least one scope is required');
  });
});
