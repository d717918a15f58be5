import type Koa from 'koa';
import getRawBody from 'raw-body';
import { RESERVED_KEYS } from '../decode.js';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';

export const JSON_BODY_LIMIT = 1024 * 1024;
/** No request of the API nests half as deep; every later step (hashing, decoding) may recurse. */
export const JSON_MAX_DEPTH = 32;

/**
 * Reads a JSON body of at most 1 MB: 413 payload_too_large above, 400 invalid_json when
 * unparsable or nested deeper than 32 levels, 400 invalid_request when a key anywhere is a
 * reserved name. All of it before any other middleware (idempotency hashing included) sees it.
 */
export function jsonBody(): Koa.Middleware<RequestState> {
  return async (ctx, next) => {
    let raw: Buffer;
    try {
      raw = await getRawBody(ctx.req, { limit: JSON_BODY_LIMIT, length: ctx.get('content-length') || undefined });
    } catch (error) {
      const type = (error as { type?: string }).type;
      if (type === 'entity.too.large') throw new ApiError('payload_too_large', 'The JSON body exceeds 1 MB.');
      throw new ApiError('invalid_json', 'The request body could not be read.');
    }
    ctx.state.rawBody = raw;
    if (raw.length === 0) {
      ctx.state.body = undefined;
    } else {
      const text = raw.toString('utf8');
      if (exceedsDepth(text, JSON_MAX_DEPTH)) throw new ApiError('invalid_json', `The request body is nested deeper than ${JSON_MAX_DEPTH} levels.`);
      let body: unknown;
      try {
        body = JSON.parse(text) as unknown;
      } catch {
        throw new ApiError('invalid_json', 'The request body is not valid JSON.');
      }
      const reserved = reservedKeyPath(body, '');
      if (reserved !== null) throw new ApiError('invalid_request', `Unknown field: ${reserved}.`, reserved);
      ctx.state.body = body;
    }
    await next();
  };
}

/** Whether JSON text opens more than `max` objects or arrays at once: one pass over the text, brackets in strings excluded. */
function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth--;
    }
  }
  return false;
}

/** The dotted path of the first reserved key at any depth (JSON.parse makes `__proto__` an own key), or null. */
function reservedKeyPath(value: unknown, path: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, child] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && RESERVED_KEYS.has(key)) return at;
    const found = reservedKeyPath(child, at);
    if (found !== null) return found;
  }
  return null;
}
