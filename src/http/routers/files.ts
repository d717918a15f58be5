import Router from '@koa/router';
import type { Clock } from '../../adapters/clock.js';
import type { FileDeps } from '../deps.js';
import { ApiError } from '../errors.js';
import { verifyFileToken } from '../file-tokens.js';
import type { RequestState } from '../state.js';

/**
 * Signed file URLs (`{SVC_PUBLIC_BASE_URL}/files/{token}`): no API key, the token is the
 * grant. A forged token is 404 (nothing is there for it); a genuine one past its hour is
 * 403 url_expired.
 */
export function filesRouter(services: FileDeps & { clock: Clock }): Router<RequestState> {
  const router = new Router<RequestState>();
  router.get('/files/:token', async (ctx) => {
    const check = verifyFileToken(services.secretKey, ctx.params['token']!, Math.floor(services.clock.now().getTime() / 1000));
    if (!check.ok && check.reason === 'expired') throw new ApiError('url_expired', 'This signed URL has expired; request the report again for a new one.');
    if (!check.ok) throw new ApiError('not_found', 'No such file.');
    const blob = await services.blobStore.get(check.grant.blob_key);
    if (!blob) throw new ApiError('not_found', 'No such file.');
    ctx.set('Content-Type', blob.contentType);
    ctx.set('Content-Disposition', `inline; filename="${check.grant.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
    ctx.set('Cache-Control', `private, max-age=${Math.max(0, check.grant.expires_at - Math.floor(services.clock.now().getTime() / 1000))}`);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.body = blob.data;
  });
  return router;
}
