// The Workforce REST API's named types, generated from openapi.json by scripts/generateTypes.ts
// (`make openapi`). Not edited by hand: the suite fails when this file and the document disagree.
// Each is an alias into openapi.ts: a record is its schema's name; an operation's request body and
// query are its operationId in PascalCase followed by Body or Query (employees-create: EmployeesCreateBody).
import type { components, operations } from './openapi.js';

/** The Health schema. */
export type Health = components['schemas']['Health'];

/** The Capabilities schema. */
export type Capabilities = components['schemas']['Capabilities'];

/** The WhoamiResponse schema. */
export type WhoamiResponse = components['schemas']['WhoamiResponse'];

/** The Whoami schema. */
export type Whoami = components['schemas']['Whoami'];

/** The ModuleList schema. */
export type ModuleList = components['schemas']['ModuleList'];

/** The Module schema. */
export type Module = components['schemas']['Module'];

/** The ModuleResponse schema. */
export type ModuleResponse = components['schemas']['ModuleResponse'];

/** The EmployeeList schema. */
export type EmployeeList = components['schemas']['EmployeeList'];

/** The Employee schema. */
export type Employee = components['schemas']['Employee'];

/** The EmployeeResponse schema. */
export type EmployeeResponse = components['schemas']['EmployeeResponse'];

/** The LeaveRequestList schema. */
export type LeaveRequestList = components['schemas']['LeaveRequestList'];

/** The LeaveRequest schema. */
export type LeaveRequest = components['schemas']['LeaveRequest'];

/** The LeaveRequestResponse schema. */
export type LeaveRequestResponse = components['schemas']['LeaveRequestResponse'];

/** The LeaveTypeList schema. */
export type LeaveTypeList = components['schemas']['LeaveTypeList'];

/** The LeaveType schema. */
export type LeaveType = components['schemas']['LeaveType'];

/** The LeaveTypeResponse schema. */
export type LeaveTypeResponse = components['schemas']['LeaveTypeResponse'];

/** The LeaveBalanceList schema. */
export type LeaveBalanceList = components['schemas']['LeaveBalanceList'];

/** The LeaveBalance schema. */
export type LeaveBalance = components['schemas']['LeaveBalance'];

/** The HolidayList schema. */
export type HolidayList = components['schemas']['HolidayList'];

/** The Holiday schema. */
export type Holiday = components['schemas']['Holiday'];

/** The HolidayResponse schema. */
export type HolidayResponse = components['schemas']['HolidayResponse'];

/** The AssetList schema. */
export type AssetList = components['schemas']['AssetList'];

/** The Asset schema. */
export type Asset = components['schemas']['Asset'];

/** The AssetResponse schema. */
export type AssetResponse = components['schemas']['AssetResponse'];

/** The JobOpeningList schema. */
export type JobOpeningList = components['schemas']['JobOpeningList'];

/** The JobOpening schema. */
export type JobOpening = components['schemas']['JobOpening'];

/** The JobOpeningResponse schema. */
export type JobOpeningResponse = components['schemas']['JobOpeningResponse'];

/** The HelpdeskTicketList schema. */
export type HelpdeskTicketList = components['schemas']['HelpdeskTicketList'];

/** The HelpdeskTicket schema. */
export type HelpdeskTicket = components['schemas']['HelpdeskTicket'];

/** The HelpdeskTicketResponse schema. */
export type HelpdeskTicketResponse = components['schemas']['HelpdeskTicketResponse'];

/** The SurveyList schema. */
export type SurveyList = components['schemas']['SurveyList'];

/** The Survey schema. */
export type Survey = components['schemas']['Survey'];

/** The SurveyResponse schema. */
export type SurveyResponse = components['schemas']['SurveyResponse'];

/** The EventList schema. */
export type EventList = components['schemas']['EventList'];

/** The Event schema. */
export type Event = components['schemas']['Event'];

/** The EmployeeCreatedEvent schema. */
export type EmployeeCreatedEvent = components['schemas']['EmployeeCreatedEvent'];

/** The EventRequest schema. */
export type EventRequest = components['schemas']['EventRequest'];

/** The EmployeeUpdatedEvent schema. */
export type EmployeeUpdatedEvent = components['schemas']['EmployeeUpdatedEvent'];

