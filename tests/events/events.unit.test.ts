import { describe, expect, test } from 'vitest';
import { cursorListKey } from '../../core/cursors.js';
import { eventSchema } from '../../routers/events/event.record.js';
import {
  eventFilterValues,
  listedEventTypes,
  parseEventTypes,
  visibleEventTypes,
} from '../../routers/events/events.rules.js';
import { EVENT_SCOPES, EVENT_TYPES, previousAttributes } from '../../routers/events/events.writes.js';

// The pure rules of the event log (routers/events/events.rules.ts, previousAttributes in events.writes.ts): what an update reports as changed, the type
// filter, visibility by scope, and the filter values a cursor is bound to.

describe('previousAttributes', () => {
  const before: Record<string, string | null> = {
    id: 'e1',
    department: 'Sales',
    designation: 'Associate',
    manager_id: null,
    updated_at: 'a',
  };

  test('only the changed fields, with their old values (null included); updated_at is never listed', () => {
    expect(previousAttributes(before, { ...before, designation: 'Lead', updated_at: 'b' })).toEqual({
      designation: 'Associate',
    });
    expect(previousAttributes(before, { ...before, department: null, manager_id: 'm1', updated_at: 'b' })).toEqual({
      department: 'Sales',
      manager_id: null,
    });
  });

  test('nothing changed (or only updated_at): null', () => {
    expect(previousAttributes(before, { ...before })).toBeNull();
    expect(previousAttributes(before, { ...before, updated_at: 'b' })).toBeNull();
  });

  test('values are compared by value, not by identity', () => {
    expect(previousAttributes({ n: 1.5, tags: ['a'] }, { n: 1.5, tags: ['a'] })).toBeNull();
    expect(previousAttributes({ n: 1.5, tags: ['a'] }, { n: 2, tags: ['a', 'b'] })).toEqual({ n: 1.5, tags: ['a'] });
  });
});

describe('parseEventTypes', () => {
  test('one type, or a comma list in any order: the types in EVENT_TYPES order', () => {
    expect(parseEventTypes('employee.updated')).toEqual({ types: ['employee.updated'], unknown: [], repeated: [] });
    expect(parseEventTypes('leave_request.cancelled,employee.created')).toEqual({
      types: ['employee.created', 'leave_request.cancelled'],
      unknown: [],
      repeated: [],
    });
    expect(parseEventTypes([...EVENT_TYPES].reverse().join(','))).toEqual({
      types: EVENT_TYPES,
      unknown: [],
      repeated: [],
    });
  });

  test('a type named twice is reported once, in EVENT_TYPES order', () => {
    expect(
      parseEventTypes('leave_request.cancelled,employee.created,leave_request.cancelled,employee.created'),
    ).toEqual({
      types: ['employee.created', 'leave_request.cancelled'],
      unknown: [],
      repeated: ['employee.created', 'leave_request.cancelled'],
    });
  });

  test.each([
    ['', ['']],
    ['employee.created,', ['']],
    ['employee.fired', ['employee.fired']],
    ['Employee.Created', ['Employee.Created']],
    ['employee.created, leave_request.created', [' leave_request.created']],
    ['webhook.test', ['webhook.test']],
    ['x,x,y', ['x', 'y']],
  ])('%j: unknown %j', (value, unknown) => {
    expect(parseEventTypes(value).unknown).toEqual(unknown);
  });
});

describe('visibility', () => {
  test('each type needs its read scope; neither scope sees nothing', () => {
    expect(visibleEventTypes(['employees:read'])).toEqual(['employee.created', 'employee.updated']);
    expect(visibleEventTypes(['leave:read', 'leave:write'])).toEqual([
      'leave_request.created',
      'leave_request.approved',
      'leave_request.rejected',
      'leave_request.cancelled',
    ]);
    expect(visibleEventTypes(['webhooks:read', 'webhooks:write'])).toEqual(['webhook_endpoint.disabled']);
    expect(visibleEventTypes(['employees:read', 'leave:read', 'webhooks:read'])).toEqual(EVENT_TYPES);
    expect(visibleEventTypes(['employees:write', 'leave:write', 'holidays:read'])).toEqual([]);
    expect(Object.values(EVENT_SCOPES).every((scope) => scope.endsWith(':read'))).toBe(true);
  });

  test('listed: the requested types the credential may see; no filter, all it may see', () => {
    const employees = visibleEventTypes(['employees:read']);
    expect(listedEventTypes(employees, {})).toEqual(employees);
    expect(listedEventTypes(employees, { types: ['leave_request.created'] })).toEqual([]);
    expect(listedEventTypes(employees, { types: ['leave_request.created', 'employee.updated'] })).toEqual([
      'employee.updated',
    ]);
  });
});

describe('the filter values a cursor is bound to', () => {
  const key = (filter: Parameters<typeof eventFilterValues>[0]) =>
    cursorListKey('events', 'tenant-1', eventFilterValues(filter));
  const ID = '019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b';

  test('canonical: the order of types and the case of the id do not matter', () => {
    expect(key({ types: ['leave_request.created', 'employee.created'] })).toBe(
      key({ types: ['employee.created', 'leave_request.created'] }),
    );
    expect(key({ after: ID.toUpperCase() })).toBe(key({ after: ID }));
    expect(key({})).toBe('events:tenant-1');
  });

  test('any other filter set is another list: a value changed, a filter dropped or added', () => {
    const keys = [
      key({}),
      key({ types: ['employee.created'] }),
      key({ types: ['employee.created', 'employee.updated'] }),
      key({ after: ID }),
      key({ after: ID.replace('9a8b', '9a8c') }),
      key({ after: ID, types: ['employee.created'] }),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });
});

test('the Event schema has one variant per recorded type, each type in exactly one', () => {
  const types = eventSchema.options.flatMap((variant) => variant.shape.type.options);
  expect([...types].sort()).toEqual([...EVENT_TYPES].sort());
});
