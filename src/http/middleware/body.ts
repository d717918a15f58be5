import type Koa from 'koa';
import getRawBody from 'raw-body';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';

export const JSON_BODY_LIMIT = 1024 * 1024;

/** Reads a JSON body of at most 1 MB: 413 payload_too_large above, 400 invalid_json when unparsable. */
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
      try {
        ctx.state.body = JSON.parse(raw.toString('utf8')) as unknown;
      } catch {
        throw new ApiError('invalid_json', 'The request body is not valid JSON.');
      }
    }
    await next();
  };
}
