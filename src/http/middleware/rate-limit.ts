import type Koa from 'koa';
import { ApiError } from '../errors.js';
import type { RequestState } from '../state.js';
import { setHeader } from './request.js';

const WINDOW_MS = 60_000;

export interface Decision {
  limit: number;
  remaining: number;
  /** Unix seconds when the window resets */
  reset: number;
  allowed: boolean;
  /** whole seconds until the reset, at least 1 */
  retryAfter: number;
}

/** Fixed one-minute windows, aligned to the minute, counted in memory per bucket. */
export class FixedWindowRateLimiter {
  private window = 0;
  private counts = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  hit(bucket: string, limit: number): Decision {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const count = (this.counts.get(bucket) ?? 0) + 1;
    this.counts.set(bucket, count);
    return {
      limit,
      remaining: Math.max(0, limit - count),
      reset: (window + WINDOW_MS) / 1000,
      allowed: count <= limit,
      retryAfter: Math.max(1, Math.ceil((window + WINDOW_MS - now) / 1000)),
    };
  }
}

/**
 * Per-key limits (the key's own setting, else the tenant's, else the default) with X-RateLimit-*
 * on every response, errors included; requests without a valid key count per client address.
 */
export function rateLimit(limiter: FixedWindowRateLimiter, defaultLimit: number): Koa.Middleware<RequestState> {
  return (ctx, next) => {
    const principal = ctx.state.principal;
    const bucket = principal ? `key:${principal.key_id}` : `ip:${ctx.ip}`;
    const decision = limiter.hit(bucket, principal?.rate_limit_per_minute ?? defaultLimit);
    setHeader(ctx, 'X-RateLimit-Limit', String(decision.limit));
    setHeader(ctx, 'X-RateLimit-Remaining', String(decision.remaining));
    setHeader(ctx, 'X-RateLimit-Reset', String(decision.reset));
    if (!decision.allowed) {
      throw new ApiError('rate_limit_exceeded', 'Too many requests for this key; retry after the window resets.', null, {}, {
        'Retry-After': String(decision.retryAfter),
      });
    }
    return next();
  };
}
