/**
 * Generated from openapi/openapi.yaml by openapi-typescript (npm run openapi:types). Do not edit.
 */

export interface paths {
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This document, as JSON
         * @description The OpenAPI 3.1 document the service answers by. No key needed.
         */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API reference page
         * @description This document rendered by Redoc, served with its script by the service itself (no CDN). No key needed.
         */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/reference/redoc.standalone.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reference page's script (Redoc's standalone bundle) */
        get: operations["getApiReferenceScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bureau/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's runs, newest first
         * @description Scope `runs:read`. Runs of the key's tenant and environment (and of its subject type when
         *     the key is restricted to one), newest first, by keyset cursor. `next_cursor` is present
         *     only when `has_more` is true. Each filter takes one value.
         */
        get: operations["listRuns"];
        put?: never;
        /**
         * Queue a bureau run of a CPF or CNPJ against a template
         * @description Scope `runs:write`. The run is asynchronous: the answer is `202` with status `queued` at
         *     once; the result arrives by the `run.completed` / `run.failed` webhook and can be polled
         *     with `GET /api/v1/bureau/runs/{run_id}`.
         *
         *     Checks, in this order: the body is a JSON object without unknown fields (`invalid_json`,
         *     `invalid_request`); `template_id` is a string (`missing_template_id`) naming a published,
         *     active template of the account or a global one (`template_not_found`); `subject` is an
         *     object whose `type` (default: the template's) is `pf` or `pj` (`invalid_parametros`), is
         *     allowed for the key (`403 subject_type_not_allowed`) and matches the template
         *     (`invalid_document`); `subject.doc` is present (`missing_document`) and a valid CPF
         *     (11 digits) or CNPJ (14 digits), formatting stripped (`invalid_document`); every
         *     parameter the template lists is a non-blank string of at most 500 characters and no
         *     other member is sent (`invalid_parametros`, with `invalid_params` naming them); then
         *     `external_id`, `metadata` and `webhook_url` (`invalid_request`, `invalid_webhook_url`).
         *
         *     Live keys need a balance of at least the template's maximum cost (`402
         *     billing_suspended`); sandbox keys consume nothing. With `Idempotency-Key`, the same key
         *     and body within 24 hours replays the original `202` (`Idempotent-Replayed: true`) and
         *     creates no second run.
         */
        post: operations["createRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bureau/runs/{run_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        /**
         * Get a run (202 while it executes)
         * @description Scope `runs:read`. While the run is `queued` or `running` the answer is `202` with a
         *     polling hint (`retry_after_seconds` and the `Retry-After` header: the run's estimate,
         *     bounded to 1..30 seconds); once it ended, `200` with the run. A run of another tenant or
         *     environment is `404 run_not_found`; one of the other subject type than the key allows is
         *     `403 subject_type_not_allowed`.
         */
        get: operations["getRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bureau/runs/{run_id}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        /**
         * Get a run's analysis (202 while it executes)
         * @description Scope `runs:read`. Findings, blocking checks, source groups, review reasons, risk
         *     dimensions, the subject's cadastral profile and the sources that failed. `202` with a
         *     polling hint while the run is `queued` or `running`, as `GET run`.
         */
        get: operations["getRunAnalysis"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bureau/runs/{run_id}/detail": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        /**
         * Get every source of a run with its checks (normalised, never raw)
         * @description Scope `detail:read` (granted on request to support). Answers `200` whatever the run's
         *     status: sources not answered yet (or abandoned after a block) show `NO_DATA` with
         *     `result_code` `not_executed`.
         */
        get: operations["getRunDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/bureau/runs/{run_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        /**
         * Redirect to the signed URL of a run's PDF report
         * @description Scope `runs:read`. For a terminal run (`completed`, `blocked`, `partial`, `failed`,
         *     `cancelado`) whose report in this `mode` was generated (operator API `POST
         *     /operator/v1/runs/{run_id}/report`): `302` to `{SVC_PUBLIC_BASE_URL}/files/{token}`, a
         *     signed URL valid one hour serving `application/pdf`. The body repeats the URL.
         *     Checks in this order: `run_id` a UUID, `mode`, the run exists for the key, the subject
         *     type, the run is terminal, the report exists.
         */
        get: operations["getRunReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/operacoes/{id}/laudo.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the PDF laudo of an analysed FX operation
         * @description Scope `runs:read`. The stored laudo of an FX operation of the key's tenant, as an
         *     attachment (`laudo-{nature_code}-{YYYYMMDD}-{laudo_number}.pdf`). Every download is
         *     recorded on the operation (key and time); the 11th within an hour is `429
         *     laudo_download_limit` with `Retry-After`. A draft operation is `400 operation_is_draft`;
         *     one whose analysis was not requested or has not completed is `400
         *     analysis_not_requested`.
         */
        get: operations["getFxOperationLaudo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's customers, newest first
         * @description Scope `customers:read`. Customers of the key's tenant and environment (and of its
         *     subject type when the key is restricted to one). `next_cursor` is
         *     `<created_at with +00:00>_<customer_id>`, null on the last page; send it URL-encoded (a
         *     `+` decoded to a space is `invalid_cursor`).
         */
        get: operations["listCustomers"];
        put?: never;
        /**
         * Register a PF or PJ customer, optionally starting a bureau run
         * @description Scope `customers:write`. `201` with the customer: status `em_analise` when
         *     `run_bureau` is true (the response then carries `run_id` and `bureau_status queued`),
         *     else `rascunho`. A POST for a document that exists as `rascunho` completes that draft
         *     (same `customer_id`, `201`); for any other status it is `409 customer_already_exists`
         *     (with `existing_customer_id`). An `external_id` already used is `409
         *     external_id_conflict` (with `existing_customer_id`).
         *
         *     Checks, in this order: the body is an object; `type`; fields of the other person type
         *     (`invalid_field_for_type`, param = the field); unknown fields (`invalid_request`);
         *     `doc` (`missing_document`, `invalid_document`); `name`; `email` (required and
         *     format-checked for `pf`, format-checked for `pj` when sent: `invalid_email`);
         *     `address` (`invalid_address`, param = the subfield); then the rest
         *     (`invalid_request`). The key's subject type (`403 subject_type_not_allowed`), the
         *     `webhook_url` host, and with `run_bureau` the template: `template_id`, else the
         *     `onboarding_profile`'s, else the tenant default for the type (`template_not_found`,
         *     `missing_default_template`, `invalid_parametros` when the template needs a customer
         *     field that was not sent).
         *
         *     With `Idempotency-Key`, the same key and body within 24 hours replays the original
         *     `201` (`Idempotent-Replayed: true`).
         */
        post: operations["createCustomer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
            };
            cookie?: never;
        };
        /**
         * Get a customer with its documents, latest run and facial verification
         * @description Scope `customers:read`. Another tenant's (or environment's) customer is `404 customer_not_found`.
         */
        get: operations["getCustomer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/documents": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach a document file to a customer (enters as pendente)
         * @description Scope `customers:write`. `multipart/form-data` with exactly one file part named `file`
         *     (1 byte to 4 MB = 4,194,304 bytes) and a text part `type` (the base catalog or one of
         *     the tenant's custom document types). Parser limits: at most 1 file, 5 text fields of at
         *     most 1024 bytes each, 6 parts in all. Any file type is accepted, but a file whose first
         *     bytes claim an image (JPG, PNG, WEBP, TIFF...) must have a header that decodes
         *     (`invalid_file`). The customer is looked up before the body is read.
         *
         *     A new document of a type the customer already has replaces it, unless the existing one
         *     was rejected (both are then listed). A `selfie` plus an identity image
         *     (`identidade_frente`, `cnh_frente`, `passaporte`) may start an automatic facial round
         *     (webhook `biometric_check.completed`) when the module is on.
         */
        post: operations["uploadCustomerDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/verificacoes/facial": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Standalone, synchronous facial verification (face match, passive liveness)
         * @description Scope `biometria:write`, and the facial-verification module on for the tenant at both
         *     layers (master and tenant setting), else `403 module_disabled` (checked before the body
         *     is read). `multipart/form-data`: `user_image` (required), `ref_image` (required for
         *     `face_match`), `checks`. Images: JPG, PNG, WEBP or TIFF whose header decodes, at most
         *     5 MB (5,242,880 bytes) each. Parser limits: 2 files, 3 text fields of at most 256
         *     bytes, 5 parts.
         *
         *     Never all-or-nothing: a check that failed at the provider is status `Error` with a
         *     `message` beside the others; only when no requested check succeeded is the answer
         *     `502 biometric_check_failed` (nothing charged). Live keys: each `Approved` or
         *     `Declined` check costs 2 credits (`402 billing_suspended` when they cannot be held).
         *     No Idempotency-Key: resending runs and bills again. Links to no customer, emits no
         *     webhook.
         *
         *     Sandbox: the outcome follows the `user_image` file name (case-insensitive substring):
         *     `fm_declined` face_match Declined (0.12), `live_declined` passive_liveness Declined
         *     (0.08), `fm_error` / `live_error` that check `Error`; otherwise Approved (face_match
         *     0.97, passive_liveness 0.93).
         */
        post: operations["verifyFacial"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screening/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The screening lists and their freshness
         * @description Scope `screening:read`. Every official list (loaded or not), then the tenant's own
         *     lists (`publisher: tenant`, never stale). `stale` is true when the last successful
         *     check is older than twice the list's refresh period (or never happened).
         */
        get: operations["listScreeningLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screening/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Search a name (and qualifiers) against the loaded lists
         * @description Scope `screening:read`. Both key environments search the loaded lists (the official
         *     ones and the tenant's own). Results best first, at or above `threshold` (default 0.8),
         *     at most `limit` (default 10). `lists` names which lists to search (default: all the
         *     tenant may search); another tenant's list is as unknown as a missing one
         *     (`invalid_list`). `doc` must be a whole, valid CPF or CNPJ (formatting stripped).
         */
        post: operations["searchScreening"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/screening/compare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Compare two records with the matching engine, explained
         * @description Scope `screening:read`. The engine of the search on two records, at the default
         *     threshold (0.8), so an analyst can see why two names match. `query.doc` must be a whole,
         *     valid CPF or CNPJ; `candidate.doc` may also be a CPF masked as lists publish it
         *     (`***.456.789-**`, `***456789**`).
         */
        post: operations["compareScreening"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file through a signed, expiring URL
         * @description No API key: the token is the grant (`<base64url grant>.<base64url HMAC-SHA256>`, signed
         *     with the service key, valid one hour). A forged or malformed token, or a file no longer
         *     stored, is `404 not_found`; a genuine token past its hour is `403 url_expired`. Served
         *     inline with `Cache-Control: private, max-age=<seconds left>`. Not under `/api/`: no
         *     rate-limit or version headers, and error bodies carry no `livemode`.
         */
        get: operations["getSignedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "run.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run ended completed, blocked, pending_review or partial (or an analyst decided it)
         * @description Always delivered to the environment's endpoint, or to the run's (or its customer's)
         *     per-call `webhook_url`, signed with that endpoint's secret (without an endpoint nothing
         *     is sent). Sent again, status `completed` with the analyst's decision, when an analyst
         *     decides a `pending_review` run. Never for a cancelled run.
         *
         *     Signing (every attempt): `X-Svc-Signature` and `Svc-Signature` carry
         *     `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint secret's text,
         *     `whsec_` prefix included; the Standard Webhooks headers carry `webhook-id` (the event
         *     id), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature:
         *     v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` keyed with
         *     the secret's bytes (the text after `whsec_`, base64-decoded), so Standard Webhooks
         *     libraries verify it. The secret is the one answered by the operator API's `PUT
         *     /operator/v1/tenants/{tenant_id}/webhook-endpoints/{environment}` (a new one on each
         *     PUT). The service enforces no timestamp tolerance: the receiver should compare
         *     `webhook-timestamp` with its clock and refuse old ones (Standard Webhooks libraries
         *     allow 5 minutes); `X-Svc-Signature` covers the body only, so dedupe on `id`. Sent as
         *     `POST`, `Content-Type: application/json`, `User-Agent: kyc-svc-webhooks/1`.
         *
         *     Answers: a 2xx within 10 seconds acknowledges; anything else (another status,
         *     redirects included, a timeout, a connection error) is retried with the same `id` at
         *     +30 s, +5 min, +1 h, +6 h (5 attempts), then the delivery is `failed`.
         */
        post: operations["runCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "run.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A run failed technically (decision null); resubmit it
         * @description Always delivered, like `run.completed` (sandbox CPF 00000000604: every source ERROR).
         *
         *     Signing (every attempt): `X-Svc-Signature` and `Svc-Signature` carry
         *     `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint secret's text,
         *     `whsec_` prefix included; the Standard Webhooks headers carry `webhook-id` (the event
         *     id), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature:
         *     v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` keyed with
         *     the secret's bytes (the text after `whsec_`, base64-decoded), so Standard Webhooks
         *     libraries verify it. The secret is the one answered by the operator API's `PUT
         *     /operator/v1/tenants/{tenant_id}/webhook-endpoints/{environment}` (a new one on each
         *     PUT). The service enforces no timestamp tolerance: the receiver should compare
         *     `webhook-timestamp` with its clock and refuse old ones (Standard Webhooks libraries
         *     allow 5 minutes); `X-Svc-Signature` covers the body only, so dedupe on `id`. Sent as
         *     `POST`, `Content-Type: application/json`, `User-Agent: kyc-svc-webhooks/1`.
         *
         *     Answers: a 2xx within 10 seconds acknowledges; anything else (another status,
         *     redirects included, a timeout, a connection error) is retried with the same `id` at
         *     +30 s, +5 min, +1 h, +6 h (5 attempts), then the delivery is `failed`.
         */
        post: operations["runFailedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "biometric_check.completed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An automatic facial round of a customer ended (opt-in)
         * @description Delivered only when the environment's endpoint subscribes to it. Sent for the rounds
         *     that customer creation and document uploads start (a `selfie` plus an identity image),
         *     never for `POST /api/v1/verificacoes/facial`. The customer's own `webhook_url`
         *     overrides the endpoint's URL.
         *
         *     Signing (every attempt): `X-Svc-Signature` and `Svc-Signature` carry
         *     `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint secret's text,
         *     `whsec_` prefix included; the Standard Webhooks headers carry `webhook-id` (the event
         *     id), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature:
         *     v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` keyed with
         *     the secret's bytes (the text after `whsec_`, base64-decoded), so Standard Webhooks
         *     libraries verify it. The secret is the one answered by the operator API's `PUT
         *     /operator/v1/tenants/{tenant_id}/webhook-endpoints/{environment}` (a new one on each
         *     PUT). The service enforces no timestamp tolerance: the receiver should compare
         *     `webhook-timestamp` with its clock and refuse old ones (Standard Webhooks libraries
         *     allow 5 minutes); `X-Svc-Signature` covers the body only, so dedupe on `id`. Sent as
         *     `POST`, `Content-Type: application/json`, `User-Agent: kyc-svc-webhooks/1`.
         *
         *     Answers: a 2xx within 10 seconds acknowledges; anything else (another status,
         *     redirects included, a timeout, a connection error) is retried with the same `id` at
         *     +30 s, +5 min, +1 h, +6 h (5 attempts), then the delivery is `failed`.
         */
        post: operations["biometricCheckCompletedWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "customer.monitoring_alert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ongoing monitoring raised an alert on a customer (opt-in)
         * @description Delivered only when the environment's endpoint subscribes to it; the customer's own
         *     `webhook_url` overrides the endpoint's URL. Raised when a new list version (official or
         *     the tenant's own) matches a customer `em_monitoramento`, or a new or changed monitored
         *     customer matches an active list. Carries ids and the score only: never a list entry's
         *     personal data nor the explanation (the operator API shows the alert).
         *
         *     Signing (every attempt): `X-Svc-Signature` and `Svc-Signature` carry
         *     `sha256=<hex HMAC-SHA256 of the raw body>` keyed with the endpoint secret's text,
         *     `whsec_` prefix included; the Standard Webhooks headers carry `webhook-id` (the event
         *     id), `webhook-timestamp` (Unix seconds of the attempt) and `webhook-signature:
         *     v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}">` keyed with
         *     the secret's bytes (the text after `whsec_`, base64-decoded), so Standard Webhooks
         *     libraries verify it. The secret is the one answered by the operator API's `PUT
         *     /operator/v1/tenants/{tenant_id}/webhook-endpoints/{environment}` (a new one on each
         *     PUT). The service enforces no timestamp tolerance: the receiver should compare
         *     `webhook-timestamp` with its clock and refuse old ones (Standard Webhooks libraries
         *     allow 5 minutes); `X-Svc-Signature` covers the body only, so dedupe on `id`. Sent as
         *     `POST`, `Content-Type: application/json`, `User-Agent: kyc-svc-webhooks/1`.
         *
         *     Answers: a 2xx within 10 seconds acknowledges; anything else (another status,
         *     redirects included, a timeout, a connection error) is retried with the same `id` at
         *     +30 s, +5 min, +1 h, +6 h (5 attempts), then the delivery is `failed`.
         */
        post: operations["customerMonitoringAlertWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        ErrorBody: {
            /** @enum {string} */
            type: "authorization_error" | "billing_error" | "rate_limit_error" | "server_error" | "invalid_request_error";
            /** @description A stable, machine-readable code (see the interface's error table). */
            code: string;
            message: string;
            param: string | null;
        } & {
            [key: string]: unknown;
        };
        Error: {
            error: components["schemas"]["ErrorBody"];
            /** @description Present on public API errors. */
            livemode?: boolean;
        };
        /** @description String pairs echoed as sent at creation (`{}` when none); a periodic-review run adds `trigger` `periodic_review`. */
        Metadata: {
            [key: string]: string;
        };
        /** @description Up to 10 string pairs; keys 1 to 40 characters, values at most 500 (else `400 invalid_request`, param `metadata`). */
        MetadataInput: {
            [key: string]: string;
        };
        /**
         * @description `pf` a natural person (CPF), `pj` a legal entity (CNPJ).
         * @enum {string}
         */
        SubjectType: "pf" | "pj";
        /**
         * @description `queued` and `running` while executing; `completed`, `blocked`, `partial`, `failed`, `cancelado` are terminal; `pending_review` waits for an analyst.
         * @enum {string}
         */
        RunStatus: "queued" | "running" | "completed" | "blocked" | "pending_review" | "partial" | "failed" | "cancelado";
        /**
         * @description Null while in progress, on technical failure and for a cancelled run.
         * @enum {string|null}
         */
        Decision: "approved" | "rejected" | "review" | null;
        /**
         * @description Equals `decision`, except `hold` when a tier-1 source ended ERROR; null for `failed`.
         * @enum {string|null}
         */
        OperativeDecision: "approved" | "rejected" | "review" | "hold" | null;
        /**
         * @description The worst risk dimension's band; null until complete, for `failed` and for `blocked`.
         * @enum {string|null}
         */
        RiskBand: "baixo" | "medio" | "alto" | null;
        /**
         * @description `VALID` verified, no problem; `INVALID` verified, with a problem; `NO_DATA` no record (or not executed); `ERROR` technical failure.
         * @enum {string}
         */
        CheckStatus: "VALID" | "INVALID" | "NO_DATA" | "ERROR";
        /** @enum {string} */
        CustomerStatus: "em_analise" | "aprovado" | "pendencia" | "recusado" | "rascunho" | "inactive" | "em_monitoramento";
        /**
         * Format: date-time
         * @description ISO 8601 UTC with milliseconds.
         */
        Timestamp: string;
        /**
         * @description The subject as the template asks for it: `type` (default the template's), `doc` (CPF
         *     or CNPJ, formatting stripped) and every field named by the template's `parameters`
         *     (a non-blank string of at most 500 characters); no other member.
         */
        RunSubject: {
            type?: components["schemas"]["SubjectType"];
            /** @description CPF (11 digits) or CNPJ (14 digits), formatted or not. */
            doc: string;
        } & {
            [key: string]: string;
        };
        RunCreateRequest: {
            /**
             * Format: uuid
             * @description A published, active template of the account or a global one (any other string is `template_not_found`).
             */
            template_id: string;
            subject: components["schemas"]["RunSubject"];
            /**
             * Format: uri
             * @description HTTPS URL overriding the endpoint's for this run's events; hosts resolving to internal addresses are refused (`invalid_webhook_url`).
             */
            webhook_url?: string | null;
            external_id?: string | null;
            metadata?: components["schemas"]["MetadataInput"] | null;
        };
        RunCreated: {
            /** Format: uuid */
            run_id: string;
            /** @enum {string} */
            status: "queued";
            /** @description The slowest enabled source's typical duration: a polling hint only. */
            estimated_seconds: number;
            livemode: boolean;
        };
        RunInProgress: {
            /** Format: uuid */
            run_id: string;
            /** @enum {string} */
            status: "queued" | "running";
            retry_after_seconds: number;
            livemode: boolean;
        };
        Run: {
            /** Format: uuid */
            run_id: string;
            status: components["schemas"]["RunStatus"];
            decision: components["schemas"]["Decision"];
            operative_decision: components["schemas"]["OperativeDecision"];
            risk_band: components["schemas"]["RiskBand"];
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            template_name: string;
            /** @description The decision in words (Portuguese). */
            summary_message: string;
            /** @description True while an analyst's decision is awaited. */
            manual_review: boolean;
            created_at: components["schemas"]["Timestamp"];
            /** Format: date-time */
            completed_at: string | null;
            livemode: boolean;
        };
        RunSummary: {
            /** Format: uuid */
            run_id: string;
            /** Format: uuid */
            template_id: string;
            status: components["schemas"]["RunStatus"];
            decision: components["schemas"]["Decision"];
            risk_band: components["schemas"]["RiskBand"];
            subject_type: components["schemas"]["SubjectType"];
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            /** Format: date-time */
            completed_at: string | null;
        };
        RunList: {
            data: components["schemas"]["RunSummary"][];
            has_more: boolean;
            /** @description Present only when `has_more` is true. */
            next_cursor?: string;
            livemode: boolean;
        };
        /** @description An INVALID check, as the analysis lists it. */
        Finding: {
            check_id: string;
            source_id: string;
            source_label: string;
            /** @enum {string} */
            severity: "info" | "low" | "medium" | "high" | "critical";
            title: string;
            detail: string;
        };
        BlockingCheck: {
            /** @enum {integer} */
            tier: 1 | 2 | 3;
            check_id: string;
            source_id: string;
            check_label: string;
            source_label: string;
        };
        SourceGroup: {
            /** @description cadastral, sanctions, reputational, corporate, legal… */
            id: string;
            label: string;
            status: components["schemas"]["CheckStatus"];
            sources_count: number;
            findings_count: number;
            sources: {
                source_id: string;
                label: string;
                status: components["schemas"]["CheckStatus"];
                duration_ms: number;
                summary_label: string;
            }[];
        };
        ReviewReason: {
            check_id: string;
            source_id: string;
            reason: string;
        };
        RiskDimension: {
            /** @enum {string} */
            id: "cadastral" | "sanctions" | "reputational" | "corporate" | "legal";
            label: string;
            /** @enum {string} */
            band: "baixo" | "medio" | "alto";
            score: number;
            detail: string;
        };
        /** @description The subject as the cadastral source describes it (empty when it did not answer). */
        SubjectProfile: {
            type: components["schemas"]["SubjectType"];
            fields: {
                label: string;
                value: string;
            }[];
            cnaes: string[];
        };
        IncompleteSource: {
            source_id: string;
            label: string;
            /** @enum {integer} */
            tier: 1 | 2 | 3;
            error_code: string;
        };
        RunAnalysis: {
            meta: {
                schema_version: string;
                generated_at: components["schemas"]["Timestamp"];
                /** Format: uuid */
                run_id: string;
                external_id: string | null;
            };
            /** @description The creation metadata; null when none was sent. */
            metadata: components["schemas"]["Metadata"] | null;
            analysis: {
                schema_version: string;
                /**
                 * Format: date-time
                 * @description When the run ended.
                 */
                built_at: string | null;
                decision: components["schemas"]["Decision"];
                operative_decision: components["schemas"]["OperativeDecision"];
                /**
                 * @description `high` every executed source answered VALID or INVALID; `medium` some NO_DATA; `low` some ERROR.
                 * @enum {string}
                 */
                confidence: "high" | "medium" | "low";
                findings: components["schemas"]["Finding"][];
                blocked_by: components["schemas"]["BlockingCheck"][];
                source_groups: components["schemas"]["SourceGroup"][];
                review_reasons: components["schemas"]["ReviewReason"][];
                risk_dimensions: components["schemas"]["RiskDimension"][];
                subject_profile: components["schemas"]["SubjectProfile"];
                incomplete_sources: components["schemas"]["IncompleteSource"][];
            };
            livemode: boolean;
        };
        DetailCheck: {
            check_id: string;
            check_label: string;
            status: components["schemas"]["CheckStatus"];
            /** @description `not_executed` for a source not run (or abandoned after a block); the source's error code for ERROR. */
            result_code: string;
            result_label: string;
        };
        DetailSource: {
            source_id: string;
            status: components["schemas"]["CheckStatus"];
            cached: boolean;
            duration_ms: number;
            checks: components["schemas"]["DetailCheck"][];
            /** @description Set when status is ERROR (`timeout`, `provider_error`, `source_not_configured`, `list_not_loaded`…). */
            error_code: string | null;
            error_message: string | null;
        };
        RunDetail: {
            /** Format: uuid */
            run_id: string;
            sources: components["schemas"]["DetailSource"][];
            livemode: boolean;
        };
        ReportLink: {
            /**
             * Format: uri
             * @description The same URL as `Location`.
             */
            url: string;
            /**
             * @description Seconds the URL stays valid.
             * @enum {integer}
             */
            expires_in: 3600;
            livemode: boolean;
        };
        /** @description A Brazilian address. `zip` is stored as 8 digits, `state` upper-cased. */
        Address: {
            street: string;
            number?: string;
            complement?: string;
            neighborhood?: string;
            city: string;
            /** @enum {string} */
            state: "AC" | "AL" | "AP" | "AM" | "BA" | "CE" | "DF" | "ES" | "GO" | "MA" | "MT" | "MS" | "MG" | "PA" | "PB" | "PR" | "PE" | "PI" | "RJ" | "RN" | "RS" | "RO" | "RR" | "SC" | "SP" | "SE" | "TO";
            zip: string;
        };
        /** @description `zip` has 8 digits once non-digits are removed (a number is accepted); `state` is case-insensitive; empty optional fields are ignored. */
        AddressInput: {
            street: string;
            number?: string | null;
            complement?: string | null;
            neighborhood?: string | null;
            city: string;
            state: string;
            zip: string | number;
        };
        /** @description A non-negative number, or a decimal string (`^\d{1,15}([.,]\d{1,2})?$`), stored as sent. */
        Amount: number | string;
        /** @description `email` is required for `pf`. `birth_date`, `nationality`, `occupation`, `declared_income` are `pf` fields; `trade_name`, `annual_revenue`, `business_activity`, `employee_count` are `pj` fields: sending one for the other type is `400 invalid_field_for_type`. */
        CustomerCreateRequest: {
            type: components["schemas"]["SubjectType"];
            /** @description CPF or CNPJ, formatted or digits only; must agree with `type` and its check digits. */
            doc: string;
            name: string;
            /** Format: email */
            email?: string | null;
            phone?: string | null;
            /** @description Unique per tenant. */
            external_id?: string | null;
            metadata?: components["schemas"]["MetadataInput"] | null;
            /**
             * @description Start a bureau run right after creation.
             * @default false
             */
            run_bureau?: boolean;
            /** @description Used with run_bureau; when absent, the onboarding profile's template, else the tenant default for the type. */
            template_id?: string | null;
            onboarding_profile?: string | null;
            /**
             * Format: uri
             * @description Overrides the endpoint's URL for this customer's events.
             */
            webhook_url?: string | null;
            address?: components["schemas"]["AddressInput"] | null;
            /**
             * Format: date
             * @description `pf`: a real date from 1900-01-01 to today.
             */
            birth_date?: string | null;
            nationality?: string | null;
            occupation?: string | null;
            declared_income?: components["schemas"]["Amount"] | null;
            trade_name?: string | null;
            business_activity?: string | null;
            annual_revenue?: components["schemas"]["Amount"] | null;
            employee_count?: number | null;
        };
        CustomerCreated: {
            /** Format: uuid */
            customer_id: string;
            /** @enum {string} */
            object: "customer";
            status: components["schemas"]["CustomerStatus"];
            type: components["schemas"]["SubjectType"];
            name: string | null;
            email: string | null;
            /** @description Masked: CPF `***dddddd**`, CNPJ `**dddddddd****`. */
            doc: string;
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            /** @description When sent. */
            phone?: string;
            /**
             * Format: uuid
             * @description When a run was started.
             */
            run_id?: string;
            /**
             * @description When a run was started.
             * @enum {string}
             */
            bureau_status?: "queued";
            livemode: boolean;
        };
        CustomerDocumentSummary: {
            type: string;
            /** @enum {string} */
            status: "pendente" | "aprovado" | "rejeitado";
            created_at: components["schemas"]["Timestamp"];
        };
        LatestRun: {
            /** Format: uuid */
            run_id: string;
            status: components["schemas"]["RunStatus"];
            decision: components["schemas"]["Decision"];
            risk_band: components["schemas"]["RiskBand"];
            /** Format: date-time */
            completed_at: string | null;
        };
        FacialCheckOutcome: {
            /** @enum {string} */
            status: "Approved" | "Declined" | "Error";
            score: number | null;
            completed_at: components["schemas"]["Timestamp"];
        };
        /** @description The last completed automatic facial round; only the checks it ran. */
        CustomerFacialVerification: {
            /** Format: uuid */
            round_id: string;
            checks: {
                face_match?: components["schemas"]["FacialCheckOutcome"];
                passive_liveness?: components["schemas"]["FacialCheckOutcome"];
            };
        };
        /**
         * @description A customer as `GET /api/v1/customers/{id}` answers it. `doc` is masked (CPF
         *     `***dddddd**`, CNPJ `**dddddddd****`). `birth_date` and `facial_verification` exist for
         *     `pf` only (absent for `pj`); `nationality`, `occupation`, `declared_income` (pf) and
         *     `trade_name`, `annual_revenue`, `business_activity`, `employee_count` (pj) only when
         *     sent; `phone` and `address` only when stored. After an erasure `name`, `email` and `doc`
         *     read `[erased]`.
         */
        Customer: {
            /** Format: uuid */
            customer_id: string;
            /** @enum {string} */
            object: "customer";
            status: components["schemas"]["CustomerStatus"];
            type: components["schemas"]["SubjectType"];
            name: string | null;
            email: string | null;
            phone?: string;
            doc: string;
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            /**
             * Format: date
             * @description `pf`: sent at creation, else from the cadastral source once a run completed.
             */
            birth_date?: string | null;
            nationality?: string;
            occupation?: string;
            declared_income?: components["schemas"]["Amount"];
            trade_name?: string;
            annual_revenue?: components["schemas"]["Amount"];
            business_activity?: string;
            employee_count?: number;
            address?: components["schemas"]["Address"];
            documents: components["schemas"]["CustomerDocumentSummary"][];
            latest_run: components["schemas"]["LatestRun"] | null;
            /** @description Monitoring alerts awaiting an analyst. */
            open_alerts: number;
            /** @description `pf` only: null when the customer never had a round. */
            facial_verification?: components["schemas"]["CustomerFacialVerification"] | null;
            livemode: boolean;
        };
        /** @description A customer in the list; `doc` is `***`; no documents, address, latest run or facial verification. */
        CustomerListItem: {
            /** Format: uuid */
            customer_id: string;
            /** @enum {string} */
            object: "customer";
            status: components["schemas"]["CustomerStatus"];
            type: components["schemas"]["SubjectType"];
            name: string | null;
            email: string | null;
            phone?: string;
            /** @enum {string} */
            doc: "***";
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            created_at: components["schemas"]["Timestamp"];
            updated_at: components["schemas"]["Timestamp"];
            nationality?: string;
            occupation?: string;
            declared_income?: components["schemas"]["Amount"];
            trade_name?: string;
            annual_revenue?: components["schemas"]["Amount"];
            business_activity?: string;
            employee_count?: number;
        };
        CustomerList: {
            data: components["schemas"]["CustomerListItem"][];
            has_more: boolean;
            /** @description `<created_at with +00:00>_<customer_id>`; null when `has_more` is false. */
            next_cursor: string | null;
            livemode: boolean;
        };
        DocumentUpload: {
            /** @description The document, 1 byte to 4 MB (4,194,304 bytes). Its file name is kept (base name, control and bidi characters removed, at most 200 characters). */
            file: string;
            /**
             * @description The base catalog (below) or one of the tenant's custom document types.
             * @example identidade_frente
             * @example identidade_verso
             * @example cnh_frente
             * @example cnh_verso
             * @example passaporte
             * @example comprovante_endereco
             * @example selfie
             * @example contrato_social
             * @example comprovante_cnpj
             * @example procuracao
             * @example balanco
             * @example outro
             */
            type: string;
        };
        Document: {
            /** Format: uuid */
            document_id: string;
            /** @enum {string} */
            object: "document";
            type: string;
            /** @enum {string} */
            status: "pendente";
            file_name: string;
            /** @description The part's declared type when well formed (else `application/octet-stream`), or the sniffed image type. */
            mime_type: string;
            created_at: components["schemas"]["Timestamp"];
            livemode: boolean;
        };
        FacialVerificationRequest: {
            /** @description JPG, PNG, WEBP or TIFF, at most 5 MB (5,242,880 bytes). In the sandbox its file name picks the outcome. */
            user_image: string;
            /** @description Required when `checks` includes `face_match`; same rules as `user_image`. */
            ref_image?: string;
            /**
             * @description Comma-separated (spaces trimmed, duplicates ignored). Default `face_match` when `ref_image` is sent, else `passive_liveness`.
             * @enum {string}
             */
            checks?: "face_match" | "passive_liveness" | "face_match,passive_liveness" | "passive_liveness,face_match";
        };
        /** @description One check's result. `score` is absent when status is `Error`, which carries a `message` instead. */
        FacialCheckResult: {
            /** @enum {string} */
            status: "Approved" | "Declined";
            score: number | null;
            /** @description Opaque provider objects; do not interpret. */
            warnings: unknown[];
            request_id: string;
        } | {
            /** @enum {string} */
            status: "Error";
            warnings: unknown[];
            request_id: string;
            message: string;
        };
        FacialVerification: {
            /** @enum {string} */
            object: "facial_verification";
            /** @description Keyed by the requested checks. */
            results: {
                face_match?: components["schemas"]["FacialCheckResult"];
                passive_liveness?: components["schemas"]["FacialCheckResult"];
            };
            livemode: boolean;
        };
        /** @enum {string} */
        ScreeningSchema: "person" | "company";
        /** @description YYYY, YYYY-MM or YYYY-MM-DD. */
        PartialDate: string | null;
        /** @description ISO 3166 alpha-2, upper case. */
        CountryCode: string | null;
        ScreeningSearchRequest: {
            schema: components["schemas"]["ScreeningSchema"];
            name: string;
            birth_date?: components["schemas"]["PartialDate"];
            country?: components["schemas"]["CountryCode"];
            /** @description A whole, valid CPF or CNPJ (formatting stripped). */
            doc?: string | null;
            /** @description List ids to search (official or the tenant's own); default all. */
            lists?: string[];
            /** @default 0.8 */
            threshold?: number;
            /** @default 10 */
            limit?: number;
        };
        ScreeningRecord: {
            name: string;
            birth_date?: components["schemas"]["PartialDate"];
            country?: components["schemas"]["CountryCode"];
            doc?: string | null;
        };
        ScreeningCompareRequest: {
            schema: components["schemas"]["ScreeningSchema"];
            /** @description `doc`: a whole, valid CPF or CNPJ. */
            query: components["schemas"]["ScreeningRecord"];
            /** @description `doc`: a valid CPF or CNPJ, or a CPF masked as lists publish it (`***.456.789-**`). */
            candidate: components["schemas"]["ScreeningRecord"];
        };
        /** @description The query as it was searched (doc stripped to digits). */
        ScreeningQuery: {
            schema: components["schemas"]["ScreeningSchema"];
            name: string;
            birth_date: string | null;
            country: string | null;
            doc: string | null;
        };
        /**
         * @description One line of a match explanation; an explanation is an ordered array of these. `score`:
         *     for `name` the similarity of the best name; for documents 1 (agree) or 0 (disagree); for
         *     qualifiers the factor applied to the score (1 = no change). `detail` is in Portuguese.
         */
        MatchExplanation: {
            /** @enum {string} */
            feature: "name" | "doc_exact" | "doc_exact_disagree" | "doc_masked_agree" | "doc_masked_disagree" | "birth_date" | "country" | "schema";
            score: number;
            query: string | null;
            candidate: string | null;
            detail: string;
        };
        ListEntryName: {
            name: string;
            /** @enum {string} */
            kind: "primary" | "alias" | "weak_alias" | "former";
        };
        /** @description A normalized list entry (screening.md, "Entry model"), as published. */
        ListEntry: {
            list_id: string;
            entry_id: string;
            /** @enum {string} */
            schema: "person" | "company" | "vessel" | "aircraft" | "other";
            names: components["schemas"]["ListEntryName"][];
            documents: {
                /** @enum {string} */
                type: "cpf" | "cnpj" | "passport" | "national_id" | "tax_id" | "other";
                /** @description As published; digits only for cpf/cnpj, masked positions as `*`. */
                value: string;
                masked: boolean;
                country: string | null;
            }[];
            birth_dates: string[];
            countries: string[];
            sanctions: {
                program: string | null;
                authority: string | null;
                category: string | null;
                start_date: string | null;
                end_date: string | null;
                legal_basis: string | null;
            }[];
            listed_on: string | null;
            remarks: string | null;
            content_hash: string;
        };
        /** @description One search result. */
        ScreeningCandidate: {
            list_id: string;
            entry_id: string;
            /** @enum {string} */
            schema: "person" | "company" | "vessel" | "aircraft" | "other";
            /** @description The entry's name that matched best. */
            name: string;
            names: components["schemas"]["ListEntryName"][];
            score: number;
            /** @description Score at or above the threshold. */
            match: boolean;
            explanation: components["schemas"]["MatchExplanation"][];
            entry: components["schemas"]["ListEntry"];
        };
        ScreeningListVersion: {
            list_id: string;
            version_id: string;
            /** @description As the file states it (a date or a date-time). */
            published_at: string | null;
            imported_at: components["schemas"]["Timestamp"];
            entries: number;
        };
        ScreeningSearchResponse: {
            /** @enum {string} */
            object: "screening_result";
            query: components["schemas"]["ScreeningQuery"];
            threshold: number;
            results: components["schemas"]["ScreeningCandidate"][];
            /** @description The loaded version of every list searched (lists not loaded are left out). */
            lists: components["schemas"]["ScreeningListVersion"][];
            livemode: boolean;
        };
        ScreeningCompareResponse: {
            /** @enum {string} */
            object: "screening_comparison";
            score: number;
            match: boolean;
            threshold: number;
            explanation: components["schemas"]["MatchExplanation"][];
            livemode: boolean;
        };
        /** @description One list's freshness. Tenant lists add `tenant_id`, `name` and `created_at`, with `publisher` `tenant`. */
        ScreeningList: {
            list_id: string;
            /** Format: uuid */
            tenant_id?: string;
            name?: string;
            publisher: string;
            created_at?: components["schemas"]["Timestamp"];
            version_id: string | null;
            published_at: string | null;
            /** Format: date-time */
            imported_at: string | null;
            /** Format: date-time */
            last_checked_at: string | null;
            /** @description The last fetch failure or refusal since the last success. */
            last_error: string | null;
            entries: number;
            stale: boolean;
        };
        ScreeningLists: {
            data: components["schemas"]["ScreeningList"][];
            livemode: boolean;
        };
        /**
         * @description The envelope of every webhook. `id` is the same on every attempt of an event (dedupe on
         *     it); `created` is Unix seconds of the fact reported; in production discard events with
         *     `livemode: false`.
         */
        WebhookEvent: {
            id: string;
            /** @enum {string} */
            object: "event";
            /** @enum {string} */
            event: "run.completed" | "run.failed" | "biometric_check.completed" | "customer.monitoring_alert";
            /** @description Unix seconds. */
            created: number;
            livemode: boolean;
            data: components["schemas"]["RunEventData"] | components["schemas"]["FacialVerificationEventData"] | components["schemas"]["MonitoringAlertEventData"];
        };
        /** @description valid + invalid + no_data + error = total. */
        ChecksSummary: {
            total: number;
            valid: number;
            invalid: number;
            no_data: number;
            error: number;
        };
        RunEventData: {
            /** @enum {string} */
            object: "run";
            /**
             * Format: uuid
             * @description The run id.
             */
            id: string;
            /** @enum {string} */
            status: "completed" | "blocked" | "pending_review" | "partial" | "failed";
            decision: components["schemas"]["Decision"];
            risk_band: components["schemas"]["RiskBand"];
            subject_type: components["schemas"]["SubjectType"];
            /** Format: uuid */
            template_id: string | null;
            external_id: string | null;
            metadata: components["schemas"]["Metadata"];
            checks_summary: components["schemas"]["ChecksSummary"];
            created_at: components["schemas"]["Timestamp"];
            completed_at: components["schemas"]["Timestamp"];
        };
        FacialVerificationEventData: {
            /** @enum {string} */
            object: "facial_verification";
            /** Format: uuid */
            customer_id: string;
            /** Format: uuid */
            round_id: string;
            /** @description The checks the round ran. */
            checks: {
                face_match?: components["schemas"]["FacialCheckOutcome"];
                passive_liveness?: components["schemas"]["FacialCheckOutcome"];
            };
        };
        MonitoringAlertEventData: {
            /** @enum {string} */
            object: "monitoring_alert";
            /** Format: uuid */
            alert_id: string;
            /** Format: uuid */
            customer_id: string;
            list_id: string;
            entry_id: string;
            score: number;
            created_at: components["schemas"]["Timestamp"];
        };
        /** @description The `run.completed` webhook. */
        RunCompletedEvent: components["schemas"]["WebhookEvent"] & {
            /** @constant */
            event?: "run.completed";
            data?: components["schemas"]["RunEventData"] & {
                /** @enum {unknown} */
                status?: "completed" | "blocked" | "pending_review" | "partial";
            };
        };
        /** @description The `run.failed` webhook. */
        RunFailedEvent: components["schemas"]["WebhookEvent"] & {
            /** @constant */
            event?: "run.failed";
            data?: components["schemas"]["RunEventData"] & {
                /** @constant */
                status?: "failed";
                decision?: null;
                risk_band?: null;
            };
        };
        /** @description The `biometric_check.completed` webhook. */
        BiometricCheckCompletedEvent: components["schemas"]["WebhookEvent"] & {
            /** @constant */
            event?: "biometric_check.completed";
            data?: components["schemas"]["FacialVerificationEventData"];
        };
        /** @description The `customer.monitoring_alert` webhook. */
        CustomerMonitoringAlertEvent: components["schemas"]["WebhookEvent"] & {
            /** @constant */
            event?: "customer.monitoring_alert";
            data?: components["schemas"]["MonitoringAlertEventData"];
        };
    };
    responses: {
        /** @description The request is malformed or a field is invalid (code names which). */
        BadRequest: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Missing or invalid credentials. */
        Unauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Billing suspended: the account has no credits. */
        PaymentRequired: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The key lacks a scope, a subject type, a channel or a module. */
        Forbidden: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description No such resource for this account (another tenant's ids answer the same). */
        NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource is in a state that refuses the request, or changed concurrently. */
        Conflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The body is larger than the endpoint accepts. */
        PayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description Rate limit exceeded; see Retry-After. */
        TooManyRequests: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description An internal error; quote the X-Request-Id. */
        InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description A dependency is unavailable; retry later. */
        ServiceUnavailable: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The run is `queued` or `running`; poll again after `Retry-After` seconds. */
        RunInProgress: {
            headers: {
                /** @description The run's estimate, bounded to 1..30 seconds (the same as `retry_after_seconds`). */
                "Retry-After": components["headers"]["Retry-After"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "run_id": "0c4fd842-90ea-5834-8c49-82dc6efd635f",
                 *       "status": "running",
                 *       "retry_after_seconds": 12,
                 *       "livemode": false
                 *     }
                 */
                "application/json": components["schemas"]["RunInProgress"];
            };
        };
        /** @description `biometric_check_failed`: no requested facial check succeeded at the provider; nothing was charged. */
        BiometricCheckFailed: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /**
         * @description Any 2xx within 10 seconds acknowledges the event: the delivery is `succeeded` and never
         *     sent again (unless an operator asks for a redelivery). The body is not read.
         */
        WebhookAcknowledged: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
        /**
         * @description Anything else is a failed attempt: a non-2xx status (3xx included: redirects are not
         *     followed), no status line within 10 seconds, or a connection error. The same event (same
         *     `id`) is sent again at +30 s, +5 min, +1 h and +6 h after the previous attempt (5
         *     attempts in all), then the delivery is `failed`; an operator may redeliver it. A target
         *     that resolves to an internal address is refused and not retried.
         */
        WebhookNotAcknowledged: {
            headers: {
                [name: string]: unknown;
            };
            content?: never;
        };
    };
    parameters: {
        /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
        ApiVersion: "2026-06-03" | "2026-08-27" | "2026-09-23";
        /** @description 1 to 255 visible ASCII characters. A replay answers the stored 2xx with `Idempotent-Replayed true`. */
        IdempotencyKey: string;
        /** @description The run id (a UUID; anything else is `400 invalid_id`). */
        RunIdInPath: string;
        /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
        CustomerIdInPath: string;
        /** @description Page size, 1 to 100 (default 20); anything else is `400 invalid_limit`. */
        PageLimit: number;
        /**
         * @description Inclusive lower bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
         * @example 2026-09-01T00:00:00Z
         */
        CreatedAfter: string;
        /**
         * @description Inclusive upper bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
         * @example 2026-10-01T00:00:00Z
         */
        CreatedBefore: string;
        /** @description The event id (`evt_` + 32 hex), the same on every attempt; deduplicate on it. */
        WebhookIdHeader: string;
        /** @description Unix seconds of this attempt (signed). Reject values far from your clock (Standard Webhooks libraries allow 5 minutes). */
        WebhookTimestampHeader: string;
        /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" keyed with the bytes of the secret after `whsec_`, base64-decoded>` (Standard Webhooks). */
        WebhookSignatureHeader: string;
        /** @description `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret text, `whsec_` prefix included>`. Covers the body only (no timestamp). */
        SvcSignatureHeader: string;
        /** @description The same value as `X-Svc-Signature`. */
        SvcSignatureAliasHeader: string;
    };
    requestBodies: never;
    headers: {
        /** @description The request's id, on every response; quote it to support. */
        "X-Request-Id": string;
        /** @description The API version the request was served with. */
        "X-Svc-Api-Version": string;
        /** @description Requests allowed per minute for this key. */
        "X-RateLimit-Limit": number;
        /** @description Requests left in the current window. */
        "X-RateLimit-Remaining": number;
        /** @description Unix time (seconds) when the window resets. */
        "X-RateLimit-Reset": number;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description `true` when the response is a replay of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        openapi: "3.1.0";
                        info: Record<string, never>;
                        paths: Record<string, never>;
                    };
                };
            };
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
        };
    };
    getApiReferenceScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": string;
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: {
                /** @description One run status (`pending` and `em_analise` are accepted and match nothing the service produces). */
                status?: "queued" | "pending" | "running" | "completed" | "blocked" | "pending_review" | "partial" | "failed" | "em_analise" | "cancelado";
                /** @description Exact template id. */
                template_id?: string;
                /** @description Exact external_id. */
                external_id?: string;
                /**
                 * @description Inclusive lower bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
                 * @example 2026-09-01T00:00:00Z
                 */
                created_after?: components["parameters"]["CreatedAfter"];
                /**
                 * @description Inclusive upper bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
                 * @example 2026-10-01T00:00:00Z
                 */
                created_before?: components["parameters"]["CreatedBefore"];
                /** @description Page size, 1 to 100 (default 20); anything else is `400 invalid_limit`. */
                limit?: components["parameters"]["PageLimit"];
                /** @description The `next_cursor` of the previous page (opaque base64url). */
                cursor?: string;
            };
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of run summaries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "run_id": "a83dbd7a-2a20-5585-a5e1-e3de9d538416",
                     *           "template_id": "068bf35f-9d33-4c29-995f-65c98a9aa97d",
                     *           "status": "completed",
                     *           "decision": "review",
                     *           "risk_band": "alto",
                     *           "subject_type": "pj",
                     *           "external_id": "ext-00000004000170",
                     *           "metadata": {
                     *             "pedido": "123"
                     *           },
                     *           "created_at": "2026-11-23T00:18:55.357Z",
                     *           "completed_at": "2026-11-23T00:18:55.383Z"
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "next_cursor": "WyIyMDI2LTExLTIzVDAwOjE4OjU1LjM1N1oiLCJhODNkYmQ3YS0yYTIwLTU1ODUtYTVlMS1lM2RlOWQ1Mzg0MTYiXQ",
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["RunList"];
                };
            };
            /** @description `invalid_request` (a filter repeated, empty or outside its values), `invalid_cursor`, `invalid_limit`, `invalid_date`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    createRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
                /** @description 1 to 255 visible ASCII characters. A replay answers the stored 2xx with `Idempotent-Replayed true`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunCreateRequest"];
            };
        };
        responses: {
            /** @description Queued (or, with `Idempotent-Replayed true`, the replay of the original answer). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "0c4fd842-90ea-5834-8c49-82dc6efd635f",
                     *       "status": "queued",
                     *       "estimated_seconds": 12,
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["RunCreated"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (unknown or reserved field, external_id, metadata), `missing_template_id`, `template_not_found`, `invalid_parametros` (with `invalid_params`), `missing_document`, `invalid_document`, `invalid_webhook_url`, `invalid_idempotency_key`, `idempotency_key_reused`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `billing_suspended` (live keys: billing suspended or balance below the template's maximum cost). */
            402: components["responses"]["PaymentRequired"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `idempotency_key_in_progress` (with `Retry-After`), `concurrent_update` (with `Retry-After`). */
            409: components["responses"]["Conflict"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run, ended. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            202: components["responses"]["RunInProgress"];
            /** @description `invalid_id` (run_id not a UUID), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getRunAnalysis: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The analysis. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "meta": {
                     *         "schema_version": "2026-09-23",
                     *         "generated_at": "2026-11-23T00:18:55.155Z",
                     *         "run_id": "60047f68-3877-58c8-a8f7-c93473820530",
                     *         "external_id": "ext-00000000353"
                     *       },
                     *       "metadata": {
                     *         "pedido": "123"
                     *       },
                     *       "analysis": {
                     *         "schema_version": "2026-09-23",
                     *         "built_at": "2026-11-23T00:18:55.128Z",
                     *         "decision": "review",
                     *         "operative_decision": "review",
                     *         "confidence": "high",
                     *         "findings": [
                     *           {
                     *             "check_id": "is_pep",
                     *             "source_id": "pep",
                     *             "source_label": "Pessoas Expostas Politicamente",
                     *             "severity": "high",
                     *             "title": "Pessoa exposta politicamente",
                     *             "detail": "Secretário Municipal de Obras, Prefeitura Municipal (Belo Horizonte/MG), desde 2017-12-06."
                     *           }
                     *         ],
                     *         "blocked_by": [],
                     *         "source_groups": [
                     *           {
                     *             "id": "reputational",
                     *             "label": "Reputação",
                     *             "status": "INVALID",
                     *             "sources_count": 2,
                     *             "findings_count": 1,
                     *             "sources": [
                     *               {
                     *                 "source_id": "pep",
                     *                 "label": "Pessoas Expostas Politicamente",
                     *                 "status": "INVALID",
                     *                 "duration_ms": 2,
                     *                 "summary_label": "1 apontamento(s)"
                     *               },
                     *               {
                     *                 "source_id": "negative_media",
                     *                 "label": "Mídia negativa",
                     *                 "status": "VALID",
                     *                 "duration_ms": 2,
                     *                 "summary_label": "Nada consta"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "review_reasons": [
                     *           {
                     *             "check_id": "is_pep",
                     *             "source_id": "pep",
                     *             "reason": "Pessoa exposta politicamente"
                     *           }
                     *         ],
                     *         "risk_dimensions": [
                     *           {
                     *             "id": "reputational",
                     *             "label": "Reputacional",
                     *             "band": "medio",
                     *             "score": 50,
                     *             "detail": "1 apontamento(s) nesta dimensão"
                     *           }
                     *         ],
                     *         "subject_profile": {
                     *           "type": "pf",
                     *           "fields": [
                     *             {
                     *               "label": "name",
                     *               "value": "Maria da Silva"
                     *             },
                     *             {
                     *               "label": "situacao_cadastral",
                     *               "value": "REGULAR"
                     *             }
                     *           ],
                     *           "cnaes": []
                     *         },
                     *         "incomplete_sources": []
                     *       },
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["RunAnalysis"];
                };
            };
            202: components["responses"]["RunInProgress"];
            /** @description `invalid_id`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getRunDetail: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run's sources. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "d9932c1b-34e6-5ded-a91c-5c442ed342b2",
                     *       "sources": [
                     *         {
                     *           "source_id": "receita_cpf",
                     *           "status": "ERROR",
                     *           "cached": false,
                     *           "duration_ms": 1,
                     *           "checks": [
                     *             {
                     *               "check_id": "cpf_regular",
                     *               "check_label": "CPF regular",
                     *               "status": "ERROR",
                     *               "result_code": "source_unavailable",
                     *               "result_label": "Falha técnica"
                     *             }
                     *           ],
                     *           "error_code": "source_unavailable",
                     *           "error_message": "Receita Federal (CPF) is unavailable (sandbox fixture)."
                     *         },
                     *         {
                     *           "source_id": "sanctions",
                     *           "status": "VALID",
                     *           "cached": false,
                     *           "duration_ms": 0,
                     *           "checks": [
                     *             {
                     *               "check_id": "sanctions_hit",
                     *               "check_label": "Presença em listas de sanções",
                     *               "status": "VALID",
                     *               "result_code": "not_listed",
                     *               "result_label": "Não consta"
                     *             }
                     *           ],
                     *           "error_code": null,
                     *           "error_message": null
                     *         }
                     *       ],
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["RunDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getRunReport: {
        parameters: {
            query: {
                /** @description `resumido` (at most 4 pages) or `completo` (every source's data, partner graph, proceedings, appendix). */
                mode: "resumido" | "completo";
            };
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The run id (a UUID; anything else is `400 invalid_id`). */
                run_id: components["parameters"]["RunIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The signed URL, in `Location` and in the body. */
            302: {
                headers: {
                    /** @description `{SVC_PUBLIC_BASE_URL}/files/{token}`, valid one hour. */
                    Location?: string;
                    /** @description Always `no-store`. */
                    "Cache-Control"?: "no-store";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "url": "http://localhost:8080/files/eyJiIjoicmVwb3J0cy8uLi4iLCJmIjoicmVsYXRvcmlvLXJlc3VtaWRvLnBkZiIsIngiOjE3OTUzOTY3NDB9.q2Vx0oJ0cQm0mHjOa1tUqJ6R9p4Xb2oC5YkU3sH7nWw",
                     *       "expires_in": 3600,
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["ReportLink"];
                };
            };
            /** @description `invalid_id`, `invalid_mode` (missing, repeated or not resumido/completo), `run_not_terminal`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `run_not_found`, `report_not_found` (param `mode`: not generated yet). */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getFxOperationLaudo: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The FX operation id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The laudo PDF. */
            200: {
                headers: {
                    /** @description `attachment; filename="laudo-{nature_code}-{YYYYMMDD}-{laudo_number}.pdf"`. */
                    "Content-Disposition"?: string;
                    /** @description Always `no-store`. */
                    "Cache-Control"?: "no-store";
                    /** @description Always `nosniff`. */
                    "X-Content-Type-Options"?: "nosniff";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `invalid_id`, `operation_is_draft`, `analysis_not_requested`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `operation_not_found` (absent or another tenant's). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update` (with `Retry-After`): two downloads recorded at once. */
            409: components["responses"]["Conflict"];
            /** @description `laudo_download_limit` (10 per hour per operation), `rate_limit_exceeded`; both with `Retry-After`. */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error` (the stored laudo cannot be read). */
            500: components["responses"]["InternalError"];
        };
    };
    listCustomers: {
        parameters: {
            query?: {
                /** @description `pf` or `pj`; the other type than a restricted key allows is `403 subject_type_not_allowed`. */
                type?: "pf" | "pj";
                status?: "em_analise" | "aprovado" | "pendencia" | "recusado";
                external_id?: string;
                /** @description A CPF (11 digits) or CNPJ (14 digits), digits only; looked up by its keyed hash. */
                doc?: string;
                /**
                 * @description Inclusive lower bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
                 * @example 2026-09-01T00:00:00Z
                 */
                created_after?: components["parameters"]["CreatedAfter"];
                /**
                 * @description Inclusive upper bound on `created_at` (ISO 8601 date-time with an offset; else `400 invalid_date`).
                 * @example 2026-10-01T00:00:00Z
                 */
                created_before?: components["parameters"]["CreatedBefore"];
                /** @description Page size, 1 to 100 (default 20); anything else is `400 invalid_limit`. */
                limit?: components["parameters"]["PageLimit"];
                /**
                 * @description The `next_cursor` of the previous page, URL-encoded.
                 * @example 2026-11-23T00:18:55.498+00:00_7b28c4fe-908a-54b7-aec7-795b3373f3bb
                 */
                cursor?: string;
            };
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of customers. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "customer_id": "7b28c4fe-908a-54b7-aec7-795b3373f3bb",
                     *           "object": "customer",
                     *           "status": "em_analise",
                     *           "type": "pj",
                     *           "name": "Empresa Exemplo Ltda",
                     *           "email": null,
                     *           "doc": "***",
                     *           "external_id": null,
                     *           "metadata": {},
                     *           "created_at": "2026-11-23T00:18:55.498Z",
                     *           "updated_at": "2026-11-23T00:18:55.559Z",
                     *           "trade_name": "Exemplo",
                     *           "employee_count": 12
                     *         }
                     *       ],
                     *       "has_more": true,
                     *       "next_cursor": "2026-11-23T00:18:55.498+00:00_7b28c4fe-908a-54b7-aec7-795b3373f3bb",
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["CustomerList"];
                };
            };
            /** @description `invalid_request` (type, status, external_id), `invalid_document` (doc), `invalid_cursor`, `invalid_limit`, `invalid_date`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    createCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
                /** @description 1 to 255 visible ASCII characters. A replay answers the stored 2xx with `Idempotent-Replayed true`. */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CustomerCreateRequest"];
            };
        };
        responses: {
            /** @description Created (or a draft completed; or, with `Idempotent-Replayed true`, the replay). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CustomerCreated"];
                };
            };
            /** @description `invalid_json`, `invalid_request`, `invalid_field_for_type`, `missing_document`, `invalid_document`, `invalid_email`, `invalid_address`, `invalid_webhook_url`, `template_not_found`, `missing_default_template`, `invalid_parametros` (with `invalid_params`), `invalid_idempotency_key`, `idempotency_key_reused`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `billing_suspended` (live keys, with `run_bureau`). */
            402: components["responses"]["PaymentRequired"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_already_exists` (param `doc`) and `external_id_conflict` (param `external_id`), both with `existing_customer_id`; `idempotency_key_in_progress` (with `Retry-After`); `concurrent_update`. */
            409: components["responses"]["Conflict"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`, `db_failed` (recorded but not read back: retry with the same Idempotency-Key). */
            500: components["responses"]["InternalError"];
        };
    };
    getCustomer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The customer. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customer_id": "35b4a62b-eb99-5871-8836-56b3b2b10305",
                     *       "object": "customer",
                     *       "status": "em_analise",
                     *       "type": "pf",
                     *       "name": "Maria da Silva",
                     *       "email": "maria@example.com",
                     *       "phone": "+55 11 99999-0000",
                     *       "doc": "***000001**",
                     *       "external_id": "cli-1",
                     *       "metadata": {
                     *         "canal": "app"
                     *       },
                     *       "created_at": "2026-11-23T00:18:55.449Z",
                     *       "updated_at": "2026-11-23T00:18:56.147Z",
                     *       "birth_date": "1990-01-01",
                     *       "address": {
                     *         "street": "Rua A",
                     *         "number": "10",
                     *         "city": "São Paulo",
                     *         "state": "SP",
                     *         "zip": "01001000"
                     *       },
                     *       "documents": [
                     *         {
                     *           "type": "selfie",
                     *           "status": "pendente",
                     *           "created_at": "2026-11-23T00:18:56.070Z"
                     *         },
                     *         {
                     *           "type": "identidade_frente",
                     *           "status": "pendente",
                     *           "created_at": "2026-11-23T00:18:56.130Z"
                     *         }
                     *       ],
                     *       "latest_run": {
                     *         "run_id": "529cf029-1631-56b4-8ac6-95057fa3362a",
                     *         "status": "completed",
                     *         "decision": "approved",
                     *         "risk_band": "baixo",
                     *         "completed_at": "2026-11-23T00:18:55.512Z"
                     *       },
                     *       "open_alerts": 0,
                     *       "facial_verification": {
                     *         "round_id": "cf209acc-9053-5841-9067-30ac723cc39d",
                     *         "checks": {
                     *           "face_match": {
                     *             "status": "Approved",
                     *             "score": 0.97,
                     *             "completed_at": "2026-11-23T00:18:56.147Z"
                     *           },
                     *           "passive_liveness": {
                     *             "status": "Approved",
                     *             "score": 0.93,
                     *             "completed_at": "2026-11-23T00:18:56.147Z"
                     *           }
                     *         }
                     *       },
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description `invalid_id` (param `id`), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    uploadCustomerDocument: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["DocumentUpload"];
            };
        };
        responses: {
            /** @description The document, `pendente`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "document_id": "63f6dc87-d1a3-4de4-939d-93ebe5b4c102",
                     *       "object": "document",
                     *       "type": "selfie",
                     *       "status": "pendente",
                     *       "file_name": "selfie.png",
                     *       "mime_type": "image/png",
                     *       "created_at": "2026-11-23T00:18:56.070Z",
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["Document"];
                };
            };
            /** @description `invalid_id`, `invalid_multipart` (not multipart/form-data, no usable boundary, unreadable, too many or too large parts), `invalid_document_type` (param `type`), `invalid_file` (param `file`: missing, empty, more than one, another part name, or an image whose header does not decode), `file_too_large` (over 4 MB), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`: the customer changed meanwhile; nothing was kept, retry. */
            409: components["responses"]["Conflict"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `storage_failed`, `db_failed` (nothing was kept; retry), `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    verifyFacial: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FacialVerificationRequest"];
            };
        };
        responses: {
            /** @description One result per requested check. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FacialVerification"];
                };
            };
            /** @description `invalid_multipart` (not multipart/form-data, no usable boundary, unreadable, an unexpected file part, too many or too large parts), `missing_user_image`, `invalid_checks`, `missing_ref_image`, `invalid_image_format` (param the image), `image_too_large` (over 5 MB), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `billing_suspended` (live keys). */
            402: components["responses"]["PaymentRequired"];
            /** @description `insufficient_scope`, `module_disabled`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `concurrent_update` (with `Retry-After`): the balance changed concurrently. */
            409: components["responses"]["Conflict"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
            502: components["responses"]["BiometricCheckFailed"];
        };
    };
    listScreeningLists: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lists. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "list_id": "ofac_sdn",
                     *           "publisher": "US Treasury OFAC (SDN)",
                     *           "version_id": "88760e4a-439b-59ed-8231-7e643244ef25",
                     *           "published_at": null,
                     *           "imported_at": "2026-11-23T00:18:57.333Z",
                     *           "last_checked_at": "2026-11-23T00:18:57.333Z",
                     *           "last_error": null,
                     *           "entries": 8976,
                     *           "stale": false
                     *         },
                     *         {
                     *           "list_id": "un_sc",
                     *           "publisher": "UN Security Council (consolidated list)",
                     *           "version_id": null,
                     *           "published_at": null,
                     *           "imported_at": null,
                     *           "last_checked_at": null,
                     *           "last_error": null,
                     *           "entries": 0,
                     *           "stale": true
                     *         }
                     *       ],
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["ScreeningLists"];
                };
            };
            /** @description `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    searchScreening: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schema": "person",
                 *       "name": "Nicolas Maduro Moros",
                 *       "limit": 2
                 *     }
                 */
                "application/json": components["schemas"]["ScreeningSearchRequest"];
            };
        };
        responses: {
            /** @description The candidates and the list versions searched. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "screening_result",
                     *       "query": {
                     *         "schema": "person",
                     *         "name": "Nicolas Maduro Moros",
                     *         "birth_date": null,
                     *         "country": null,
                     *         "doc": null
                     *       },
                     *       "threshold": 0.8,
                     *       "results": [
                     *         {
                     *           "list_id": "ofac_sdn",
                     *           "entry_id": "22790",
                     *           "schema": "person",
                     *           "name": "MADURO MOROS, Nicolas",
                     *           "names": [
                     *             {
                     *               "name": "MADURO MOROS, Nicolas",
                     *               "kind": "primary"
                     *             }
                     *           ],
                     *           "score": 1,
                     *           "match": true,
                     *           "explanation": [
                     *             {
                     *               "feature": "name",
                     *               "score": 1,
                     *               "query": "Nicolas Maduro Moros",
                     *               "candidate": "MADURO MOROS, Nicolas",
                     *               "detail": "nome principal; alinhamento: nicolas ~ nicolas (igual 1,00); maduro ~ maduro (igual 1,00); moros ~ moros (igual 1,00)"
                     *             }
                     *           ],
                     *           "entry": {
                     *             "list_id": "ofac_sdn",
                     *             "entry_id": "22790",
                     *             "schema": "person",
                     *             "names": [
                     *               {
                     *                 "name": "MADURO MOROS, Nicolas",
                     *                 "kind": "primary"
                     *               }
                     *             ],
                     *             "documents": [
                     *               {
                     *                 "type": "national_id",
                     *                 "value": "5892464",
                     *                 "masked": false,
                     *                 "country": "VE"
                     *               }
                     *             ],
                     *             "birth_dates": [
                     *               "1962-11-23"
                     *             ],
                     *             "countries": [
                     *               "VE"
                     *             ],
                     *             "sanctions": [
                     *               {
                     *                 "program": "VENEZUELA",
                     *                 "authority": "OFAC",
                     *                 "category": null,
                     *                 "start_date": null,
                     *                 "end_date": null,
                     *                 "legal_basis": null
                     *               }
                     *             ],
                     *             "listed_on": null,
                     *             "remarks": "DOB 23 Nov 1962; POB Caracas, Venezuela; citizen Venezuela; Gender Male; Cedula No. 5892464 (Venezuela); President of the Bolivarian Republic of Venezuela.",
                     *             "content_hash": "5d3a9d87432660663c890f84af058a4bc9c99587fc7e6a15191db54e05408f6b"
                     *           }
                     *         }
                     *       ],
                     *       "lists": [
                     *         {
                     *           "list_id": "ofac_sdn",
                     *           "version_id": "88760e4a-439b-59ed-8231-7e643244ef25",
                     *           "published_at": null,
                     *           "imported_at": "2026-11-23T00:18:57.333Z",
                     *           "entries": 8976
                     *         },
                     *         {
                     *           "list_id": "br_ceis",
                     *           "version_id": "5267a0da-3c55-5f65-bf9c-5df50d674035",
                     *           "published_at": "2026-11-20",
                     *           "imported_at": "2026-11-23T00:18:57.155Z",
                     *           "entries": 11
                     *         }
                     *       ],
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["ScreeningSearchResponse"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (unknown field, a field of the wrong type, birth_date not YYYY[-MM[-DD]], country not ISO alpha-2, threshold outside (0, 1]), `invalid_document` (doc), `invalid_list` (param `lists`), `invalid_limit`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    compareScreening: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "schema": "person",
                 *       "query": {
                 *         "name": "João da Silva Filho",
                 *         "doc": "529.982.247-25",
                 *         "birth_date": "1970-05-01"
                 *       },
                 *       "candidate": {
                 *         "name": "JOAO DA SILVA",
                 *         "doc": "***.982.247-**",
                 *         "birth_date": "1970"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ScreeningCompareRequest"];
            };
        };
        responses: {
            /** @description The score, whether it matches, and why. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "screening_comparison",
                     *       "score": 0.8069,
                     *       "match": true,
                     *       "threshold": 0.8,
                     *       "explanation": [
                     *         {
                     *           "feature": "name",
                     *           "score": 0.6139,
                     *           "query": "João da Silva Filho",
                     *           "candidate": "JOAO DA SILVA",
                     *           "detail": "nome principal; alinhamento: joao ~ joao (igual 1,00); da ~ da (igual 1,00, partícula); silva ~ silva (igual 1,00). sem par na consulta: Filho/Júnior. sufixo em só um dos nomes: pode ser outra geração"
                     *         },
                     *         {
                     *           "feature": "doc_masked_agree",
                     *           "score": 1,
                     *           "query": "***982247**",
                     *           "candidate": "***982247**",
                     *           "detail": "os 6 dígitos visíveis do CPF mascarado conferem"
                     *         },
                     *         {
                     *           "feature": "birth_date",
                     *           "score": 1,
                     *           "query": "1970-05-01",
                     *           "candidate": "1970",
                     *           "detail": "mesmo ano de nascimento"
                     *         }
                     *       ],
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["ScreeningCompareResponse"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (unknown field at any depth, a field of the wrong type, birth_date, country), `invalid_document` (`query.doc`, `candidate.doc`), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    getSignedFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The token of a `GET /api/v1/bureau/runs/{run_id}/report` redirect. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file (reports are PDFs). */
            200: {
                headers: {
                    /** @description `inline; filename="relatorio-{mode}-{run_id}.pdf"`. */
                    "Content-Disposition"?: string;
                    /** @description `private, max-age=<seconds until the URL expires>`. */
                    "Cache-Control"?: string;
                    /** @description Always `nosniff`. */
                    "X-Content-Type-Options"?: "nosniff";
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `url_expired`. */
            403: components["responses"]["Forbidden"];
            /** @description `not_found` (forged or malformed token, or no such file). */
            404: components["responses"]["NotFound"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    runCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_` + 32 hex), the same on every attempt; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description Unix seconds of this attempt (signed). Reject values far from your clock (Standard Webhooks libraries allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" keyed with the bytes of the secret after `whsec_`, base64-decoded>` (Standard Webhooks). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /** @description `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret text, `whsec_` prefix included>`. Covers the body only (no timestamp). */
                "X-Svc-Signature": components["parameters"]["SvcSignatureHeader"];
                /** @description The same value as `X-Svc-Signature`. */
                "Svc-Signature": components["parameters"]["SvcSignatureAliasHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_b78963955770be063ab89a147440719b",
                 *       "object": "event",
                 *       "event": "run.completed",
                 *       "created": 1795393484,
                 *       "livemode": false,
                 *       "data": {
                 *         "object": "run",
                 *         "id": "30e982e6-60dc-5999-a52a-171430c9f475",
                 *         "status": "completed",
                 *         "decision": "approved",
                 *         "risk_band": "baixo",
                 *         "subject_type": "pf",
                 *         "template_id": "4ac49098-8b37-4042-96a1-5eab1e2e65a0",
                 *         "external_id": null,
                 *         "metadata": {},
                 *         "checks_summary": {
                 *           "total": 8,
                 *           "valid": 8,
                 *           "invalid": 0,
                 *           "no_data": 0,
                 *           "error": 0
                 *         },
                 *         "created_at": "2026-11-23T00:24:43.923Z",
                 *         "completed_at": "2026-11-23T00:24:44.121Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RunCompletedEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAcknowledged"];
            default: components["responses"]["WebhookNotAcknowledged"];
        };
    };
    runFailedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_` + 32 hex), the same on every attempt; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description Unix seconds of this attempt (signed). Reject values far from your clock (Standard Webhooks libraries allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" keyed with the bytes of the secret after `whsec_`, base64-decoded>` (Standard Webhooks). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /** @description `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret text, `whsec_` prefix included>`. Covers the body only (no timestamp). */
                "X-Svc-Signature": components["parameters"]["SvcSignatureHeader"];
                /** @description The same value as `X-Svc-Signature`. */
                "Svc-Signature": components["parameters"]["SvcSignatureAliasHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_f39289b08bf12c49581322f78a3ca31e",
                 *       "object": "event",
                 *       "event": "run.failed",
                 *       "created": 1795393484,
                 *       "livemode": false,
                 *       "data": {
                 *         "object": "run",
                 *         "id": "d263a7f4-da58-543e-91a4-79293590481e",
                 *         "status": "failed",
                 *         "decision": null,
                 *         "risk_band": null,
                 *         "subject_type": "pf",
                 *         "template_id": "4ac49098-8b37-4042-96a1-5eab1e2e65a0",
                 *         "external_id": null,
                 *         "metadata": {},
                 *         "checks_summary": {
                 *           "total": 8,
                 *           "valid": 0,
                 *           "invalid": 0,
                 *           "no_data": 0,
                 *           "error": 8
                 *         },
                 *         "created_at": "2026-11-23T00:24:44.055Z",
                 *         "completed_at": "2026-11-23T00:24:44.317Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RunFailedEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAcknowledged"];
            default: components["responses"]["WebhookNotAcknowledged"];
        };
    };
    biometricCheckCompletedWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_` + 32 hex), the same on every attempt; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description Unix seconds of this attempt (signed). Reject values far from your clock (Standard Webhooks libraries allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" keyed with the bytes of the secret after `whsec_`, base64-decoded>` (Standard Webhooks). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /** @description `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret text, `whsec_` prefix included>`. Covers the body only (no timestamp). */
                "X-Svc-Signature": components["parameters"]["SvcSignatureHeader"];
                /** @description The same value as `X-Svc-Signature`. */
                "Svc-Signature": components["parameters"]["SvcSignatureAliasHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_bee08b7d3a59086a003d939973f0aa5c",
                 *       "object": "event",
                 *       "event": "biometric_check.completed",
                 *       "created": 1795393485,
                 *       "livemode": false,
                 *       "data": {
                 *         "object": "facial_verification",
                 *         "customer_id": "1a8702ad-1bd5-51a5-8316-a889dce8f0a8",
                 *         "round_id": "3fc4e172-8554-510a-aa13-fd234a37e350",
                 *         "checks": {
                 *           "face_match": {
                 *             "status": "Approved",
                 *             "score": 0.97,
                 *             "completed_at": "2026-11-23T00:24:45.484Z"
                 *           },
                 *           "passive_liveness": {
                 *             "status": "Approved",
                 *             "score": 0.93,
                 *             "completed_at": "2026-11-23T00:24:45.484Z"
                 *           }
                 *         }
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["BiometricCheckCompletedEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAcknowledged"];
            default: components["responses"]["WebhookNotAcknowledged"];
        };
    };
    customerMonitoringAlertWebhook: {
        parameters: {
            query?: never;
            header: {
                /** @description The event id (`evt_` + 32 hex), the same on every attempt; deduplicate on it. */
                "webhook-id": components["parameters"]["WebhookIdHeader"];
                /** @description Unix seconds of this attempt (signed). Reject values far from your clock (Standard Webhooks libraries allow 5 minutes). */
                "webhook-timestamp": components["parameters"]["WebhookTimestampHeader"];
                /** @description `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{raw body}" keyed with the bytes of the secret after `whsec_`, base64-decoded>` (Standard Webhooks). */
                "webhook-signature": components["parameters"]["WebhookSignatureHeader"];
                /** @description `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret text, `whsec_` prefix included>`. Covers the body only (no timestamp). */
                "X-Svc-Signature": components["parameters"]["SvcSignatureHeader"];
                /** @description The same value as `X-Svc-Signature`. */
                "Svc-Signature": components["parameters"]["SvcSignatureAliasHeader"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "evt_b1ea84b48f400974e73c06b092eba91f",
                 *       "object": "event",
                 *       "event": "customer.monitoring_alert",
                 *       "created": 1795393486,
                 *       "livemode": false,
                 *       "data": {
                 *         "object": "monitoring_alert",
                 *         "alert_id": "9ae72f8e-8950-5a77-9538-29066ec30c62",
                 *         "customer_id": "1a8702ad-1bd5-51a5-8316-a889dce8f0a8",
                 *         "list_id": "tl_f8b49d07124bcb3d126d",
                 *         "entry_id": "897419f24aef244126ea3aa1cb45c90a",
                 *         "score": 1,
                 *         "created_at": "2026-11-23T00:24:46.851Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CustomerMonitoringAlertEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAcknowledged"];
            default: components["responses"]["WebhookNotAcknowledged"];
        };
    };
}
