import type Koa from 'koa';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { cachedOpenApiDocument, type OpenApiDocument } from '../../src/http/openapi.js';
import type { RequestState } from '../../src/http/state.js';

/**
 * The tests' contract check: every response any test's service answers is matched to the
 * document's operation (method and path template) and status, and its JSON body validated with
 * Ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). What fails is recorded, not thrown (a
 * throw would change the answer the test sees); the root hook fails the run on any failure and
 * reports the documented (operation, status) pairs no test reached.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
  responses: Record<string, unknown>;
  /** the operation object as written, and its path item (shared parameters) */
  raw: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  item: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface ContractRecord {
  /** `GET /api/v1/customers/{id} 200` for every response a test received */
  exercised: Set<string>;
  failures: string[];
}

// mocha loads the root hook through require and the specs through import, so this module can
// exist twice in one run: the record lives on the global object, shared by both copies
const RECORD = Symbol.for('kyc-svc.test.openapi-contract');
export const contractRecord: ContractRecord = ((globalThis as { [RECORD]?: ContractRecord })[RECORD] ??= { exercised: new Set(), failures: [] });

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

let state: { operations: Operation[]; ajv: Ajv2020; validators: Map<string, ValidateFunction> } | null = null;

function contract(): NonNullable<typeof state> {
  if (state) return state;
  const document = cachedOpenApiDocument();
  // OpenAPI's own keywords (example, discriminator, x-…) are annotations here
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true, validateSchema: false }));
  ajv.addSchema(document as object, 'openapi.json');
  state = { operations: operationsOf(document), ajv, validators: new Map() };
  return state;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    for (const method of METHODS) {
      const operation = item[method] as Operation['raw'] | undefined;
      if (operation) operations.push({ method: method.toUpperCase(), template, pattern: new RegExp(`^${source}$`), responses: operation['responses'] ?? {}, raw: operation, item });
    }
  }
  // a literal segment beats a parameter (`/runs/{id}` vs `/runs/analysis`): fewer parameters first
  return operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
}

/** Every operation of the document, literal paths before templated ones. */
export function documentOperations(): readonly Operation[] {
  return contract().operations;
}

/** The node a local JSON pointer (`#/components/…`) names in the document. */
export function resolvePointer(pointer: string): Record<string, unknown> {
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')], cachedOpenApiDocument()) as Record<string, unknown>;
}

/** Every documented (operation, status) pair: `GET /api/v1/customers 200`. */
export function documentedPairs(): string[] {
  return contract().operations.flatMap((op) => Object.keys(op.responses).map((status) => `${op.method} ${op.template} ${status}`));
}

/** JSON pointer escaping of one token. */
const token = (value: string) => value.replace(/~/g, '~0').replace(/\//g, '~1');

/** The response object of a status (following a `$ref` into components), and its pointer. */
function responseAt(op: Operation, status: string): { pointer: string; response: Record<string, unknown> } | null {
  const key = Object.hasOwn(op.responses, status) ? status : Object.hasOwn(op.responses, `${status[0]}XX`) ? `${status[0]}XX` : Object.hasOwn(op.responses, 'default') ? 'default' : null;
  if (key === null) return null;
  let pointer = `#/paths/${token(op.template)}/${op.method.toLowerCase()}/responses/${token(key)}`;
  let response = op.responses[key] as Record<string, unknown>;
  for (let hops = 0; typeof response.$ref === 'string' && hops < 5; hops += 1) {
    pointer = response.$ref;
    response = resolvePointer(pointer);
  }
  return { pointer, response };
}

function validatorFor(pointer: string): ValidateFunction {
  const { ajv, validators } = contract();
  let validate = validators.get(pointer);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json${pointer}` });
    validators.set(pointer, validate);
  }
  return validate;
}

/** What a response says against the document: null when it conforms, else why not. */
export function checkResponse(method: string, path: string, status: number, contentType: string, body: unknown): string | null {
  const { operations } = contract();
  const op = operations.find((candidate) => candidate.method === method && candidate.pattern.test(path));
  if (!op) {
    // a path or method no operation has: only the generic refusal, in the error envelope
    if (status >= 400 && status < 500 && validatorFor('#/components/schemas/Error')(jsonOf(body))) return null;
    return `undocumented: ${method} ${path.replace(/\/[^/]{24,}/g, '/…')} answered ${status}`;
  }
  const label = `${op.method} ${op.template} ${status}`;
  contractRecord.exercised.add(label);
  const found = responseAt(op, String(status));
  if (!found) return `${label}: status not documented`;
  const content = found.response.content as Record<string, { schema?: unknown }> | undefined;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  if (!content) return body === null || body === undefined || body === '' ? null : `${label}: body sent but none documented`;
  const entry = content[mediaType] ?? content['*/*'];
  if (!entry) return `${label}: content type ${mediaType || '(none)'} not documented (${Object.keys(content).join(', ')})`;
  if (!mediaType.endsWith('json') || !entry.schema) return null;
  const validate = validatorFor(`${found.pointer}/content/${token(mediaType)}/schema`);
  if (validate(jsonOf(body))) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);
  return `${label}: ${errors.join('; ')}`;
}

function jsonOf(body: unknown): unknown {
  if (typeof body === 'string') {
    try {
      return JSON.parse(body);
    } catch {
      return body;
    }
  }
  return body;
}

/** The outermost middleware of every test service: checks the final answer, changes nothing. */
export function contractValidator(testOnly: (method: string, path: string) => boolean = () => false): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    await next();
    if (ctx.method === 'HEAD' || ctx.method === 'OPTIONS' || testOnly(ctx.method, ctx.path)) return;
    // the dashboard is HTML for people, outside the API's contract (tested in test/dashboard)
    if (ctx.path === '/dashboard' || ctx.path.startsWith('/dashboard/')) return;
    const problem = checkResponse(ctx.method, ctx.path, ctx.status, ctx.response.get('content-type') ?? '', ctx.body);
    if (problem !== null) contractRecord.failures.push(problem);
  };
}
