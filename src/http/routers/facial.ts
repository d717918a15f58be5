import Router from '@koa/router';
import { IMAGE_MAX_BYTES } from '../../adapters/image-format.js';
import { facialVerificationEnabled, verifyStandaloneFacial } from '../../commands/facial.js';
import type { Clock } from '../../adapters/clock.js';
import type { BiometricProvider } from '../../adapters/biometrics/port.js';
import type { EventLog } from '../../adapters/event-store/event-log.js';
import type { DocCache } from '../../projections/doc-cache.js';
import { decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { requireScope } from '../middleware/auth.js';
import { VerifyFacialBody } from '../operations/facial.js';
import { orThrow } from '../outcome.js';
import type { RequestState } from '../state.js';
import { assertMultipart, multipartParser, parseMultipart } from '../uploads.js';
import { facialVerificationView } from '../views.js';

/** POST /verificacoes/facial: the standalone, synchronous facial verification. */
export interface FacialRouterDeps {
  log: EventLog;
  docCache: DocCache;
  biometrics: { sandbox: BiometricProvider; live: BiometricProvider };
  clock: Clock;
}

export function facialRouter(services: FacialRouterDeps): Router<RequestState> {
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: IMAGE_MAX_BYTES, files: 2, fields: 3, fieldSize: 256, parts: 5 });

  router.post(
    '/verificacoes/facial',
    requireScope('biometria:write'),
    async (ctx, next) => {
      // the module first: no upload is read for a tenant without it
      orThrow(await facialVerificationEnabled(services.docCache, ctx.state.principal!.tenant_id));
      assertMultipart(ctx, 'The body must be multipart/form-data.');
      await parseMultipart(ctx, upload.fields([{ name: 'user_image', maxCount: 1 }, { name: 'ref_image', maxCount: 1 }]), next, uploadError);
    },
    async (ctx) => {
      const files = (ctx as unknown as { files?: Record<string, unknown[]> }).files ?? {};
      const fields = (ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {};
      const request = decodeInput(VerifyFacialBody, { user_image: files['user_image']?.[0], ref_image: files['ref_image']?.[0], checks: fields['checks'], ...(fields['cpf'] !== undefined && fields['cpf'] !== '' ? { cpf: fields['cpf'] } : {}) });
      const principal = ctx.state.principal!;
      const results = orThrow(await verifyStandaloneFacial(services, principal, request, commandContext(ctx, services.clock, principal.tenant_id)));
      ctx.body = facialVerificationView(results, ctx.state.livemode);
    },
  );
  return router;
}

function uploadError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  const field = (error as { field?: string }).field;
  if (code === 'LIMIT_FILE_SIZE') return new ApiError('image_too_large', `${field ?? 'The image'} exceeds 5 MB (5,242,880 bytes).`, field ?? null);
  // a text part too long for a field: user_image sent as text (say, base64) is still not a file
  if (code === 'LIMIT_FIELD_VALUE' && field === 'user_image') return new ApiError('missing_user_image', 'user_image is required and must be a file.', 'user_image');
  if (code === 'LIMIT_UNEXPECTED_FILE') return new ApiError('invalid_multipart', `Unexpected file part ${field ?? ''}: send user_image and ref_image only.`.trim(), field ?? null);
  return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data.');
}
