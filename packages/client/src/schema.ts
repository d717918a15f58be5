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
    "/operator/v1/tenants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a tenant
         * @description Creates a tenant with the default settings (API channel on, facial verification off, no
         *     default templates, no credits). `name` is 1 to 200 characters, not blank.
         */
        post: operations["createTenant"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /** Read a tenant with its balance and settings */
        get: operations["getTenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a tenant's settings
         * @description Any subset of the settings; fields left out keep their value, `default_templates` is
         *     merged per person type. A default template must be a template of this tenant or a global
         *     one, of the same person type. `billing_suspended: true` makes run creation answer 402;
         *     `api_channel_enabled: false` makes every public request of the tenant answer 403
         *     `channel_disabled`. A body that changes nothing answers 200 and records nothing.
         */
        patch: operations["updateTenantSettings"];
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/annual_negative_communications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * List the tenant's annual negative communication (CNO) tasks with their clock
         * @description Circular BCB 3.978/2020 art. 54: on 1 January (Brasília), and at start if the service was
         *     down then, a task opens for the year just ended per reporting CNPJ of the tenant's
         *     compliance settings. `required` (status `pending` until the protocol is recorded, then
         *     `sent`) when that CNPJ sent no communication to COAF in the year, due at the end
         *     (23:59:59.999 Brasília) of the 10th business day of January by the tenant's holiday
         *     calendar; `not_required` with the receipts of the year's communications as proof. A task
         *     is decided once: a communication recorded later does not change a past year. Overdue
         *     tasks first, then by deadline.
         */
        get: operations["listAnnualNegativeCommunications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/annual_negative_communications/{year}/{cnpj}/sent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /**
                 * @description The calendar year the declaration is about (four digits).
                 * @example 2026
                 */
                year: string;
                /**
                 * @description The reporting CNPJ, 14 digits without punctuation.
                 * @example 11222333000181
                 */
                cnpj: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the Siscoaf protocol of an annual negative communication sent
         * @description Siscoaf has no XML or web-service route for the CNO (regulatory notes 1.12): the
         *     institution sends it in Siscoaf's web interface and records here the protocol it got,
         *     when it was sent (ISO 8601 with zone, not in the future) and by whom. The same protocol
         *     again changes nothing; another protocol is refused (409), as is a task `not_required`.
         */
        post: operations["recordAnnualNegativeCommunicationSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add credits to a tenant's balance
         * @description Adds `amount` credits (an integer from 1 to 1,000,000,000,000 per movement) to the tenant's
         *     ledger. The balance may not exceed Number.MAX_SAFE_INTEGER.
         */
        post: operations["addTenantCredits"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/compliance_settings": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * A tenant's compliance settings (business-day calendar, Siscoaf tables) and their versions
         * @description The current version of the tenant's compliance settings (issue 30), stored as versioned data
         *     on the stream `compliance-<tenant_id>`: the holiday calendar every business-day clock uses
         *     (Circular BCB 3.978 arts. 48 §2, 49, 51, 54), the reporting entities (`CPFCNPJCom` and the
         *     branch fields of Siscoaf's occurrences), the `TpEnv` and `CodEnq` tables with where each
         *     code comes from, the Carta Circular 4.001 → `CodEnq` mapping and four-eyes on decisions to
         *     communicate. Until a first change, the seed (version 0): national holidays 2020–2035,
         *     `TpEnv` 1 Titular only (not verified for the BCB segment), `CodEnq` empty. `versions`
         *     lists every version, newest first, the seed last.
         */
        get: operations["getComplianceSettings"];
        /**
         * Replace a tenant's compliance settings (a new version)
         * @description The whole document, with a `note` saying why: it becomes the next version (the previous
         *     ones stay readable). A document equal to the current version records nothing and answers
         *     it. `base_version`, when given, must be the current version (two edits made on the same
         *     version do not undo each other: the second gets 409 `concurrent_update`). Each field is
         *     checked and the first refused is named in `param`: a holiday date that does not exist or
         *     appears twice, a CNPJ whose check digits fail, `ag_num` not 1–4 digits, `ag_mun` over 50
         *     characters (Siscoaf error 43), `ag_uf` not a UF, more than one default entity, a `TpEnv`
         *     code not of 1–2 digits or a `CodEnq` code not of 1–6 digits, a code twice in one segment, a
         *     blank `label`, `segment` or `known_from`, a text with control or invisible characters (such
         *     as U+202E), a `cc4001_cod_enq` key that is no Carta Circular
         *     4.001 item (`CC4001-<inciso>.<alínea>`) or a value not in `cod_enq`, a blank `note`.
         */
        put: operations["putComplianceSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/compliance_settings/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /**
                 * @description The version's number (0 is the seed).
                 * @example 1
                 */
                version: number;
            };
            cookie?: never;
        };
        /** One version of a tenant's compliance settings */
        get: operations["getComplianceSettingsVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/api-keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /** List a tenant's API keys, revoked ones included, without secrets */
        get: operations["listApiKeys"];
        put?: never;
        /**
         * Create an API key (shown once)
         * @description Creates a key `sk_live_…` (environment `live`) or `sk_test_…` (`sandbox`). The key is in
         *     `api_key` of this answer only; the service stores its SHA-256. Duplicate scopes are kept
         *     once. `subject_type` restricts the key to one person type; `rate_limit_per_minute`
         *     overrides the tenant's limit for this key.
         */
        post: operations["createApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/api-keys/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The key's id. */
                key_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description Revocation is immediate: the answer comes once authentication reads the key as revoked,
         *     so the next request with it answers 401 `invalid_api_key`. Revoking a revoked key answers
         *     200 with the first revocation's time.
         */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/users": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * List the tenant's dashboard users (no secrets)
         * @description Every dashboard account of the tenant, by e-mail: role, status (`invited` until the
         *     link is used, `active`, `deactivated`), when a waiting link expires and until when a
         *     lockout lasts. No hash of a password, link or session is ever listed. An invitation
         *     not accepted yet is issued again with `POST .../users/{user_id}/invite`.
         */
        get: operations["listDashboardUsers"];
        put?: never;
        /**
         * Invite a person to the tenant's dashboard (link shown once)
         * @description Invites `email` to the tenant's dashboard (`/dashboard/`) with a role: `admin` (keys,
         *     webhooks, templates, users, settings), `analyst` (reviews, documents, alerts),
         *     `compliance_officer` (an analyst who receives the cases escalated to compliance) or `viewer`
         *     (read only). The answer's `invite_url` is a one-time link, valid 72 hours, on which the
         *     person sets a password; only the SHA-256 of its token is stored, so it is shown in this
         *     answer only, on `SVC_PUBLIC_BASE_URL`. Accounts are per tenant (e-mails compared
         *     lower-cased): an e-mail with an account in another tenant is invited as a separate
         *     account, with the same 201 as an unknown one, so the answer tells nothing about other
         *     tenants. Inviting again an e-mail whose link was not used yet issues a new link (the old
         *     one stops working); an e-mail with an account in use in this tenant answers 409
         *     `user_exists`.
         */
        post: operations["inviteDashboardUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/users/{user_id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The dashboard user's id. */
                user_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue an invitation not accepted yet again (link shown once)
         * @description A new one-time link, valid 72 hours, for a user whose invitation was not accepted yet
         *     (the first-start admin included): the old link stops working at once. No body. An
         *     account already active answers 409 `invite_already_accepted` (a password reset is the
         *     way then).
         */
        post: operations["reissueDashboardInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/users/{user_id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The dashboard user's id. */
                user_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a dashboard user's password (link shown once)
         * @description Issues a new one-time link, valid 72 hours, on which the person sets a new password. The
         *     old password stops working at once and every session of the user ends; a link issued
         *     before is replaced. No body. A user not yet activated gets a new invitation link.
         */
        post: operations["resetDashboardUserPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a template for one tenant or a global one
         * @description A template (decisions.md section 4) with either `tenant_id` or `global: true`.
         *     Defaults: `parameters` and `rules` empty, `risk_thresholds` `{medio: 30, alto: 60}`,
         *     `published` and `active` true. The contents are checked: `parameters` among `name`,
         *     `birth_date`, `mother_name`, `email`, `phone`, `trade_name`; at least one source, each
         *     known, serving the subject type and listed once; one rule per check, only for checks
         *     the template's sources answer; `0 < medio < alto <= 100`.
         */
        post: operations["createTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/templates/{template_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id. */
                template_id: string;
            };
            cookie?: never;
        };
        /** Read a template */
        get: operations["getTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Publish, retire or revise a template
         * @description `published` and `active` change availability. Any of the contents fields (`name`,
         *     `parameters`, `sources`, `rules`, `risk_thresholds`) makes a new version (the others are
         *     kept from the current one and the whole is checked as at creation); runs record the
         *     version they used. `subject_type` may be sent but never changed. An unchanged body
         *     answers 200 and records nothing.
         */
        patch: operations["updateTemplate"];
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/onboarding-profiles": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Name a template as an onboarding profile of a tenant
         * @description Sets (or replaces) the template a customer created with `onboarding_profile: <slug>`
         *     runs. `slug`: 1 to 63 lower-case letters, digits and dashes, starting with a letter or
         *     digit. The template must be the tenant's or a global one.
         */
        post: operations["setOnboardingProfile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/runs/{run_id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide a run awaiting an analyst
         * @description A `pending_review`, `blocked` or `partial` run (held or not), or a `completed` run whose
         *     decision is `review`. The run becomes `completed` with the analyst's decision as
         *     `decision` and `operative_decision`, `manual_review` false, and a new `run.completed`
         *     webhook is sent; the automatic outcome is kept in the run's `review.automatic`. `note`
         *     is required (not blank, at most 2,000 characters). `analyst` names the dashboard user
         *     deciding (user_id or e-mail of an active user of the run's account): required when the
         *     account has four-eyes, optional otherwise. Under four-eyes a rejection, any decision on
         *     an `alto` run, and an approval overriding an automatic rejection or block need two
         *     analysts: the first call answers 200 with `review.status: awaiting_confirmation`; another
         *     analyst sending the same decision confirms it (the proposer confirming is 409
         *     `four_eyes_required`); a different decision replaces the proposal.
         */
        post: operations["reviewRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/runs/{run_id}/retry-sources": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask a held run's failed sources again
         * @description Only a `partial` run with sources that ended `ERROR` and no analyst decision (nor a
         *     four-eyes proposal) yet. The run goes back to `running` for those sources only (all of
         *     them, or the ones named in `sources`); their new answers replace the failed ones and the
         *     run ends again, evaluated over all its answers, with a new `run.completed` webhook. A
         *     live run reserves the retried sources' cost on the tenant's credit first, and is charged
         *     what answered. No body, or `{"sources": [...]}`.
         */
        post: operations["retryRunSources"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/runs/{run_id}/hits/disposition": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mark one of a run's list hits as a true match or a false positive
         * @description The hit (`list_id`, `entry_id`) must be one of the run's list-source hits or near misses.
         *     The disposition is remembered for the run's customer and the entry's content (its
         *     `content_hash`): a later run of the customer records an entry cleared as a false positive
         *     with `cleared` and raises no hit on it (the check is `VALID` with `result_code:
         *     cleared_by_analyst` when no other hit remains), and monitoring raises no alert on it,
         *     until the entry changes. A run without a customer records it on the run only. A later
         *     disposition replaces an earlier one (both stay in the history). `reason` is required.
         */
        post: operations["disposeRunHit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/runs/{run_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a queued or running run
         * @description Only from `queued` or `running`: the run becomes `cancelado`, costs nothing, and sends no
         *     webhook. No request body (one sent is ignored).
         */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/runs/{run_id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a terminal run's PDF report
         * @description Renders and stores the report of a terminal run (`completed`, `blocked`, `partial`,
         *     `failed`, `cancelado`) once per run and mode: 201 when this call generated it, 200 with
         *     the same record (same bytes) when it already existed. The PDF itself is read through
         *     the public API (`GET /api/v1/bureau/runs/{run_id}/report`).
         */
        post: operations["generateRunReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/fx-operations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an FX operation (a draft, `rascunho`)
         * @description Fields of decisions.md section 9: `nature_code` five digits; `currency` an ISO 4217 code;
         *     `amount` a positive decimal string with at most the currency's minor-unit decimals (2 for
         *     USD, 0 for JPY, 3 for KWD) and at most 15 integer digits; `counterparty.name` 1 to 200
         *     characters (trimmed); `counterparty.country` an assigned ISO 3166-1 alpha-2 code in upper
         *     case; `description` at most 2,000 characters; `customer_id` a customer of this tenant.
         */
        post: operations["createFxOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/fx-operations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        /** Read an FX operation with its analysis */
        get: operations["getFxOperation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/fx-operations/{id}/submit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a draft FX operation (status `registrada`)
         * @description Idempotent; a submitted operation answers 200 unchanged. No request body.
         */
        post: operations["submitFxOperation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/fx-operations/{id}/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Request the analysis (laudo) of a submitted FX operation
         * @description The analysis runs in the background; the operation then reads `analysis_status:
         *     completed` with its analysis, laudo number and laudo file name (the PDF is downloaded
         *     through the public API). Asking again answers 202 with the operation as it is. No
         *     request body.
         */
        post: operations["requestFxAnalysis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/lists": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The official lists with their active version and freshness
         * @description One item per official list (screening.md section 1), in a fixed order. A list is
         *     `stale` when it was never checked, or last checked more than twice its refresh period
         *     ago (6 h for the foreign sanctions lists, 24 h for the Brazilian ones).
         */
        get: operations["listOfficialLists"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/lists/{list_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An official list (screening.md section 1); any other value answers 400 invalid_list. */
                list_id: components["parameters"]["OpOfficialListId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a version of an official list by hand
         * @description `multipart/form-data` with one to eight parts named `file` (each at most 268,435,456
         *     bytes): the raw official file or files as published (OFAC's `sdn.csv`, `add.csv`,
         *     `alt.csv` and `sdn_comments.csv` together), or a zip holding them. CEIS, CNEP, CEPIM
         *     and CEAF also take the Portal da Transparência API's records as one JSON array
         *     (`ceis-api.json`, `cnep-api.json`, `cepim-api.json`, `ceaf-api.json`: what the scheduled
         *     fetch writes when `SVC_PORTAL_TRANSPARENCIA_KEY` is set). At most 2 other
         *     fields of at most 1,024 bytes, 10 parts in all. The list is checked before the body is
         *     read. Answers 201 with the new version, 200 with the active version when the content is
         *     the same. A version parsing to no entries, or to fewer than half the active version's,
         *     is recorded but refused (409) unless sent again with `?force=true`.
         */
        post: operations["uploadOfficialListVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/lists/{list_id}/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An official list (screening.md section 1); any other value answers 400 invalid_list. */
                list_id: components["parameters"]["OpOfficialListId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Fetch an official list now
         * @description Schedules a fetch of the list's configured URL at once (in the background, even when
         *     scheduled fetching is off). A list without a URL configured is checked by nothing.
         *     No request body.
         */
        post: operations["refreshOfficialList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/lists/{list_id}/latency": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An official list (`un_sc`, `ofac_sdn`...) or a tenant's own list (`tl_...`); any other value answers 404 list_not_found.
                 * @example un_sc
                 */
                list_id: string;
            };
            cookie?: never;
        };
        /**
         * The evidence of "sem demora" per version of a list
         * @description Per version of the list, newest import first: when the publisher dated it
         *     (`published_at`: UN `dateGenerated`, OFAC `Publish_Date`; null where the file dates
         *     nothing), when the service downloaded it (`fetched_at`, null for an upload), imported and
         *     indexed it, its monitoring sweep (started, completed, customers screened), the alerts the
         *     sweep raised (of which `freeze_alerts` require a freeze) and the webhook deliveries of
         *     those alerts (`customer.monitoring_alert`, `customer.sanctions_freeze`) that reached the
         *     tenants. `latency_seconds` are the differences between those times, null where one is
         *     unknown. A version imported again (the list back to an earlier content) shows its latest
         *     import; `imports` counts them. Alerts raised on a customer entering monitoring are not a
         *     version's and are left out. `summary` is over the versions of this page. Read from read
         *     models (Lei 13.810/2019 art. 9; Resolução BCB 44/2020).
         */
        get: operations["getListLatency"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/lists": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /** A tenant's own lists with their active version */
        get: operations["listTenantLists"];
        put?: never;
        /**
         * Create a tenant's own list
         * @description One list per tenant and name (compared without case or repeated spaces): creating it
         *     again answers 200 with the existing list. `name`: 1 to 200 characters with at least one
         *     letter or digit.
         */
        post: operations["createTenantList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/lists/{list_id}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description A list of this tenant (`tl_` and 20 hex characters). */
                list_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload a version of a tenant's list (CSV)
         * @description Like an official list's upload: `multipart/form-data` with `file` parts, here a CSV
         *     whose header is `name,schema,doc,birth_date,country,aliases,notes` (aliases separated
         *     by `|`; a row without a document needs its schema). The tenant and the list are checked
         *     before the body is read. 201 new version, 200 same content, 409 refused (`?force=true`
         *     accepts it).
         */
        post: operations["uploadTenantListVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /** A tenant's monitoring alerts, newest first */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/alerts/{alert_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id. */
                alert_id: components["parameters"]["OpAlertId"];
            };
            cookie?: never;
        };
        /**
         * One alert with the explanation of its score
         * @description The alert and `explanation`, the matcher's feature-by-feature account read from the
         *     customer's stream: `"[erased]"` once the customer's personal data was erased.
         */
        get: operations["getAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/alerts/{alert_id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id. */
                alert_id: components["parameters"]["OpAlertId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve an alert as a true or false positive
         * @description A false positive is remembered for that customer and entry content: it is not raised
         *     again until the entry changes. `note` (1 to 2,000 characters, not blank) says why.
         *     Resolving again with the same resolution answers 200 unchanged; with the other, 409.
         *     A delisted alert may still be resolved.
         */
        post: operations["resolveAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/cases": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * A tenant's cases (one per customer), oldest first
         * @description One case per customer groups what an analyst must work for it: runs awaiting a decision
         *     (`pending_review`, `blocked`, `partial`, or `completed` with decision `review`), open
         *     monitoring alerts and pending documents. Oldest first (by the time the case opened or
         *     last reopened), so a queue is worked from its oldest case. `priority` is derived from the
         *     open items: `alta` for a sanctions hit, an item of risk `alto` or a match score of 0.9 or
         *     more; `media` for a PEP, CEIS/CNEP or slave-labour finding or risk `medio`; `baixa`
         *     otherwise. At most 5,000 matching cases are read per request.
         */
        get: operations["listCases"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/cases/assign": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Assign several cases of a tenant at once
         * @description Gives every case of `case_ids` (1 to 100, the tenant's) to `assignee`, an active analyst,
         *     compliance officer or administrator of the tenant (null: back to the pool). Every case
         *     is checked first: one unknown, of another tenant or closed, and none is assigned.
         */
        post: operations["assignCases"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        /**
         * One case with all its items, its comments and the history of every note
         * @description `items` lists every item the case ever had (`open` says which still need an analyst);
         *     `history` every step and note in time order: comments, escalation and closing notes,
         *     the review notes of its runs (proposals and decisions), the conclusions of its alerts and
         *     documents; `awaiting_confirmation` the runs whose four-eyes proposal awaits a second
         *     analyst. Notes read `"[erased]"` once the customer's personal data was erased.
         */
        get: operations["getCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/comments": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Comment on a case
         * @description `text` (1 to 4,000 characters, not blank); `analyst`, the dashboard user of the tenant the
         *     comment is written for (else it is the operator's).
         */
        post: operations["commentCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/assign": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Assign a case to a person of its tenant (or back to the pool) */
        post: operations["assignCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/escalate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Escalate a case to the tenant's compliance officer
         * @description The case goes to status `escalated`, for the tenant's dashboard users of role
         *     `compliance_officer`; `note` (1 to 4,000 characters, not blank) says why. The
         *     communication to COAF comes with a later issue.
         */
        post: operations["escalateCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a case with no open item left, or a regulatory case once decided
         * @description A regulatory case's id (issue 30) closes that case: only once decided
         *     (`409 case_not_decided`), and for `comunicar` only once its communication was sent
         *     (`409 communication_not_sent`). Otherwise:
         *     `note` (1 to 4,000 characters, not blank) says how the case ended. A case with an open
         *     item (a run, alert or document still awaiting an analyst) is refused with
         *     `case_has_open_items`. A new item reopens a closed case.
         */
        post: operations["closeCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/evidence": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach an evidence file to a suspicion case's dossier
         * @description `multipart/form-data` with exactly one file part named `file` (1 byte to 10 MB =
         *     10,485,760 bytes) and a text part `author`. The type is read from the content, never from
         *     the name or the declared type: PDF, JPEG, PNG, WebP, TIFF, GIF, XML, CSV (UTF-8 text
         *     named `.csv`) or plain UTF-8 text; anything else is `400 invalid_evidence_type`. The
         *     file is stored like a customer's documents and its SHA-256 recorded on the case
         *     (`SuspicionEvidenceAttached`); the dossier lists it with that hash. The case is looked up
         *     before the body is read.
         */
        post: operations["attachSuspicionEvidence"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/evidence/{evidence_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
                /** @description The evidence's id. */
                evidence_id: string;
            };
            cookie?: never;
        };
        /**
         * Download an evidence file of a suspicion case
         * @description The stored bytes as an attachment; `X-Content-SHA256` is the hash the case records for them.
         */
        get: operations["downloadSuspicionEvidence"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/kyc_snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a KYC snapshot of the case's customer now
         * @description Circular 3.978 arts. 16, 18, 19, 20, 24–25, 27. The customer's identification,
         *     qualification, status history, risk band and every run's band and decision, PEP status
         *     (the latest run's screening and the analysts' dispositions), the QSA of a company, and its
         *     monitoring alerts, read from its stream and runs; a case without a customer snapshots the
         *     parties of the operation as reported. Stored as canonical JSON with its SHA-256 and
         *     recorded on the case (`SuspicionKycSnapshotTaken`). A snapshot is also taken
         *     automatically when the case is selected for analysis. The body is optional (`by`: who
         *     asks; `operator` otherwise).
         */
        post: operations["takeSuspicionKycSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/dossier.json": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        /**
         * The case's dossier for the supervisor, as JSON with file hashes
         * @description Circular 3.978 art. 43 §2, art. 48 §1. Canonical JSON (keys sorted, no whitespace):
         *     the case's identification and origin with the rule or list version that fired
         *     (`case.origin.rule`), the dates and each clock with whether it was met, the reason
         *     codes with their Carta Circular 4.001 text, analysts, notes, evidence and KYC snapshots
         *     (content and SHA-256), the decision with decided by and approved by, the communications
         *     (NumOcorrencia, files' SHA-256, sending, validation, receipt), the audit trail (every
         *     event of the case: type, who, when), `files` (`kind`, `id`, `sha256`, `byte_size`) and
         *     `content_sha256`: the SHA-256 of the canonical JSON of everything else. No field
         *     depends on the time of the export, so a closed case's dossier is the same bytes every
         *     time; each export is recorded on the case (`SuspicionDossierExported`, with the hash of
         *     the bytes sent) and is not part of the content.
         */
        get: operations["exportSuspicionDossierJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/dossier.pdf": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        /**
         * The case's dossier for the supervisor, as PDF (pt-BR)
         * @description The same content as `dossier.json`, in Portuguese: dates dd/mm/aaaa in Brasília time
         *     with the zone, codes as small footnote codes, and the JSON's `content_sha256` printed
         *     (also in `X-Dossier-Content-SHA256`). The PDF's date is the case's last fact, not the
         *     time of the export. Each export is recorded on the case.
         */
        get: operations["exportSuspicionDossierPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communications": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        /**
         * The drafts of a confirmed sanctions freeze's communications to BCB, MJSP and COAF
         * @description Issue 29 (Lei 13.810/2019, art. 11). When an analyst confirms a monitoring alert that
         *     required a freeze (a true match on the UN list, or on a list the tenant names), the
         *     customer's case records the freeze and the service drafts three communications, one per
         *     addressee (`bcb`, `mjsp`, `coaf`), each as JSON and PDF, stored with their SHA-256 on the
         *     case's stream. Every measures recorded drafts them again: a new `version` per addressee,
         *     the old ones kept. `data` lists the drafts newest first, each with its `sent` (date and
         *     protocol) once recorded; `freeze` and `measures` are what the drafts report. A case with
         *     no freeze answers an empty `data` and `freeze: null`.
         */
        get: operations["listFreezeCommunications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communications/{draft_id}/{format}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
                /**
                 * @description A communication draft: `<alert id>.<measures id or inicial>.<bcb|mjsp|coaf>`.
                 * @example 3f1c2a9e-7b1d-4c55-9a0e-2d6f0b8e4c11.inicial.bcb
                 */
                draft_id: components["parameters"]["OpFreezeDraftId"];
                /** @description `pdf` or `json`. */
                format: "pdf" | "json";
            };
            cookie?: never;
        };
        /**
         * Download one communication draft, as PDF or JSON
         * @description The stored bytes of the draft, as an attachment
         *     (`comunicacao-bloqueio-{addressee}-v{version}.{format}`); `X-Content-SHA256` is the hash
         *     the case's stream records for it.
         */
        get: operations["downloadFreezeCommunication"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communications/{draft_id}/sent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
                /**
                 * @description A communication draft: `<alert id>.<measures id or inicial>.<bcb|mjsp|coaf>`.
                 * @example 3f1c2a9e-7b1d-4c55-9a0e-2d6f0b8e4c11.inicial.bcb
                 */
                draft_id: components["parameters"]["OpFreezeDraftId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that a communication draft was sent (date and protocol)
         * @description `sent_at` (ISO 8601 with zone, not in the future) and `protocol` (1 to 200 characters:
         *     the Siscoaf protocol, the e-mail's reference) are recorded on the case's stream.
         */
        post: operations["markFreezeCommunicationSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/freeze_measures": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record the measures the institution took on the case's confirmed freeze
         * @description The same body and rules as `POST /api/v1/customers/{id}/sanctions_freeze/measures`; the
         *     drafts are drafted again from them (asynchronously: a new version per addressee).
         */
        post: operations["recordCaseFreezeMeasures"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/customers/{customer_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                customer_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a customer's status
         * @description Any customer status; `em_monitoramento` starts ongoing monitoring (the customer is
         *     screened against the active lists at once). Setting the current status answers 200 and
         *     records nothing.
         */
        patch: operations["setCustomerStatus"];
        trace?: never;
    };
    "/operator/v1/documents/{document_id}/review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document's id. */
                document_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve or reject a customer's document
         * @description `status` `aprovado` or `rejeitado`, `reason` at most 1,000 characters. A document
         *     replaced by a newer upload of its type can no longer be reviewed. The same status again
         *     answers 200 and records nothing.
         */
        post: operations["reviewDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/erasure-requests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Erase a data subject's personal data (crypto-shredding)
         * @description For one CPF or CNPJ of a tenant (punctuation ignored), in both environments. With a
         *     `legal_basis` (at most 500 characters) the erasure is carried out at once: the subject's
         *     keys are destroyed, its files and run reports deleted, and the read models rebuilt (200,
         *     `erased`). Without one it is scheduled for the end of the retention period after the
         *     subject's last activity (202, `scheduled`). The streams stay whole; personal fields read
         *     `"[erased]"` ever after.
         */
        post: operations["requestErasure"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/webhook-endpoints/{environment}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The environment whose events the endpoint receives. */
                environment: "live" | "sandbox";
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Set an environment's webhook endpoint (new secret each time)
         * @description `url`: HTTPS, without credentials, at most 2,048 characters, not resolving to a
         *     loopback, private, link-local or metadata address (unless the service runs with
         *     `SVC_WEBHOOK_ALLOW_INSECURE=true`). `events`: the event types to receive;
         *     `run.completed` and `run.failed` are always delivered. Every PUT rotates the signing
         *     secret, shown only in this answer: `whsec_` and 32 random bytes in base64url. On an
         *     endpoint already set, the previous secret keeps signing beside the new one for 24
         *     hours (`webhook-signature` carries both), then never again.
         */
        put: operations["setWebhookEndpoint"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * A tenant's webhook delivery log with every attempt
         * @description Newest first; no request or response bodies, nothing of the secret.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/webhook-deliveries/{delivery_id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id. */
                delivery_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery once more, now
         * @description One more attempt with the same event id and body, whatever the delivery's status; asking
         *     again before it ran changes nothing. No request body.
         */
        post: operations["redeliverWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/audit/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events in commit order, with their metadata
         * @description The event log as the auditor reads it (decisions.md section 11), optionally for one
         *     tenant, one stream category (`run`, `tenant`, `customer`, …) or one data subject (a CPF
         *     or CNPJ, with `tenant_id`: every stream of that subject). Page with `from`: the
         *     `next_cursor` of the previous page (a position), null on the last page. Personal fields
         *     of an erased subject read `"[erased]"`.
         */
        get: operations["readAuditStreams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/quarantined-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Events set aside by a projection or reactor
         * @description An event that could not be opened (it does not decode, or its personal fields do not
         *     decrypt) or whose handling failed five times in a row while both stores answered is
         *     quarantined for that processor: recorded here, logged, counted in
         *     `svc_events_quarantined_total`, and the processor moves on. Only where the event is and
         *     the class of the error are kept, never its data.
         */
        get: operations["listQuarantinedEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/quarantined-events/{processor}/{position}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand a quarantined event back to its processor after a fix
         * @description The event is handed to its processor alone, out of order, its checkpoint unchanged; taken,
         *     it leaves the quarantine. For a projection whose later events depend on it, a rebuild
         *     (`npm run rebuild`) is the thorough fix.
         */
        post: operations["retryQuarantinedEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: the process answers.
         * @description Touches no store. For a liveness probe; use `/readyz` to decide whether to send traffic.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: stores reachable, processors caught up.
         * @description Ready when the event store and the read store each answer a trivial read within 2 s, and
         *     every processor (projection or reactor) of this instance is at most
         *     `SVC_READY_MAX_LAG_EVENTS` (default 1000) positions behind the event log's head. The
         *     answer names each check's outcome only, never an error message.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this instance.
         * @description The Prometheus text exposition format (prom-client): `svc_*` families (HTTP request
         *     durations by method, route template and status; runs by outcome; source latency and
         *     errors; webhook attempts; facial checks; official list versions and their age; processor
         *     lag; event store append latency) and the default process metrics. Label values never
         *     hold a tenant id, key id, document or name. Behind the operator token.
         */
        get: operations["getMetrics"];
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
         *     (11 digits) or CNPJ (14 characters: 12 letters or digits, then 2 check digits),
         *     formatting stripped (`invalid_document`); every
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
    "/api/v1/customers/{id}/qualification": {
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
         * Complete or correct a customer's qualification (address, income or revenue)
         * @description Scope `customers:write`. Circular BCB 3.978 art. 23: a relationship may start with the
         *     customer's qualification incomplete for at most 30 days. Qualification needs the address
         *     and the declared income (`pf`) or the annual revenue (`pj`); the customer's
         *     `qualification` says what is missing, the due date (registration + 30 days) and whether it
         *     is overdue. This takes the address and the type's own fields with the same rules as
         *     creation; absent or null fields stay as they are; at least one is required. Each update
         *     is recorded with the key that sent it.
         */
        post: operations["updateCustomerQualification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/pep-relationships": {
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
         * The customer's declared relationships with politically exposed persons
         * @description Scope `customers:read`. The relatives (`familiar`) and close associates
         *     (`estreito_colaborador`) of PEPs the tenant declared for this customer (Res. COAF 40/2021
         *     art. 1 §1; Circular BCB 3.978 art. 27 §1), oldest first.
         */
        get: operations["listCustomerPepRelationships"];
        put?: never;
        /**
         * Declare the customer a relative or close associate of a PEP
         * @description Scope `customers:write`. The customer is a relative (`familiar`: parentes em linha reta
         *     até o segundo grau, cônjuge, companheiro, enteado) or a close associate
         *     (`estreito_colaborador`) of a politically exposed person (Res. COAF 40/2021 art. 1 §1;
         *     Circular BCB 3.978 art. 27 §1). From then on the customer's runs' `pep` source answers
         *     `is_pep` INVALID (`result_code` `pep_relationship`, "familiar/estreito colaborador de
         *     <PEP>"), while the PEP is one: when the PEP is on `br_pep` (looked up by name and CPF),
         *     until the PEP's end of grace. Declaring the same PEP with the same kind and relation
         *     again answers the relationship in force.
         */
        post: operations["declareCustomerPepRelationship"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/pep-relationships/{relationship_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
                /** @description The relationship's id (a UUID; anything else is `400 invalid_id`). */
                relationship_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw a declared relationship with a PEP
         * @description Scope `customers:write`. The customer's later runs no longer read it; runs already done
         *     keep what they found.
         */
        delete: operations["removeCustomerPepRelationship"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/customers/{id}/sanctions_freeze/measures": {
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
         * Record the measures taken on a customer's confirmed sanctions freeze
         * @description Scope `customers:write`. Issue 29 (Lei 13.810/2019): once an analyst confirmed a freeze
         *     alert of the customer, the institution's systems record what they froze: `frozen_at`
         *     (ISO 8601 with zone, not in the future), `assets` (each a `kind`, a `description` and an
         *     optional `amount` in reais; empty when the customer holds nothing), the transfer
         *     `attempts_blocked` and, for a freeze not done "sem demora", the `justification`
         *     Decreto 9.825/2019 art. 6 requires. "Sem demora" is "imediatamente ou dentro de algumas
         *     horas" (art. 2, V): the service takes 24 hours after the alert; a freeze done later, or
         *     measures first recorded later, without a justification is `400 invalid_request` (param
         *     `justification`). Each recording drafts the communications to BCB, MJSP and COAF again
         *     (new versions; the old are kept). `Idempotency-Key` is honoured.
         */
        post: operations["recordSanctionsFreezeMeasures"];
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
         *     `face_match` unless `cpf` is sent), `checks`, `cpf`. Images: JPG, PNG, WEBP or TIFF whose header decodes, at most
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
         *     at most `limit` (default 10), each with the `version_id` of the list version it was
         *     found in and an explanation whose lines' contributions sum to its score. `lists` names which lists to search (default: all the
         *     tenant may search); another tenant's list is as unknown as a missing one
         *     (`invalid_list`). `doc` must be a whole, valid CPF or CNPJ (formatting stripped).
         *     A list searched but not loaded yet is named in `warnings` (`list_not_loaded`); when
         *     none of them is loaded the answer is `409 lists_not_loaded` with `missing_lists`.
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
    "/operator/v1/tenants/{tenant_id}/suspicion_cases": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * A tenant's regulatory cases, overdue first
         * @description Overdue first (the clock of the status passed: selection, analysis, or communication), then the nearest due, then the rest newest first; at most 500.
         */
        get: operations["listSuspicionCases"];
        put?: never;
        /**
         * Open a regulatory case from an alert, a run or an analyst
         * @description Opens a case pending selection (Circular 3.978 art. 43). `origin` `alert` or `run` names its id in `ref` (the tenant's: another tenant's is `404`), which gives the customer and when the situation happened; `analyst` opens one by hand. The selection clock `selection_due_at` runs 45 days from then. `reason_codes`: Carta Circular 4.001 indicators (`CC4001-<inciso>.<alínea>`) or `outra_situacao` with `other_reason`.
         */
        post: operations["openSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/suspicion_cases/{case_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        /**
         * One regulatory case with its operation, communications and history
         * @description The read model's fields with `due_at` and `overdue`, the operation and texts of the opening (`"[erased]"` once erased), each communication with its Siscoaf content, and every step in order.
         */
        get: operations["getSuspicionCase"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/select": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Select a case for analysis
         * @description Only a case `pending_selection`; the analysis clock `analysis_due_at` runs 45 days from now. `analyst` (user id or e-mail of an active dashboard user of the tenant) names who acts.
         */
        post: operations["selectSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Do not select a case, with the reason
         * @description Only a case `pending_selection`. `analyst` (user id or e-mail of an active dashboard user of the tenant) names who acts.
         */
        post: operations["dismissSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a note to the dossier
         * @description Any case not closed. `analyst` (user id or e-mail of an active dashboard user of the tenant) names who acts.
         */
        post: operations["noteSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/decision": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide to communicate or not (four-eyes where required)
         * @description Only `in_analysis` or `awaiting_approval`. When the tenant's compliance settings require four-eyes (`cos_four_eyes`), the first decision is a proposal (`awaiting_approval`) and another analyst confirms it (the proposer: `409 four_eyes_required`; a different decision is a new proposal); `analyst` is then required (`400 analyst_required`). `comunicar` sets `communication_due_at` to the end of the next business day (art. 48 §2) and opens the communication `pending`. A customer's case (issue 28) id is `404 case_not_found`.
         */
        post: operations["decideSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communication/sent": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record that the Siscoaf file was sent
         * @description The communication whose XML was generated (or `communication_id`), sent at `sent_at` (default now, never in the future). A rectification or cancellation needs a justification after the 5th business day from then.
         */
        post: operations["markSuspicionCommunicationSent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/rectification": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare a rectification of the sent communication
         * @description The whole communication again with its `NumeroCOAF` (LOTERETIFICACAO): only after the batch was sent and its receipt matched (`409 receipt_required`); past the 5th business day after sending, `justification` is required (`400 justification_required`). Its XML comes from `siscoaf.xml`.
         */
        post: operations["rectifySuspicionCommunication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/cancellation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Prepare the cancellation of the sent communication
         * @description LOTECANCELAMENTO with `reason` as MOTIVO: only after the receipt (`409 receipt_required`); past the 5th business day, justified. Marking its file sent cancels the communication.
         */
        post: operations["cancelSuspicionCommunication"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communication": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Prepare or edit the communication to COAF
         * @description Builds the Siscoaf occurrence from the case, the default reporting entity (or `reporting_cnpj`) and the CC4001→CodEnq table, `Det` prefilled from the description, the reasons with their 4.001 text and the rationale; the fields sent replace the built ones. The `NumOcorrencia` (`KYC-<aaaa>-<12 hex>`) is claimed for good for the reporting CNPJ. `issues` lists the manual's rules it breaks (the file is refused until none).
         */
        put: operations["prepareSuspicionCommunication"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/siscoaf.xml": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        /**
         * The Siscoaf XML of the communication (ISO-8859-1)
         * @description The LOTE (or LOTERETIFICACAO, LOTECANCELAMENTO) file for the Siscoaf web upload, prepared from the case first if it never was. Refused with the manual's problems (`409 communication_invalid`, with `issues`). Each new file is stored and its hash recorded (`X-Content-SHA256`); once sent, the file sent.
         */
        get: operations["getSuspicionSiscoafXml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/cases/{case_id}/communication/response": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record Siscoaf's validation answer (RESPOSTA)
         * @description The XML Siscoaf answered for the file (raw `application/xml` body or the part `file`, up to 10 MB): STATUS 1 validated, 2 rejected (its errors kept; the case shows as work until prepared and sent again). Matched by NumOcorrencia to the case's sent communication.
         */
        post: operations["recordSuspicionSiscoafResponse"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/siscoaf/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Match a Siscoaf receipt (LOTERECIBO answer) to the tenant's communications
         * @description Each NUMEROORIGEM is matched to the communication holding that NumOcorrencia (its NumeroCOAF and authentication recorded). A file matching none is `400 receipt_unmatched`; the items of a partly matched file that match nothing are kept as work (`siscoaf/work`).
         */
        post: operations["recordSiscoafReceipts"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/siscoaf/receipt_request": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * The LOTERECIBO request XML for a day's files
         * @description The file to ask Siscoaf for the receipts of what the reporting entity sent on `date` (ISO-8859-1).
         */
        get: operations["getSiscoafReceiptRequest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/operator/v1/tenants/{tenant_id}/siscoaf/work": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        /**
         * The tenant's Siscoaf work (rejected communications, unmatched receipt items)
         * @description Communications Siscoaf rejected (STATUS 2, with their errors) and receipt items no communication claimed.
         */
        get: operations["getSiscoafWork"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The tenant's regulatory cases, newest first
         * @description Scope `cases:read`. The key's tenant and environment; `overdue` is computed at read time from the clock of each status.
         */
        get: operations["listCasesPublic"];
        put?: never;
        /**
         * Report a suspicious situation (opens a regulatory case)
         * @description Scope `cases:write`. Opens a case `pending_selection` (Circular BCB 3.978 art. 43) with its clocks: `selection_due_at` 45 days after `occurred_at` (default the operation's date). Checks: `operation.value` in whole reais (an integer, no cents, not negative), each party's CPF/CNPJ check digits, `tp_env` in the tenant's TpEnv table, `reason_codes` Carta Circular 4.001 codes (`CC4001-<inciso>.<alínea>`) or `outra_situacao` with `other_reason`; each 400 names the field. Nothing about the case reaches the customer's views, webhooks or reports (art. 50). With `Idempotency-Key`, the same key and body within 24 hours replays the `201`.
         */
        post: operations["createSuspicionCase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cases/{case_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        /**
         * One regulatory case with its status, clocks, decision and communication status
         * @description Scope `cases:read`. Another tenant's (or environment's) case is `404 case_not_found`.
         */
        get: operations["getCasePublic"];
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
         *     PUT). After a rotation the previous secret signs beside the new one for 24 hours:
         *     `webhook-signature` then holds both, space-separated (`v1,<new> v1,<previous>`), and
         *     `X-Svc-Signature` the new one's only. The service enforces no timestamp tolerance: the receiver should compare
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
         *     PUT). After a rotation the previous secret signs beside the new one for 24 hours:
         *     `webhook-signature` then holds both, space-separated (`v1,<new> v1,<previous>`), and
         *     `X-Svc-Signature` the new one's only. The service enforces no timestamp tolerance: the receiver should compare
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
         *     PUT). After a rotation the previous secret signs beside the new one for 24 hours:
         *     `webhook-signature` then holds both, space-separated (`v1,<new> v1,<previous>`), and
         *     `X-Svc-Signature` the new one's only. The service enforces no timestamp tolerance: the receiver should compare
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
         *     PUT). After a rotation the previous secret signs beside the new one for 24 hours:
         *     `webhook-signature` then holds both, space-separated (`v1,<new> v1,<previous>`), and
         *     `X-Svc-Signature` the new one's only. The service enforces no timestamp tolerance: the receiver should compare
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
    "customer.sanctions_freeze": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A customer's assets must be frozen, stay frozen, or be unfrozen (opt-in)
         * @description Lei 13.810/2019 makes UN Security Council sanctions binding on the UN's publication and
         *     requires the freeze "sem demora e sem prévio aviso aos sancionados". The service holds no
         *     accounts: it tells the tenant's systems at once. Delivered only when the environment's
         *     endpoint subscribes to it (the customer's own `webhook_url` overrides the endpoint's URL),
         *     signed and retried exactly like `customer.monitoring_alert`, which is still sent beside it.
         *
         *     `status` `required`: a monitoring hit on a freeze list (`un_sc` always, and the lists in
         *     the tenant's `sanctions_freeze_lists`) on a customer `em_monitoramento` or `aprovado`,
         *     sent as soon as the alert is raised; `confirmed`: an analyst resolved the alert
         *     `true_positive`; `lifted`: an analyst resolved it `false_positive`, or a later version of
         *     the list no longer has the entry (even after a confirmation). Carries ids, the legal
         *     basis and the times only: never a list entry's personal data.
         */
        post: operations["customerSanctionsFreezeWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        /** @enum {string} */
        SuspicionCaseStatus: "pending_selection" | "dismissed" | "in_analysis" | "awaiting_approval" | "decided" | "closed";
        /** @enum {string} */
        SuspicionCommunicationStatus: "pending" | "xml_generated" | "sent" | "validated" | "rejected" | "receipt_matched" | "cancelled";
        SuspicionOrigin: {
            /** @enum {string} */
            kind: "run" | "alert" | "report" | "analyst";
            ref: string | null;
        };
        /** @description A regulatory case (Circular BCB 3.978/2020) as the tenant reads it; no personal data. */
        SuspicionCase: {
            /** @constant */
            object: "case";
            /** Format: uuid */
            id: string;
            status: components["schemas"]["SuspicionCaseStatus"];
            origin: components["schemas"]["SuspicionOrigin"];
            customer_id: string | null;
            external_id: string | null;
            /** Format: date-time */
            occurred_at: string;
            selected_at: string | null;
            reason_codes: string[];
            clocks: {
                /** @description The operation + 45 days (art. 43 §1). */
                selection_due_at: string;
                /** @description The selection + 45 days. */
                analysis_due_at: string | null;
                /** @description `comunicar`: the end of the next business day after the decision (art. 48 §2). */
                communication_due_at: string | null;
            };
            /** @description The clock of the current status passed (computed at read time). */
            overdue: boolean;
            decision: {
                /** @enum {string} */
                decision: "comunicar" | "nao_comunicar";
                decided_at: string;
            } | null;
            communication: {
                status: components["schemas"]["SuspicionCommunicationStatus"];
                num_ocorrencia: string | null;
            } | null;
            /** Format: date-time */
            created_at: string;
        };
        SuspicionCaseList: {
            data: components["schemas"]["SuspicionCase"][];
            has_more: boolean;
            next_cursor: string | null;
            livemode: boolean;
        };
        SuspicionParty: {
            /** @description CPF or CNPJ (check digits verified); null when unknown. */
            document?: string | null;
            /** @enum {string} */
            person_type: "PF" | "PJ";
            name: string;
            /** @description The involvement type, a code of the tenant's TpEnv table. */
            tp_env?: string | null;
            pep?: boolean;
            public_servant?: number;
            obliged_person?: boolean;
            branch?: string | null;
            account?: string | null;
            /** @description AAAA-MM-DD. */
            account_opened_on?: string | null;
        };
        SuspicionOperation: {
            type: string;
            /** @description Whole reais, no cents. */
            value: number;
            /** Format: date */
            date: string;
            channel: string | null;
            parties: components["schemas"]["SuspicionParty"][];
        };
        SuspicionCaseCreateRequest: {
            operation: components["schemas"]["SuspicionOperation"];
            /** Format: date-time */
            occurred_at?: string;
            /** Format: uuid */
            customer_id?: string | null;
            external_id?: string | null;
            /** @description `CC4001-<inciso>.<alínea>` codes of Carta Circular BCB 4.001/2020, or `outra_situacao`. */
            reason_codes: string[];
            other_reason?: string | null;
            description?: string | null;
        };
        OpOpenSuspicionCaseRequest: {
            /** @enum {string} */
            origin: "alert" | "run" | "analyst";
            /**
             * Format: uuid
             * @description The alert's or the run's id.
             */
            ref?: string | null;
            operation?: components["schemas"]["SuspicionOperation"];
            occurred_at?: string;
            /** Format: uuid */
            customer_id?: string | null;
            reason_codes: string[];
            other_reason?: string | null;
            description?: string | null;
            analyst?: string;
            /** @enum {string} */
            environment?: "live" | "sandbox";
        };
        OpSuspicionSelectRequest: {
            note?: string;
            analyst?: string;
        };
        OpSuspicionDismissRequest: {
            reason: string;
            analyst?: string;
        };
        OpSuspicionNoteRequest: {
            text: string;
            analyst?: string;
        };
        OpSuspicionDecisionRequest: {
            /** @enum {string} */
            decision: "comunicar" | "nao_comunicar";
            rationale: string;
            reason_codes: string[];
            other_reason?: string | null;
            analyst?: string;
        };
        OpSuspicionCommunicationRequest: {
            reporting_cnpj?: string;
            det?: string;
            cod_enq?: string[];
            vl_cred?: string;
            vl_deb?: string;
            vl_prov?: string;
            vl_prop?: string;
            analyst?: string;
        };
        OpSuspicionSentRequest: {
            sent_at?: string;
            communication_id?: string;
            analyst?: string;
        };
        OpSuspicionRectificationRequest: {
            justification?: string;
            det?: string;
            cod_enq?: string[];
            vl_cred?: string;
            vl_deb?: string;
            vl_prov?: string;
            vl_prop?: string;
            analyst?: string;
        };
        OpSuspicionCancellationRequest: {
            reason: string;
            justification?: string;
            analyst?: string;
        };
        OpSiscoafUpload: {
            file: string;
        };
        /** @description A regulatory case as the operator's queue reads it (no personal data). */
        OpSuspicionCaseItem: {
            /** @constant */
            object: "suspicion_case";
            case_id: string;
            tenant_id: string;
            status: components["schemas"]["SuspicionCaseStatus"];
            origin: components["schemas"]["SuspicionOrigin"];
            reason_codes: string[];
            clocks: Record<string, never>;
            /** @description The clock of the current status. */
            due_at: string | null;
            overdue: boolean;
            communication: Record<string, never> | null;
            created_at: string;
        };
        OpSuspicionCaseList: {
            data: components["schemas"]["OpSuspicionCaseItem"][];
        };
        /** @description The case with its opening's operation and texts (`"[erased]"` once erased), its communications with their Siscoaf content, and its history. */
        OpSuspicionCaseDetail: components["schemas"]["OpSuspicionCaseItem"] & {
            communications: Record<string, never>[];
            history: {
                type: string;
            }[];
        };
        OpSuspicionCommunicationPrepared: components["schemas"]["OpSuspicionCaseDetail"] & {
            /** @description The manual's rules the occurrence breaks (ERR code, field, pt-BR message). */
            issues: {
                code: number;
                field: string;
                message: string;
            }[];
        };
        OpSiscoafReceiptOutcome: {
            matched: Record<string, never>[];
            unmatched: Record<string, never>[];
        };
        OpSiscoafWork: {
            data: {
                /** @enum {string} */
                kind: "rejected" | "unmatched_receipt";
            }[];
        };
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
        /** @enum {string} */
        OpScope: "runs:write" | "runs:read" | "detail:read" | "customers:write" | "customers:read" | "biometria:write" | "screening:read" | "cases:write" | "cases:read";
        /** @enum {string} */
        OpEnvironment: "live" | "sandbox";
        /** @enum {string} */
        OpSubjectType: "pf" | "pj";
        /** @enum {string} */
        OpCustomerStatus: "em_analise" | "aprovado" | "pendencia" | "recusado" | "rascunho" | "inactive" | "em_monitoramento";
        /** @description The customer status a completed run's risk band sets; null for none. */
        OpAutoDecisionPolicy: {
            baixo?: components["schemas"]["OpCustomerStatus"];
            medio?: components["schemas"]["OpCustomerStatus"];
            alto?: components["schemas"]["OpCustomerStatus"];
        } | null;
        /** @description Days after a monitored customer's last run before it runs again, per risk band; null for none. */
        OpPeriodicReview: {
            baixo?: number;
            medio?: number;
            alto?: number;
        } | null;
        OpTenantSettings: {
            /** @description false: every public request of the tenant answers 403 channel_disabled. */
            api_channel_enabled: boolean;
            /** @description The platform's switch for the facial module. */
            facial_verification_master: boolean;
            /** @description The tenant's switch for the facial module (both must be on). */
            facial_verification_enabled: boolean;
            default_templates: {
                /** Format: uuid */
                pf: string | null;
                /** Format: uuid */
                pj: string | null;
            };
            auto_decision_policy: components["schemas"]["OpAutoDecisionPolicy"];
            custom_document_types: string[];
            billing_suspended: boolean;
            /** @description The tenant's per-key limit; null: the service default. */
            rate_limit_per_minute: number | null;
            periodic_review: components["schemas"]["OpPeriodicReview"];
            /** @description Dashboard reviews need two analysts for a rejection or any decision on an `alto` run (the second never the one who proposed). Reviews through the operator API are the platform's and are not held. */
            four_eyes: boolean;
            /** @description The official lists whose monitoring hits require a freeze of assets (Lei 13.810/2019): `un_sc` always, first, and every other list the tenant named. A hit on one of them, on a customer `em_monitoramento` or `aprovado`, marks the alert `freeze_required` and shows the customer's `sanctions_freeze`. */
            sanctions_freeze_lists: components["schemas"]["OpOfficialListId"][];
        };
        OpTenant: {
            /** Format: uuid */
            tenant_id: string;
            /** @constant */
            object: "tenant";
            name: string;
            /** @description Credits. */
            balance: number;
            settings: components["schemas"]["OpTenantSettings"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OpCreateTenantRequest: {
            name: string;
            /** @default false */
            facial_verification_master?: boolean;
        };
        OpInviteUserRequest: {
            /**
             * Format: email
             * @description The person's e-mail (compared lower-cased; one account per e-mail in a tenant).
             */
            email: string;
            role: components["schemas"]["OpDashboardRole"];
        };
        /** @enum {string} */
        OpDashboardRole: "admin" | "analyst" | "viewer" | "compliance_officer";
        OpUserInvited: {
            /** Format: uuid */
            user_id: string;
            /**
             * Format: uri
             * @description The one-time link (72 hours), on the configured public base URL (SVC_PUBLIC_BASE_URL), never the request's Host. Shown in this answer only.
             */
            invite_url: string;
        };
        OpDashboardUserList: {
            data: components["schemas"]["OpDashboardUser"][];
        };
        OpDashboardUser: {
            /** Format: uuid */
            user_id: string;
            email: string;
            /** @enum {string} */
            role: "admin" | "analyst" | "viewer";
            /** @enum {string} */
            status: "invited" | "active" | "deactivated";
            /**
             * Format: date-time
             * @description When the one-time link waiting to be used expires (null when none waits).
             */
            invite_expires_at: string | null;
            /**
             * Format: date-time
             * @description The end of a lockout after failed logins (null or past when not locked).
             */
            locked_until: string | null;
            /** Format: date-time */
            created_at: string;
        };
        OpPasswordReset: {
            /**
             * Format: uri
             * @description The one-time link (72 hours) on which the user sets a new password. Shown in this answer only.
             */
            invite_url: string;
        };
        OpTenantSettingsPatch: {
            api_channel_enabled?: boolean;
            facial_verification_master?: boolean;
            facial_verification_enabled?: boolean;
            default_templates?: {
                /** Format: uuid */
                pf?: string | null;
                /** Format: uuid */
                pj?: string | null;
            };
            auto_decision_policy?: components["schemas"]["OpAutoDecisionPolicy"];
            custom_document_types?: string[];
            billing_suspended?: boolean;
            rate_limit_per_minute?: number | null;
            periodic_review?: components["schemas"]["OpPeriodicReview"];
            /** @description Two analysts for dashboard rejections and decisions on `alto` runs. */
            four_eyes?: boolean;
            /** @description Official lists whose hits require a freeze besides the UN's. `un_sc` is always on and cannot be removed: it is kept whether the body names it or not. An unknown id answers 400 `invalid_list` (`param` `sanctions_freeze_lists`). */
            sanctions_freeze_lists?: components["schemas"]["OpOfficialListId"][];
        };
        OpCreditsRequest: {
            amount: number;
            reason: string;
        };
        OpCreditBalance: {
            /** Format: uuid */
            tenant_id: string;
            balance: number;
        };
        OpCreateApiKeyRequest: {
            name: string;
            environment: components["schemas"]["OpEnvironment"];
            scopes: components["schemas"]["OpScope"][];
            subject_type?: components["schemas"]["OpSubjectType"] | null;
            rate_limit_per_minute?: number | null;
        };
        OpApiKey: {
            /** Format: uuid */
            key_id: string;
            /** @constant */
            object: "api_key";
            /** Format: uuid */
            tenant_id: string;
            name: string;
            environment: components["schemas"]["OpEnvironment"];
            scopes: components["schemas"]["OpScope"][];
            subject_type: components["schemas"]["OpSubjectType"] | null;
            rate_limit_per_minute: number | null;
            /** @description The first 8 and last 4 characters of the key, e.g. `sk_test_…5Wjk`. */
            key_hint: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            revoked_at: string | null;
        };
        OpApiKeyCreated: {
            /** Format: uuid */
            key_id: string;
            /** @constant */
            object: "api_key";
            /** Format: uuid */
            tenant_id: string;
            name: string;
            environment: components["schemas"]["OpEnvironment"];
            scopes: components["schemas"]["OpScope"][];
            subject_type: components["schemas"]["OpSubjectType"] | null;
            rate_limit_per_minute: number | null;
            key_hint: string;
            /** Format: date-time */
            created_at: string;
            revoked_at: null;
            /** @description The key itself, shown only here. */
            api_key: string;
        };
        OpApiKeyList: {
            data: components["schemas"]["OpApiKey"][];
        };
        OpHoliday: {
            /**
             * Format: date
             * @description A day in Brasília, YYYY-MM-DD.
             */
            date: string;
            name: string;
            /**
             * @description `nacional` by law; `bancario` a day without banking business (Carnaval, Corpus Christi); `institucional` the tenant's own.
             * @enum {string}
             */
            kind: "nacional" | "bancario" | "institucional";
        };
        OpReportingEntity: {
            /** @description The CNPJ that communicates (`CPFCNPJCom`), answered unpunctuated; punctuation accepted on input. */
            cnpj: string;
            name: string;
            /** @description `AgNum`: the branch number, 1 to 4 digits. */
            ag_num: string;
            /** @description `AgNome`, may be empty. */
            ag_nome: string;
            /** @description `AgMun`: at most 50 characters (Siscoaf error 43). */
            ag_mun: string;
            /** @description `AgUF`: a Brazilian UF. */
            ag_uf: string;
            /** @description The entity used when a communication names none (at most one). */
            default: boolean;
        };
        OpCodeEntry: {
            /** @description The numeric code (`TpEnv` 1–2 digits, `CodEnq` 1–6). */
            code: string;
            label: string;
            /** @description The Siscoaf segment the code belongs to (e.g. `BCB`). */
            segment: string;
            /** @description Where the value comes from (e.g. `OCC 17/06/2020`, `tela do Siscoaf da instituição`). */
            known_from: string;
        };
        OpComplianceSettingsRequest: {
            holidays: components["schemas"]["OpHoliday"][];
            reporting_entities: components["schemas"]["OpReportingEntity"][];
            tp_env: components["schemas"]["OpCodeEntry"][];
            cod_enq: components["schemas"]["OpCodeEntry"][];
            /** @description Carta Circular 4.001 reason code (`CC4001-IV.e`) → a `code` of `cod_enq`. */
            cc4001_cod_enq: {
                [key: string]: string;
            };
            /** @description A decision to communicate needs a second person's approval. */
            cos_four_eyes: boolean;
            /** @description Why the settings change (required, kept in the history). */
            note: string;
            /** @description The version the change was made on; when given and no longer current, 409 `concurrent_update`. */
            base_version?: number | null;
        };
        OpComplianceSettingsVersionProperties: {
            /** @enum {string} */
            object: "compliance_settings" | "compliance_settings_version";
            /** Format: uuid */
            tenant_id: string;
            /** @description 0 is the seed; each change records the next. */
            version: number;
            holidays: components["schemas"]["OpHoliday"][];
            reporting_entities: components["schemas"]["OpReportingEntity"][];
            tp_env: components["schemas"]["OpCodeEntry"][];
            cod_enq: components["schemas"]["OpCodeEntry"][];
            cc4001_cod_enq: {
                [key: string]: string;
            };
            cos_four_eyes: boolean;
            /** @description `operator`, `user:<user_id>`, or `system` for the seed. */
            changed_by: string;
            /**
             * Format: date-time
             * @description null for the seed.
             */
            changed_at: string | null;
            note: string;
        };
        OpComplianceSettingsVersion: components["schemas"]["OpComplianceSettingsVersionProperties"];
        OpComplianceSettingsVersionSummary: {
            version: number;
            changed_by: string;
            /** Format: date-time */
            changed_at: string | null;
            note: string;
        };
        OpComplianceSettings: components["schemas"]["OpComplianceSettingsVersionProperties"] & {
            /** @description Every version, newest first; the seed (0) last. */
            versions: components["schemas"]["OpComplianceSettingsVersionSummary"][];
        };
        OpTemplateSource: {
            /** @description A source of the catalog (decisions.md section 3), e.g. `receita_cpf`, `sanctions`. */
            source_id: string;
            /**
             * @description 1 critical, 2 important, 3 informative.
             * @enum {integer}
             */
            tier: 1 | 2 | 3;
            /** @description Only for `tax_debts`: the check `tax_debts_found` is INVALID when the debts found in the PGFN dívida ativa add up to more than this many reais (each inscription counted once); absent or 0, any debt is a finding. */
            min_total?: number;
        };
        OpTemplateRule: {
            check_id: string;
            /** @enum {string} */
            on_invalid: "block" | "pend" | "review" | "info";
        };
        OpRiskThresholds: {
            medio: number;
            alto: number;
        };
        /** @enum {string} */
        OpSubjectParameter: "name" | "birth_date" | "mother_name" | "email" | "phone" | "trade_name";
        OpCreateTemplateRequest: {
            /**
             * Format: uuid
             * @description The owning tenant; or send `global: true`.
             */
            tenant_id?: string;
            /** @description `true`: a template offered to every tenant (no tenant_id). */
            global?: boolean;
            name: string;
            subject_type: components["schemas"]["OpSubjectType"];
            /** @default [] */
            parameters?: components["schemas"]["OpSubjectParameter"][];
            sources: components["schemas"]["OpTemplateSource"][];
            /** @default [] */
            rules?: components["schemas"]["OpTemplateRule"][];
            risk_thresholds?: components["schemas"]["OpRiskThresholds"];
            /** @default true */
            published?: boolean;
            /** @default true */
            active?: boolean;
        };
        OpTemplatePatch: {
            name?: string;
            subject_type?: components["schemas"]["OpSubjectType"];
            parameters?: components["schemas"]["OpSubjectParameter"][];
            sources?: components["schemas"]["OpTemplateSource"][];
            rules?: components["schemas"]["OpTemplateRule"][];
            risk_thresholds?: components["schemas"]["OpRiskThresholds"];
            published?: boolean;
            active?: boolean;
        };
        OpTemplate: {
            /** Format: uuid */
            template_id: string;
            /** @constant */
            object: "template";
            /**
             * Format: uuid
             * @description null for a global template.
             */
            tenant_id: string | null;
            global: boolean;
            /** @description Grows with each revision of the contents. */
            version: number;
            name: string;
            subject_type: components["schemas"]["OpSubjectType"];
            parameters: components["schemas"]["OpSubjectParameter"][];
            sources: components["schemas"]["OpTemplateSource"][];
            rules: components["schemas"]["OpTemplateRule"][];
            risk_thresholds: components["schemas"]["OpRiskThresholds"];
            published: boolean;
            active: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        OpOnboardingProfileRequest: {
            slug: string;
            /** Format: uuid */
            template_id: string;
        };
        OpOnboardingProfile: {
            /** @constant */
            object: "onboarding_profile";
            /** Format: uuid */
            tenant_id: string;
            slug: string;
            /** Format: uuid */
            template_id: string;
        };
        OpRetrySourcesRequest: {
            /** @description Source ids among the run's failed ones; absent or empty for all of them. */
            sources?: string[];
        };
        OpReviewRunRequest: {
            /** @enum {string} */
            decision: "approved" | "rejected";
            note: string;
            /** @description The user_id or e-mail of the dashboard user deciding; required when the account has four-eyes. */
            analyst?: string;
        };
        OpDisposeRunHitRequest: {
            list_id: string;
            entry_id: string;
            /** @enum {string} */
            disposition: "true_match" | "false_positive";
            reason: string;
            /** @description Who judged the hit (recorded as `by`); defaults to the operator. */
            analyst?: string;
        };
        OpReport: {
            /** @constant */
            object: "report";
            /** Format: uuid */
            run_id: string;
            /** @enum {string} */
            mode: "resumido" | "completo";
            /** @description The PDF's SHA-256. */
            sha256: string;
            byte_size: number;
            page_count: number;
            /** Format: date-time */
            generated_at: string;
            /** @description The run's events the report was rendered from. */
            history: {
                /** @description `run-<run_id>` */
                stream: string;
                last_revision: number;
                event_count: number;
                /** @description The digest of those events' canonical JSON lines (as GET /operator/v1/audit/streams shows them). */
                sha256: string;
            };
        };
        OpCreateFxOperationRequest: {
            nature_code: string;
            /** @enum {string} */
            direction: "entrada" | "saida";
            /** @description ISO 4217. */
            currency: string;
            /** @description A positive decimal string with at most the currency's decimals. */
            amount: string;
            counterparty: {
                name: string;
                /** @description An assigned ISO 3166-1 alpha-2 code. */
                country: string;
            };
            /** Format: uuid */
            customer_id?: string | null;
            /** @default  */
            description?: string;
        };
        /** @description The eight fields of the laudo. */
        OpFxAnalysis: {
            operation_nature: string;
            taxation_irrf: string;
            taxation_iof: string;
            main_characteristics: string;
            required_documents: string[];
            cide: string;
            siscoserv: string;
            regulations: string[];
        };
        OpFxOperation: {
            /** Format: uuid */
            id: string;
            /** @constant */
            object: "fx_operation";
            /** Format: uuid */
            tenant_id: string;
            /** @enum {string} */
            status: "rascunho" | "registrada";
            nature_code: string;
            /** @enum {string} */
            direction: "entrada" | "saida";
            currency: string;
            amount: string;
            /** Format: uuid */
            customer_id: string | null;
            counterparty: {
                name: string;
                country: string;
            };
            description: string;
            /** @enum {string|null} */
            analysis_status: "requested" | "completed" | null;
            analysis: components["schemas"]["OpFxAnalysis"] | null;
            /** @description Whether the nature code is in the service's table; null before the analysis. */
            analysis_catalogued: boolean | null;
            analysis_warnings: string[];
            /** @description Per tenant. */
            laudo_number: string | null;
            /** @description `laudo-{nature_code}-{YYYYMMDD}-{laudo_number}.pdf` */
            laudo_file_name: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            submitted_at: string | null;
            /** Format: date-time */
            analysis_requested_at: string | null;
            /** Format: date-time */
            analysis_completed_at: string | null;
        };
        /** @enum {string} */
        OpOfficialListId: "ofac_sdn" | "un_sc" | "eu_fsf" | "uk_fcdo" | "br_ceis" | "br_cnep" | "br_cepim" | "br_ceaf" | "br_pep" | "br_trabalho_escravo" | "br_tcu_inabilitados" | "br_tcu_inidoneos" | "br_bcb_qgi" | "br_bcb_qgp" | "br_ibama_embargos";
        OpListStatus: {
            list_id: components["schemas"]["OpOfficialListId"];
            publisher: string;
            /**
             * Format: uuid
             * @description The active version; null before the first import.
             */
            version_id: string | null;
            /** @description The publication date the file states (e.g. `2026-11-20`), when it does. */
            published_at: string | null;
            /** Format: date-time */
            imported_at: string | null;
            /** Format: date-time */
            last_checked_at: string | null;
            /** @description The last failure (fetch or refusal) since the last success. */
            last_error: string | null;
            entries: number;
            /** @description No successful check (a 304, the same content or a new version) within max(3 poll periods, 15 minutes). */
            stale: boolean;
            /** @description How often the list is polled (the period its last poll ran under, else the default; `SVC_LISTS_POLL_SECONDS`, `SVC_LIST_<LIST_ID>_POLL_SECONDS`). */
            poll_seconds: number;
            /**
             * Format: date-time
             * @description When the poller looks at the list again (jittered; later after failures, which back off up to 8 periods); null before the first poll.
             */
            next_check_at: string | null;
            /** @description Failed polls in a row since the last success (0 after a 304, the same content or a new version). */
            consecutive_failures: number;
        };
        OpListStatusList: {
            data: components["schemas"]["OpListStatus"][];
        };
        OpListUpload: {
            file: string[];
        };
        OpListDelta: {
            added: number;
            removed: number;
            changed: number;
        };
        /** @description A list's version; on a 200 (same content) the active version, whose `version_id` and `delta` are null when it has none. */
        OpListVersion: {
            list_id: string;
            /** Format: uuid */
            version_id: string | null;
            /** @description The digest of the version's files (names and contents). */
            sha256: string;
            entries: number;
            /** @description Entries added, removed and changed against the version active before. */
            delta: components["schemas"]["OpListDelta"] | null;
        };
        OpListLatency: {
            /** @constant */
            object: "list";
            list_id: string;
            data: components["schemas"]["OpListVersionLatency"][];
            /** @description Over the versions of this page. */
            summary: {
                versions: number;
                /** @description Publication by the list's publisher to the first webhook delivered, over the versions that have both; null when none has. */
                publication_to_first_delivery_seconds: {
                    count: number;
                    p50: components["schemas"]["OpNullableSeconds"];
                    p99: components["schemas"]["OpNullableSeconds"];
                    max: components["schemas"]["OpNullableSeconds"];
                };
            };
            has_more: boolean;
            /** @description Send as `cursor` for the next page; null on the last. */
            next_cursor: string | null;
        };
        /** @description Seconds (to the millisecond); null where a time is unknown. */
        OpNullableSeconds: number | null;
        /** Format: date-time */
        OpNullableDateTime: string | null;
        OpListVersionLatency: {
            /** @constant */
            object: "list_version_latency";
            list_id: string;
            /** Format: uuid */
            version_id: string;
            /** @description Times this content was imported; the times below are the latest import's. */
            imports: number;
            /** @description When the publisher dated the version, a date-time or a date as it states it (a CGU file names only its day; the server's Last-Modified where the file dates nothing); null where nothing dates it. */
            published_at: string | null;
            /** @description When the service downloaded it; null for an upload. */
            fetched_at: components["schemas"]["OpNullableDateTime"];
            /** Format: date-time */
            imported_at: string;
            /** @description When its delta was indexed, as its first alert records it; null without alerts. */
            indexed_at: components["schemas"]["OpNullableDateTime"];
            sweep_started_at: components["schemas"]["OpNullableDateTime"];
            sweep_completed_at: components["schemas"]["OpNullableDateTime"];
            customers_screened: number;
            alerts_raised: number;
            /** @description Of the alerts raised, those that require a freeze (`freeze_required`). */
            freeze_alerts: number;
            first_alert_at: components["schemas"]["OpNullableDateTime"];
            /** @description The webhook deliveries of the alerts raised that reached the tenants (2xx). */
            deliveries: {
                count: number;
                first_delivered_at: components["schemas"]["OpNullableDateTime"];
                last_delivered_at: components["schemas"]["OpNullableDateTime"];
            };
            latency_seconds: {
                publication_to_fetch: components["schemas"]["OpNullableSeconds"];
                fetch_to_import: components["schemas"]["OpNullableSeconds"];
                import_to_sweep_completed: components["schemas"]["OpNullableSeconds"];
                publication_to_first_alert: components["schemas"]["OpNullableSeconds"];
                publication_to_first_delivery: components["schemas"]["OpNullableSeconds"];
            };
        };
        /**
         * @description The version's timeline when the alert was raised (issue 29): when the publisher dated the
         *     version (null where the file dates nothing), downloaded (null for an upload), imported and
         *     indexed it.
         */
        OpAlertEvidence: {
            /** @description As the publisher states it, a date-time or a date (a CGU file names only its day); null where nothing dates the version. */
            list_published_at: string | null;
            fetched_at: components["schemas"]["OpNullableDateTime"];
            /** Format: date-time */
            imported_at: string;
            indexed_at: components["schemas"]["OpNullableDateTime"];
        };
        /** @description A webhook about the alert that reached the tenant's endpoint (2xx). */
        OpAlertDelivery: {
            /** @description `customer.monitoring_alert` or `customer.sanctions_freeze`. */
            event: string;
            /** Format: uuid */
            delivery_id: string;
            /** Format: date-time */
            delivered_at: string;
        };
        OpListRefresh: {
            list_id: components["schemas"]["OpOfficialListId"];
            /** @constant */
            status: "scheduled";
        };
        OpCreateTenantListRequest: {
            name: string;
        };
        OpTenantList: {
            list_id: string;
            /** Format: uuid */
            tenant_id: string;
            name: string;
            /** @constant */
            publisher: "tenant";
            /** Format: date-time */
            created_at: string;
            /** Format: uuid */
            version_id: string | null;
            published_at: string | null;
            /** Format: date-time */
            imported_at: string | null;
            /** Format: date-time */
            last_checked_at: string | null;
            last_error: string | null;
            entries: number;
            /** @constant */
            stale: false;
        };
        OpTenantListList: {
            data: components["schemas"]["OpTenantList"][];
        };
        /** @description The fields every alert view has (no personal data but the list's published name). */
        OpAlertProperties: {
            /** @constant */
            object: "monitoring_alert";
            /** Format: uuid */
            alert_id: string;
            /** Format: uuid */
            tenant_id: string;
            environment: components["schemas"]["OpEnvironment"];
            /** Format: uuid */
            customer_id: string;
            list_id: string;
            entry_id: string;
            /**
             * Format: uuid
             * @description The list version that raised it.
             */
            version_id: string;
            content_hash: string;
            /** @description The entry's published name that matched. */
            matched_name: string;
            score: number;
            /**
             * @description What screened it: a new list version's delta, or the customer entering monitoring.
             * @enum {string}
             */
            trigger: "list_version" | "customer";
            /** @description A hit on a freeze list (`un_sc` always, and the lists in the tenant's `sanctions_freeze_lists`) on a customer `em_monitoramento` or `aprovado`: the tenant must freeze the customer's assets at once (Lei 13.810/2019). Confirmed by a `true_positive` resolution, lifted by a `false_positive` one or by the list's withdrawal of the entry. */
            freeze_required: boolean;
            /** @description The legal basis of the freeze, in pt-BR; null when the alert requires none. */
            legal_basis: string | null;
            /** @enum {string} */
            status: "open" | "delisted" | "resolved";
            /** @enum {string|null} */
            resolution: "true_positive" | "false_positive" | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The version's timeline when the alert was raised; null on alerts raised before it was recorded (issue 29). */
            evidence?: components["schemas"]["OpAlertEvidence"] | null;
            /** @description The webhooks about the alert that reached the tenant, in the order recorded. */
            deliveries?: components["schemas"]["OpAlertDelivery"][];
            /** Format: date-time */
            delisted_at: string | null;
            /** Format: date-time */
            resolved_at: string | null;
            livemode: boolean;
        };
        OpAlert: components["schemas"]["OpAlertProperties"];
        OpAlertExplanationItem: {
            /** @description `name`, a document type, `birth_date`, `country` or `schema`. */
            feature: string;
            score: number;
            query: string | null;
            candidate: string | null;
            detail: string;
            /**
             * @description What this line weighs in the score: 1 for `name`; for `birth_date`, `country` and
             *     `schema` the bound of its adjustment; for documents what they can add or remove.
             *     Absent in alerts raised before the field existed.
             */
            weight?: number;
            /**
             * @description What this line adds to the score (negative when it removes): the score is the sum of
             *     the lines' contributions. For `name` the name's score. Absent in alerts raised before
             *     the field existed.
             */
            contribution?: number;
            /**
             * @description `name` only: the alignment of the query's words with the candidate's, one row per pair
             *     or unpaired word. The name's raw score is Σ `contribution` / Σ `weight` over the rows,
             *     then multiplied by every `factors[].value`.
             */
            tokens?: components["schemas"]["MatchTokenExplanation"][];
            /** @description `name` only: the factors the raw name score is multiplied by (e.g. a weak alias). */
            factors?: components["schemas"]["MatchNameFactor"][];
        };
        OpAlertDetail: components["schemas"]["OpAlertProperties"] & {
            /** @description The matcher's explanation of the score; `"[erased]"` after the customer's erasure; null if the raising event is not found. */
            explanation: components["schemas"]["OpAlertExplanationItem"][] | "[erased]" | null;
        };
        /** @enum {string} */
        OpCaseStatus: "open" | "in_progress" | "escalated" | "closed";
        /** @enum {string} */
        OpCasePriority: "alta" | "media" | "baixa";
        OpCaseItem: {
            /** @enum {string} */
            kind: "run" | "alert" | "document";
            item_id: string;
            /** @description Reason codes: the run's status (`run_pending_review`, `run_blocked`, `run_partial`, `run_review`) and invalid checks (`sanctions_hit`, `is_pep`...), an alert's list kind, `document_pending`. */
            reasons: string[];
            /** @enum {string|null} */
            risk_band: "baixo" | "medio" | "alto" | null;
            score: number | null;
            /** @enum {string} */
            environment: "live" | "sandbox";
            /** Format: date-time */
            added_at: string;
            open: boolean;
        };
        OpCaseProperties: {
            /** @enum {string} */
            object: "case";
            /**
             * Format: uuid
             * @description The customer's id (one case per customer).
             */
            case_id: string;
            /** Format: uuid */
            tenant_id: string;
            /** Format: uuid */
            customer_id: string;
            status: components["schemas"]["OpCaseStatus"];
            /** @description Not closed. */
            active: boolean;
            /** @description The dashboard user working the case; null when it is in the pool. */
            assignee: string | null;
            priority: components["schemas"]["OpCasePriority"];
            items: components["schemas"]["OpCaseItem"][];
            reasons: string[];
            /** Format: date-time */
            opened_at: string;
            /**
             * Format: date-time
             * @description Since when the case waits (opened, or last reopened).
             */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** Format: date-time */
            escalated_at: string | null;
            /** Format: date-time */
            closed_at: string | null;
        };
        OpCase: components["schemas"]["OpCaseProperties"];
        OpCaseList: {
            data: components["schemas"]["OpCase"][];
            has_more: boolean;
            /** @description Send as `cursor` for the next page; null on the last. */
            next_cursor: string | null;
        };
        OpCaseBulk: {
            data: components["schemas"]["OpCase"][];
        };
        OpCaseHistoryEntry: {
            /** Format: date-time */
            at: string;
            /** @enum {string} */
            kind: "opened" | "reopened" | "item_added" | "item_resolved" | "assigned" | "comment" | "escalation" | "closing" | "run_review_proposal" | "run_review" | "alert_resolution" | "document_review" | "freeze_recorded" | "freeze_measures" | "freeze_draft" | "freeze_sent";
            /** @description `user:<id>`, a dashboard user's id, `operator` or `system`. */
            by: string | null;
            note: string | null;
            item: null | {
                /** @enum {string} */
                kind: "run" | "alert" | "document";
                item_id: string;
            };
            /** @description The decision, resolution, status, assignee or reason codes the entry records. */
            detail: string | null;
        };
        OpCaseDetail: components["schemas"]["OpCaseProperties"] & {
            history: components["schemas"]["OpCaseHistoryEntry"][];
            comments: components["schemas"]["OpCaseHistoryEntry"][];
            /** @description Runs whose four-eyes proposal awaits a second analyst, with the proposer's user id. */
            awaiting_confirmation: {
                run_id: string;
                proposed_by: string;
            }[];
        };
        OpCaseCommentRequest: {
            text: string;
            /** Format: uuid */
            analyst?: string;
        };
        OpAssignCaseRequest: {
            /** Format: uuid */
            assignee: string | null;
        };
        OpAssignCasesRequest: {
            case_ids: string[];
            /** Format: uuid */
            assignee: string | null;
        };
        OpCaseNoteRequest: {
            note: string;
        };
        /** @enum {string} */
        FreezeAssetKind: "conta" | "investimento" | "cambio" | "credito" | "bem" | "outro";
        FreezeMeasuresRequest: {
            /** @description When the freeze took effect (ISO 8601 with zone). */
            frozen_at: string;
            assets: {
                kind: components["schemas"]["FreezeAssetKind"];
                description: string;
                amount?: number | null;
            }[];
            attempts_blocked?: {
                at: string;
                description: string;
                amount?: number | null;
            }[];
            /** @description Why the freeze was not done "sem demora" (Decreto 9.825/2019, art. 6); required when late. */
            justification?: string | null;
        };
        FreezeMeasures: {
            /** @enum {string} */
            object: "sanctions_freeze_measures";
            measures_id: string | null;
            /** Format: uuid */
            customer_id: string;
            frozen_at: string;
            assets: Record<string, never>[];
            attempts_blocked: Record<string, never>[];
            justification: string | null;
            /** @description The freeze was not done "sem demora" (more than 24 hours after the alert). */
            late: boolean;
            /** Format: date-time */
            recorded_at: string;
            livemode: boolean;
        };
        OpEvidenceUpload: {
            /** Format: binary */
            file: string;
            author: string;
        };
        OpCaseEvidence: {
            /** @enum {string} */
            object: "case_evidence";
            /** Format: uuid */
            case_id: string;
            /** Format: uuid */
            evidence_id: string;
            file_name: string;
            content_type: string;
            sha256: string;
            byte_size: number;
            by: string;
            /** Format: date-time */
            attached_at: string;
            url: string;
        };
        OpKycSnapshotRequest: {
            by?: string;
        };
        OpKycSnapshot: {
            /** @enum {string} */
            object: "kyc_snapshot";
            /** Format: uuid */
            case_id: string;
            /** Format: uuid */
            snapshot_id: string;
            sha256: string;
            byte_size: number;
            /** Format: date-time */
            taken_at: string;
            /** @description The snapshot (schema `kyc-snapshot/1`): `basis` (`customer` or `parties_as_reported`), `identification`, `qualification`, `status`, `status_history`, `risk` (band, decision, history), `pep` (verdict, details, list hits, dispositions), `beneficial_owners` (a company's QSA), `alerts`, `parties`. */
            content: {
                schema: string;
                case_id: string;
                taken_at: string;
                /** @enum {string} */
                basis: "customer" | "parties_as_reported";
            };
        };
        OpSuspicionDossier: {
            /** @enum {string} */
            object: "suspicion_dossier";
            schema: string;
            case: Record<string, never>;
            dates: Record<string, never>;
            clocks: {
                /** @enum {string} */
                clock: "selection" | "analysis" | "communication";
                due_at: string | null;
                done_at: string | null;
                met: boolean | null;
            }[];
            reason_codes: Record<string, never>[];
            analysts: string[];
            notes: Record<string, never>[];
            evidence: Record<string, never>[];
            kyc_snapshots: Record<string, never>[];
            decision: Record<string, never> | null;
            communications: Record<string, never>[];
            audit_trail: {
                revision: number;
                type: string;
                by: string;
                at: string;
            }[];
            files: {
                /** @enum {string} */
                kind: "evidence" | "kyc_snapshot" | "siscoaf_lote" | "siscoaf_response" | "siscoaf_receipt";
                id: string;
                sha256: string;
                byte_size: number | null;
            }[];
            through_revision: number;
            content_sha256: string;
        };
        OpFreezeSentRequest: {
            sent_at: string;
            protocol: string;
        };
        OpFreezeCommunications: {
            /** @enum {string} */
            object: "freeze_communications";
            /** Format: uuid */
            case_id: string;
            /** @description The confirmed freeze the case records (alert, list, entry, basis, when raised and confirmed, by whom). */
            freeze: Record<string, never> | null;
            measures: Record<string, never>[];
            data: {
                /** @enum {string} */
                object: "freeze_communication";
                draft_id: string;
                /** @enum {string} */
                addressee: "bcb" | "mjsp" | "coaf";
                version: number;
                alert_id?: string;
                measures_id?: string | null;
                late?: boolean;
                json: Record<string, never>;
                pdf: Record<string, never>;
                /** Format: date-time */
                drafted_at: string;
                sent: Record<string, never> | null;
            }[];
        };
        OpAlertList: {
            data: components["schemas"]["OpAlert"][];
            has_more: boolean;
            /** @description Send as `cursor` for the next page; null on the last. */
            next_cursor: string | null;
        };
        OpResolveAlertRequest: {
            /** @enum {string} */
            resolution: "true_positive" | "false_positive";
            note: string;
        };
        OpCustomerStatusRequest: {
            status: components["schemas"]["OpCustomerStatus"];
        };
        OpReviewDocumentRequest: {
            /** @enum {string} */
            status: "aprovado" | "rejeitado";
            reason?: string;
        };
        OpDocumentReview: {
            /** Format: uuid */
            document_id: string;
            /** @constant */
            object: "document";
            /** Format: uuid */
            customer_id: string;
            /** @enum {string} */
            status: "aprovado" | "rejeitado";
            reason: string | null;
        };
        OpCnoReceipt: {
            case_id: string;
            /** @description The occurrence's NumOcorrencia. */
            num_ocorrencia: string;
            /** @description NUMEROCOAF of the Siscoaf receipt, once matched. */
            numero_coaf: string | null;
            /** Format: date-time */
            sent_at: string;
            /** Format: date-time */
            receipt_matched_at: string | null;
        };
        OpCnoTask: {
            /** @constant */
            object: "annual_negative_communication";
            /** Format: uuid */
            tenant_id: string;
            /** @description The reporting entity's CNPJ (14 digits). */
            cnpj: string;
            entity_name: string;
            year: number;
            /** @enum {string} */
            status: "pending" | "sent" | "not_required";
            /**
             * Format: date-time
             * @description End (23:59:59.999 Brasília) of the 10th business day of January after the year; null when not required.
             */
            due_at: string | null;
            /** @description Pending past due_at. */
            overdue: boolean;
            /** @description When not required, the year's communications as proof. */
            receipts: components["schemas"]["OpCnoReceipt"][];
            protocol: string | null;
            /** Format: date-time */
            sent_at: string | null;
            sent_by: string | null;
            note: string | null;
            /** Format: date-time */
            recorded_at: string | null;
            /** Format: date-time */
            opened_at: string;
        };
        OpCnoTaskList: {
            /** @constant */
            object: "list";
            data: components["schemas"]["OpCnoTask"][];
        };
        OpCnoSentRequest: {
            /** @description The protocol Siscoaf's web interface gave for the declaration. */
            protocol: string;
            /**
             * Format: date-time
             * @description When it was sent, ISO 8601 with zone; not in the future.
             */
            sent_at: string;
            /** @description Who sent it. */
            by: string;
            note?: string | null;
        };
        OpErasureRequest: {
            /** Format: uuid */
            tenant_id: string;
            /** @description A CPF or CNPJ; punctuation is ignored. */
            doc: string;
            /** @description The legal basis to erase at once; blank or absent: scheduled for the end of retention. */
            legal_basis?: string;
        };
        OpErasure: {
            /** @constant */
            object: "erasure_request";
            /** Format: uuid */
            erasure_id: string;
            /** @enum {string} */
            status: "scheduled" | "held" | "erased";
            /** Format: date-time */
            due_at: string;
            /**
             * Format: date-time
             * @description Only when held, the end of the legal hold (the same as due_at).
             */
            held_until?: string;
            /** @description Only when held. */
            legal_hold?: {
                /** @constant */
                basis: "Circular BCB 3.978/2020, art. 67";
                /** @enum {string} */
                record_class: "customer_kyc" | "operation";
            };
            /** @description Only when held, the answer to the data subject in pt-BR. */
            message?: string;
        };
        /** @enum {string} */
        OpWebhookEventType: "run.completed" | "run.failed" | "biometric_check.completed" | "customer.monitoring_alert" | "customer.sanctions_freeze";
        OpWebhookEndpointRequest: {
            /** Format: uri */
            url: string;
            events: components["schemas"]["OpWebhookEventType"][];
        };
        OpWebhookSecret: {
            /** @description The signing secret, shown only here. */
            secret: string;
        };
        OpWebhookAttempt: {
            /** Format: date-time */
            attempted_at: string;
            /** @description null when no HTTP answer came. */
            http_status: number | null;
            latency_ms: number;
            error: string | null;
        };
        OpWebhookDelivery: {
            /** Format: uuid */
            delivery_id: string;
            event_id: string;
            event: components["schemas"]["OpWebhookEventType"];
            environment: components["schemas"]["OpEnvironment"];
            url: string;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: components["schemas"]["OpWebhookAttempt"][];
            /** Format: date-time */
            next_attempt_at: string | null;
            /** @description Why nothing was sent, when the delivery was abandoned. */
            failure_reason: string | null;
            /** Format: date-time */
            created_at: string;
        };
        OpWebhookDeliveryList: {
            data: components["schemas"]["OpWebhookDelivery"][];
        };
        OpRedelivery: {
            /** Format: uuid */
            delivery_id: string;
            /** @constant */
            status: "pending";
        };
        OpEventMetadata: {
            /** Format: uuid */
            tenant_id: string | null;
            /** @description `api_key:<key_id>`, `operator`, `system` or `user:<user_id>` (a dashboard user). */
            actor: string;
            request_id: string | null;
            /** Format: date-time */
            occurred_at: string;
            correlation_id: string;
            causation_id: string | null;
        } & {
            [key: string]: unknown;
        };
        OpAuditedEvent: {
            /** @description The global commit position. */
            position: number;
            stream: string;
            revision: number;
            type: string;
            /** @description The event's data as stored (personal fields decrypted, or `"[erased]"`). */
            data: {
                [key: string]: unknown;
            };
            metadata: components["schemas"]["OpEventMetadata"];
            /** Format: date-time */
            recorded_at: string;
        };
        OpAuditPage: {
            data: components["schemas"]["OpAuditedEvent"][];
            /** @description The `from` of the next page (a position); null when this page was not full. */
            next_cursor: string | null;
        };
        OpQuarantinedEvents: {
            data: {
                processor: string;
                stream: string;
                revision: number;
                position: number;
                event_type: string;
                error_class: string;
                /** @description The error's text, personal data masked. */
                error: string;
                /** Format: date-time */
                quarantined_at: string;
            }[];
        };
        Health: {
            /** @enum {string} */
            status: "ok";
        };
        /** @enum {string} */
        ReadinessCheck: "ok" | "failing";
        Readiness: {
            /** @enum {string} */
            status: "ready" | "not_ready";
            checks: {
                event_store: components["schemas"]["ReadinessCheck"];
                read_store: components["schemas"]["ReadinessCheck"];
                processors: components["schemas"]["ReadinessCheck"];
            };
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
            /** @description CPF (11 digits) or CNPJ (14 characters, an alphanumeric one's letters in either case), formatted or not (only `.`, `/` and `-` are stripped). */
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
            review?: components["schemas"]["RunReview"];
            /**
             * @description The run's list-source hits, each with the analyst's disposition when one exists
             *     (`disposition`), and, when the customer's memory applied at screening time, `cleared`
             *     (a false positive: not a hit) or `confirmed` (a true match). Present on GET run once it
             *     ended, and on the disposition's answer.
             */
            list_hits?: components["schemas"]["RunListHit"][];
        };
        RunListHit: {
            source_id: string;
            list_id: string;
            entry_id: string;
            version_id?: string | null;
            /** @description The entry's name that matched. */
            name: string;
            score: number;
            /** @description At or above the threshold. */
            match: boolean;
            content_hash?: string;
            cleared?: components["schemas"]["HitVerdict"];
            confirmed?: components["schemas"]["HitVerdict"];
            disposition: null | {
                /** @enum {string} */
                disposition: "true_match" | "false_positive";
                reason: string;
                by: string;
                content_hash: string;
                disposed_at: components["schemas"]["Timestamp"];
            };
        };
        HitVerdict: {
            /** @enum {string} */
            disposition: "true_match" | "false_positive";
            reason: string;
            by: string;
            at: components["schemas"]["Timestamp"];
        };
        /**
         * @description The analyst's decision on the run: null while none was made or proposed;
         *     `awaiting_confirmation` when a four-eyes proposal waits for a second analyst; `decided`
         *     once decided, with the automatic outcome the decision replaced. Analysts are named by
         *     dashboard user_id (absent when the operator decided without naming one).
         */
        RunReview: null | {
            /** @constant */
            status: "awaiting_confirmation";
            decision: components["schemas"]["ReviewDecision"];
            note: string;
            proposed_by: string;
            proposed_at: components["schemas"]["Timestamp"];
        } | {
            /** @constant */
            status: "decided";
            decision: components["schemas"]["ReviewDecision"];
            note: string;
            decided_by?: string;
            decided_at: components["schemas"]["Timestamp"];
            proposed_by?: string;
            proposed_at?: components["schemas"]["Timestamp"];
            proposal_note?: string;
            /** @description The engine's outcome before the analyst decided (null for decisions recorded before it was kept). */
            automatic: null | {
                /** @enum {string} */
                status: "completed" | "blocked" | "pending_review" | "partial";
                /** @enum {string} */
                decision: "approved" | "rejected" | "review";
                /** @enum {string} */
                operative_decision: "approved" | "rejected" | "review" | "hold";
                risk_band: components["schemas"]["RiskBand"];
                manual_review: boolean;
            };
        };
        /** @enum {string} */
        ReviewDecision: "approved" | "rejected";
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
            /** @description What failed, in pt-BR; for `source_not_configured` it names the settings that serve the source (`SVC_SOURCE_<SOURCE_ID>_URL` or `SVC_SOURCE_PROVIDER_URL`) and the command that checks them (`npm run doctor`). */
            error_message?: string | null;
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
            /** @description CPF or CNPJ (alphanumeric allowed, letters in either case), formatted or not (only `.`, `/` and `-` are stripped); must agree with `type` and its check digits. */
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
            /** @description Masked: CPF `***dddddd**`, CNPJ `**dddddddd****` (an alphanumeric CNPJ's letters shown as they are). */
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
            /** @description A freeze of assets the tenant must apply (Lei 13.810/2019): a monitoring hit on a freeze list (`un_sc` always, and the tenant's `sanctions_freeze_lists`) awaiting an analyst (`required`) or confirmed by one (`confirmed`); null when none, after a `false_positive` resolution, or once the list withdrew the entry. A confirmed freeze wins over one awaiting an analyst. */
            sanctions_freeze: components["schemas"]["SanctionsFreeze"] | null;
            /** @description Qualification and its 30-day grace (Circular BCB 3.978 art. 23); null for a customer recorded before it was kept (until the read models are rebuilt). */
            qualification: components["schemas"]["CustomerQualification"] | null;
            /** @description `pf` only: null when the customer never had a round. */
            facial_verification?: components["schemas"]["CustomerFacialVerification"] | null;
            livemode: boolean;
        };
        PepRelationshipRequest: {
            /** @enum {string} */
            kind: "familiar" | "estreito_colaborador";
            /** @description As declared ("cônjuge", "filho", "sócio"...). */
            relation: string;
            pep_name: string;
            /** @description The PEP's CPF, unformatted, with valid check digits. */
            pep_cpf: string;
            pep_role?: string;
            pep_organ?: string;
        };
        PepRelationship: {
            /** Format: uuid */
            relationship_id: string;
            /** @enum {string} */
            object: "pep_relationship";
            /** @enum {string} */
            kind: "familiar" | "estreito_colaborador";
            relation: string;
            pep_name: string;
            pep_cpf: string;
            pep_role: string | null;
            pep_organ: string | null;
            /** @description The API key (`api_key:<id>`) or dashboard user that declared it. */
            declared_by: string;
            /** Format: date-time */
            declared_at: string;
        };
        /** @description The address and the customer type's own fields, with the rules of creation: `nationality`, `occupation`, `declared_income` for `pf`; `trade_name`, `annual_revenue`, `business_activity`, `employee_count` for `pj` (the other type's: `400 invalid_field_for_type`). At least one. */
        QualificationUpdateRequest: {
            address?: components["schemas"]["AddressInput"] | null;
            nationality?: string | null;
            occupation?: string | null;
            declared_income?: components["schemas"]["Amount"] | null;
            trade_name?: string | null;
            business_activity?: string | null;
            annual_revenue?: components["schemas"]["Amount"] | null;
            employee_count?: number | null;
        };
        /** @description Circular BCB 3.978 arts. 18 and 23: what qualification lacks (`address`, `declared_income` for `pf`, `annual_revenue` for `pj`) and its 30-day grace from registration. `overdue` is computed when read. */
        CustomerQualification: {
            /** @enum {string} */
            status: "completa" | "pendente";
            missing: ("address" | "declared_income" | "annual_revenue")[];
            /**
             * Format: date-time
             * @description Registration + 30 days.
             */
            due_at: string;
            /**
             * Format: date-time
             * @description When nothing was missing any more; null while something is.
             */
            completed_at: string | null;
            overdue: boolean;
        };
        SanctionsFreeze: {
            /** @enum {string} */
            status: "required" | "confirmed";
            /** @description When the alert was raised, the moment the service told the tenant. */
            since: components["schemas"]["Timestamp"];
            list_id: string;
            /** @description The list publisher's id of the entry (for the UN, its DATAID). */
            entry_id: string;
            /** Format: uuid */
            alert_id: string;
            /** @description The legal basis of the freeze, in pt-BR. */
            basis: string;
            /** @description When an analyst confirmed the hit; null while it is required. */
            confirmed_at: components["schemas"]["Timestamp"] | null;
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
             * @description Comma-separated (spaces trimmed, duplicates ignored). Default `face_match` when `ref_image` (or `cpf`) is sent, else `passive_liveness`.
             * @enum {string}
             */
            checks?: "face_match" | "passive_liveness" | "face_match,passive_liveness" | "passive_liveness,face_match";
            /** @description The person's CPF (11 digits, formatted or not). Live keys with Serpro's Datavalid on (`SVC_SERPRO_DATAVALID=on`): `face_match` compares `user_image` (JPG or PNG) with the photo of the person's CNH, without `ref_image`; similarity at least 0.85 is `Approved` (0.93 and above very high, 0.85 to 0.93 high), below 0.85 `Declined` (0.32 to 0.85 low, below 0.32 no match); `biometria_face` as Datavalid returned it is kept in `warnings`. A face Datavalid does not find (DV040) or another DV code is `Error` with the code in `message`, not charged. */
            cpf?: string;
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
        /** @description YYYY, YYYY-MM or YYYY-MM-DD, a real date (no month 13, no 30 February). */
        PartialDate: string | null;
        /** @description An assigned ISO 3166-1 alpha-2 code, upper case (user-assigned codes such as ZZ are refused). */
        CountryCode: string | null;
        ScreeningSearchRequest: {
            schema: components["schemas"]["ScreeningSchema"];
            name: string;
            birth_date?: components["schemas"]["PartialDate"];
            country?: components["schemas"]["CountryCode"];
            /** @description A whole, valid CPF or CNPJ (formatting stripped). */
            doc?: string | null;
            /** @description List ids to search (official or the tenant's own); default all. A list named twice is searched once; more than 64 ids is `invalid_request`. */
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
        /** @description The query as it was searched (doc unpunctuated, an alphanumeric CNPJ upper case). */
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
            /**
             * @description What this line weighs in the score: 1 for `name`; for `birth_date`, `country` and
             *     `schema` the bound of its adjustment; for documents what they can add or remove.
             *     Absent in explanations recorded before the field existed.
             */
            weight?: number;
            /**
             * @description What this line adds to the score (negative when it removes): the score is the sum of
             *     the lines' contributions. For `name` the name's score. Absent in explanations recorded
             *     before the field existed.
             */
            contribution?: number;
            /**
             * @description `name` only: the alignment of the query's words with the candidate's, one row per pair
             *     or unpaired word. The name's raw score is Σ `contribution` / Σ `weight` over the rows,
             *     then multiplied by every `factors[].value`.
             */
            tokens?: components["schemas"]["MatchTokenExplanation"][];
            /** @description `name` only: the factors the raw name score is multiplied by (e.g. a weak alias). */
            factors?: components["schemas"]["MatchNameFactor"][];
        };
        /**
         * @description One row of a name's token alignment: a query word and the candidate word it was paired
         *     with (either null when unpaired), as written and in normal form, how they agree, their
         *     similarity, and the row's weight and contribution to the name's score.
         */
        MatchTokenExplanation: {
            /** @description The word as the query writes it. */
            query: string | null;
            /** @description Its normal form, as compared. */
            query_normal: string | null;
            candidate: string | null;
            candidate_normal: string | null;
            /** @description The token's kind (a word, a particle, a legal form...). */
            kind: string;
            /**
             * @description How the pair agrees; null for an unpaired word.
             * @enum {unknown}
             */
            how: "exact" | "phonetic" | "transliteration" | "typo" | "string" | "initial" | "compound" | "gender" | "none" | null;
            similarity: number | null;
            weight: number;
            contribution: number;
        };
        MatchNameFactor: {
            factor: string;
            value: number;
            /** @description In Portuguese. */
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
                /** @description As published; unpunctuated for cpf/cnpj (an alphanumeric CNPJ upper case), masked positions as `*`. */
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
            /** @description `br_pep` only (issue 31): the offices of a politically exposed person. A person is PEP in office and until `end_of_grace` (end of office + 5 years, Circular BCB 3.978 art. 27 §5). */
            pep?: {
                roles: {
                    role: string | null;
                    sigla: string | null;
                    nivel: string | null;
                    organ: string | null;
                    /** @description YYYY-MM-DD */
                    start: string | null;
                    /** @description YYYY-MM-DD; null while in office */
                    end_of_office: string | null;
                    /** @description YYYY-MM-DD, the last day as PEP */
                    end_of_grace: string | null;
                }[];
            };
        };
        /** @description One search result. */
        ScreeningCandidate: {
            list_id: string;
            /** @description The version of the list the entry was found in (one of `lists`). */
            version_id: string;
            entry_id: string;
            /** @enum {string} */
            schema: "person" | "company" | "vessel" | "aircraft" | "other";
            /** @description The entry's name that matched best. */
            name: string;
            names: components["schemas"]["ListEntryName"][];
            score: number;
            /** @description Score at or above the threshold. */
            match: boolean;
            /**
             * @description Below the threshold, why the result fell short, in Portuguese (what is missing or
             *     disagrees, and by how much); null for a match.
             */
            reason?: string | null;
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
            /** @description One `list_not_loaded` warning per list asked for (or searched by default) that has no loaded version, so it was not searched; empty when every list was searched. When none is loaded the answer is `409 lists_not_loaded` instead. */
            warnings?: {
                /** @enum {string} */
                code: "list_not_loaded";
                list_id: string;
                message: string;
            }[];
            livemode: boolean;
        };
        ScreeningCompareResponse: {
            /** @enum {string} */
            object: "screening_comparison";
            score: number;
            match: boolean;
            threshold: number;
            explanation: components["schemas"]["MatchExplanation"][];
            /** @description When `match` is false, why the candidate fell short of the threshold (Portuguese); null when it matches. */
            reason?: string | null;
            livemode: boolean;
        };
        /** @description One list's freshness. Tenant lists add `tenant_id`, `name` and `created_at`, with `publisher` `tenant`; official lists add their polling (`poll_seconds`, `next_check_at`, `consecutive_failures`). */
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
            /** @description No successful check (a 304, the same content or a new version) within max(3 poll periods, 15 minutes); always false for a tenant list. */
            stale: boolean;
            /** @description How often the list is polled (the period its last poll ran under, else the default; `SVC_LISTS_POLL_SECONDS`, `SVC_LIST_<LIST_ID>_POLL_SECONDS`). */
            poll_seconds?: number;
            /**
             * Format: date-time
             * @description When the poller looks at the list again (jittered; later after failures, which back off up to 8 periods); null before the first poll.
             */
            next_check_at?: string | null;
            /** @description Failed polls in a row since the last success (0 after a 304, the same content or a new version). */
            consecutive_failures?: number;
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
            event: "run.completed" | "run.failed" | "biometric_check.completed" | "customer.monitoring_alert" | "customer.sanctions_freeze";
            /** @description Unix seconds. */
            created: number;
            livemode: boolean;
            data: components["schemas"]["RunEventData"] | components["schemas"]["FacialVerificationEventData"] | components["schemas"]["MonitoringAlertEventData"] | components["schemas"]["SanctionsFreezeEventData"];
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
        /** @description A freeze of a customer's assets (Lei 13.810/2019): ids, the legal basis and the times, never a list entry's personal data. */
        SanctionsFreezeEventData: {
            /** @enum {string} */
            object: "sanctions_freeze";
            /**
             * @description `required`: freeze now (a hit on a freeze list, awaiting an analyst); `confirmed`: an analyst confirmed the hit, keep it frozen; `lifted`: an analyst cleared the hit or the list withdrew the entry, unfreeze.
             * @enum {string}
             */
            status: "required" | "confirmed" | "lifted";
            /** Format: uuid */
            customer_id: string;
            /** Format: uuid */
            alert_id: string;
            list_id: string;
            entry_id: string;
            /** @description The legal basis of the freeze, in pt-BR. */
            legal_basis: string;
            /** @description When the alert that required the freeze was raised. */
            since: components["schemas"]["Timestamp"];
            /** @description When this status was reached (raised, resolved or delisted). */
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
        /** @description The `customer.sanctions_freeze` webhook. */
        CustomerSanctionsFreezeEvent: components["schemas"]["WebhookEvent"] & {
            /** @constant */
            event?: "customer.sanctions_freeze";
            data?: components["schemas"]["SanctionsFreezeEventData"];
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
        /** @description `idempotent_response_erased`: the response recorded for this Idempotency-Key held personal data since erased; the request was not repeated. */
        Gone: {
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
        /** @description `invalid_operator_token`: the `Authorization: Bearer` token is missing or wrong. */
        OpUnauthorized: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "type": "authorization_error",
                 *         "code": "invalid_operator_token",
                 *         "message": "Missing or invalid operator token.",
                 *         "param": null
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description The resource is in a state that refuses the request, or changed concurrently (`concurrent_update`, with Retry-After). */
        OpConflict: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `payload_too_large`: the JSON body exceeds 1 MB (1,048,576 bytes). */
        OpPayloadTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description `internal_error`: an internal error (no detail in the body); quote the X-Request-Id. */
        OpInternalError: {
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
        /** @description `biometric_check_failed`: no requested facial check succeeded at the provider; nothing was charged. The message names each check's failure (for Datavalid, its DV code). */
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
        /** @description The tenant's id. */
        OpTenantId: string;
        /** @description The run's id. */
        OpRunId: string;
        /** @description The alert's id. */
        OpAlertId: string;
        /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
        OpSuspicionCaseId: string;
        /** @description The case's id (its customer's id). */
        OpCaseId: string;
        /**
         * @description A communication draft: `<alert id>.<measures id or inicial>.<bcb|mjsp|coaf>`.
         * @example 3f1c2a9e-7b1d-4c55-9a0e-2d6f0b8e4c11.inicial.bcb
         */
        OpFreezeDraftId: string;
        /** @description The FX operation's id. */
        OpFxOperationId: string;
        /** @description An official list (screening.md section 1); any other value answers 400 invalid_list. */
        OpOfficialListId: components["schemas"]["OpOfficialListId"];
        /** @description `true` activates a version the refusal rule would refuse (no entries, or fewer than half the active version's). Any other value is false. */
        OpForce: "true" | "false";
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
        /** @description The answer describes this moment; never cached. */
        NoStore: "no-store";
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
    createTenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Banco Alfa",
                 *       "facial_verification_master": true
                 *     }
                 */
                "application/json": components["schemas"]["OpCreateTenantRequest"];
            };
        };
        responses: {
            /** @description The tenant. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTenant"];
                };
            };
            /** @description `invalid_json` (unparsable, nested too deep, or not an object), `invalid_request` (missing, blank, unknown or mistyped field; `param` names it). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `concurrent_update` (another instance wrote the stream; retry, see Retry-After). */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTenant"];
                };
            };
            /** @description `invalid_id` (tenant_id is not a UUID). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    updateTenantSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "default_templates": {
                 *         "pf": "546c87ec-c6b6-4e9c-834d-f78082863087",
                 *         "pj": "44b81263-a60c-4a5f-975f-34e034d9694d"
                 *       },
                 *       "auto_decision_policy": {
                 *         "baixo": "aprovado",
                 *         "medio": "em_analise",
                 *         "alto": "pendencia"
                 *       },
                 *       "periodic_review": {
                 *         "alto": 180
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OpTenantSettingsPatch"];
            };
        };
        responses: {
            /** @description The tenant after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTenant"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (unknown or mistyped field), `template_not_found` (a default template of another tenant, of the other person type, or unknown; `param` `default_templates.pf` or `default_templates.pj`), `invalid_list` (`sanctions_freeze_lists` names something that is not an official list id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listAnnualNegativeCommunications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "data": [
                     *         {
                     *           "object": "annual_negative_communication",
                     *           "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "cnpj": "11222333000181",
                     *           "entity_name": "Banco Exemplo S.A.",
                     *           "year": 2026,
                     *           "status": "pending",
                     *           "due_at": "2027-01-16T02:59:59.999Z",
                     *           "overdue": false,
                     *           "receipts": [],
                     *           "protocol": null,
                     *           "sent_at": null,
                     *           "sent_by": null,
                     *           "note": null,
                     *           "recorded_at": null,
                     *           "opened_at": "2027-01-01T03:00:00.000Z"
                     *         },
                     *         {
                     *           "object": "annual_negative_communication",
                     *           "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "cnpj": "11222333000262",
                     *           "entity_name": "Exemplo Câmbio S.A.",
                     *           "year": 2026,
                     *           "status": "not_required",
                     *           "due_at": null,
                     *           "overdue": false,
                     *           "receipts": [
                     *             {
                     *               "case_id": "0c7d1d36-4a59-4c35-9d3b-0e8f0cbb7a11",
                     *               "num_ocorrencia": "2026000017",
                     *               "numero_coaf": "123456789",
                     *               "sent_at": "2026-05-04T14:00:00.000Z",
                     *               "receipt_matched_at": "2026-05-05T10:00:00.000Z"
                     *             }
                     *           ],
                     *           "protocol": null,
                     *           "sent_at": null,
                     *           "sent_by": null,
                     *           "note": null,
                     *           "recorded_at": null,
                     *           "opened_at": "2027-01-01T03:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpCnoTaskList"];
                };
            };
            /** @description `invalid_id` (tenant_id is not a UUID). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    recordAnnualNegativeCommunicationSent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /**
                 * @description The calendar year the declaration is about (four digits).
                 * @example 2026
                 */
                year: string;
                /**
                 * @description The reporting CNPJ, 14 digits without punctuation.
                 * @example 11222333000181
                 */
                cnpj: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "protocol": "SISCOAF-CNO-2027-000042",
                 *       "sent_at": "2027-01-12T15:00:00-03:00",
                 *       "by": "Ana Souza (diretora responsável, art. 9)",
                 *       "note": "Declaração enviada pelo menu Comunicação de Não Ocorrência."
                 *     }
                 */
                "application/json": components["schemas"]["OpCnoSentRequest"];
            };
        };
        responses: {
            /** @description The task, its protocol recorded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "annual_negative_communication",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "cnpj": "11222333000181",
                     *       "entity_name": "Banco Exemplo S.A.",
                     *       "year": 2026,
                     *       "status": "sent",
                     *       "due_at": "2027-01-16T02:59:59.999Z",
                     *       "overdue": false,
                     *       "receipts": [],
                     *       "protocol": "SISCOAF-CNO-2027-000042",
                     *       "sent_at": "2027-01-12T18:00:00.000Z",
                     *       "sent_by": "Ana Souza (diretora responsável, art. 9)",
                     *       "note": "Declaração enviada pelo menu Comunicação de Não Ocorrência.",
                     *       "recorded_at": "2027-01-12T18:05:00.000Z",
                     *       "opened_at": "2027-01-01T03:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OpCnoTask"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (year not four digits, protocol or by missing or blank, unknown field), `invalid_document` (cnpj not 14 digits), `invalid_date` (sent_at malformed or in the future), `invalid_json`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `not_found`: no task for this tenant, year and CNPJ. */
            404: components["responses"]["NotFound"];
            /** @description `cno_not_required`: the CNPJ communicated in the year; `cno_already_recorded`: recorded with another protocol; `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    addTenantCredits: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "amount": 1000,
                 *       "reason": "Prepaid package"
                 *     }
                 */
                "application/json": components["schemas"]["OpCreditsRequest"];
            };
        };
        responses: {
            /** @description The balance after the credit. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "balance": 1000
                     *     }
                     */
                    "application/json": components["schemas"]["OpCreditBalance"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (amount not an integer from 1 to 1,000,000,000,000, blank or over-long reason (500), unknown field, or a credit that would take the balance past the largest safe integer). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getComplianceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current version, with the summary of every version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "compliance_settings",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "version": 1,
                     *       "holidays": [
                     *         {
                     *           "date": "2026-01-01",
                     *           "name": "Confraternização Universal",
                     *           "kind": "nacional"
                     *         },
                     *         {
                     *           "date": "2026-01-25",
                     *           "name": "Aniversário de São Paulo",
                     *           "kind": "institucional"
                     *         },
                     *         {
                     *           "date": "2026-02-16",
                     *           "name": "Carnaval (segunda-feira)",
                     *           "kind": "bancario"
                     *         }
                     *       ],
                     *       "reporting_entities": [
                     *         {
                     *           "cnpj": "11222333000181",
                     *           "name": "Banco Exemplo S.A.",
                     *           "ag_num": "0001",
                     *           "ag_nome": "Matriz",
                     *           "ag_mun": "São Paulo",
                     *           "ag_uf": "SP",
                     *           "default": true
                     *         }
                     *       ],
                     *       "tp_env": [
                     *         {
                     *           "code": "1",
                     *           "label": "Titular",
                     *           "segment": "BCB",
                     *           "known_from": "OCC 17/06/2020 (tabela do segmento CNJ; igual em todas as tabelas vistas; não verificado para o BCB)"
                     *         }
                     *       ],
                     *       "cod_enq": [
                     *         {
                     *           "code": "232",
                     *           "label": "Movimentação incompatível com a capacidade financeira",
                     *           "segment": "BCB",
                     *           "known_from": "tela do Siscoaf da instituição"
                     *         }
                     *       ],
                     *       "cc4001_cod_enq": {
                     *         "CC4001-I.a": "232"
                     *       },
                     *       "cos_four_eyes": true,
                     *       "changed_by": "operator",
                     *       "changed_at": "2026-11-27T12:00:00.000Z",
                     *       "note": "Feriado municipal de São Paulo e tabelas do Siscoaf",
                     *       "versions": [
                     *         {
                     *           "version": 1,
                     *           "changed_by": "operator",
                     *           "changed_at": "2026-11-27T12:00:00.000Z",
                     *           "note": "Feriado municipal de São Paulo e tabelas do Siscoaf"
                     *         },
                     *         {
                     *           "version": 0,
                     *           "changed_by": "system",
                     *           "changed_at": null,
                     *           "note": "Calendário nacional 2020–2035 e tabelas iniciais"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpComplianceSettings"];
                };
            };
            /** @description `invalid_id` (tenant_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    putComplianceSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "holidays": [
                 *         {
                 *           "date": "2026-01-01",
                 *           "name": "Confraternização Universal",
                 *           "kind": "nacional"
                 *         },
                 *         {
                 *           "date": "2026-01-25",
                 *           "name": "Aniversário de São Paulo",
                 *           "kind": "institucional"
                 *         }
                 *       ],
                 *       "reporting_entities": [
                 *         {
                 *           "cnpj": "11222333000181",
                 *           "name": "Banco Exemplo S.A.",
                 *           "ag_num": "0001",
                 *           "ag_nome": "Matriz",
                 *           "ag_mun": "São Paulo",
                 *           "ag_uf": "SP",
                 *           "default": true
                 *         }
                 *       ],
                 *       "tp_env": [
                 *         {
                 *           "code": "1",
                 *           "label": "Titular",
                 *           "segment": "BCB",
                 *           "known_from": "OCC 17/06/2020 (tabela do segmento CNJ; igual em todas as tabelas vistas; não verificado para o BCB)"
                 *         }
                 *       ],
                 *       "cod_enq": [
                 *         {
                 *           "code": "232",
                 *           "label": "Movimentação incompatível com a capacidade financeira",
                 *           "segment": "BCB",
                 *           "known_from": "tela do Siscoaf da instituição"
                 *         }
                 *       ],
                 *       "cc4001_cod_enq": {
                 *         "CC4001-I.a": "232"
                 *       },
                 *       "cos_four_eyes": true,
                 *       "note": "Feriado municipal de São Paulo e tabelas do Siscoaf"
                 *     }
                 */
                "application/json": components["schemas"]["OpComplianceSettingsRequest"];
            };
        };
        responses: {
            /** @description The current version (the new one, or the unchanged current one), with the summary of every version. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpComplianceSettings"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (the field refused in `param`, e.g. `reporting_entities.0.cnpj`, `cc4001_cod_enq.CC4001-I.a`, `holidays.3.date`, `note`; an unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`: `base_version` is not the current version, or another instance wrote at the same time. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getComplianceSettingsVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /**
                 * @description The version's number (0 is the seed).
                 * @example 1
                 */
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The version as it was recorded, with who made it, when and why. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "compliance_settings_version",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "version": 0,
                     *       "holidays": [
                     *         {
                     *           "date": "2020-01-01",
                     *           "name": "Confraternização Universal",
                     *           "kind": "nacional"
                     *         }
                     *       ],
                     *       "reporting_entities": [],
                     *       "tp_env": [
                     *         {
                     *           "code": "1",
                     *           "label": "Titular",
                     *           "segment": "BCB",
                     *           "known_from": "OCC 17/06/2020 (tabela do segmento CNJ; igual em todas as tabelas vistas; não verificado para o BCB)"
                     *         }
                     *       ],
                     *       "cod_enq": [],
                     *       "cc4001_cod_enq": {},
                     *       "cos_four_eyes": false,
                     *       "changed_by": "system",
                     *       "changed_at": null,
                     *       "note": "Calendário nacional 2020–2035 e tabelas iniciais"
                     *     }
                     */
                    "application/json": components["schemas"]["OpComplianceSettingsVersion"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (version not a whole number). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `compliance_version_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every key of the tenant (at most 1,000). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "key_id": "a6ac66c7-4092-44de-92bd-52cdcc14a143",
                     *           "object": "api_key",
                     *           "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "name": "Conciliação",
                     *           "environment": "live",
                     *           "scopes": [
                     *             "runs:read"
                     *           ],
                     *           "subject_type": "pf",
                     *           "rate_limit_per_minute": 120,
                     *           "key_hint": "sk_live_…RWbg",
                     *           "created_at": "2026-11-23T00:19:20.302Z",
                     *           "revoked_at": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpApiKeyList"];
                };
            };
            /** @description `invalid_id` (tenant_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    createApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Backoffice",
                 *       "environment": "sandbox",
                 *       "scopes": [
                 *         "runs:write",
                 *         "runs:read",
                 *         "detail:read",
                 *         "customers:write",
                 *         "customers:read",
                 *         "biometria:write",
                 *         "screening:read"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OpCreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The key, with the secret `api_key`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "6ca37ae9-456a-4045-b293-a84043e0aab5",
                     *       "object": "api_key",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "name": "Backoffice",
                     *       "environment": "sandbox",
                     *       "scopes": [
                     *         "runs:write",
                     *         "runs:read",
                     *         "detail:read",
                     *         "customers:write",
                     *         "customers:read",
                     *         "biometria:write",
                     *         "screening:read"
                     *       ],
                     *       "subject_type": null,
                     *       "rate_limit_per_minute": null,
                     *       "key_hint": "sk_test_…5Wjk",
                     *       "created_at": "2026-11-23T00:19:20.290Z",
                     *       "revoked_at": null,
                     *       "api_key": "sk_test_RszUJsQdGBTE2fqq3eUDt-3XKgJ7w2UB-8kQsDY5Wjk"
                     *     }
                     */
                    "application/json": components["schemas"]["OpApiKeyCreated"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (missing or blank name, unknown environment, scope or subject_type, empty `scopes`, rate limit not a positive integer, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The key's id. */
                key_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key (without the secret). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key_id": "a6ac66c7-4092-44de-92bd-52cdcc14a143",
                     *       "object": "api_key",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "name": "Conciliação",
                     *       "environment": "live",
                     *       "scopes": [
                     *         "runs:read"
                     *       ],
                     *       "subject_type": "pf",
                     *       "rate_limit_per_minute": 120,
                     *       "key_hint": "sk_live_…RWbg",
                     *       "created_at": "2026-11-23T00:19:20.302Z",
                     *       "revoked_at": "2026-11-23T00:19:20.316Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OpApiKey"];
                };
            };
            /** @description `invalid_id` (tenant_id or key_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `api_key_not_found` (no such key for this tenant). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listDashboardUsers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "user_id": "0f1e8a52-5c55-5d2b-9a3e-7f0c1b2d3e4f",
                     *           "email": "compliance.admin@banco-alfa.example",
                     *           "role": "admin",
                     *           "status": "invited",
                     *           "invite_expires_at": "2026-11-30T12:00:00.000Z",
                     *           "locked_until": null,
                     *           "created_at": "2026-11-27T12:00:00.000Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpDashboardUserList"];
                };
            };
            /** @description `invalid_id` (tenant_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    inviteDashboardUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "compliance.admin@banco-alfa.example",
                 *       "role": "admin"
                 *     }
                 */
                "application/json": components["schemas"]["OpInviteUserRequest"];
            };
        };
        responses: {
            /** @description The user's id and the one-time link. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "0f1e8a52-5c55-5d2b-9a3e-7f0c1b2d3e4f",
                     *       "invite_url": "http://localhost:8080/dashboard/invite/3q2-7wEvXGQ1bqj7iGmPpBh3hYbyVr7dJt0G4xK9cZU"
                     *     }
                     */
                    "application/json": components["schemas"]["OpUserInvited"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_email` (`email` not a valid address), `invalid_request` (missing field, `role` not one of admin, analyst, viewer, compliance_officer, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `user_exists` (the e-mail has an account in use in this tenant; `param` `email`), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    reissueDashboardInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The dashboard user's id. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's id and the new one-time link. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "user_id": "0f1e8a52-5c55-5d2b-9a3e-7f0c1b2d3e4f",
                     *       "invite_url": "http://localhost:8080/dashboard/invite/Zr8-3mQvXGQ1bqj7iGmPpBh3hYbyVr7dJt0G4xK9cZU"
                     *     }
                     */
                    "application/json": components["schemas"]["OpUserInvited"];
                };
            };
            /** @description `invalid_id` (tenant_id or user_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `user_not_found` (no such user in this tenant; another tenant's users answer the same). */
            404: components["responses"]["NotFound"];
            /** @description `invite_already_accepted` (the account is active), `user_deactivated`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    resetDashboardUserPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The dashboard user's id. */
                user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The one-time link. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "invite_url": "http://localhost:8080/dashboard/invite/Hk4bq0nO1mVf2JwT9cYxZ3aR7uE5sLpQ8dG6iK1oM2w"
                     *     }
                     */
                    "application/json": components["schemas"]["OpPasswordReset"];
                };
            };
            /** @description `invalid_id` (tenant_id or user_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `user_not_found` (no such user in this tenant; another tenant's users answer the same). */
            404: components["responses"]["NotFound"];
            /** @description `user_deactivated` (the account was deactivated by an admin), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    createTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                 *       "name": "PF padrão",
                 *       "subject_type": "pf",
                 *       "published": true,
                 *       "active": true,
                 *       "parameters": [
                 *         "name"
                 *       ],
                 *       "sources": [
                 *         {
                 *           "source_id": "receita_cpf",
                 *           "tier": 1
                 *         },
                 *         {
                 *           "source_id": "sanctions",
                 *           "tier": 1
                 *         },
                 *         {
                 *           "source_id": "pep",
                 *           "tier": 2
                 *         },
                 *         {
                 *           "source_id": "legal_proceedings",
                 *           "tier": 2
                 *         },
                 *         {
                 *           "source_id": "negative_media",
                 *           "tier": 3
                 *         }
                 *       ],
                 *       "rules": [
                 *         {
                 *           "check_id": "sanctions_hit",
                 *           "on_invalid": "block"
                 *         },
                 *         {
                 *           "check_id": "civil_proceedings",
                 *           "on_invalid": "info"
                 *         }
                 *       ],
                 *       "risk_thresholds": {
                 *         "medio": 30,
                 *         "alto": 60
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["OpCreateTemplateRequest"];
            };
        };
        responses: {
            /** @description The template. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTemplate"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (both or neither of tenant_id and global: true (param `tenant_id`), a missing, mistyped or unknown field, or contents that break the rules above; `param` names the field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found` (tenant_id unknown or not a UUID). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTemplate"];
                };
            };
            /** @description `invalid_id` (template_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `not_found` (no such template). */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    updateTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The template's id. */
                template_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "published": false
                 *     }
                 */
                "application/json": components["schemas"]["OpTemplatePatch"];
            };
        };
        responses: {
            /** @description The template after the change. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTemplate"];
                };
            };
            /** @description `invalid_id` (template_id), `invalid_json`, `invalid_request` (mistyped or unknown field, contents that break the template rules, a changed subject_type). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `not_found` (no such template). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    setOnboardingProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "slug": "conta-digital",
                 *       "template_id": "546c87ec-c6b6-4e9c-834d-f78082863087"
                 *     }
                 */
                "application/json": components["schemas"]["OpOnboardingProfileRequest"];
            };
        };
        responses: {
            /** @description The profile. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "onboarding_profile",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "slug": "conta-digital",
                     *       "template_id": "546c87ec-c6b6-4e9c-834d-f78082863087"
                     *     }
                     */
                    "application/json": components["schemas"]["OpOnboardingProfile"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (missing, mistyped or unknown field; a slug that breaks the pattern), `template_not_found` (unknown template, or another tenant's). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    reviewRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "approved",
                 *       "note": "PEP relationship reviewed; approved by compliance.",
                 *       "analyst": "analista@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["OpReviewRunRequest"];
            };
        };
        responses: {
            /** @description The run after the review (as `GET /api/v1/bureau/runs/{run_id}` shows it). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "4cd34a92-6e84-52db-b812-0d87528c5a0d",
                     *       "status": "completed",
                     *       "decision": "approved",
                     *       "operative_decision": "approved",
                     *       "risk_band": "medio",
                     *       "external_id": null,
                     *       "metadata": {},
                     *       "template_name": "PF padrão",
                     *       "summary_message": "Decisão do analista: aprovado.",
                     *       "manual_review": false,
                     *       "created_at": "2026-11-23T00:19:20.357Z",
                     *       "completed_at": "2026-11-23T00:19:20.427Z",
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_id` (run_id), `invalid_json`, `invalid_request` (decision not approved or rejected, note missing, blank, not a string or over 2,000 characters, unknown field), `analyst_required` (the account has four-eyes and no analyst was named), `analyst_not_found` (analyst is not an active dashboard user of the run's account). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_run_state` (the run is not awaiting an analyst: failed, cancelled, queued, running, completed without `review`, or already decided), `four_eyes_required` (the proposer cannot confirm their own proposal), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    retryRunSources: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "sources": [
                 *         "receita_cpf"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OpRetrySourcesRequest"];
            };
        };
        responses: {
            /** @description The run, running again for the failed sources. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "24f16582-b769-5cae-b076-f208d2c1125f",
                     *       "status": "running",
                     *       "decision": null,
                     *       "operative_decision": null,
                     *       "risk_band": null,
                     *       "external_id": null,
                     *       "metadata": {},
                     *       "template_name": "PF padrão",
                     *       "summary_message": "Repetindo as fontes com falha.",
                     *       "manual_review": false,
                     *       "created_at": "2026-11-23T00:19:20.443Z",
                     *       "completed_at": null,
                     *       "livemode": true
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_id` (run_id), `invalid_json`, `invalid_request` (a source that did not fail, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `billing_suspended`: not enough credit for the retried sources. */
            402: components["responses"]["PaymentRequired"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_run_state` (not a partial run with failed sources, or already decided by an analyst), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    disposeRunHit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "list_id": "ofac_sdn",
                 *       "entry_id": "36",
                 *       "disposition": "false_positive",
                 *       "reason": "Homônimo; data de nascimento e nacionalidade diferentes.",
                 *       "analyst": "ana@exemplo.com.br"
                 *     }
                 */
                "application/json": components["schemas"]["OpDisposeRunHitRequest"];
            };
        };
        responses: {
            /** @description The run, with its list hits and their dispositions. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_id` (run_id), `invalid_json`, `invalid_request` (disposition not true_match or false_positive, reason missing or blank, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `run_not_found`, `hit_not_found` (no list hit or near miss of the run has this list_id and entry_id). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cancelled run. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "run_id": "24f16582-b769-5cae-b076-f208d2c1125f",
                     *       "status": "cancelado",
                     *       "decision": null,
                     *       "operative_decision": null,
                     *       "risk_band": null,
                     *       "external_id": null,
                     *       "metadata": {},
                     *       "template_name": "PF padrão",
                     *       "summary_message": "Consulta cancelada.",
                     *       "manual_review": false,
                     *       "created_at": "2026-11-23T00:19:20.443Z",
                     *       "completed_at": "2026-11-23T00:19:20.467Z",
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description `invalid_id` (run_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_run_state` (the run already ended, or was cancelled), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    generateRunReport: {
        parameters: {
            query: {
                /** @description The report's mode. */
                mode: "resumido" | "completo";
            };
            header?: never;
            path: {
                /** @description The run's id. */
                run_id: components["parameters"]["OpRunId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report already existed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpReport"];
                };
            };
            /** @description The report was generated by this call. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpReport"];
                };
            };
            /** @description `invalid_id` (run_id), `invalid_mode` (mode missing, repeated or not resumido/completo), `run_not_terminal` (the run is queued, running or pending_review). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `run_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    createFxOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "nature_code": "12345",
                 *       "direction": "saida",
                 *       "currency": "USD",
                 *       "amount": "15000.00",
                 *       "counterparty": {
                 *         "name": "Acme Software Inc.",
                 *         "country": "US"
                 *       },
                 *       "description": "Licença de software"
                 *     }
                 */
                "application/json": components["schemas"]["OpCreateFxOperationRequest"];
            };
        };
        responses: {
            /** @description The operation, status `rascunho`. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFxOperation"];
                };
            };
            /** @description `invalid_id` (tenant_id or customer_id not a UUID), `invalid_json`, `invalid_request` (missing, mistyped or unknown field, or a field breaking the rules above; `param` names it). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `customer_not_found` (customer_id unknown or another tenant's). */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getFxOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFxOperation"];
                };
            };
            /** @description `invalid_id` (id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `operation_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    submitFxOperation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation, status `registrada`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFxOperation"];
                };
            };
            /** @description `invalid_id` (id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `operation_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    requestFxAnalysis: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The FX operation's id. */
                id: components["parameters"]["OpFxOperationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The operation, `analysis_status` `requested` (or `completed` when asked again later). */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFxOperation"];
                };
            };
            /** @description `invalid_id` (id), `operation_is_draft` (submit it first). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `operation_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listOfficialLists: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every official list. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "list_id": "br_ceis",
                     *           "publisher": "CGU (CEIS)",
                     *           "version_id": "5267a0da-3c55-5f65-bf9c-5df50d674035",
                     *           "published_at": "2026-11-20",
                     *           "imported_at": "2026-11-23T00:24:38.173Z",
                     *           "last_checked_at": "2026-11-23T00:24:38.532Z",
                     *           "last_error": null,
                     *           "entries": 11,
                     *           "stale": false,
                     *           "poll_seconds": 3600,
                     *           "next_check_at": "2026-11-23T01:21:02.118Z",
                     *           "consecutive_failures": 0
                     *         },
                     *         {
                     *           "list_id": "ofac_sdn",
                     *           "publisher": "US Treasury OFAC (SDN)",
                     *           "version_id": null,
                     *           "published_at": null,
                     *           "imported_at": null,
                     *           "last_checked_at": null,
                     *           "last_error": "answered 503",
                     *           "entries": 0,
                     *           "stale": true,
                     *           "poll_seconds": 300,
                     *           "next_check_at": "2026-11-23T00:38:12.904Z",
                     *           "consecutive_failures": 3
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpListStatusList"];
                };
            };
            401: components["responses"]["OpUnauthorized"];
            500: components["responses"]["OpInternalError"];
        };
    };
    uploadOfficialListVersion: {
        parameters: {
            query?: {
                /** @description `true` activates a version the refusal rule would refuse (no entries, or fewer than half the active version's). Any other value is false. */
                force?: components["parameters"]["OpForce"];
            };
            header?: never;
            path: {
                /** @description An official list (screening.md section 1); any other value answers 400 invalid_list. */
                list_id: components["parameters"]["OpOfficialListId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["OpListUpload"];
            };
        };
        responses: {
            /** @description The same content as the active version; nothing changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpListVersion"];
                };
            };
            /** @description A new version, now the active one. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list_id": "br_ceis",
                     *       "version_id": "5267a0da-3c55-5f65-bf9c-5df50d674035",
                     *       "sha256": "63486da2f7148ef35f988acf1c3abf032da02aa5fa4e54733e067cb10c743039",
                     *       "entries": 11,
                     *       "delta": {
                     *         "added": 11,
                     *         "removed": 0,
                     *         "changed": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OpListVersion"];
                };
            };
            /** @description `invalid_list` (not an official list id; param `list_id`), `invalid_multipart` (not multipart/form-data, no usable boundary, an unreadable body, a part other than `file`, too many parts or fields), `invalid_list_file` (no `file` part, a file over the size limit, files that cannot be read as this list, or a zip that is truncated or corrupt (an entry's CRC-32), holds more than 64 files, or inflates past its bounds: 256 MiB a file, `SVC_LISTS_MAX_UNZIPPED_BYTES` in all, more than 200 times an entry's compressed size), or files whose reader (a worker thread) stopped or did not finish in time (the last good version keeps serving). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `list_version_refused`: the version was recorded and not activated (the error also carries `sha256` and `entries` of the refused version); send it again with `?force=true` to accept it. Also `concurrent_update`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "invalid_request_error",
                     *         "code": "list_version_refused",
                     *         "message": "The version was recorded and not activated: the file parses to no entries. Send it again with ?force=true to accept it.",
                     *         "param": "file",
                     *         "sha256": "2a328e152aae35ce4ffe1bf2b0a7c1cd3beaa15df56cb33ddf69b727071658ba",
                     *         "entries": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["OpInternalError"];
        };
    };
    refreshOfficialList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An official list (screening.md section 1); any other value answers 400 invalid_list. */
                list_id: components["parameters"]["OpOfficialListId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The fetch is scheduled. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list_id": "br_ceis",
                     *       "status": "scheduled"
                     *     }
                     */
                    "application/json": components["schemas"]["OpListRefresh"];
                };
            };
            /** @description `invalid_list` (not an official list id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getListLatency: {
        parameters: {
            query?: {
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description An official list (`un_sc`, `ofac_sdn`...) or a tenant's own list (`tl_...`); any other value answers 404 list_not_found.
                 * @example un_sc
                 */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the list's versions with their timelines. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "list",
                     *       "list_id": "un_sc",
                     *       "data": [
                     *         {
                     *           "object": "list_version_latency",
                     *           "list_id": "un_sc",
                     *           "version_id": "0b8f3f2e-3c1a-5d55-9a43-6f1f2f8a1c07",
                     *           "imports": 1,
                     *           "published_at": "2026-11-27T14:00:09.554Z",
                     *           "fetched_at": "2026-11-27T14:03:41.020Z",
                     *           "imported_at": "2026-11-27T14:03:42.310Z",
                     *           "indexed_at": "2026-11-27T14:03:42.980Z",
                     *           "sweep_started_at": "2026-11-27T14:03:43.015Z",
                     *           "sweep_completed_at": "2026-11-27T14:03:51.402Z",
                     *           "customers_screened": 100000,
                     *           "alerts_raised": 1,
                     *           "freeze_alerts": 1,
                     *           "first_alert_at": "2026-11-27T14:03:44.120Z",
                     *           "deliveries": {
                     *             "count": 2,
                     *             "first_delivered_at": "2026-11-27T14:03:44.391Z",
                     *             "last_delivered_at": "2026-11-27T14:03:44.402Z"
                     *           },
                     *           "latency_seconds": {
                     *             "publication_to_fetch": 211.466,
                     *             "fetch_to_import": 1.29,
                     *             "import_to_sweep_completed": 9.092,
                     *             "publication_to_first_alert": 214.566,
                     *             "publication_to_first_delivery": 214.837
                     *           }
                     *         }
                     *       ],
                     *       "summary": {
                     *         "versions": 1,
                     *         "publication_to_first_delivery_seconds": {
                     *           "count": 1,
                     *           "p50": 214.837,
                     *           "p99": 214.837,
                     *           "max": 214.837
                     *         }
                     *       },
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["OpListLatency"];
                };
            };
            /** @description `invalid_limit`, `invalid_cursor`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `list_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listTenantLists: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tenant's lists, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "list_id": "tl_bda49e313410c9da325f",
                     *           "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "name": "Bloqueio interno",
                     *           "publisher": "tenant",
                     *           "created_at": "2026-11-23T00:19:24.043Z",
                     *           "version_id": "9aa596ab-a041-5bf2-b96c-a187fd30bc8f",
                     *           "published_at": null,
                     *           "imported_at": "2026-11-23T00:19:24.071Z",
                     *           "last_checked_at": "2026-11-23T00:19:24.129Z",
                     *           "last_error": "refused: the file parses to no entries",
                     *           "entries": 1,
                     *           "stale": false
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpTenantListList"];
                };
            };
            /** @description `invalid_id` (tenant_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    createTenantList: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Bloqueio interno"
                 *     }
                 */
                "application/json": components["schemas"]["OpCreateTenantListRequest"];
            };
        };
        responses: {
            /** @description The list already existed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpTenantList"];
                };
            };
            /** @description The new list (no version yet). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list_id": "tl_bda49e313410c9da325f",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "name": "Bloqueio interno",
                     *       "publisher": "tenant",
                     *       "created_at": "2026-11-23T00:19:24.043Z",
                     *       "version_id": null,
                     *       "published_at": null,
                     *       "imported_at": null,
                     *       "last_checked_at": null,
                     *       "last_error": null,
                     *       "entries": 0,
                     *       "stale": false
                     *     }
                     */
                    "application/json": components["schemas"]["OpTenantList"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_json`, `invalid_request` (name missing, blank, over 200 characters or without a letter or digit; unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    uploadTenantListVersion: {
        parameters: {
            query?: {
                /** @description `true` activates a version the refusal rule would refuse (no entries, or fewer than half the active version's). Any other value is false. */
                force?: components["parameters"]["OpForce"];
            };
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description A list of this tenant (`tl_` and 20 hex characters). */
                list_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["OpListUpload"];
            };
        };
        responses: {
            /** @description The same content as the active version; nothing changed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list_id": "tl_bda49e313410c9da325f",
                     *       "version_id": "9aa596ab-a041-5bf2-b96c-a187fd30bc8f",
                     *       "sha256": "0dce12e5e0e0aecfb37c4be9cd27eaf19cd15084296ca343195b3d4dc24bffe0",
                     *       "entries": 1,
                     *       "delta": {
                     *         "added": 1,
                     *         "removed": 0,
                     *         "changed": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OpListVersion"];
                };
            };
            /** @description A new version, now the active one. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "list_id": "tl_bda49e313410c9da325f",
                     *       "version_id": "9aa596ab-a041-5bf2-b96c-a187fd30bc8f",
                     *       "sha256": "0dce12e5e0e0aecfb37c4be9cd27eaf19cd15084296ca343195b3d4dc24bffe0",
                     *       "entries": 1,
                     *       "delta": {
                     *         "added": 1,
                     *         "removed": 0,
                     *         "changed": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["OpListVersion"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_multipart`, `invalid_list_file` (no `file` part, a file over the size limit, a CSV that cannot be read, or a zip refused as for an official list). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `list_not_found` (no such list for this tenant). */
            404: components["responses"]["NotFound"];
            /** @description `list_version_refused` (the error also carries `sha256` and `entries`), `concurrent_update`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Retry-After": components["headers"]["Retry-After"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["OpInternalError"];
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                /** @description Only alerts in this status. */
                status?: "open" | "delisted" | "resolved";
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
                /** @description Only alerts raised at or after this time. */
                created_after?: string;
                /** @description Only alerts raised at or before this time. */
                created_before?: string;
            };
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of alerts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "object": "monitoring_alert",
                     *           "alert_id": "5d19fcd8-631f-5e4a-b329-0594eaf48c7f",
                     *           "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "environment": "sandbox",
                     *           "customer_id": "144b00ce-b8dd-5b86-869b-7b2a1aff2069",
                     *           "list_id": "tl_bda49e313410c9da325f",
                     *           "entry_id": "782fd726cdf4baab79ea32da499ecb98",
                     *           "version_id": "9aa596ab-a041-5bf2-b96c-a187fd30bc8f",
                     *           "content_hash": "4cdb82c45b18e7f69aeb9b8f2e9147a7811cf90446325fb378af2f6961006b30",
                     *           "matched_name": "Rosângela Bittencourt Farias",
                     *           "score": 0.9833,
                     *           "trigger": "customer",
                     *           "freeze_required": false,
                     *           "legal_basis": null,
                     *           "status": "open",
                     *           "resolution": null,
                     *           "created_at": "2026-11-23T00:19:25.705Z",
                     *           "updated_at": "2026-11-23T00:19:25.705Z",
                     *           "delisted_at": null,
                     *           "resolved_at": null,
                     *           "livemode": false
                     *         }
                     *       ],
                     *       "has_more": false,
                     *       "next_cursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["OpAlertList"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (status), `invalid_limit`, `invalid_cursor`, `invalid_date` (created_after, created_before). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id. */
                alert_id: components["parameters"]["OpAlertId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "monitoring_alert",
                     *       "alert_id": "5d19fcd8-631f-5e4a-b329-0594eaf48c7f",
                     *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *       "environment": "sandbox",
                     *       "customer_id": "144b00ce-b8dd-5b86-869b-7b2a1aff2069",
                     *       "list_id": "tl_bda49e313410c9da325f",
                     *       "entry_id": "782fd726cdf4baab79ea32da499ecb98",
                     *       "version_id": "9aa596ab-a041-5bf2-b96c-a187fd30bc8f",
                     *       "content_hash": "4cdb82c45b18e7f69aeb9b8f2e9147a7811cf90446325fb378af2f6961006b30",
                     *       "matched_name": "Rosângela Bittencourt Farias",
                     *       "score": 0.9833,
                     *       "trigger": "customer",
                     *       "freeze_required": false,
                     *       "legal_basis": null,
                     *       "status": "open",
                     *       "resolution": null,
                     *       "created_at": "2026-11-23T00:19:25.705Z",
                     *       "updated_at": "2026-11-23T00:19:25.705Z",
                     *       "delisted_at": null,
                     *       "resolved_at": null,
                     *       "evidence": {
                     *         "list_published_at": null,
                     *         "fetched_at": null,
                     *         "imported_at": "2026-11-23T00:19:20.114Z",
                     *         "indexed_at": "2026-11-23T00:19:21.002Z"
                     *       },
                     *       "deliveries": [
                     *         {
                     *           "event": "customer.monitoring_alert",
                     *           "delivery_id": "0d2c7d3e-5d0a-5b3e-9a51-7e3f4c2b1a90",
                     *           "delivered_at": "2026-11-23T00:19:25.961Z"
                     *         }
                     *       ],
                     *       "livemode": false,
                     *       "explanation": [
                     *         {
                     *           "feature": "name",
                     *           "score": 0.9833,
                     *           "query": "Rosangela Bitencourt Farias",
                     *           "candidate": "Rosângela Bittencourt Farias",
                     *           "detail": "nome principal; alinhamento: rosangela ~ rosangela (igual 1,00); bitencourt ~ bittencourt (fonética 0,95); farias ~ farias (igual 1,00)"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpAlertDetail"];
                };
            };
            /** @description `invalid_id` (alert_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `alert_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    resolveAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's id. */
                alert_id: components["parameters"]["OpAlertId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "resolution": "false_positive",
                 *       "note": "Homônimo: CPF e data de nascimento diferentes."
                 *     }
                 */
                "application/json": components["schemas"]["OpResolveAlertRequest"];
            };
        };
        responses: {
            /** @description The resolved alert (without the explanation). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpAlert"];
                };
            };
            /** @description `invalid_id` (alert_id), `invalid_json`, `invalid_request` (resolution not true_positive or false_positive, note missing, blank or over 2,000 characters, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `alert_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `alert_already_resolved` (resolved with the other resolution; param `resolution`), `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listCases: {
        parameters: {
            query?: {
                /** @description Only cases in this status. */
                status?: components["schemas"]["OpCaseStatus"];
                /** @description Only the cases of this dashboard user (`none`, the unassigned ones). */
                assignee?: string;
                /** @description Only cases of this priority. */
                priority?: components["schemas"]["OpCasePriority"];
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of cases. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseList"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (status, priority, assignee), `invalid_limit`, `invalid_cursor`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    assignCases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "case_ids": [
                 *         "144b00ce-b8dd-5b86-869b-7b2a1aff2069"
                 *       ],
                 *       "assignee": "3f0c2b1e-8d7a-5c4b-9e2f-1a0b9c8d7e6f"
                 *     }
                 */
                "application/json": components["schemas"]["OpAssignCasesRequest"];
            };
        };
        responses: {
            /** @description The cases, assigned. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseBulk"];
                };
            };
            /** @description `invalid_id` (tenant_id, case_ids, assignee), `invalid_json`, `invalid_request` (case_ids empty or over 100, assignee not a person of the tenant who works cases, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `case_not_found` (param `case_ids`). */
            404: components["responses"]["NotFound"];
            /** @description `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseDetail"];
                };
            };
            /** @description `invalid_id` (case_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    commentCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Cliente enviou comprovante de renda."
                 *     }
                 */
                "application/json": components["schemas"]["OpCaseCommentRequest"];
            };
        };
        responses: {
            /** @description The case with the comment. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseDetail"];
                };
            };
            /** @description `invalid_id` (case_id, analyst), `invalid_json`, `invalid_request` (text missing, blank or too long, analyst not a person of the tenant who works cases, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    assignCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "assignee": "3f0c2b1e-8d7a-5c4b-9e2f-1a0b9c8d7e6f"
                 *     }
                 */
                "application/json": components["schemas"]["OpAssignCaseRequest"];
            };
        };
        responses: {
            /** @description The case, assigned. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseDetail"];
                };
            };
            /** @description `invalid_id` (case_id, assignee), `invalid_json`, `invalid_request` (assignee not an active analyst, compliance officer or administrator of the tenant, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    escalateCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Renda incompatível com a movimentação declarada."
                 *     }
                 */
                "application/json": components["schemas"]["OpCaseNoteRequest"];
            };
        };
        responses: {
            /** @description The case, escalated. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseDetail"];
                };
            };
            /** @description `invalid_id` (case_id), `invalid_json`, `invalid_request` (note missing, blank or too long, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_already_escalated`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    closeCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Homônimo confirmado; nada mais a fazer."
                 *     }
                 */
                "application/json": components["schemas"]["OpCaseNoteRequest"];
            };
        };
        responses: {
            /** @description The case, closed. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpCaseDetail"] | components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id` (case_id), `invalid_json`, `invalid_request` (note missing, blank or too long, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_has_open_items` (with `open_items`), `case_closed`, `case_not_decided`, `communication_not_sent`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    attachSuspicionEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["OpEvidenceUpload"];
            };
        };
        responses: {
            /** @description The evidence as recorded, with the SHA-256 of its bytes. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "case_evidence",
                     *       "case_id": "3f1c2a4e-8d7b-4c1a-9e2f-1b2c3d4e5f60",
                     *       "evidence_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
                     *       "file_name": "extrato-marco.pdf",
                     *       "content_type": "application/pdf",
                     *       "sha256": "5f70bf18a086007016e948b04aed3b82103a36bea41755b6cddfaf10ace3c6ef",
                     *       "byte_size": 48213,
                     *       "by": "ana.souza@instituicao.com.br",
                     *       "attached_at": "2026-11-27T15:00:00.000Z",
                     *       "url": "/operator/v1/cases/3f1c2a4e-8d7b-4c1a-9e2f-1b2c3d4e5f60/evidence/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"
                     *     }
                     */
                    "application/json": components["schemas"]["OpCaseEvidence"];
                };
            };
            /** @description `invalid_id`, `invalid_multipart` (not multipart/form-data, no usable boundary, unreadable, too many parts), `invalid_file` (no file, more than one, another part name), `invalid_request` (author missing), `invalid_evidence_type` (content not an accepted type). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            /** @description `evidence_too_large`: the file exceeds 10 MB (10,485,760 bytes). */
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    downloadSuspicionEvidence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
                /** @description The evidence's id. */
                evidence_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description `attachment; filename="evidencia-{evidence_id}"`. */
                    "Content-Disposition"?: string;
                    /** @description The SHA-256 of the file, as recorded on the case. */
                    "X-Content-SHA256"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "*/*": string;
                };
            };
            /** @description `invalid_id` (case_id, evidence_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`, `evidence_not_found` (no such evidence on this case). */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    takeSuspicionKycSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "by": "ana.souza@instituicao.com.br"
                 *     }
                 */
                "application/json": components["schemas"]["OpKycSnapshotRequest"];
            };
        };
        responses: {
            /** @description The snapshot, its id, hash and content. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpKycSnapshot"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (by blank or too long, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    exportSuspicionDossierJson: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dossier. */
            200: {
                headers: {
                    /** @description `attachment; filename="dossie-{case_id}.json"`. */
                    "Content-Disposition"?: string;
                    /** @description The SHA-256 of the bytes sent. */
                    "X-Content-SHA256"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionDossier"];
                };
            };
            /** @description `invalid_id` (case_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    exportSuspicionDossierPdf: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The suspicion case's id (stream `suspicion-<case_id>`). */
                case_id: components["parameters"]["OpSuspicionCaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The dossier as PDF. */
            200: {
                headers: {
                    /** @description `attachment; filename="dossie-{case_id}.pdf"`. */
                    "Content-Disposition"?: string;
                    /** @description The SHA-256 of the PDF's bytes. */
                    "X-Content-SHA256"?: string;
                    /** @description The `content_sha256` of the JSON dossier this PDF prints. */
                    "X-Dossier-Content-SHA256"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                };
            };
            /** @description `invalid_id` (case_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listFreezeCommunications: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case's freeze, measures and communication drafts. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFreezeCommunications"];
                };
            };
            /** @description `invalid_id` (case_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    downloadFreezeCommunication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
                /**
                 * @description A communication draft: `<alert id>.<measures id or inicial>.<bcb|mjsp|coaf>`.
                 * @example 3f1c2a9e-7b1d-4c55-9a0e-2d6f0b8e4c11.inicial.bcb
                 */
                draft_id: components["parameters"]["OpFreezeDraftId"];
                /** @description `pdf` or `json`. */
                format: "pdf" | "json";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The draft's file. */
            200: {
                headers: {
                    /** @description `attachment; filename="comunicacao-bloqueio-{addressee}-v{version}.{format}"`. */
                    "Content-Disposition"?: string;
                    /** @description The SHA-256 of the file, as recorded on the case. */
                    "X-Content-SHA256"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "application/json": Record<string, never>;
                };
            };
            /** @description `invalid_id` (case_id, draft_id), `invalid_request` (format). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`, `not_found` (no such draft on the case). */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    markFreezeCommunicationSent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
                /**
                 * @description A communication draft: `<alert id>.<measures id or inicial>.<bcb|mjsp|coaf>`.
                 * @example 3f1c2a9e-7b1d-4c55-9a0e-2d6f0b8e4c11.inicial.bcb
                 */
                draft_id: components["parameters"]["OpFreezeDraftId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sent_at": "2026-11-27T15:00:00Z",
                 *       "protocol": "SISCOAF-2026-000123"
                 *     }
                 */
                "application/json": components["schemas"]["OpFreezeSentRequest"];
            };
        };
        responses: {
            /** @description The case's communications, the draft now sent. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFreezeCommunications"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (protocol missing or blank, unknown field), `invalid_date` (sent_at malformed or in the future). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`, `not_found` (no such draft). */
            404: components["responses"]["NotFound"];
            /** @description `freeze_not_confirmed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    recordCaseFreezeMeasures: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The case's id (its customer's id). */
                case_id: components["parameters"]["OpCaseId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "frozen_at": "2026-11-27T12:20:00Z",
                 *       "assets": [
                 *         {
                 *           "kind": "conta",
                 *           "description": "Conta corrente 12345-6, agência 0001",
                 *           "amount": 15230.55
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["FreezeMeasuresRequest"];
            };
        };
        responses: {
            /** @description The case's communications (the new drafts follow shortly). */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpFreezeCommunications"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (a field missing or malformed, a blank description, a negative amount, the justification missing on a late freeze), `invalid_date`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `customer_not_found` (no such case's customer). */
            404: components["responses"]["NotFound"];
            /** @description `freeze_not_confirmed`: no analyst confirmed a freeze for this customer; `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    setCustomerStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The customer's id. */
                customer_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "em_monitoramento"
                 *     }
                 */
                "application/json": components["schemas"]["OpCustomerStatusRequest"];
            };
        };
        responses: {
            /** @description The customer (as `GET /api/v1/customers/{id}` shows it). */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "customer_id": "144b00ce-b8dd-5b86-869b-7b2a1aff2069",
                     *       "object": "customer",
                     *       "status": "em_monitoramento",
                     *       "type": "pf",
                     *       "name": "Rosangela Bitencourt Farias",
                     *       "email": "r@example.com",
                     *       "doc": "***982247**",
                     *       "external_id": null,
                     *       "metadata": {},
                     *       "created_at": "2026-11-23T00:19:24.169Z",
                     *       "updated_at": "2026-11-23T00:19:25.692Z",
                     *       "birth_date": null,
                     *       "documents": [],
                     *       "latest_run": null,
                     *       "open_alerts": 0,
                     *       "sanctions_freeze": null,
                     *       "qualification": {
                     *         "status": "completa",
                     *         "missing": [],
                     *         "due_at": "2026-12-23T00:18:55.449Z",
                     *         "completed_at": "2026-11-23T00:18:55.449Z",
                     *         "overdue": false
                     *       },
                     *       "facial_verification": null,
                     *       "livemode": false
                     *     }
                     */
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description `invalid_id` (customer_id), `invalid_json`, `invalid_request` (status missing or not a customer status, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    reviewDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The document's id. */
                document_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "rejeitado",
                 *       "reason": "Comprovante com mais de 90 dias."
                 *     }
                 */
                "application/json": components["schemas"]["OpReviewDocumentRequest"];
            };
        };
        responses: {
            /** @description The review as recorded. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "document_id": "14a01e61-f325-4101-9fe4-827b9251828e",
                     *       "object": "document",
                     *       "customer_id": "e820c779-74f0-556c-ba34-a2c34f43414b",
                     *       "status": "rejeitado",
                     *       "reason": "Comprovante com mais de 90 dias."
                     *     }
                     */
                    "application/json": components["schemas"]["OpDocumentReview"];
                };
            };
            /** @description `invalid_id` (document_id), `invalid_json`, `invalid_request` (status not aprovado or rejeitado, reason not a string or over 1,000 characters, unknown field). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `document_not_found` (unknown, or replaced by a newer upload), `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    requestErasure: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                 *       "doc": "00000000353",
                 *       "legal_basis": "LGPD art. 18, VI: pedido do titular"
                 *     }
                 */
                "application/json": components["schemas"]["OpErasureRequest"];
            };
        };
        responses: {
            /** @description Erased now. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "object": "erasure_request",
                     *       "erasure_id": "6ec41f4e-9d57-5c67-910a-b4ff50dc68a3",
                     *       "status": "erased",
                     *       "due_at": "2026-11-23T00:19:26.817Z"
                     *     }
                     */
                    "application/json": components["schemas"]["OpErasure"];
                };
            };
            /**
             * @description Scheduled for `due_at`; or `held`: recorded and kept until `held_until` by a legal
             *     hold, even with a legal basis, then carried out by the scheduler. A customer of a tenant
             *     whose compliance settings name a reporting CNPJ is held ten years from 1 January after
             *     its last activity; a party of a suspicion case until the case's records may go. The
             *     record class and `message` are what the data subject may be told: the customer's or the
             *     operation's record, never a suspicion case or a communication to COAF (art. 50).
             */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpErasure"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (missing or mistyped field, legal_basis over 500 characters, unknown field), `invalid_document` (doc is not 11 or 14 digits). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found` (unknown or not a UUID), `not_found` (no records of this document for the tenant; param `doc`). */
            404: components["responses"]["NotFound"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    setWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
                /** @description The environment whose events the endpoint receives. */
                environment: "live" | "sandbox";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://hooks.bancoalfa.example/kyc",
                 *       "events": [
                 *         "run.completed",
                 *         "run.failed",
                 *         "customer.monitoring_alert"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OpWebhookEndpointRequest"];
            };
        };
        responses: {
            /** @description The endpoint's new signing secret. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "secret": "whsec_HmNSVYTTwZK3yFa335KaM4vQC9X0OgGJ4NRO7F81mG4"
                     *     }
                     */
                    "application/json": components["schemas"]["OpWebhookSecret"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (environment not live or sandbox, missing or mistyped url or events, an unknown event type, unknown field), `invalid_json`, `invalid_webhook_url` (not an absolute HTTPS URL, credentials, too long, or an internal address). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Only the deliveries of this event. */
                event_id?: string;
                /** @description Only deliveries in this status. */
                status?: "pending" | "succeeded" | "failed";
                /** @description At most this many deliveries, 1 to 100 (default 100). */
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deliveries. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "delivery_id": "a3f5618a-0a7f-53bf-8f9d-bfb76e9e22f2",
                     *           "event_id": "evt_f4bca079a5fe442e47188c789c58cca7",
                     *           "event": "run.completed",
                     *           "environment": "sandbox",
                     *           "url": "https://hooks.bancoalfa.example/kyc",
                     *           "status": "pending",
                     *           "attempts": [
                     *             {
                     *               "attempted_at": "2026-11-23T00:19:20.507Z",
                     *               "http_status": null,
                     *               "latency_ms": 3,
                     *               "error": "connection failed (ECONNREFUSED)"
                     *             }
                     *           ],
                     *           "next_attempt_at": "2026-11-23T00:19:50.510Z",
                     *           "failure_reason": null,
                     *           "created_at": "2026-11-23T00:19:20.502Z"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["OpWebhookDeliveryList"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (event_id or status), `invalid_limit`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    redeliverWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's id. */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt is owed. */
            202: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "delivery_id": "85a75f04-200b-5ac6-a1d0-26942ca9fcbc",
                     *       "status": "pending"
                     *     }
                     */
                    "application/json": components["schemas"]["OpRedelivery"];
                };
            };
            /** @description `invalid_id` (delivery_id). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `webhook_delivery_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    readAuditStreams: {
        parameters: {
            query?: {
                /** @description Only this tenant's events. */
                tenant_id?: string;
                /** @description Only streams of this category (the stream name before its first dash). */
                category?: string;
                /** @description Only the streams of this CPF or CNPJ (punctuation ignored); requires tenant_id. */
                subject?: string;
                /** @description The first position to read (default 0). */
                from?: number;
                /** @description At most this many events, 1 to 1,000 (default 100). */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": [
                     *         {
                     *           "position": 1,
                     *           "stream": "tenant-4a614839-c86a-477f-9a41-c45198506a8a",
                     *           "revision": 0,
                     *           "type": "TenantCreated",
                     *           "data": {
                     *             "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *             "name": "Banco Alfa",
                     *             "facial_verification_master": true,
                     *             "created_at": "2026-11-23T00:19:20.166Z"
                     *           },
                     *           "metadata": {
                     *             "tenant_id": "4a614839-c86a-477f-9a41-c45198506a8a",
                     *             "actor": "operator",
                     *             "request_id": "087d5a78-c808-4de8-8c1d-ae2544dbb929",
                     *             "occurred_at": "2026-11-23T00:19:20.166Z",
                     *             "correlation_id": "087d5a78-c808-4de8-8c1d-ae2544dbb929",
                     *             "causation_id": null
                     *           },
                     *           "recorded_at": "2026-11-23T00:19:20.169Z"
                     *         }
                     *       ],
                     *       "next_cursor": "2"
                     *     }
                     */
                    "application/json": components["schemas"]["OpAuditPage"];
                };
            };
            /** @description `invalid_id` (tenant_id), `invalid_request` (category; subject not a CPF or CNPJ, or without tenant_id), `invalid_cursor` (from not a non-negative integer), `invalid_limit`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listQuarantinedEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every quarantined event, oldest first. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpQuarantinedEvents"];
                };
            };
            401: components["responses"]["OpUnauthorized"];
            500: components["responses"]["OpInternalError"];
        };
    };
    retryQuarantinedEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The processor's id, as the list shows it.
                 * @example projection:tenants
                 */
                processor: string;
                /**
                 * @description The event's position, as the list shows it.
                 * @example 1
                 */
                position: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event was taken and left the quarantine. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        processor: string;
                        position: number;
                        /** @enum {boolean} */
                        retried: true;
                    };
                };
            };
            /** @description `invalid_request` (position). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `not_found`: nothing is quarantined for that processor at that position. */
            404: components["responses"]["NotFound"];
            /** @description `quarantine_retry_failed`: the event failed again and stays quarantined. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready; every check is `ok`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "event_store": "ok",
                     *         "read_store": "ok",
                     *         "processors": "ok"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description Not ready; the failing checks say `failing` (the processors check fails too when the event store's head cannot be read). */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Cache-Control": components["headers"]["NoStore"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "not_ready",
                     *       "checks": {
                     *         "event_store": "ok",
                     *         "read_store": "ok",
                     *         "processors": "failing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics, as `Content-Type: text/plain; version=0.0.4; charset=utf-8`. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP svc_runs_total Runs that reached their end, by outcome (the decision, or failed / cancelled)
                     *     # TYPE svc_runs_total counter
                     *     svc_runs_total{outcome="approved"} 2
                     */
                    "text/plain": string;
                };
            };
            /** @description `invalid_operator_token`: the `Authorization: Bearer` operator token is missing or wrong. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "type": "authorization_error",
                     *         "code": "invalid_operator_token",
                     *         "message": "Missing or invalid operator token.",
                     *         "param": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Error"];
                };
            };
            500: components["responses"]["InternalError"];
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
            410: components["responses"]["Gone"];
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
                /** @description A CPF (11 digits) or CNPJ (14 characters, the first 12 letters or digits since IN RFB 2.229/2024, letters in either case), unformatted; looked up by its keyed hash. */
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
            410: components["responses"]["Gone"];
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
                     *       "sanctions_freeze": null,
                     *       "qualification": {
                     *         "status": "completa",
                     *         "missing": [],
                     *         "due_at": "2026-12-23T00:18:55.449Z",
                     *         "completed_at": "2026-11-23T00:18:55.449Z",
                     *         "overdue": false
                     *       },
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
    updateCustomerQualification: {
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
                /**
                 * @example {
                 *       "address": {
                 *         "street": "Rua A",
                 *         "number": "10",
                 *         "city": "São Paulo",
                 *         "state": "SP",
                 *         "zip": "01001000"
                 *       },
                 *       "declared_income": "8500.00"
                 *     }
                 */
                "application/json": components["schemas"]["QualificationUpdateRequest"];
            };
        };
        responses: {
            /** @description The customer, with its qualification recomputed. */
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
                    "application/json": components["schemas"]["Customer"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (an unknown field, a field of the wrong shape, or none sent; param names it), `invalid_field_for_type` (a `pj` field for a `pf` customer or the reverse), `invalid_address`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`: the customer changed meanwhile; nothing was kept, retry. */
            409: components["responses"]["Conflict"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `db_failed` (nothing was kept; retry), `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    listCustomerPepRelationships: {
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
            /** @description The relationships in force. */
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
                    "application/json": {
                        data: components["schemas"]["PepRelationship"][];
                        livemode: boolean;
                    };
                };
            };
            /** @description `invalid_id`, `invalid_api_version`. */
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
    declareCustomerPepRelationship: {
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
                "application/json": components["schemas"]["PepRelationshipRequest"];
            };
        };
        responses: {
            /** @description The relationship declared. */
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
                     *       "relationship_id": "0b9c8f64-3c1e-4f5a-9d2e-6f1a2b3c4d5e",
                     *       "object": "pep_relationship",
                     *       "kind": "familiar",
                     *       "relation": "cônjuge",
                     *       "pep_name": "MARIA APARECIDA DOS SANTOS OLIVEIRA",
                     *       "pep_cpf": "52473645044",
                     *       "pep_role": "DEPUTADO ESTADUAL",
                     *       "pep_organ": "ASSEMBLEIA LEGISLATIVA DO ESTADO DE GOIÁS",
                     *       "declared_by": "api_key:6f1a2b3c-4d5e-4f5a-9d2e-0b9c8f643c1e",
                     *       "declared_at": "2026-11-28T05:00:00.000Z"
                     *     }
                     */
                    "application/json": components["schemas"]["PepRelationship"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (the field in `param`: `kind` not one of familiar, estreito_colaborador; `relation`, `pep_name`, `pep_role`, `pep_organ` empty or too long; an unknown field), `invalid_document` (param `pep_cpf`: not a valid CPF of 11 digits), `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `payload_too_large` (JSON body over 1 MB). */
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    removeCustomerPepRelationship: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /** @description The customer id (a UUID; anything else is `400 invalid_id`). */
                id: components["parameters"]["CustomerIdInPath"];
                /** @description The relationship's id (a UUID; anything else is `400 invalid_id`). */
                relationship_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "X-Svc-Api-Version": components["headers"]["X-Svc-Api-Version"];
                    "X-RateLimit-Limit": components["headers"]["X-RateLimit-Limit"];
                    "X-RateLimit-Remaining": components["headers"]["X-RateLimit-Remaining"];
                    "X-RateLimit-Reset": components["headers"]["X-RateLimit-Reset"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_id`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`, `pep_relationship_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
            /** @description `internal_error`. */
            500: components["responses"]["InternalError"];
        };
    };
    recordSanctionsFreezeMeasures: {
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
                /**
                 * @example {
                 *       "frozen_at": "2026-11-27T12:20:00Z",
                 *       "assets": [
                 *         {
                 *           "kind": "conta",
                 *           "description": "Conta corrente 12345-6, agência 0001",
                 *           "amount": 15230.55
                 *         }
                 *       ],
                 *       "attempts_blocked": [
                 *         {
                 *           "at": "2026-11-27T12:40:00Z",
                 *           "description": "PIX de saída recusado",
                 *           "amount": 5000
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["FreezeMeasuresRequest"];
            };
        };
        responses: {
            /** @description The measures, recorded. */
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
                    "application/json": components["schemas"]["FreezeMeasures"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (a field missing or malformed, a blank description, a negative amount, the justification missing on a late freeze), `invalid_date` (frozen_at or an attempt's at), `invalid_api_version`, `invalid_idempotency_key`, `idempotency_key_reused`. */
            400: components["responses"]["BadRequest"];
            /** @description `missing_api_key`, `invalid_api_key`. */
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `subject_type_not_allowed`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found` (also another tenant's or environment's customer). */
            404: components["responses"]["NotFound"];
            /** @description `freeze_not_confirmed`: no analyst confirmed a freeze for this customer; `idempotency_key_in_progress`, `concurrent_update`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            /** @description `rate_limit_exceeded` (with `Retry-After`). */
            429: components["responses"]["TooManyRequests"];
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
            /** @description `invalid_multipart` (not multipart/form-data, no usable boundary, unreadable, an unexpected file part, too many or too large parts), `missing_user_image`, `invalid_checks`, `missing_ref_image`, `invalid_document` (param `cpf`), `invalid_image_format` (param the image), `image_too_large` (over 5 MB), `invalid_api_version`. */
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
                     *           "stale": false,
                     *           "poll_seconds": 300,
                     *           "next_check_at": "2026-11-23T00:23:41.560Z",
                     *           "consecutive_failures": 0
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
                     *           "version_id": "88760e4a-439b-59ed-8231-7e643244ef25",
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
                     *           "reason": null,
                     *           "explanation": [
                     *             {
                     *               "feature": "name",
                     *               "score": 1,
                     *               "query": "Nicolas Maduro Moros",
                     *               "candidate": "MADURO MOROS, Nicolas",
                     *               "detail": "nome principal; alinhamento: nicolas ~ nicolas (igual 1,00); maduro ~ maduro (igual 1,00); moros ~ moros (igual 1,00)",
                     *               "weight": 1,
                     *               "contribution": 1,
                     *               "tokens": [
                     *                 {
                     *                   "query": "Nicolas",
                     *                   "query_normal": "nicolas",
                     *                   "candidate": "Nicolas",
                     *                   "candidate_normal": "nicolas",
                     *                   "kind": "word",
                     *                   "how": "exact",
                     *                   "similarity": 1,
                     *                   "weight": 0.8,
                     *                   "contribution": 0.8
                     *                 },
                     *                 {
                     *                   "query": "Maduro",
                     *                   "query_normal": "maduro",
                     *                   "candidate": "MADURO",
                     *                   "candidate_normal": "maduro",
                     *                   "kind": "word",
                     *                   "how": "exact",
                     *                   "similarity": 1,
                     *                   "weight": 1.1,
                     *                   "contribution": 1.1
                     *                 },
                     *                 {
                     *                   "query": "Moros",
                     *                   "query_normal": "moros",
                     *                   "candidate": "MOROS",
                     *                   "candidate_normal": "moros",
                     *                   "kind": "word",
                     *                   "how": "exact",
                     *                   "similarity": 1,
                     *                   "weight": 1.3,
                     *                   "contribution": 1.3
                     *                 }
                     *               ],
                     *               "factors": []
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
                     *       "warnings": [
                     *         {
                     *           "code": "list_not_loaded",
                     *           "list_id": "un_sc",
                     *           "message": "List un_sc is not loaded: it was not searched."
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
            /** @description `lists_not_loaded`: none of the lists searched has a loaded version, so an empty answer would be a silent "nada consta"; `missing_lists` names them (param `lists`). */
            409: components["responses"]["Conflict"];
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
    listSuspicionCases: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The queue. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseList"];
                };
            };
            /** @description `invalid_id`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    openSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "origin": "analyst",
                 *       "reason_codes": [
                 *         "outra_situacao"
                 *       ],
                 *       "other_reason": "Depósitos fracionados abaixo do limite de registro.",
                 *       "description": "Depósitos em espécie fracionados ao longo de uma semana."
                 *     }
                 */
                "application/json": components["schemas"]["OpOpenSuspicionCaseRequest"];
            };
        };
        responses: {
            /** @description The case. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (reason_codes, other_reason, ref, operation.*, unknown field), `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`, `alert_not_found`, `run_not_found`, `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    selectSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "note": "Selecionado para análise."
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionSelectRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_case_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    dismissSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Operação compatível com a renda declarada."
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionDismissRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_case_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    noteSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Cliente contatado pelo gerente; sem justificativa."
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionNoteRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    decideSuspicionCase: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "decision": "comunicar",
                 *       "rationale": "Fracionamento evidente, sem origem comprovada.",
                 *       "reason_codes": [
                 *         "CC4001-I.a"
                 *       ],
                 *       "analyst": "analista@example.com"
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionDecisionRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (rationale, reason_codes, other_reason), `analyst_required`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_case_status`, `four_eyes_required`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    markSuspicionCommunicationSent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sent_at": "2026-11-27T15:00:00Z"
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionSentRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_communication_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    rectifySuspicionCommunication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "justification": "Valor corrigido após conferência.",
                 *       "vl_cred": "52000"
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionRectificationRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `justification_required`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `receipt_required`, `invalid_case_status`, `invalid_communication_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    cancelSuspicionCommunication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "reason": "Comunicação feita em duplicidade.",
                 *       "justification": "Identificada após o prazo."
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionCancellationRequest"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request`, `justification_required`, `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `receipt_required`, `invalid_case_status`, `invalid_communication_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    prepareSuspicionCommunication: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "det": "Depósitos em espécie fracionados, sem origem comprovada.",
                 *       "cod_enq": [
                 *         "101"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["OpSuspicionCommunicationRequest"];
            };
        };
        responses: {
            /** @description The case, with the issues. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCommunicationPrepared"];
                };
            };
            /** @description `invalid_id`, `invalid_json`, `invalid_request` (reporting_cnpj, unknown field), `analyst_not_found`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_case_status`, `invalid_communication_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            413: components["responses"]["OpPayloadTooLarge"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getSuspicionSiscoafXml: {
        parameters: {
            query?: {
                /** @description The communication (default the latest not yet sent, else the batch). */
                communication_id?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    /** @description `attachment; filename="siscoaf-{NumOcorrencia}-{kind}.xml"`. */
                    "Content-Disposition"?: string;
                    /** @description The SHA-256 of the file, as recorded on the case. */
                    "X-Content-SHA256"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description `invalid_id`, `invalid_request`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`, `communication_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `communication_invalid` (with `issues`), `invalid_case_status`, `invalid_communication_status`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    recordSuspicionSiscoafResponse: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": string;
                "multipart/form-data": components["schemas"]["OpSiscoafUpload"];
            };
        };
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSuspicionCaseDetail"];
                };
            };
            /** @description `invalid_id`, `invalid_file`, `invalid_multipart`, `invalid_siscoaf_file`, `receipt_unmatched`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_communication_status`, `case_closed`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    recordSiscoafReceipts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/xml": string;
                "multipart/form-data": components["schemas"]["OpSiscoafUpload"];
            };
        };
        responses: {
            /** @description What matched and what did not. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSiscoafReceiptOutcome"];
                };
            };
            /** @description `invalid_id`, `invalid_file`, `invalid_multipart`, `invalid_siscoaf_file`, `receipt_unmatched`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `invalid_communication_status`, `concurrent_update`. */
            409: components["responses"]["OpConflict"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getSiscoafReceiptRequest: {
        parameters: {
            query: {
                /** @description The date the files were sent, dd/mm/aaaa. */
                date: string;
                /** @description The reporting CNPJ (default the tenant's default reporting entity). */
                cnpj?: string;
            };
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request file. */
            200: {
                headers: {
                    /** @description `attachment; filename="siscoaf-recibo-{ddmmaaaa}.xml"`. */
                    "Content-Disposition"?: string;
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/xml": string;
                };
            };
            /** @description `invalid_id`, `invalid_request` (date, cnpj). */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    getSiscoafWork: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tenant's id. */
                tenant_id: components["parameters"]["OpTenantId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The work. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpSiscoafWork"];
                };
            };
            /** @description `invalid_id`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["OpUnauthorized"];
            /** @description `tenant_not_found`. */
            404: components["responses"]["NotFound"];
            500: components["responses"]["OpInternalError"];
        };
    };
    listCasesPublic: {
        parameters: {
            query?: {
                /** @description Only cases in this status. */
                status?: components["schemas"]["SuspicionCaseStatus"];
                /** @description `true`: only the cases whose current clock passed; `false`: only the others. */
                overdue?: "true" | "false";
                /** @description Page size, 1 to 100 (default 20). */
                limit?: number;
                /** @description The `next_cursor` of the previous page. */
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
            /** @description One page of cases. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuspicionCaseList"];
                };
            };
            /** @description `invalid_request` (status, overdue), `invalid_limit`, `invalid_cursor`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createSuspicionCase: {
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
                /**
                 * @example {
                 *       "operation": {
                 *         "type": "deposito_especie",
                 *         "value": 48000,
                 *         "date": "2026-11-20",
                 *         "channel": "agencia",
                 *         "parties": [
                 *           {
                 *             "document": "52998224725",
                 *             "person_type": "PF",
                 *             "name": "Pessoa Exemplo da Silva",
                 *             "tp_env": "1"
                 *           }
                 *         ]
                 *       },
                 *       "reason_codes": [
                 *         "CC4001-I.a"
                 *       ],
                 *       "description": "Depósitos em espécie fracionados ao longo de uma semana."
                 *     }
                 */
                "application/json": components["schemas"]["SuspicionCaseCreateRequest"];
            };
        };
        responses: {
            /** @description The case. */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuspicionCase"];
                };
            };
            /** @description `invalid_json`, `invalid_request` (param names the field), `invalid_idempotency_key`, `idempotency_key_reused`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `customer_not_found`. */
            404: components["responses"]["NotFound"];
            /** @description `idempotency_key_in_progress`, `concurrent_update`. */
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    getCasePublic: {
        parameters: {
            query?: never;
            header?: {
                /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
                "x-svc-api-version"?: components["parameters"]["ApiVersion"];
            };
            path: {
                /**
                 * @description The regulatory case's id.
                 * @example 0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b
                 */
                case_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The case. */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SuspicionCase"];
                };
            };
            /** @description `invalid_id`, `invalid_api_version`. */
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description `insufficient_scope`, `channel_disabled`. */
            403: components["responses"]["Forbidden"];
            /** @description `case_not_found`. */
            404: components["responses"]["NotFound"];
            429: components["responses"]["TooManyRequests"];
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
    customerSanctionsFreezeWebhook: {
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
                 *       "id": "evt_4f1c2a9e0b7d4c3a8e6f5d2b1a0c9e8d",
                 *       "object": "event",
                 *       "event": "customer.sanctions_freeze",
                 *       "created": 1795393486,
                 *       "livemode": true,
                 *       "data": {
                 *         "object": "sanctions_freeze",
                 *         "status": "required",
                 *         "customer_id": "1a8702ad-1bd5-51a5-8316-a889dce8f0a8",
                 *         "alert_id": "9ae72f8e-8950-5a77-9538-29066ec30c62",
                 *         "list_id": "un_sc",
                 *         "entry_id": "6908555",
                 *         "legal_basis": "Lei 13.810/2019, arts. 6º e 9º; Resolução BCB 44/2020; IN BCB 262/2022",
                 *         "since": "2026-11-23T00:24:46.851Z",
                 *         "created_at": "2026-11-23T00:24:46.851Z"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["CustomerSanctionsFreezeEvent"];
            };
        };
        responses: {
            "2XX": components["responses"]["WebhookAcknowledged"];
            default: components["responses"]["WebhookNotAcknowledged"];
        };
    };
}
