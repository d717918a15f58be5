import type Koa from 'koa';
import { AppendTooLargeError, WrongExpectedRevisionError } from '../../adapters/event-store/port.js';
import { DomainError } from '../../domain/shared/decider.js';
import type { Logger } from '../../logger.js';
import { errorText } from '../../logger.js';
import { ApiError, fromDomainError } from '../errors.js';
import type { RequestState } from '../state.js';

/**
 * The one error middleware: typed errors become the error envelope; anything else is logged by
 * name and request id and answered 500 internal_error, with no message or stack in the body.
 */
export function errorHandler(logger: Logger): Koa.Middleware<RequestState> {
  // a promise's catch, not an async function: one promise fewer per request
  return (ctx, next) =>
    next().catch((thrown: unknown) => {
      const error = toApiError(thrown);
      if (error.status >= 500) {
        logger.error('request failed', {
          request_id: ctx.state.requestId,
          error: errorText(thrown),
        });
      }
      ctx.status = error.status;
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      const isPublicApi = ctx.path.startsWith('/api/');
      ctx.body = isPublicApi ? { error: error.body(), livemode: ctx.state.livemode } : { error: error.body() };
    });
}

function toApiError(thrown: unknown): ApiError {
  if (thrown instanceof ApiError) return thrown;
  if (thrown instanceof DomainError) return fromDomainError(thrown);
  if (thrown instanceof WrongExpectedRevisionError) {
    return new ApiError('concurrent_update', 'The resource changed concurrently; retry the request.', null, {}, { 'Retry-After': '1' });
  }
  // the store would refuse it on every retry: the request is what is too large
  if (thrown instanceof AppendTooLargeError) {
    return new ApiError('payload_too_large', `The request would record more than the event store takes in one write (${thrown.limit} bytes).`);
  }
  return new ApiError('internal_error', 'An internal error occurred. Quote the X-Request-Id when contacting support.');
}
