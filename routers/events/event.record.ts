/**
 * The event records, defined once (decisions §14, §17): each delivered type's record schema, shared
 * by the event log's reads (events.procedures.ts), the document's `webhooks` (server/openapi/) and
 * GET /v1/event-types, whose catalogue is built here, and the record's select list. Events are recorded
 * in events.writes.ts.
 */
import { z } from 'zod';
import { isoDateTime } from '../../core/records.js';
import { sqlTimestamp } from '../../db/columns.js';
import { parsed } from '../../db/tenantReader.js';
import { employeeSchema } from '../employees/employee.record.js';
import { leaveRequestSchema } from '../leave/leaveRequest.record.js';
import { webhookEndpointSchema } from '../webhooks/webhookEndpoint.record.js';
import type { WebhookTestObject } from '../webhooks/webhookEndpoints.writes.js';
import {
  DELIVERED_EVENT_SCOPES,
  DELIVERED_EVENT_TYPES,
  type DeliveredEventType,
  EVENT_TYPES,
  type EventType,
} from './events.writes.js';

const eventRequest = z
  .object({
    id: z.string().meta({ description: "The write's X-Request-Id." }),
    idempotency_key: z
      .string()
      .nullable()
      .meta({ description: "The write's Idempotency-Key; null when it sent none." }),
  })
  .meta({ id: 'EventRequest', description: 'The write that recorded the event.' });

const webhookTestObject = z
  .object({
    id: z.uuid().meta({ description: 'The webhook endpoint the test event was sent to.' }),
    object: z.enum(['webhook_endpoint']),
    message: z.string(),
  })
  .meta({
    id: 'WebhookTestObject',
    description: 'What a test event carries: the endpoint it was sent to.',
  }) satisfies z.ZodType<WebhookTestObject>;

/** What is said of each type, in the document (its webhook's summary and description) and in GET /v1/event-types. */
export const EVENT_TYPE_TEXT: Record<DeliveredEventType, { summary: string; description: string }> = {
  'employee.created': {
    summary: 'Employee hired',
    description: 'Someone was hired (POST /v1/employees); data.object is the new employee.',
  },
  'employee.updated': {
    summary: 'Employee updated',
    description:
      'An employee’s designation or department changed (PATCH /v1/employees/{id}; a PATCH that changes nothing records none); data.object is the employee after the write, previous_attributes the changed fields with their values before it.',
  },
  'leave_request.created': {
    summary: 'Leave request filed',
    description: 'A leave request was filed (POST /v1/leave-requests); data.object is the pending request.',
  },
  'leave_request.approved': {
    summary: 'Leave request approved',
    description:
      'A leave request was approved (POST /v1/leave-requests/{id}/approve); data.object is the request after the decision.',
  },
  'leave_request.rejected': {
    summary: 'Leave request rejected',
    description:
      'A leave request was rejected (POST /v1/leave-requests/{id}/reject); data.object is the request after the decision.',
  },
  'leave_request.cancelled': {
    summary: 'Leave request cancelled',
    description:
      'A leave request was cancelled, pending or approved (POST /v1/leave-requests/{id}/cancel); data.object is the request after the decision.',
  },
  'webhook_endpoint.disabled': {
    summary: 'Webhook endpoint disabled',
    description:
      'An operational event: the dispatcher disabled a webhook endpoint after WEBHOOK_DISABLE_AFTER failed deliveries in a row. data.object is the endpoint as GET /v1/webhook-endpoints/{id} returns it after (enabled false, disabled_reason set; never its secret). Delivered to the tenant’s other enabled endpoints subscribed to it or to `*`; the tenant’s HR admins also get an e-mail. PATCH enabled: true turns the endpoint back on.',
  },
  'webhook.test': {
    summary: 'Test event',
    description:
      'Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint alone, whatever its event_types; never listed in /v1/events. data.object names the endpoint.',
  },
};