/** The LeaveRequestCreatedEvent schema. */
export type LeaveRequestCreatedEvent = components['schemas']['LeaveRequestCreatedEvent'];

/** The LeaveRequestApprovedEvent schema. */
export type LeaveRequestApprovedEvent = components['schemas']['LeaveRequestApprovedEvent'];

/** The LeaveRequestRejectedEvent schema. */
export type LeaveRequestRejectedEvent = components['schemas']['LeaveRequestRejectedEvent'];

/** The LeaveRequestCancelledEvent schema. */
export type LeaveRequestCancelledEvent = components['schemas']['LeaveRequestCancelledEvent'];

/** The WebhookEndpointDisabledEvent schema. */
export type WebhookEndpointDisabledEvent = components['schemas']['WebhookEndpointDisabledEvent'];

/** The WebhookEndpoint schema. */
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];

/** The EventResponse schema. */
export type EventResponse = components['schemas']['EventResponse'];

/** The EventTypeList schema. */
export type EventTypeList = components['schemas']['EventTypeList'];

/** The EventType schema. */
export type EventType = components['schemas']['EventType'];

/** The WebhookEndpointList schema. */
export type WebhookEndpointList = components['schemas']['WebhookEndpointList'];

/** The WebhookEndpointSecret schema. */
export type WebhookEndpointSecret = components['schemas']['WebhookEndpointSecret'];

/** The WebhookEndpointResponse schema. */
export type WebhookEndpointResponse = components['schemas']['WebhookEndpointResponse'];

/** The WebhookTestResponse schema. */
export type WebhookTestResponse = components['schemas']['WebhookTestResponse'];

/** The WebhookRecoverResponse schema. */
export type WebhookRecoverResponse = components['schemas']['WebhookRecoverResponse'];

/** The WebhookDeliveryResponse schema. */
export type WebhookDeliveryResponse = components['schemas']['WebhookDeliveryResponse'];

/** The WebhookDelivery schema. */
export type WebhookDelivery = components['schemas']['WebhookDelivery'];

/** The WebhookDeliveryList schema. */
export type WebhookDeliveryList = components['schemas']['WebhookDeliveryList'];

/** The WebhookTestEvent schema. */
export type WebhookTestEvent = components['schemas']['WebhookTestEvent'];

/** The WebhookTestObject schema. */
export type WebhookTestObject = components['schemas']['WebhookTestObject'];

/** The Problem schema. */
export type Problem = components['schemas']['Problem'];

/** The ClientCredentialsGrant schema. */
export type ClientCredentialsGrant = components['schemas']['ClientCredentialsGrant'];

/** The RefreshTokenGrant schema. */
export type RefreshTokenGrant = components['schemas']['RefreshTokenGrant'];

/** The AuthorizationCodeGrant schema. */
export type AuthorizationCodeGrant = components['schemas']['AuthorizationCodeGrant'];

/** The AppRefreshTokenGrant schema. */
export type AppRefreshTokenGrant = components['schemas']['AppRefreshTokenGrant'];

/** The TokenRequest schema. */
export type TokenRequest = components['schemas']['TokenRequest'];

/** The TokenResponse schema. */
export type TokenResponse = components['schemas']['TokenResponse'];

/** The OAuthError schema. */
export type OAuthError = components['schemas']['OAuthError'];

/** The query parameters of GET /v1/modules (modules-list). */
export type ModulesListQuery = NonNullable<operations['modules-list']['parameters']['query']>;

/** The query parameters of GET /v1/employees (employees-list). */
export type EmployeesListQuery = NonNullable<operations['employees-list']['parameters']['query']>;

/** The request body of POST /v1/employees (employees-create). */
export type EmployeesCreateBody = NonNullable<operations['employees-create']['requestBody']>['content']['application/json'];

/** The request body of PATCH /v1/employees/{id} (employees-update). */
export type EmployeesUpdateBody = NonNullable<operations['employees-update']['requestBody']>['content']['application/json'];

/** The query parameters of GET /v1/leave-requests (leaveRequests-list). */
export type LeaveRequestsListQuery = NonNullable<operations['leaveRequests-list']['parameters']['query']>;

/** The request body of POST /v1/leave-requests (leaveRequests-create). */
export type LeaveRequestsCreateBody = NonNullable<operations['leaveRequests-create']['requestBody']>['content']['application/json'];

