import { expect, test } from 'vitest';
import { SCOPES } from '../domain/scopes.js';

// The nine scopes of the specification (Authentication, item 6); tests elsewhere import SCOPES, so
// this one pins the list itself.
test('the scope list is exactly the specification’s nine', () => {
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
    ].sort(),
  );
});
