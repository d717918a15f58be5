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
}
export type webhooks = Record<string, never>;
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
    };
    parameters: {
        /** @description Pins a dated API version; omitted means the latest. An unknown version answers 400 invalid_api_version. */
        ApiVersion: "2026-06-03" | "2026-08-27" | "2026-09-23";
        /** @description 1 to 255 visible ASCII characters. A replay answers the stored 2xx with `Idempotent-Replayed true`. */
        IdempotencyKey: string;
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
}