/** The request body of POST /v1/leave-requests/{id}/approve (leaveRequests-approve). */
export type LeaveRequestsApproveBody = NonNullable<operations['leaveRequests-approve']['requestBody']>['content']['application/json'];

/** The request body of POST /v1/leave-requests/{id}/reject (leaveRequests-reject). */
export type LeaveRequestsRejectBody = NonNullable<operations['leaveRequests-reject']['requestBody']>['content']['application/json'];

/** The request body of POST /v1/leave-requests/{id}/cancel (leaveRequests-cancel). */
export type LeaveRequestsCancelBody = NonNullable<operations['leaveRequests-cancel']['requestBody']>['content']['application/json'];

/** The query parameters of GET /v1/leave-types (leaveTypes-list). */
export type LeaveTypesListQuery = NonNullable<operations['leaveTypes-list']['parameters']['query']>;

/** The query parameters of GET /v1/leave-balances (leaveBalances-list). */
export type LeaveBalancesListQuery = NonNullable<operations['leaveBalances-list']['parameters']['query']>;

/** The query parameters of GET /v1/holidays (holidays-list). */
export type HolidaysListQuery = NonNullable<operations['holidays-list']['parameters']['query']>;

/** The query parameters of GET /v1/assets (assets-list). */
export type AssetsListQuery = NonNullable<operations['assets-list']['parameters']['query']>;

/** The query parameters of GET /v1/job-openings (jobOpenings-list). */
export type JobOpeningsListQuery = NonNullable<operations['jobOpenings-list']['parameters']['query']>;

/** The query parameters of GET /v1/helpdesk-tickets (helpdeskTickets-list). */
export type HelpdeskTicketsListQuery = NonNullable<operations['helpdeskTickets-list']['parameters']['query']>;

/** The query parameters of GET /v1/surveys (surveys-list). */
export type SurveysListQuery = NonNullable<operations['surveys-list']['parameters']['query']>;

/** The query parameters of GET /v1/events (events-list). */
export type EventsListQuery = NonNullable<operations['events-list']['parameters']['query']>;

/** The query parameters of GET /v1/webhook-endpoints (webhookEndpoints-list). */
export type WebhookEndpointsListQuery = NonNullable<operations['webhookEndpoints-list']['parameters']['query']>;

/** The request body of POST /v1/webhook-endpoints (webhookEndpoints-create). */
export type WebhookEndpointsCreateBody = NonNullable<operations['webhookEndpoints-create']['requestBody']>['content']['application/json'];

/** The request body of PATCH /v1/webhook-endpoints/{id} (webhookEndpoints-update). */
export type WebhookEndpointsUpdateBody = NonNullable<operations['webhookEndpoints-update']['requestBody']>['content']['application/json'];

/** The request body of POST /v1/webhook-endpoints/{id}/recover (webhookEndpoints-recover). */
export type WebhookEndpointsRecoverBody = NonNullable<operations['webhookEndpoints-recover']['requestBody']>['content']['application/json'];

/** The query parameters of GET /v1/webhook-endpoints/{id}/deliveries (webhookEndpoints-deliveries). */
export type WebhookEndpointsDeliveriesQuery = NonNullable<operations['webhookEndpoints-deliveries']['parameters']['query']>;

/** The request body of POST /oauth/token (oauth-token). */
export type OauthTokenBody = NonNullable<operations['oauth-token']['requestBody']>['content']['application/json'];

/** The query parameters of GET /oauth/authorize (oauth-authorize). */
export type OauthAuthorizeQuery = NonNullable<operations['oauth-authorize']['parameters']['query']>;

/** The request body of POST /oauth/authorize (oauth-authorize-sign-in). */
export type OauthAuthorizeSignInBody = NonNullable<operations['oauth-authorize-sign-in']['requestBody']>['content']['application/x-www-form-urlencoded'];

/** The query parameters of POST /oauth/authorize (oauth-authorize-sign-in). */
export type OauthAuthorizeSignInQuery = NonNullable<operations['oauth-authorize-sign-in']['parameters']['query']>;

/** The request body of POST /oauth/revoke (oauth-revoke). */
export type OauthRevokeBody = NonNullable<operations['oauth-revoke']['requestBody']>['content']['application/json'];
