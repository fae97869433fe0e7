// The Workforce REST API's types, generated from openapi.json by scripts/generateTypes.ts (`make openapi`).
// Not edited by hand: the suite fails when this file and the document disagree.
export interface paths {
    "/v1/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service health
         * @description Unwrapped health object; never rate limited.
         */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Capabilities manifest
         * @description Product, API version, modules, surfaces, authentication and limits. Credentials are ignored.
         */
        get: operations["capabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The presented credential
         * @description Needs a valid credential, no particular scope.
         */
        get: operations["whoami"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/modules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List product modules
         * @description The module catalogue in catalogue order. No credential needed; an invalid one is refused.
         */
        get: operations["modules-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/modules/{slug}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a product module
         * @description Any slug the catalogue does not hold, however long, is 404.
         */
        get: operations["modules-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List employees
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["employees-list"];
        put?: never;
        /**
         * Hire an employee
         * @description The whole hiring journey in one transaction: login account, employee record, leave balances, optional payout rate card and an invite e-mail. Counts against the plan seats. Accepts Idempotency-Key.
         *
         *     Rules across fields (400 invalid_body naming the field): `pay_model` and `rate` come together or not at all, and only for the payout types (`contractor`, `freelancer`, `vendor_worker`); `vendor_name` is required for `vendor_worker` and refused for any other type; `employment_type` defaults to `full_time`. `engagement_end_date` must not be before `joining_date`.
         */
        post: operations["employees-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/employees/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an employee
         * @description One record of the credential's tenant; an id of another tenant is 404. Answers `ETag: "<version>"`; with If-None-Match holding it, 304 without a body.
         */
        get: operations["employees-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update designation or department
         * @description Only the HR-controlled fields; null clears a field; a change adds 1 to `version`, a PATCH that changes nothing leaves it. Accepts Idempotency-Key. With `If-Match: "<version>"` the write is made only when the employee is at that version, else 412 precondition_failed and nothing is written.
         */
        patch: operations["employees-update"];
        trace?: never;
    };
    "/v1/leave-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List leave requests
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["leaveRequests-list"];
        put?: never;
        /**
         * File a leave request
         * @description Checks the balance and overlaps, reserves the days as pending and notifies the manager and HR admins. Accepts Idempotency-Key. With an employee's own token (a first-party app's sign-in), `employee_id` is the signed-in employee's, unless they are an HR admin: else 403 actor_not_permitted.
         *
         *     Rules across fields (each 400 invalid_body naming the field in brackets):
         *     - `end_date` is not before `start_date` (`end_date`);
         *     - `start_date` and `end_date` are in the same calendar year (`end_date`);
         *     - `days_count` is at most the calendar days from `start_date` to `end_date`, both included (`days_count`);
         *     - a half day (`leave_duration` `half_day_morning` or `half_day_afternoon`) is one date: `end_date` equals `start_date` (`end_date`);
         *     - a half day counts 0.5 (`days_count`).
         *
         *     `leave_duration` defaults to `full_day`.
         */
        post: operations["leaveRequests-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-requests/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a leave request
         * @description One record of the credential's tenant; an id of another tenant is 404. Answers `ETag: "<version>"`; with If-None-Match holding it, 304 without a body.
         */
        get: operations["leaveRequests-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-requests/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a leave request
         * @description By the employee's manager or an HR admin; moves the days from pending to used. Adds 1 to `version`. Accepts Idempotency-Key. With `If-Match: "<version>"` the decision is made only when the request is at that version, else 412 precondition_failed and nothing is written.
         */
        post: operations["leaveRequests-approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-requests/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a leave request
         * @description By the employee's manager or an HR admin; releases the pending days. Adds 1 to `version`. Accepts Idempotency-Key. With `If-Match: "<version>"` the decision is made only when the request is at that version, else 412 precondition_failed and nothing is written.
         */
        post: operations["leaveRequests-reject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-requests/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a leave request
         * @description By the employee or an HR admin; pending or approved days are given back. Adds 1 to `version`. Accepts Idempotency-Key. With `If-Match: "<version>"` the decision is made only when the request is at that version, else 412 precondition_failed and nothing is written.
         */
        post: operations["leaveRequests-cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List leave types
         * @description Ascending by (created_at, id).
         */
        get: operations["leaveTypes-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a leave type
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["leaveTypes-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/leave-balances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an employee's leave balances
         * @description One row per leave type that has an allowance, for one employee and one calendar year, in leave-type order (created_at, id). Paginated like every list.
         */
        get: operations["leaveBalances-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/holidays": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List holidays
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["holidays-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/holidays/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a holiday
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["holidays-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["assets-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/assets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an asset
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["assets-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/job-openings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List job openings
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["jobOpenings-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/job-openings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a job opening
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["jobOpenings-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/helpdesk-tickets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List helpdesk tickets
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["helpdeskTickets-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/helpdesk-tickets/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a helpdesk ticket
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["helpdeskTickets-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/surveys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List surveys
         * @description Ascending by (created_at, id). Filters are optional and combine with AND; each is given at most once: a bad or empty value, or the parameter twice, is 400 invalid_query_parameter naming it. An id naming no record matches nothing. A cursor continues only the list with the same filters: another set (one changed, dropped or added) is 400 invalid_cursor.
         */
        get: operations["surveys-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/surveys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a survey
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["surveys-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The event log: one event per committed business write, ascending by (created_at, id), kept 30 days; `order=desc` pages it newest first. employee.* events need employees:read, leave_request.* events need leave:read; a credential with either sees the types its scopes allow. `type` (one type or a comma list) and `after` (an event id: only later events; not with order=desc) narrow the list; a cursor is bound to the order and filter values it was issued with (another set is 400 invalid_cursor). A position older than the 30 days kept (`after`, or an ascending cursor) is 410 event_position_expired: copy the lists again, then follow from the newest event.
         */
        get: operations["events-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description One event of the credential's tenant. An event the credential's scopes do not show, of another tenant, or older than 30 days is 404.
         */
        get: operations["events-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/event-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List event types
         * @description Every event type a webhook delivers, with the read scope that shows it and the JSON Schema of its record, on one page. No credential needed; an invalid one is refused.
         */
        get: operations["eventTypes-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description Ascending by (created_at, id).
         */
        get: operations["webhookEndpoints-list"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Answers the endpoint and its signing secret, which is shown only here and on rotation. At most 16 endpoints per tenant. A refused URL is 400 invalid_body naming `url` and why. Accepts Idempotency-Key.
         */
        post: operations["webhookEndpoints-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One record of the credential's tenant; an id of another tenant is 404.
         */
        get: operations["webhookEndpoints-get"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description No more deliveries; its delivery attempts are deleted with it. 204 without a body. Accepts Idempotency-Key.
         */
        delete: operations["webhookEndpoints-delete"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Changes the URL (checked as on create), the event types, the description (null clears it) or `enabled`. Needs the read scopes of every type the endpoint subscribes to, before and after the change (403 insufficient_scope). Accepts Idempotency-Key.
         */
        patch: operations["webhookEndpoints-update"];
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate the signing secret
         * @description Answers a new secret, shown only here. The previous one keeps signing beside it for 24 hours (two signatures in `webhook-signature`), so receivers can switch without losing a delivery. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.
         */
        post: operations["webhookEndpoints-rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event
         * @description Queues a `webhook.test` event for this endpoint alone, whatever its event types (a disabled endpoint gets none); it is not listed in /v1/events. Its attempts appear under …/deliveries. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.
         */
        post: operations["webhookEndpoints-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send failed deliveries again
         * @description Every event of this endpoint (test events included) whose delivery ended `failed` at or after `since` gets one new attempt, due now, oldest event first: a new row under …/deliveries with the next `attempt` and the same `webhook-id`. At most 10,000 events a call: `has_more` says more remain, and `next_since` is the `since` to call again with. Events past the 30 days kept are never sent again. `since` is RFC 3339, at most 30 days ago and not in the future. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). A disabled endpoint is 409 webhook_endpoint_disabled (turn it on first). Accepts Idempotency-Key.
         */
        post: operations["webhookEndpoints-recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one delivery again
         * @description One new attempt of that delivery's event, whatever the delivery's status, due now: a new row with the next `attempt` and the same `webhook-id`, answered here. A delivery not of this endpoint, or whose event is past the 30 days kept, is 404; a disabled endpoint is 409 webhook_endpoint_disabled. Needs the read scopes of every type the endpoint subscribes to (403 insufficient_scope). Accepts Idempotency-Key.
         */
        post: operations["webhookEndpoints-retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint's delivery attempts
         * @description One row per attempt, ascending by (created_at, id); a retry is a new row with the next `attempt`.
         */
        get: operations["webhookEndpoints-deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get an access token
         * @description OAuth 2.0 token endpoint (RFC 6749): exchanges client credentials, or a refresh token, for a Bearer access token (valid 3600 s) and a refresh token (valid 30 days). The body is `application/x-www-form-urlencoded` (RFC 6749, what stock OAuth clients send) or `application/json`, with string values.
         *
         *     Client authentication: HTTP Basic with the client id and secret, each form-urlencoded (`client_secret_basic`), or `client_id` and `client_secret` in the body (`client_secret_post`); never both. None at all, or a wrong, unknown or revoked client, is 401 `invalid_client` (after HTTP Basic with `WWW-Authenticate: Basic`).
         *
         *     Grants (`grant_type`: `client_credentials` or `refresh_token` or `authorization_code`):
         *     - `client_credentials`: a new token pair. `scope` is optional: granted are the requested scopes the client has (an unknown or foreign one is simply not granted); none requested, all of the client's; none left, 400 `invalid_scope`.
         *     - `refresh_token`: `refresh_token` plus client authentication, and an optional narrower `scope` (a scope not originally granted is 400 `invalid_scope`; none keeps the token's scopes). **Refresh tokens rotate**: each use answers a new pair and spends the presented refresh token, in one transaction, so a refused refresh leaves it usable. **Reuse revokes the family**: a spent refresh token presented again is 400 `invalid_grant`, and every access and refresh token descending from the same client_credentials grant is revoked at once (RFC 9700 reuse detection: someone holds a copy); two parallel refreshes with one token count as a reuse. An unknown, expired or revoked refresh token, or another client's, is `invalid_grant` too. A first-party app refreshes with its `client_id` alone.
         *     - `authorization_code` (a first-party app, decisions §20): `code`, `redirect_uri`, `client_id` (no secret) and `code_verifier` (PKCE, S256 only); answers the signed-in employee's token pair. A wrong verifier, a reused or expired code, another client's code or another redirect URI is 400 `invalid_grant` (a reused code also revokes the tokens it was exchanged for). The sign-in itself is the page at `GET /oauth/authorize`; `POST /oauth/revoke` (RFC 7009) signs out (docs/sign-in.md).
         *
         *     Errors are `application/json` (never problem+json: stock OAuth clients read nothing else) with RFC 6749 §5.2 `error` and `error_description` plus the problem members (`type`, `title`, `status`, `code` = `error`, `detail`, `request_id`). Another method than POST is 405 `method_not_allowed` in the same body, with `Allow: POST`. Requests are rate limited per client IP (429 `rate_limited` with `Retry-After`), and failed client authentications more strictly, per IP and per client id from that IP.
         *
         *     The path is at the service root, not under `/v1` (see this operation's `servers`). Discovery: RFC 8414 authorization server metadata at `/.well-known/oauth-authorization-server`.
         */
        post: operations["oauth-token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open the sign-in page (authorization request)
         * @description The authorization endpoint of a first-party app (RFC 6749 §4.1 with PKCE S256, decisions §20), opened as a full-page navigation. A valid request answers the sign-in page (HTML): a form posting back to the same URL with `email`, `password`, the request's parameters as hidden inputs and `csrf_token`, whose nonce is in a cookie.
         *
         *     An unknown `client_id` or `redirect_uri` is a 400 error page; any other fault of the request is a 303 back to the app with `error` (RFC 6749 §4.1.2.1). HTML, never problem documents (a failure before any page, 500 or 503, is one). Another method than GET, HEAD or POST is a 405 page with `Allow`. See docs/sign-in.md.
         */
        get: operations["oauth-authorize"];
        put?: never;
        /**
         * Sign in (the sign-in form)
         * @description The sign-in page's form, posted by the browser: `email`, `password`, the hidden inputs (the authorization request's parameters and `csrf_token`), form-encoded, with the page's cookie. The request's parameters are read from the hidden inputs, else from the query of the URL posted to, and checked as on GET (400 page, or a 303 with `error`).
         *
         *     Signed in: 303 to the app with `code` and `state`. A wrong or missing address or password: 401, the form again with one message for both (it tells nothing of which accounts exist). A `csrf_token` that does not sign the cookie's nonce, or has expired (one hour): 403, the form again. Too many failed sign-ins from the address or for the e-mail address: 429, the form again, with `Retry-After`. A body that is not form-encoded is a 415 page, one over 16 KiB a 413 page, one that cannot be read a 400 page.
         */
        post: operations["oauth-authorize-sign-in"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Revoke a first-party app's token (sign out)
         * @description OAuth 2.0 token revocation (RFC 7009) for first-party apps (decisions §20): the app's sign-out. The body is `application/x-www-form-urlencoded` or `application/json`, with string values, as on the token endpoint. The token's family (every access and refresh token of that sign-in) is revoked; 200 whatever the token.
         *
         *     An integration's client revokes with `wfm client revoke`, not here: client authentication is 401 `invalid_client`. Errors are the token endpoint's `application/json` body (`error`, `error_description` and the problem members); another method than POST is 405 `method_not_allowed` in the same body, with `Allow: POST`. Rate limited per client IP with the token endpoint's budget.
         */
        post: operations["oauth-revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "employee.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Employee hired
         * @description Someone was hired (POST /v1/employees); data.object is the new employee.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `employee.created` or to `*`; subscribing to it needs `employees:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-employee.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "employee.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Employee updated
         * @description An employee’s designation or department changed (PATCH /v1/employees/{id}; a PATCH that changes nothing records none); data.object is the employee after the write, previous_attributes the changed fields with their values before it.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `employee.updated` or to `*`; subscribing to it needs `employees:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-employee.updated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "leave_request.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave request filed
         * @description A leave request was filed (POST /v1/leave-requests); data.object is the pending request.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `leave_request.created` or to `*`; subscribing to it needs `leave:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-leave_request.created"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "leave_request.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave request approved
         * @description A leave request was approved (POST /v1/leave-requests/{id}/approve); data.object is the request after the decision.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `leave_request.approved` or to `*`; subscribing to it needs `leave:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-leave_request.approved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "leave_request.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave request rejected
         * @description A leave request was rejected (POST /v1/leave-requests/{id}/reject); data.object is the request after the decision.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `leave_request.rejected` or to `*`; subscribing to it needs `leave:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-leave_request.rejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "leave_request.cancelled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Leave request cancelled
         * @description A leave request was cancelled, pending or approved (POST /v1/leave-requests/{id}/cancel); data.object is the request after the decision.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `leave_request.cancelled` or to `*`; subscribing to it needs `leave:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-leave_request.cancelled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Webhook endpoint disabled
         * @description An operational event: the dispatcher disabled a webhook endpoint after WEBHOOK_DISABLE_AFTER failed deliveries in a row. data.object is the endpoint as GET /v1/webhook-endpoints/{id} returns it after (enabled false, disabled_reason set; never its secret). Delivered to the tenant’s other enabled endpoints subscribed to it or to `*`; the tenant’s HR admins also get an e-mail. PATCH enabled: true turns the endpoint back on.
         *
         *     Delivered to every enabled endpoint of the tenant subscribed to `webhook_endpoint.disabled` or to `*`; subscribing to it needs `webhooks:read`, the scope that shows it in GET /v1/events.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-webhook_endpoint.disabled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Test event
         * @description Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint alone, whatever its event_types; never listed in /v1/events. data.object names the endpoint.
         *
         *     Delivered only to the endpoint it was sent to.
         *
         *     POSTed as `application/json` to the endpoint's URL, signed per [Standard Webhooks](https://www.standardwebhooks.com/) 1.0 (the three `webhook-*` headers) with a `User-Agent` naming the product. Answer a 2xx within 10 s to acknowledge it; anything else, a redirect (never followed) or no answer in time is a failure, retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then `failed`. An endpoint whose deliveries fail 100 times in a row is disabled. Every attempt is listed by GET /v1/webhook-endpoints/{id}/deliveries.
         */
        post: operations["webhook-webhook.test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Health: {
            /**
             * @description `degraded` when the database does not answer within 1 s.
             * @enum {string}
             */
            status: "ok" | "degraded";
            product: string;
            /** @description Server time, RFC 3339 UTC. */
            time: string;
        };
        Capabilities: {
            product: {
                name: string;
                version: string;
            };
            api: {
                version: string;
                base_path: string;
                /** Format: uri */
                openapi_url: string;
                /** Format: uri */
                docs_url: string;
            };
            modules: {
                slug: string;
                /** @enum {string} */
                status: "available" | "beta" | "coming-soon";
                /** @enum {string} */
                availability: "available" | "beta" | "customizable-on-request";
            }[];
            surfaces: {
                name: string;
                description: string;
                url?: string;
            }[];
            auth: {
                methods: string[];
                /** Format: uri */
                token_url: string;
                scopes: string[];
            };
            limits: {
                page_size: {
                    /** Format: int64 */
                    default: number;
                    /** Format: int64 */
                    max: number;
                };
                rate_limit: {
                    authenticated: {
                        /** Format: int64 */
                        points: number;
                        /** Format: int64 */
                        duration_s: number;
                    };
                    anonymous: {
                        /** Format: int64 */
                        points: number;
                        /** Format: int64 */
                        duration_s: number;
                    };
                };
            };
        };
        WhoamiResponse: {
            data: components["schemas"]["Whoami"];
        };
        Whoami: {
            /** @description Public id of the credential: key_… for API keys, the OAuth client id for access tokens. */
            key_id: string;
            /** @enum {string} */
            env: "live" | "test";
            scopes: ("employees:read" | "employees:write" | "leave:read" | "leave:write" | "holidays:read" | "assets:read" | "recruitment:read" | "helpdesk:read" | "surveys:read" | "webhooks:read" | "webhooks:write")[];
            /** @enum {string} */
            credential: "api_key" | "oauth_access_token";
            /** @description The signed-in employee's `id` for an employee's own token (a first-party app's sign-in); null for API keys and client-credentials tokens. */
            employee_id: string | null;
        };
        ModuleList: {
            data: components["schemas"]["Module"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        Module: {
            /** @description URL-safe identifier of the module. */
            slug: string;
            title: string;
            description: string;
            /** @enum {string} */
            status: "available" | "beta" | "coming-soon";
            /** @enum {string} */
            availability: "available" | "beta" | "customizable-on-request";
            category: string;
            /** Format: uri */
            url: string;
        };
        ModuleResponse: {
            data: components["schemas"]["Module"];
        };
        EmployeeList: {
            data: components["schemas"]["Employee"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        Employee: {
            /** Format: uuid */
            id: string;
            /** @description Employee code, e.g. EMP-0001. */
            employee_id: string;
            /**
             * Format: uuid
             * @description The login account.
             */
            profile_id: string;
            manager_id: string | null;
            full_name: string;
            /** @description Lower-case e-mail address. */
            email: string;
            department: string | null;
            designation: string | null;
            /** @description Work phone as given at hire (digits, spaces and + ( ) - .). */
            phone: string | null;
            /** @enum {string} */
            employment_type: "full_time" | "part_time" | "intern" | "contractor" | "freelancer" | "vendor_worker";
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD.
             */
            joining_date: string;
            engagement_end_date: string | null;
            vendor_name: string | null;
            /** @description An HR admin: may act (`actor_employee_id`) on hires and updates, and on any leave decision. */
            is_hr_admin: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            updated_at: string;
            /**
             * Format: int64
             * @description Committed changes of this record: 1 when created, +1 at each write that changes it. Also its ETag ("<version>"); send it as If-Match to make a write conditional.
             */
            version: number;
        };
        EmployeeResponse: {
            data: components["schemas"]["Employee"];
        };
        LeaveRequestList: {
            data: components["schemas"]["LeaveRequest"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        LeaveRequest: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The employee taking the leave.
             */
            employee_id: string;
            /** Format: uuid */
            leave_type_id: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD.
             */
            start_date: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD.
             */
            end_date: string;
            /** @description Working days taken; halves allowed. */
            days_count: number;
            /**
             * @description pending → approved | rejected | cancelled; approved → cancelled. rejected and cancelled are final.
             * @enum {string}
             */
            status: "pending" | "approved" | "rejected" | "cancelled";
            reason: string;
            /** @enum {string} */
            leave_duration: "full_day" | "half_day_morning" | "half_day_afternoon";
            /** @description The employee who approved, rejected or cancelled it. */
            decided_by: string | null;
            decided_at: string | null;
            decision_comment: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            updated_at: string;
            /**
             * Format: int64
             * @description Committed changes of this record: 1 when created, +1 at each write that changes it. Also its ETag ("<version>"); send it as If-Match to make a write conditional.
             */
            version: number;
        };
        LeaveRequestResponse: {
            data: components["schemas"]["LeaveRequest"];
        };
        LeaveTypeList: {
            data: components["schemas"]["LeaveType"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        LeaveType: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Stable code, unique in the tenant, e.g. ANNUAL. */
            code: string;
            is_paid: boolean;
            /** @description Days granted per calendar year; null when no balance is tracked. */
            annual_allowance: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
        };
        LeaveTypeResponse: {
            data: components["schemas"]["LeaveType"];
        };
        LeaveBalanceList: {
            data: components["schemas"]["LeaveBalance"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        LeaveBalance: {
            /** Format: uuid */
            employee_id: string;
            /** Format: uuid */
            leave_type_id: string;
            /**
             * Format: int64
             * @description Calendar year the balance covers.
             */
            year: number;
            /** @description Days granted for the year. */
            allowance: number;
            /** @description Days of approved requests. */
            used: number;
            /** @description Days held by pending requests. */
            pending: number;
            /** @description allowance − used − pending. */
            available: number;
        };
        HolidayList: {
            data: components["schemas"]["Holiday"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        Holiday: {
            /** Format: uuid */
            id: string;
            name: string;
            /**
             * Format: date
             * @description Calendar date, YYYY-MM-DD.
             */
            date: string;
            /** @description An optional (floating) holiday employees may choose to take. */
            is_optional: boolean;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
        };
        HolidayResponse: {
            data: components["schemas"]["Holiday"];
        };
        AssetList: {
            data: components["schemas"]["Asset"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        Asset: {
            /** Format: uuid */
            id: string;
            /** @description Inventory tag, unique in the tenant. */
            asset_tag: string;
            name: string;
            category: string;
            /** @enum {string} */
            status: "available" | "assigned" | "maintenance" | "retired";
            /** @description Id of the employee holding it; set exactly when assigned. */
            assigned_to: string | null;
            serial_number: string | null;
            purchased_on: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
        };
        AssetResponse: {
            data: components["schemas"]["Asset"];
        };
        JobOpeningList: {
            data: components["schemas"]["JobOpening"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        JobOpening: {
            /** Format: uuid */
            id: string;
            title: string;
            department: string | null;
            location: string | null;
            /** @enum {string} */
            employment_type: "full_time" | "part_time" | "intern" | "contractor" | "freelancer" | "vendor_worker";
            /** @enum {string} */
            status: "draft" | "open" | "closed";
            /**
             * Format: int64
             * @description Positions to fill.
             */
            openings: number;
            /** @description When it was published; null while a draft. */
            posted_at: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
        };
        JobOpeningResponse: {
            data: components["schemas"]["JobOpening"];
        };
        HelpdeskTicketList: {
            data: components["schemas"]["HelpdeskTicket"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        HelpdeskTicket: {
            /** Format: uuid */
            id: string;
            subject: string;
            description: string;
            category: string;
            /** @enum {string} */
            priority: "low" | "medium" | "high" | "urgent";
            /** @enum {string} */
            status: "open" | "in_progress" | "resolved" | "closed";
            /**
             * Format: uuid
             * @description Id of the employee who raised it.
             */
            raised_by: string;
            /** @description Id of the employee handling it, if any. */
            assigned_to: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            updated_at: string;
        };
        HelpdeskTicketResponse: {
            data: components["schemas"]["HelpdeskTicket"];
        };
        SurveyList: {
            data: components["schemas"]["Survey"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        Survey: {
            /** Format: uuid */
            id: string;
            title: string;
            description: string | null;
            /** @enum {string} */
            status: "draft" | "active" | "closed";
            /** @description Responses are not linked to employees. */
            is_anonymous: boolean;
            starts_on: string | null;
            ends_on: string | null;
            /** Format: int64 */
            question_count: number;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
        };
        SurveyResponse: {
            data: components["schemas"]["Survey"];
        };
        EventList: {
            data: components["schemas"]["Event"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description One committed business write: its type, the resource as it was after the write, the changed fields of an update and the request that made it. The record of each type is the body of its webhook deliveries. */
        Event: components["schemas"]["EmployeeCreatedEvent"] | components["schemas"]["EmployeeUpdatedEvent"] | components["schemas"]["LeaveRequestCreatedEvent"] | components["schemas"]["LeaveRequestApprovedEvent"] | components["schemas"]["LeaveRequestRejectedEvent"] | components["schemas"]["LeaveRequestCancelledEvent"] | components["schemas"]["WebhookEndpointDisabledEvent"];
        /** @description Someone was hired (POST /v1/employees); data.object is the new employee. */
        EmployeeCreatedEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "employee.created";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The employee as GET /v1/employees/{id} returned it after the write. */
                object: components["schemas"]["Employee"];
            };
            /** @description Always null on employee.created. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description The write that recorded the event. */
        EventRequest: {
            /** @description The write's X-Request-Id. */
            id: string;
            /** @description The write's Idempotency-Key; null when it sent none. */
            idempotency_key: string | null;
        };
        /**
         * @description An employee’s designation or department changed (PATCH /v1/employees/{id}; a PATCH that changes nothing records none); data.object is the employee after the write, previous_attributes the changed fields with their values before it.
         * @example {
         *       "id": "019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b",
         *       "type": "employee.updated",
         *       "created_at": "2026-11-23T09:14:02.117Z",
         *       "data": {
         *         "object": {
         *           "id": "019a7b20-11aa-7c3d-9e8f-0a1b2c3d4e5f",
         *           "employee_id": "EMP-0042",
         *           "profile_id": "019a7b20-11a9-7d4e-8f90-1a2b3c4d5e6f",
         *           "manager_id": null,
         *           "full_name": "Ada Lovelace",
         *           "email": "ada@example.com",
         *           "department": "Engineering",
         *           "designation": "Staff Engineer",
         *           "phone": null,
         *           "employment_type": "full_time",
         *           "joining_date": "2026-01-05",
         *           "engagement_end_date": null,
         *           "vendor_name": null,
         *           "is_hr_admin": false,
         *           "created_at": "2026-01-05T08:00:00.000Z",
         *           "updated_at": "2026-11-23T09:14:02.110Z",
         *           "version": 4
         *         }
         *       },
         *       "previous_attributes": {
         *         "designation": "Senior Engineer"
         *       },
         *       "request": {
         *         "id": "req_7Hq2xN",
         *         "idempotency_key": "b9f1c2d4-update-ada"
         *       }
         *     }
         */
        EmployeeUpdatedEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "employee.updated";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The employee as GET /v1/employees/{id} returned it after the write. */
                object: components["schemas"]["Employee"];
            };
            /** @description The fields the write changed, with their values before it (updated_at and version are not listed). */
            previous_attributes: {
                /** Format: uuid */
                id?: string;
                /** @description Employee code, e.g. EMP-0001. */
                employee_id?: string;
                /**
                 * Format: uuid
                 * @description The login account.
                 */
                profile_id?: string;
                manager_id?: string | null;
                full_name?: string;
                /** @description Lower-case e-mail address. */
                email?: string;
                department?: string | null;
                designation?: string | null;
                /** @description Work phone as given at hire (digits, spaces and + ( ) - .). */
                phone?: string | null;
                /** @enum {string} */
                employment_type?: "full_time" | "part_time" | "intern" | "contractor" | "freelancer" | "vendor_worker";
                /**
                 * Format: date
                 * @description Calendar date, YYYY-MM-DD.
                 */
                joining_date?: string;
                engagement_end_date?: string | null;
                vendor_name?: string | null;
                /** @description An HR admin: may act (`actor_employee_id`) on hires and updates, and on any leave decision. */
                is_hr_admin?: boolean;
                /**
                 * Format: date-time
                 * @description RFC 3339 UTC, milliseconds.
                 */
                created_at?: string;
                /**
                 * Format: date-time
                 * @description RFC 3339 UTC, milliseconds.
                 */
                updated_at?: string;
                /**
                 * Format: int64
                 * @description Committed changes of this record: 1 when created, +1 at each write that changes it. Also its ETag ("<version>"); send it as If-Match to make a write conditional.
                 */
                version?: number;
            };
            request: components["schemas"]["EventRequest"];
        };
        /** @description A leave request was filed (POST /v1/leave-requests); data.object is the pending request. */
        LeaveRequestCreatedEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "leave_request.created";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The leave request as GET /v1/leave-requests/{id} returned it after the write. */
                object: components["schemas"]["LeaveRequest"];
            };
            /** @description Always null on leave_request.created. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description A leave request was approved (POST /v1/leave-requests/{id}/approve); data.object is the request after the decision. */
        LeaveRequestApprovedEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "leave_request.approved";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The leave request as GET /v1/leave-requests/{id} returned it after the write. */
                object: components["schemas"]["LeaveRequest"];
            };
            /** @description Always null on leave_request.approved. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description A leave request was rejected (POST /v1/leave-requests/{id}/reject); data.object is the request after the decision. */
        LeaveRequestRejectedEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "leave_request.rejected";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The leave request as GET /v1/leave-requests/{id} returned it after the write. */
                object: components["schemas"]["LeaveRequest"];
            };
            /** @description Always null on leave_request.rejected. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description A leave request was cancelled, pending or approved (POST /v1/leave-requests/{id}/cancel); data.object is the request after the decision. */
        LeaveRequestCancelledEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "leave_request.cancelled";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The leave request as GET /v1/leave-requests/{id} returned it after the write. */
                object: components["schemas"]["LeaveRequest"];
            };
            /** @description Always null on leave_request.cancelled. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description An operational event: the dispatcher disabled a webhook endpoint after WEBHOOK_DISABLE_AFTER failed deliveries in a row. data.object is the endpoint as GET /v1/webhook-endpoints/{id} returns it after (enabled false, disabled_reason set; never its secret). Delivered to the tenant’s other enabled endpoints subscribed to it or to `*`; the tenant’s HR admins also get an e-mail. PATCH enabled: true turns the endpoint back on. */
        WebhookEndpointDisabledEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "webhook_endpoint.disabled";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                /** @description The endpoint as GET /v1/webhook-endpoints/{id} returned it once disabled (no secret). */
                object: components["schemas"]["WebhookEndpoint"];
            };
            /** @description Always null on webhook_endpoint.disabled. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /**
         * @example {
         *       "id": "019a7b41-0c2d-7e3f-9a1b-2c3d4e5f6a7b",
         *       "url": "https://hooks.example.com/workforce",
         *       "event_types": [
         *         "leave_request.approved",
         *         "leave_request.cancelled"
         *       ],
         *       "description": "Payroll sync",
         *       "enabled": true,
         *       "disabled_reason": null,
         *       "created_at": "2026-11-23T09:00:00.000Z",
         *       "updated_at": "2026-11-23T09:00:00.000Z"
         *     }
         */
        WebhookEndpoint: {
            /** Format: uuid */
            id: string;
            /** @description Where events are POSTed (Standard Webhooks). */
            url: string;
            /** @description The event types delivered to it; `["*"]`: every type. */
            event_types: ("*" | "employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[];
            description: string | null;
            /** @description A disabled endpoint gets no deliveries, not even later ones. */
            enabled: boolean;
            /** @description Why the dispatcher turned it off (failures in a row); null when enabled. */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            updated_at: string;
        };
        EventResponse: {
            data: components["schemas"]["Event"];
        };
        EventTypeList: {
            data: components["schemas"]["EventType"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        EventType: {
            /** @enum {string} */
            type: "employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled" | "webhook.test";
            description: string;
            /**
             * @description The read scope that shows events of this type (GET /v1/events, and the types an endpoint may subscribe to).
             * @enum {string}
             */
            scope: "employees:read" | "leave:read" | "webhooks:read";
            /** @description JSON Schema (draft 2020-12) of the event record: the body of its webhook deliveries, the same schema as its entry under `webhooks` in /openapi.json, self-contained (the records it names are under `$defs`). */
            schema: {
                [key: string]: unknown;
            };
        };
        WebhookEndpointList: {
            data: components["schemas"]["WebhookEndpoint"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        WebhookEndpointSecret: {
            data: components["schemas"]["WebhookEndpoint"];
            /** @description The signing secret (Standard Webhooks: `whsec_` and the base64 of 24 random bytes). Shown only here: keep it. */
            secret: string;
        };
        WebhookEndpointResponse: {
            data: components["schemas"]["WebhookEndpoint"];
        };
        WebhookTestResponse: {
            data: {
                /** Format: uuid */
                event_id: string;
            };
        };
        WebhookRecoverResponse: {
            data: {
                /**
                 * Format: int64
                 * @description How many new attempts this call queued.
                 */
                requeued: number;
                /** @description Whether failed events remain past this batch: call again. */
                has_more: boolean;
                /** @description The `since` to call again with when `has_more`; null otherwise. */
                next_since: string | null;
            };
        };
        WebhookDeliveryResponse: {
            data: components["schemas"]["WebhookDelivery"];
        };
        /**
         * @example {
         *       "id": "019a7b52-3e4f-7a5b-8c6d-7e8f9a0b1c2d",
         *       "event_id": "019a7b3c-5d2e-7f10-8a4b-3c2d1e0f9a8b",
         *       "event_type": "leave_request.approved",
         *       "attempt": 2,
         *       "status": "failed",
         *       "response_status": 503,
         *       "error": "the endpoint answered 503",
         *       "duration_ms": 84,
         *       "created_at": "2026-11-23T09:14:07.250Z",
         *       "next_attempt_at": null
         *     }
         */
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description The attempt.
             */
            id: string;
            /** Format: uuid */
            event_id: string;
            /** @enum {string} */
            event_type: "employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled" | "webhook.test";
            /**
             * Format: int32
             * @description Counted from 1.
             */
            attempt: number;
            /**
             * @description pending: queued (due at next_attempt_at) or being sent; succeeded: a 2xx; failed: anything else.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @description The receiver's HTTP status (a redirect is a failure with its 3xx); null without one. */
            response_status: number | null;
            /** @description What went wrong, when it failed. */
            error: string | null;
            duration_ms: number | null;
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            /** @description When a pending attempt is due. */
            next_attempt_at: string | null;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
            /** @description Cursor of the next page; null on the last page. */
            next_cursor: string | null;
            has_more: boolean;
        };
        /** @description Sent by POST /v1/webhook-endpoints/{id}/test to that endpoint alone, whatever its event_types; never listed in /v1/events. data.object names the endpoint. */
        WebhookTestEvent: {
            /**
             * Format: uuid
             * @description Event id (UUID v7); the `webhook-id` of its deliveries.
             */
            id: string;
            /** @enum {string} */
            type: "webhook.test";
            /**
             * Format: date-time
             * @description RFC 3339 UTC, milliseconds.
             */
            created_at: string;
            data: {
                object: components["schemas"]["WebhookTestObject"];
            };
            /** @description Always null on webhook.test. */
            previous_attributes: null;
            request: components["schemas"]["EventRequest"];
        };
        /** @description What a test event carries: the endpoint it was sent to. */
        WebhookTestObject: {
            /**
             * Format: uuid
             * @description The webhook endpoint the test event was sent to.
             */
            id: string;
            /** @enum {string} */
            object: "webhook_endpoint";
            message: string;
        };
        /** @description RFC 9457 problem document. */
        Problem: {
            /**
             * Format: uri
             * @description URI of a page describing the code.
             */
            type: string;
            /** @description Fixed per code. */
            title: string;
            /** Format: int32 */
            status: number;
            /**
             * @description Stable machine-readable code.
             * @enum {string}
             */
            code: "invalid_query_parameter" | "invalid_cursor" | "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key" | "invalid_header" | "batch_too_large" | "unauthorized" | "invalid_credential" | "insufficient_scope" | "actor_not_hr_admin" | "actor_not_permitted" | "actor_mismatch" | "cors_origin_not_allowed" | "not_found" | "actor_not_found" | "employee_not_found" | "leave_type_not_found" | "manager_not_found" | "method_not_allowed" | "request_timeout" | "email_taken" | "employee_id_taken" | "invalid_leave_transition" | "webhook_endpoint_disabled" | "idempotency_key_reused" | "idempotency_key_in_use" | "event_position_expired" | "precondition_failed" | "payload_too_large" | "unsupported_media_type" | "seat_limit_reached" | "insufficient_leave_balance" | "overlapping_leave_request" | "webhook_endpoint_limit_reached" | "rate_limited" | "request_header_fields_too_large" | "malformed_request" | "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope" | "internal_error" | "service_unavailable";
            /** @description What went wrong in this occurrence. */
            detail?: string;
            /** @description Equals the X-Request-Id header. */
            request_id: string;
            /** @description Every violation, for invalid_body and invalid_query_parameter. */
            errors?: {
                path: string;
                message: string;
            }[];
        };
        /** @description RFC 6749 §4.4.2. Authenticate the client with client_id and client_secret here, or with HTTP Basic (not both). Unknown parameters are ignored (RFC 6749 §3.2). */
        ClientCredentialsGrant: {
            /** @enum {string} */
            grant_type: "client_credentials";
            /** @description The client id (`svc_client_…`); with HTTP Basic, omit it or send the same. */
            client_id?: string;
            /** @description The client secret (`svc_secret_…`); not with HTTP Basic. */
            client_secret?: string;
            /** @description Space-delimited scopes to request. Granted: those of the client's scopes that are asked for (an unknown or foreign scope is simply not granted; none left is invalid_scope). Absent: all of the client's scopes. */
            scope?: string;
        };
        /** @description RFC 6749 §6, with client authentication as for client_credentials. Unknown parameters are ignored (RFC 6749 §3.2). */
        RefreshTokenGrant: {
            /** @enum {string} */
            grant_type: "refresh_token";
            /** @description The refresh token (`svc_rt_…`) of the last token response; it is spent by this request. */
            refresh_token: string;
            /** @description The client id the refresh token was issued to; with HTTP Basic, omit it or send the same. */
            client_id?: string;
            /** @description The client secret; not with HTTP Basic. */
            client_secret?: string;
            /** @description Space-delimited scopes, each of them originally granted (else invalid_scope). Absent: the scopes of the presented token. */
            scope?: string;
        };
        /** @description RFC 6749 §4.1.3 with PKCE (RFC 7636 §4.5): a first-party app exchanges the code of its sign-in (GET /oauth/authorize) for the signed-in employee's token pair. A public client: `client_id` alone, no secret, no HTTP Basic. Unknown parameters are ignored (RFC 6749 §3.2). */
        AuthorizationCodeGrant: {
            /** @enum {string} */
            grant_type: "authorization_code";
            /** @description The `code` of the redirect: valid 60 seconds and once (a used code presented again also revokes the tokens it was exchanged for). */
            code: string;
            /** @description The redirect_uri of the authorization request, exactly. */
            redirect_uri: string;
            /** @description The app's client id (the code's); one that is no app's is 401 invalid_client. */
            client_id: string;
            /** @description The PKCE code verifier whose base64url SHA-256 is the code_challenge (S256); a wrong one is invalid_grant and does not spend the code. */
            code_verifier: string;
        };
        /** @description RFC 6749 §6 for a first-party app (a public client): its `client_id` alone, no secret, no HTTP Basic. The rotation and reuse rules of the integrations' refresh apply (a reuse revokes the whole sign-in). Unknown parameters are ignored (RFC 6749 §3.2). */
        AppRefreshTokenGrant: {
            /** @enum {string} */
            grant_type: "refresh_token";
            /** @description The refresh token (`svc_rt_…`) of the last token response; it is spent by this request. */
            refresh_token: string;
            /** @description The app's client id, the one the refresh token was issued to. */
            client_id: string;
            /** @description Space-delimited scopes, each of them originally granted (else invalid_scope). Absent: the scopes of the presented token. */
            scope?: string;
        };
        /** @description A token request, by grant_type: an integration's client (`client_credentials`, or `refresh_token` with its client authentication) or a first-party app, a public client with its client_id alone (`authorization_code` with PKCE, or `refresh_token`). An app's refresh is also a valid RefreshTokenGrant (its secret is optional there), hence `anyOf`; the discriminator maps `refresh_token` to that wider shape. */
        TokenRequest: components["schemas"]["ClientCredentialsGrant"] | components["schemas"]["RefreshTokenGrant"] | components["schemas"]["AuthorizationCodeGrant"] | components["schemas"]["AppRefreshTokenGrant"];
        /** @description RFC 6749 §5.1 access token response. */
        TokenResponse: {
            /** @description The access token (`svc_at_…`): send it as `Authorization: Bearer <access_token>`. */
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            /**
             * Format: int32
             * @description Seconds until the access token expires (3600).
             */
            expires_in: number;
            /** @description The refresh token (`svc_rt_…`), valid 30 days and once: the refresh_token grant spends it. */
            refresh_token: string;
            /** @description The granted scopes, space-delimited. */
            scope: string;
        };
        /** @description RFC 6749 §5.2 error response (application/json, as OAuth clients expect), with the RFC 9457 problem members beside `error` and `error_description`: `code` equals `error`. */
        OAuthError: components["schemas"]["Problem"] & {
            /**
             * @description The OAuth error code.
             * @enum {string}
             */
            error: "invalid_request" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope" | "invalid_client" | "rate_limited" | "internal_error" | "service_unavailable" | "method_not_allowed";
            /** @description What went wrong, for a developer. */
            error_description: string;
            /** @description Equals the X-Request-Id header; always present here. */
            request_id: string;
        };
    };
    responses: never;
    parameters: {
        /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
        "webhook-id": string;
        /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
        "webhook-timestamp": number;
        /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
        "webhook-signature": string;
        /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
        "Idempotency-Key": string;
        /** @description The ETag of your copy (`"<version>"`, a list of them, or `*`): when the record is still at that version, 304 without a body. A malformed value is 400 invalid_header. */
        "If-None-Match": string;
        /** @description Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header. */
        "If-Match": string;
    };
    requestBodies: never;
    headers: {
        /** @description Id of this request; echoes a valid inbound X-Request-Id. */
        "X-Request-Id": string;
        /** @description Requests allowed in the current window. */
        "RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "RateLimit-Remaining": number;
        /** @description Whole seconds until the window resets. */
        "RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description RFC 6750 challenge. */
        "WWW-Authenticate": string;
        /** @description The version of the record answered, as an entity tag: `"<version>"`. Send it back as If-None-Match (GET) or If-Match (a conditional write). */
        ETag: string;
        /** @description `true` when this is the stored response of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
        /** @description Token responses, errors included, are never cached. */
        "Cache-Control": "no-store";
        /** @description For HTTP/1.0 caches (RFC 6749 §5.1). */
        Pragma: "no-cache";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    capabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Capabilities"];
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    whoami: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WhoamiResponse"];
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "modules-list": {
        parameters: {
            query?: {
                /** @description Only modules with this status. */
                status?: "available" | "beta" | "coming-soon";
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModuleList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_credential";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "modules-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Module slug, e.g. `leave`. */
                slug: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModuleResponse"];
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_credential";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "employees-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only employees of this department (exact match). 1 to 100 characters after trimming; one line, no control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                department?: string;
                /** @description Only employees of this employment type. */
                employment_type?: "full_time" | "part_time" | "intern" | "contractor" | "freelancer" | "vendor_worker";
                /** @description Only the direct reports of this employee (UUID). */
                manager_id?: string;
                /** @description Only the employee with this e-mail address (exact, case-insensitive). */
                email?: string;
                /** @description Only HR admins (`true`), who may act as `actor_employee_id` of any write, or only the others (`false`). */
                is_hr_admin?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "employees-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The HR admin this write acts as: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee acts, another id is 403 actor_mismatch.
                     */
                    actor_employee_id?: string;
                    /** @description The HTML standard's valid e-mail address with a domain of at least two labels (no quoted local part, IP literal or trailing dot), at most 254 characters; stored lower-case. */
                    email: string;
                    /** @description 1 to 200 characters after trimming; one line, no control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    full_name: string;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31.
                     */
                    joining_date: string;
                    /** @description Employee code; omitted: the tenant's ID format assigns the next free one. */
                    employee_id?: string;
                    /** @description 1 to 100 characters after trimming; one line, no control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    department?: string;
                    /** @description 1 to 100 characters after trimming; one line, no control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    designation?: string;
                    phone?: string;
                    /**
                     * @default full_time
                     * @enum {string}
                     */
                    employment_type?: "full_time" | "part_time" | "intern" | "contractor" | "freelancer" | "vendor_worker";
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31.
                     */
                    engagement_end_date?: string;
                    /** @description Required for vendor_worker, refused otherwise. 1 to 200 characters after trimming; one line, no control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    vendor_name?: string;
                    /** @enum {string} */
                    pay_model?: "hourly" | "monthly_fee" | "per_engagement";
                    /** @description Payout rate, 2 decimals. */
                    rate?: number;
                    /** Format: uuid */
                    manager_id?: string;
                } & (({
                    /** @enum {string} */
                    employment_type: "vendor_worker";
                } | {
                    /** @enum {string} */
                    employment_type?: "full_time" | "part_time" | "intern" | "contractor" | "freelancer";
                    vendor_name?: never;
                }) & ({
                    /** @enum {string} */
                    employment_type: "contractor" | "freelancer" | "vendor_worker";
                } | {
                    pay_model?: never;
                    rate?: never;
                }));
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_hr_admin` (Actor is not an HR admin), `actor_mismatch` (Actor is not the signed-in employee). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_hr_admin" | "actor_mismatch";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `actor_not_found` (Actor not found), `manager_not_found` (Manager not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "actor_not_found" | "manager_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `email_taken` (E-mail already taken), `employee_id_taken` (Employee code already taken), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "email_taken" | "employee_id_taken" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Business rule failed. `code` is one of: `seat_limit_reached` (Seat limit reached). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "seat_limit_reached";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "employees-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy (`"<version>"`, a list of them, or `*`): when the record is still at that version, 304 without a body. A malformed value is 400 invalid_header. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeResponse"];
                };
            };
            /** @description Not modified: If-None-Match holds the ETag of the record, which has not changed. No body. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "employees-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                /** @description Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header. */
                "If-Match"?: components["parameters"]["If-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The HR admin this write acts as: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee acts, another id is 403 actor_mismatch.
                     */
                    actor_employee_id?: string;
                    /** @description null clears it. */
                    designation?: string | null;
                    /** @description null clears it. */
                    department?: string | null;
                } | unknown | unknown;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmployeeResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_hr_admin` (Actor is not an HR admin), `actor_mismatch` (Actor is not the signed-in employee). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_hr_admin" | "actor_mismatch";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found), `actor_not_found` (Actor not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found" | "actor_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Precondition failed: the record is at another version than If-Match names; nothing was written. `code` is one of: `precondition_failed` (Precondition failed). */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "precondition_failed";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only the requests of this employee (UUID). */
                employee_id?: string;
                /** @description Only requests of this leave type (UUID). */
                leave_type_id?: string;
                /** @description Only requests in this status. */
                status?: "pending" | "approved" | "rejected" | "cancelled";
                /** @description Only requests that end on or after this date (inclusive). Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31. */
                from?: string;
                /** @description Only requests that start on or before this date (inclusive); not before `from`. Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The employee taking the leave.
                     */
                    employee_id: string;
                    /** Format: uuid */
                    leave_type_id: string;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31.
                     */
                    start_date: string;
                    /**
                     * Format: date
                     * @description Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31.
                     */
                    end_date: string;
                    /** @description Working days taken; halves allowed. At most the calendar days from `start_date` to `end_date`; 0.5 for a half day. */
                    days_count: number;
                    /** @description 1 to 1000 characters after trimming; line breaks as LF or CR LF (stored as LF), no other control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    reason: string;
                    /**
                     * @default full_day
                     * @enum {string}
                     */
                    leave_duration?: "full_day" | "half_day_morning" | "half_day_afternoon";
                } & ({
                    /** @enum {string} */
                    leave_duration?: "full_day";
                } | {
                    /** @enum {string} */
                    leave_duration: "half_day_morning" | "half_day_afternoon";
                    /** @constant */
                    days_count?: 0.5;
                });
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_permitted` (Actor not permitted). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_permitted";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `employee_not_found` (Employee not found), `leave_type_not_found` (Leave type not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "employee_not_found" | "leave_type_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Business rule failed. `code` is one of: `insufficient_leave_balance` (Insufficient leave balance), `overlapping_leave_request` (Overlapping leave request). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_leave_balance" | "overlapping_leave_request";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-get": {
        parameters: {
            query?: never;
            header?: {
                /** @description The ETag of your copy (`"<version>"`, a list of them, or `*`): when the record is still at that version, 304 without a body. A malformed value is 400 invalid_header. */
                "If-None-Match"?: components["parameters"]["If-None-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestResponse"];
                };
            };
            /** @description Not modified: If-None-Match holds the ETag of the record, which has not changed. No body. */
            304: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-approve": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                /** @description Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header. */
                "If-Match"?: components["parameters"]["If-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The employee deciding: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee decides, another id is 403 actor_mismatch.
                     */
                    actor_employee_id?: string;
                    /** @description Sent to the employee. At most 1000 characters after trimming (blank: none given); line breaks as LF or CR LF (stored as LF), no other control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_permitted` (Actor not permitted), `actor_mismatch` (Actor is not the signed-in employee). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_permitted" | "actor_mismatch";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found), `actor_not_found` (Actor not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found" | "actor_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `invalid_leave_transition` (Invalid leave transition), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_leave_transition" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Precondition failed: the record is at another version than If-Match names; nothing was written. `code` is one of: `precondition_failed` (Precondition failed). */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "precondition_failed";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-reject": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                /** @description Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header. */
                "If-Match"?: components["parameters"]["If-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The employee deciding: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee decides, another id is 403 actor_mismatch.
                     */
                    actor_employee_id?: string;
                    /** @description Sent to the employee. At most 1000 characters after trimming (blank: none given); line breaks as LF or CR LF (stored as LF), no other control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_permitted` (Actor not permitted), `actor_mismatch` (Actor is not the signed-in employee). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_permitted" | "actor_mismatch";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found), `actor_not_found` (Actor not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found" | "actor_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `invalid_leave_transition` (Invalid leave transition), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_leave_transition" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Precondition failed: the record is at another version than If-Match names; nothing was written. `code` is one of: `precondition_failed` (Precondition failed). */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "precondition_failed";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveRequests-cancel": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
                /** @description Makes the write conditional (decisions §19): `"<version>"` (the ETag of your copy, or a list of them) writes only when the record is at that version, else 412 precondition_failed and nothing is written; `*` always matches. Decided after the record and the actor are checked (404, 403), before the business rules (409, 422). A replay of an Idempotency-Key answers the stored response whatever If-Match says. A malformed value is 400 invalid_header. */
                "If-Match"?: components["parameters"]["If-Match"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The employee deciding: required with an API key or a client-credentials token (else 400 invalid_body naming it); with an employee's own token (a first-party app's sign-in) leave it out or give that employee's id: that employee decides, another id is 403 actor_mismatch.
                     */
                    actor_employee_id?: string;
                    /** @description Sent to the employee. At most 1000 characters after trimming (blank: none given); line breaks as LF or CR LF (stored as LF), no other control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    ETag: components["headers"]["ETag"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveRequestResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key), `invalid_header` (Invalid header). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key" | "invalid_header";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope), `actor_not_permitted` (Actor not permitted), `actor_mismatch` (Actor is not the signed-in employee). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope" | "actor_not_permitted" | "actor_mismatch";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found), `actor_not_found` (Actor not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found" | "actor_not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `invalid_leave_transition` (Invalid leave transition), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_leave_transition" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Precondition failed: the record is at another version than If-Match names; nothing was written. `code` is one of: `precondition_failed` (Precondition failed). */
            412: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "precondition_failed";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveTypes-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveTypeList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveTypes-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveTypeResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "leaveBalances-list": {
        parameters: {
            query: {
                /** @description The employee whose balances to list. */
                employee_id: string;
                /** @description Calendar year; the current year (UTC) when omitted. */
                year?: number;
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LeaveBalanceList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `employee_not_found` (Employee not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "employee_not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "holidays-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only holidays on or after this date (inclusive). Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31. */
                from?: string;
                /** @description Only holidays on or before this date (inclusive); not before `from`. Calendar date, YYYY-MM-DD, 1900-01-01 to 9999-12-31. */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HolidayList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "holidays-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HolidayResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "assets-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only assets in this status. */
                status?: "available" | "assigned" | "maintenance" | "retired";
                /** @description Only the assets held by this employee (UUID). */
                assigned_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "assets-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AssetResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "jobOpenings-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only job openings in this status. */
                status?: "draft" | "open" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobOpeningList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "jobOpenings-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobOpeningResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "helpdeskTickets-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only tickets in this status. */
                status?: "open" | "in_progress" | "resolved" | "closed";
                /** @description Only the tickets raised by this employee (UUID). */
                raised_by?: string;
                /** @description Only the tickets assigned to this employee (UUID). */
                assigned_to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelpdeskTicketList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "helpdeskTickets-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HelpdeskTicketResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "surveys-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only surveys in this status. */
                status?: "draft" | "active" | "closed";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SurveyList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "surveys-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SurveyResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "events-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
                /** @description Only events of this type, or of these types (a comma list): employee.created, employee.updated, leave_request.created, leave_request.approved, leave_request.rejected, leave_request.cancelled, webhook_endpoint.disabled. A type the credential may not see matches nothing. */
                type?: ("employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[];
                /** @description An event id the credential can see: only events after it. Resumes a consumer that kept the last id it saw, also after a last page. An id older than the 30 days kept is 410 event_position_expired; not with order=desc. */
                after?: string;
                /** @description `asc` (the default): oldest first, the order to follow the log in. `desc`: newest first; `?order=desc&limit=1` is the newest event, the position a new follower starts from before it copies the lists. */
                order?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Gone: older than what the service keeps. `code` is one of: `event_position_expired` (Event position expired). */
            410: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "event_position_expired";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "events-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "eventTypes-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventTypeList"];
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_credential";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-list": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-create": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An absolute https:// URL written out (`https://host/…`), without credentials, spaces or control characters, at most 2048 characters, whose host is not and does not resolve to a loopback, private, link-local or otherwise non-public address (checked again at every delivery). `http://` and such hosts only where the service allows private URLs (development), whose /openapi.json then admits `http://` in this pattern. */
                    url: string;
                    /** @description Event types to deliver, each once; `["*"]` alone for every type, those added later included. */
                    event_types: ("*" | "employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[] & ("*"[] | ("employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[]);
                    /** @description For people. 1 to 500 characters after trimming; line breaks as LF or CR LF (stored as LF), no other control characters; no bidirectional override or isolate characters, no unpaired surrogates; at least one visible character. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointSecret"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Business rule failed. `code` is one of: `webhook_endpoint_limit_reached` (Webhook endpoint limit reached). */
            422: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "webhook_endpoint_limit_reached";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-delete": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-update": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An absolute https:// URL written out (`https://host/…`), without credentials, spaces or control characters, at most 2048 characters, whose host is not and does not resolve to a loopback, private, link-local or otherwise non-public address (checked again at every delivery). `http://` and such hosts only where the service allows private URLs (development), whose /openapi.json then admits `http://` in this pattern. */
                    url?: string;
                    /** @description Event types to deliver, each once; `["*"]` alone for every type, those added later included. */
                    event_types?: ("*" | "employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[] & ("*"[] | ("employee.created" | "employee.updated" | "leave_request.created" | "leave_request.approved" | "leave_request.rejected" | "leave_request.cancelled" | "webhook_endpoint.disabled")[]);
                    /** @description null clears it. */
                    description?: string | null;
                    /** @description `true` turns it back on, clearing `disabled_reason` and its count of failures. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-rotateSecret": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointSecret"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-test": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The test event is recorded and its delivery queued. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-recover": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: date-time
                     * @description RFC 3339; deliveries that ended failed at or after it are sent again. At most 30 days ago, not in the future.
                     */
                    since: string;
                };
            };
        };
        responses: {
            /** @description The attempts are queued; `requeued` counts them. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecoverResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `webhook_endpoint_disabled` (Webhook endpoint disabled), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "webhook_endpoint_disabled" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-retry": {
        parameters: {
            query?: never;
            header?: {
                /** @description Makes a retry safe: the same key with the same request replays the first response for 24 h; with another request it is 409 idempotency_key_reused. */
                "Idempotency-Key"?: components["parameters"]["Idempotency-Key"];
            };
            path: {
                /** @description Record id (UUID). */
                id: string;
                /** @description The delivery attempt to send again (its `id` under …/deliveries). */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt is queued. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryResponse"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_id` (Invalid id), `invalid_json` (Invalid JSON), `invalid_body` (Invalid request body), `invalid_idempotency_key` (Invalid idempotency key). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_id" | "invalid_json" | "invalid_body" | "invalid_idempotency_key";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Conflict, or idempotency conflict. `code` is one of: `webhook_endpoint_disabled` (Webhook endpoint disabled), `idempotency_key_reused` (Idempotency key reused), `idempotency_key_in_use` (Idempotency key in use). */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "webhook_endpoint_disabled" | "idempotency_key_reused" | "idempotency_key_in_use";
                    };
                };
            };
            /** @description Payload too large. `code` is one of: `payload_too_large` (Payload too large). */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "payload_too_large";
                    };
                };
            };
            /** @description Unsupported media type. `code` is one of: `unsupported_media_type` (Unsupported media type). */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unsupported_media_type";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhookEndpoints-deliveries": {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100. */
                limit?: number;
                /** @description Opaque cursor: the next_cursor of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Record id (UUID). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Invalid input. `code` is one of: `invalid_query_parameter` (Invalid query parameter), `invalid_cursor` (Invalid cursor), `invalid_id` (Invalid id). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "invalid_query_parameter" | "invalid_cursor" | "invalid_id";
                    };
                };
            };
            /** @description Credential required, or credential invalid. `code` is one of: `unauthorized` (Credential required), `invalid_credential` (Invalid credential). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "unauthorized" | "invalid_credential";
                    };
                };
            };
            /** @description Insufficient scope, or the actor may not do this. `code` is one of: `insufficient_scope` (Insufficient scope). */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "WWW-Authenticate": components["headers"]["WWW-Authenticate"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "insufficient_scope";
                    };
                };
            };
            /** @description Not found (including a record of another tenant). `code` is one of: `not_found` (Not found). */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "not_found";
                    };
                };
            };
            /** @description Rate limited. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                    };
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "oauth-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequest"];
                "application/json": components["schemas"]["TokenRequest"];
            };
        };
        responses: {
            /** @description The new access token and refresh token. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    Pragma: components["headers"]["Pragma"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponse"];
                };
            };
            /** @description The token request is refused (RFC 6749 §5.2); `error` equals `code`. `code` is one of: `invalid_request` (Invalid token request), `invalid_grant` (Invalid grant), `unsupported_grant_type` (Unsupported grant type), `invalid_scope` (Invalid scope). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "invalid_request" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                        /** @enum {string} */
                        error?: "invalid_request" | "invalid_grant" | "unsupported_grant_type" | "invalid_scope";
                    };
                };
            };
            /** @description Client authentication failed (RFC 6749 §5.2); `error` equals `code`. `code` is one of: `invalid_client` (Client authentication failed). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description `Basic realm="workforce"` when the client authenticated with HTTP Basic. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "invalid_client";
                        /** @enum {string} */
                        error?: "invalid_client";
                    };
                };
            };
            /** @description Rate limited: too many token requests, or too many failed client authentications, from this address. `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal error: an unexpected failure, logged with the request id. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                        /** @enum {string} */
                        error?: "service_unavailable";
                    };
                };
            };
        };
    };
    "oauth-authorize": {
        parameters: {
            query: {
                /** @description Must be `code`; another value is a redirect with `error=unsupported_response_type`. */
                response_type: "code";
                /** @description The first-party app's client id. */
                client_id: string;
                /** @description One of the redirect URIs the app registered, exactly (no pattern, no prefix). */
                redirect_uri: string;
                /** @description PKCE (RFC 7636): the base64url SHA-256 of the code verifier, 43 characters. Missing or malformed: a redirect with `error=invalid_request`. */
                code_challenge: string;
                /** @description Must be `S256` (`plain` is refused: a redirect with `error=invalid_request`). */
                code_challenge_method: "S256";
                /** @description Opaque to the server: sent back unchanged in the redirect. */
                state?: string;
                /** @description Space-delimited scopes an employee's token may carry (employees:read, leave:read, leave:write, employees:write); none of them is a redirect with `error=invalid_scope`. Absent: the employee's role's scopes. */
                scope?: string;
                /** @description The tenant to sign in to, when the address has accounts in several; malformed is a redirect with `error=invalid_request`. */
                tenant?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sign-in page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    /** @description The CSRF nonce (`__Host-wfm_signin` over https, else `wfm_signin`; HttpOnly, SameSite=Lax, one hour), when the browser has none: the form's `csrf_token` signs it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description See Other: back to the app's `redirect_uri` (its own query kept) with `code` (one-time, 60 seconds) and `state`, or with `error` (`unsupported_response_type`, `invalid_request`, `invalid_scope`) and `error_description`; `iss` always. No body. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description The app's redirect_uri with `code` and `state`, or `error` and `error_description` and `state`, and `iss` (RFC 9207: this server's base URL). */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page, never a redirect (the URI may be an attacker's, RFC 6749 §4.1.2.1): `client_id` names no registered app, or `redirect_uri` is missing or not one the app registered exactly. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "oauth-authorize-sign-in": {
        parameters: {
            query?: {
                /** @description Must be `code`; another value is a redirect with `error=unsupported_response_type`. Read when the form's hidden input is absent. */
                response_type?: "code";
                /** @description The first-party app's client id. Read when the form's hidden input is absent. */
                client_id?: string;
                /** @description One of the redirect URIs the app registered, exactly (no pattern, no prefix). Read when the form's hidden input is absent. */
                redirect_uri?: string;
                /** @description PKCE (RFC 7636): the base64url SHA-256 of the code verifier, 43 characters. Missing or malformed: a redirect with `error=invalid_request`. Read when the form's hidden input is absent. */
                code_challenge?: string;
                /** @description Must be `S256` (`plain` is refused: a redirect with `error=invalid_request`). Read when the form's hidden input is absent. */
                code_challenge_method?: "S256";
                /** @description Opaque to the server: sent back unchanged in the redirect. Read when the form's hidden input is absent. */
                state?: string;
                /** @description Space-delimited scopes an employee's token may carry (employees:read, leave:read, leave:write, employees:write); none of them is a redirect with `error=invalid_scope`. Absent: the employee's role's scopes. Read when the form's hidden input is absent. */
                scope?: string;
                /** @description The tenant to sign in to, when the address has accounts in several; malformed is a redirect with `error=invalid_request`. Read when the form's hidden input is absent. */
                tenant?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The employee's e-mail address. */
                    email: string;
                    /** @description Their password. */
                    password: string;
                    /** @description The page's hidden input: the signature of the cookie's nonce, with an expiry. */
                    csrf_token: string;
                    /**
                     * @description Must be `code`; another value is a redirect with `error=unsupported_response_type`.
                     * @enum {string}
                     */
                    response_type?: "code";
                    /** @description The first-party app's client id. */
                    client_id?: string;
                    /**
                     * Format: uri
                     * @description One of the redirect URIs the app registered, exactly (no pattern, no prefix).
                     */
                    redirect_uri?: string;
                    /** @description PKCE (RFC 7636): the base64url SHA-256 of the code verifier, 43 characters. Missing or malformed: a redirect with `error=invalid_request`. */
                    code_challenge?: string;
                    /**
                     * @description Must be `S256` (`plain` is refused: a redirect with `error=invalid_request`).
                     * @enum {string}
                     */
                    code_challenge_method?: "S256";
                    /** @description Opaque to the server: sent back unchanged in the redirect. */
                    state?: string;
                    /** @description Space-delimited scopes an employee's token may carry (employees:read, leave:read, leave:write, employees:write); none of them is a redirect with `error=invalid_scope`. Absent: the employee's role's scopes. */
                    scope?: string;
                    /**
                     * Format: uuid
                     * @description The tenant to sign in to, when the address has accounts in several; malformed is a redirect with `error=invalid_request`.
                     */
                    tenant?: string;
                };
            };
        };
        responses: {
            /** @description See Other: back to the app's `redirect_uri` (its own query kept) with `code` (one-time, 60 seconds) and `state`, or with `error` (`unsupported_response_type`, `invalid_request`, `invalid_scope`) and `error_description`; `iss` always. No body. */
            303: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description The app's redirect_uri with `code` and `state`, or `error` and `error_description` and `state`, and `iss` (RFC 9207: this server's base URL). */
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error page, never a redirect (the URI may be an attacker's, RFC 6749 §4.1.2.1): `client_id` names no registered app, or `redirect_uri` is missing or not one the app registered exactly. Or the form could not be read. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Wrong or missing e-mail address or password: the form again, with the address typed. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    /** @description The CSRF nonce (`__Host-wfm_signin` over https, else `wfm_signin`; HttpOnly, SameSite=Lax, one hour), when the browser has none: the form's `csrf_token` signs it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The form expired or did not come from this page (CSRF): the form again. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    /** @description The CSRF nonce (`__Host-wfm_signin` over https, else `wfm_signin`; HttpOnly, SameSite=Lax, one hour), when the browser has none: the form's `csrf_token` signs it. */
                    "Set-Cookie"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The form is over 16 KiB: an error page. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description The body is not application/x-www-form-urlencoded: an error page. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Too many failed sign-ins from this address or for this e-mail address: the form again, with `Retry-After`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    /** @description Never cached. */
                    "Cache-Control"?: "no-store";
                    /** @description The URL carries the request (its state): never sent on. */
                    "Referrer-Policy"?: "no-referrer";
                    /** @description `default-src 'none'`: nothing loaded but the page's own stylesheet (by hash); its form posts only to this origin and the app's redirect; `frame-ancestors 'none'`. */
                    "Content-Security-Policy"?: string;
                    /** @description The page is never framed. */
                    "X-Frame-Options"?: "DENY";
                    /** @description The CSRF nonce (`__Host-wfm_signin` over https, else `wfm_signin`; HttpOnly, SameSite=Lax, one hour), when the browser has none: the form's `csrf_token` signs it. */
                    "Set-Cookie"?: string;
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Internal error. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                    };
                };
            };
        };
    };
    "oauth-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description An access token (`svc_at_…`) or refresh token (`svc_rt_…`) the app was issued: that sign-in's every access and refresh token is revoked. */
                    token: string;
                    /**
                     * @description Accepted and not needed: the token says what it is.
                     * @enum {string}
                     */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description The app's client id, alone (no secret, no HTTP Basic). */
                    client_id: string;
                };
                "application/json": {
                    /** @description An access token (`svc_at_…`) or refresh token (`svc_rt_…`) the app was issued: that sign-in's every access and refresh token is revoked. */
                    token: string;
                    /**
                     * @description Accepted and not needed: the token says what it is.
                     * @enum {string}
                     */
                    token_type_hint?: "access_token" | "refresh_token";
                    /** @description The app's client id, alone (no secret, no HTTP Basic). */
                    client_id: string;
                };
            };
        };
        responses: {
            /** @description Revoked, or nothing to revoke: the answer to any well-formed request of an app, whatever the token (unknown, expired, already revoked, another client's; RFC 7009 §2.2). No body. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No `token`, or a body that is neither form-encoded nor a JSON object of strings; `error` equals `code`. `code` is one of: `invalid_request` (Invalid token request). */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "invalid_request";
                        /** @enum {string} */
                        error?: "invalid_request";
                    };
                };
            };
            /** @description No first-party app has this `client_id`, or the request authenticates a client (a secret, HTTP Basic); `error` equals `code`. `code` is one of: `invalid_client` (Client authentication failed). */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    /** @description `Basic realm="workforce"` when the request came with HTTP Basic. */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "invalid_client";
                        /** @enum {string} */
                        error?: "invalid_client";
                    };
                };
            };
            /** @description Rate limited: too many token requests from this address (the token endpoint's budget). `code` is one of: `rate_limited` (Rate limited). */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "rate_limited";
                        /** @enum {string} */
                        error?: "rate_limited";
                    };
                };
            };
            /** @description Internal error: an unexpected failure, logged with the request id. `code` is one of: `internal_error` (Internal error). */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "internal_error";
                        /** @enum {string} */
                        error?: "internal_error";
                    };
                };
            };
            /** @description Service unavailable. `code` is one of: `service_unavailable` (Service unavailable). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "RateLimit-Limit": components["headers"]["RateLimit-Limit"];
                    "RateLimit-Remaining": components["headers"]["RateLimit-Remaining"];
                    "RateLimit-Reset": components["headers"]["RateLimit-Reset"];
                    "Cache-Control": components["headers"]["Cache-Control"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthError"] & {
                        /** @enum {string} */
                        code?: "service_unavailable";
                        /** @enum {string} */
                        error?: "service_unavailable";
                    };
                };
            };
        };
    };
    "webhook-employee.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployeeCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-employee.updated": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["EmployeeUpdatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-leave_request.created": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeaveRequestCreatedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-leave_request.approved": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeaveRequestApprovedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-leave_request.rejected": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeaveRequestRejectedEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-leave_request.cancelled": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["LeaveRequestCancelledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-webhook_endpoint.disabled": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointDisabledEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    "webhook-webhook.test": {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (the body's `id`), the same on every attempt of a delivery: deduplicate by it (delivery is at least once, in no guaranteed order). */
                "webhook-id": components["parameters"]["webhook-id"];
                /** @description When this attempt was sent, in whole seconds since the Unix epoch. Refuse a delivery whose timestamp is too far from your clock (Standard Webhooks verifiers allow 5 minutes): it guards against replays. */
                "webhook-timestamp": components["parameters"]["webhook-timestamp"];
                /** @description Space-separated signatures, each `v1,` and the base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}` (the raw body bytes), keyed with the base64-decoded part of the endpoint's `whsec_` secret. Two during the 24 h after a secret rotation (the new secret's first); accept the delivery when any one matches. Verify it with a Standard Webhooks library (the `standardwebhooks` npm package, unchanged). */
                "webhook-signature": components["parameters"]["webhook-signature"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The event record, as GET /v1/events/{id} answers it for a logged type. Verify the signature over these bytes before parsing them. */
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookTestEvent"];
            };
        };
        responses: {
            /** @description Acknowledged: the delivery succeeded (any 2xx within 10 s; its body is ignored). */
            "2XX": {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A failure: any other status (a 3xx too: redirects are not followed), or no answer within 10 s. The delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
