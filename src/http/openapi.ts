import Router from '@koa/router';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import type { RequestState } from './state.js';

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, unknown>;
  components?: Record<string, Record<string, unknown>>;
};

/** The `openapi/` folder of the package, from src/http (tsx) or dist/src/http (built). */
export function openApiDir(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 5; i += 1) {
    const candidate = join(dir, 'openapi');
    if (existsSync(join(candidate, 'openapi.yaml'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('openapi/openapi.yaml not found beside the package');
}

/** The service's contract: openapi/openapi.yaml. */
export function loadOpenApiDocument(dir = openApiDir()): OpenApiDocument {
  return parse(readFileSync(join(dir, 'openapi.yaml'), 'utf8')) as OpenApiDocument;
}

/**
 * Redoc's bundle, less its one outside request: the sidebar's vendor logo on a CDN (an empty
 * source makes the image hide itself). The page's CSP would block it anyway.
 */
function redocBundle(): Buffer {
  const script = readFileSync(REDOC_BUNDLE, 'utf8');
  const patched = script.replace('"https://cdn.redoc.ly/redoc/logo-mini.svg"', '""');
  if (patched === script) throw new Error('redoc bundle: the logo URL to strip was not found (redoc changed)');
  return Buffer.from(patched);
}

let cached: OpenApiDocument | null = null;

/** The document, parsed once per process (every app of a test run serves the same file). */
export function cachedOpenApiDocument(): OpenApiDocument {
  cached ??= loadOpenApiDocument();
  return cached;
}

const REDOC_BUNDLE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/** The reference page: Redoc, served from the package with the document, no CDN. */
const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>KYC/AML service — API reference</title>
</head>
<body>
<redoc spec-url="/api/v1/openapi.json"></redoc>
<script src="/api/v1/reference/redoc.standalone.js"></script>
</body>
</html>
`;

// Redoc styles itself inline and runs its search index in a blob worker; nothing else is allowed
const REFERENCE_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * The published contract, open to anyone (no key): the document as JSON, and the reference page
 * with the Redoc bundle it loads. Both are prepared on first request: the document is read then,
 * not at start (parsing its 0.5 MB of YAML took a third of a second of every start).
 */
export function openApiRouter(document: () => OpenApiDocument): Router<RequestState> {
  const router = new Router<RequestState>();
  // serialized on first request, not at every app's start (tests start hundreds)
  let json: string | null = null;
  let bundle: Buffer | null = null;
  router.get('/api/v1/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'application/json';
    json ??= JSON.stringify(document());
    ctx.body = json;
  });
  router.get('/api/v1/reference', (ctx) => {
    ctx.set('Content-Security-Policy', REFERENCE_CSP);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = REFERENCE_PAGE;
  });
  router.get('/api/v1/reference/redoc.standalone.js', (ctx) => {
    bundle ??= redocBundle();
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.body = bundle;
  });
  return router;
}