/** `employee.created` → `EmployeeCreatedEvent`: the name of the type's schema in the document. */
export function componentName(type: DeliveredEventType): string {
  const words = type.split(/[._]/).map((word) => `${word[0]?.toUpperCase()}${word.slice(1)}`);
  return `${words.join('')}Event`;
}

/**
 * The event record of one type: `type` a single value (so that a generated client gets a union
 * discriminated by it), `data.object` the resource's read record as it was after the write, and
 * `previous_attributes` as that type has it. Its description is EVENT_TYPE_TEXT's.
 */
function eventSchemaOf<T extends DeliveredEventType, O extends z.ZodType, P extends z.ZodType>(
  type: T,
  object: O,
  previousAttributes: P,
  example?: object,
) {
  return z
    .object({
      id: z.uuid().meta({ description: 'Event id (UUID v7); the `webhook-id` of its deliveries.' }),
      type: z.enum([type] as [T]),
      created_at: isoDateTime,
      data: z.object({ object }),
      previous_attributes: previousAttributes,
      request: eventRequest,
    })
    .meta({
      id: componentName(type),
      description: EVENT_TYPE_TEXT[type].description,
      ...(example ? { examples: [example] } : {}),
    });
}

const employee = employeeSchema.meta({
  description: 'The employee as GET /v1/employees/{id} returned it after the write.',
});
const leaveRequest = leaveRequestSchema.meta({
  description: 'The leave request as GET /v1/leave-requests/{id} returned it after the write.',
});
const none = (type: string) => z.null().meta({ description: `Always null on ${type}.` });

const decision = <T extends 'leave_request.approved' | 'leave_request.rejected' | 'leave_request.cancelled'>(type: T) =>
  eventSchemaOf(type, leaveRequest, none(type));

/** An example of a record, for the document. */
const EMPLOYEE_UPDATED_EXAMPLE = {
  id: '019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b',
  type: 'employee.updated',
  created_at: '2026-11-23T09:14:02.117Z',
  data: {
    object: {
      id: '019a7b20-11aa-7c3d-9e8f-0a1b2c3d4e5f',
      employee_id: 'EMP-0042',
      profile_id: '019a7b20-11a9-7d4e-8f90-1a2b3c4d5e6f',
      manager_id: null,
      full_name: 'Ada Lovelace',
      email: 'ada@example.com',
      department: 'Engineering',
      designation: 'Staff Engineer',
      phone: null,
      employment_type: 'full_time',
      joining_date: '2026-01-05',
      engagement_end_date: null,
      vendor_name: null,
      is_hr_admin: false,
      created_at: '2026-01-05T08:00:00.000Z',
      updated_at: '2026-11-23T09:14:02.110Z',
      version: 4,
    },
  },
  previous_attributes: { designation: 'Senior Engineer' },
  request: { id: 'req_7Hq2xN', idempotency_key: 'b9f1c2d4-update-ada' },
};

/** Each delivered type's event record schema, in the order of DELIVERED_EVENT_TYPES. */
export const EVENT_RECORD_SCHEMAS = {
  'employee.created': eventSchemaOf('employee.created', employee, none('employee.created')),
  'employee.updated': eventSchemaOf(
    'employee.updated',
    employee,
    employeeSchema.partial().meta({
      description: 'The fields the write changed, with their values before it (updated_at and version are not listed).',
    }),
    EMPLOYEE_UPDATED_EXAMPLE,
  ),
  'leave_request.created': eventSchemaOf('leave_request.created', leaveRequest, none('leave_request.created')),
  'leave_request.approved': decision('leave_request.approved'),
  'leave_request.rejected': decision('leave_request.rejected'),
  'leave_request.cancelled': decision('leave_request.cancelled'),
  'webhook_endpoint.disabled': eventSchemaOf(
    'webhook_endpoint.disabled',
    webhookEndpointSchema.meta({
      description: 'The endpoint as GET /v1/webhook-endpoints/{id} returned it once disabled (no secret).',
    }),
    none('webhook_endpoint.disabled'),
  ),
  'webhook.test': eventSchemaOf('webhook.test', webhookTestObject, none('webhook.test')),
} as const satisfies Record<DeliveredEventType, z.ZodObject>;

/** The records of the logged types, each its own schema (webhook.test is delivered, never logged). */
type LoggedEventRecord = (typeof EVENT_RECORD_SCHEMAS)[EventType];
const loggedRecords = EVENT_TYPES.map((type) => EVENT_RECORD_SCHEMAS[type]) as [
  LoggedEventRecord,
  ...LoggedEventRecord[],
];

export const eventSchema = z.discriminatedUnion('type', loggedRecords).meta({
  id: 'Event',
  description:
    'One committed business write: its type, the resource as it was after the write, the changed fields of an update and the request that made it. The record of each type is the body of its webhook deliveries.',
});

/** An event as the log stores and serves it (GET /v1/events, the webhook deliveries). */
export type EventRecord = z.infer<typeof eventSchema>;

/**
 * The event record as a select list, the columns of `events` under `qualifier` (`e.`): what
 * GET /v1/events/{id} answers and what a webhook delivery carries, field for field and in order.
 */
export function eventColumns(qualifier: string): string {
  const q = qualifier;
  return [
    `${q}id`,
    `${q}type`,
    `${sqlTimestamp(`${q}created_at`)} as created_at`,
    `${q}data`,
    `${q}previous_attributes`,
    `json_build_object('id', ${q}request_id, 'idempotency_key', ${q}idempotency_key) as request`,
  ].join(', ');
}

/** A row of `eventColumns` with its json columns parsed (node-postgres parses them; PGlite may not). */
export function parseEventRow<R extends { data: unknown; previous_attributes: unknown; request: unknown }>(row: R): R {
  return {
    ...row,
    data: parsed(row.data),
    previous_attributes: parsed(row.previous_attributes),
    request: parsed(row.request),
  };
}

const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

export const eventTypeSchema = z
  .object({
    type: z.enum(DELIVERED_EVENT_TYPES),
    description: z.string(),
    scope: z.enum([...new Set(Object.values(DELIVERED_EVENT_SCOPES))]).meta({
      description:
        'The read scope that shows events of this type (GET /v1/events, and the types an endpoint may subscribe to).',
    }),
    schema: z.custom<object>(isJsonObject).meta({
      description:
        'JSON Schema (draft 2020-12) of the event record: the body of its webhook deliveries, the same schema as its entry under `webhooks` in /openapi.json, self-contained (the records it names are under `$defs`).',
      // Any JSON object, for tRPC callers and in the document: a schema is handed to a validator,
      // not read field by field (zod's recursive z.json() would name a type no client package
      // can spell, and add a component of its own to the document).
      override: { type: 'object', additionalProperties: true },
    }),
  })
  .meta({ id: 'EventType' });

type EventTypeItem = z.infer<typeof eventTypeSchema>;

let catalogue: Promise<EventTypeItem[]> | undefined;

/**
 * Every delivered type, in DELIVERED_EVENT_TYPES order; the schemas are built on first use, then
 * kept. The JSON Schema generator (zod-openapi) is loaded then, not when the server starts
 * (docs/decisions.md, "What a process loads").
 */
export function listEventTypes(): Promise<EventTypeItem[]> {
  catalogue ??= import('../../core/jsonSchema.js').then(({ selfContainedSchema }) =>
    DELIVERED_EVENT_TYPES.map(
      (type): EventTypeItem => ({
        type,
        description: EVENT_TYPE_TEXT[type].description,
        scope: DELIVERED_EVENT_SCOPES[type],
        schema: selfContainedSchema(EVENT_RECORD_SCHEMAS[type]),
      }),
    ),
  );
  return catalogue;
}
