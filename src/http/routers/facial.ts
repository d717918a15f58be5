import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { FACIAL_CHECKS, type FacialCheck, type FacialImage } from '../../adapters/biometrics/port.js';
import { newId } from '../../adapters/ids.js';
import { IMAGE_MAX_BYTES, imageFormat } from '../../adapters/image-format.js';
import { succeeded, verifyFacial } from '../../commands/facial.js';
import type { TenantDoc } from '../../projections/tenants.js';
import type { Services } from '../../services.js';
import { ApiError, fromDomainError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { requireScope } from '../middleware/auth.js';
import type { RequestState } from '../state.js';
import { assertMultipart, cleanFileName, multipartParser, parseMultipart } from '../uploads.js';

type UploadedFile = { buffer: Buffer; originalname: string; size: number };

/** `checks`: face_match, passive_liveness or both; default face_match with a ref_image, else passive_liveness. */
export function parseChecks(raw: unknown, hasRef: boolean): FacialCheck[] {
  if (raw === undefined || raw === '') return [hasRef ? 'face_match' : 'passive_liveness'];
  const values = typeof raw === 'string' ? raw.split(',').map((c) => c.trim()) : [];
  if (values.length === 0 || values.some((c) => !(FACIAL_CHECKS as readonly string[]).includes(c))) {
    throw new ApiError('invalid_checks', 'checks must be face_match, passive_liveness or face_match,passive_liveness.', 'checks');
  }
  return [...new Set(values)] as FacialCheck[];
}

async function image(file: UploadedFile, param: string): Promise<FacialImage> {
  const format = await imageFormat(file.buffer);
  if (!format) throw new ApiError('invalid_image_format', `${param} must be a JPG, PNG, WEBP or TIFF image whose header decodes.`, param);
  return { data: file.buffer, file_name: cleanFileName(file.originalname), mime: format.mime };
}

/** POST /verificacoes/facial: the standalone, synchronous facial verification. */
export function facialRouter(services: Pick<Services, 'log' | 'docCache' | 'biometrics' | 'clock'>): Router<RequestState> {
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: IMAGE_MAX_BYTES, files: 2, fields: 3, fieldSize: 256, parts: 5 });

  router.post(
    '/verificacoes/facial',
    requireScope('biometria:write'),
    async (ctx, next) => {
      const tenant = await services.docCache.get<TenantDoc>('tenants', ctx.state.principal!.tenant_id);
      if (!tenant?.settings.facial_verification_master || !tenant.settings.facial_verification_enabled) {
        throw new ApiError('module_disabled', 'Facial verification is not active for this account.');
      }
      assertMultipart(ctx, 'The body must be multipart/form-data.');
      await parseMultipart(ctx, upload.fields([{ name: 'user_image', maxCount: 1 }, { name: 'ref_image', maxCount: 1 }]), next, uploadError);
    },
    async (ctx) => {
      const files = ((ctx as unknown as { files?: Record<string, UploadedFile[]> }).files ?? {}) as Record<string, UploadedFile[]>;
      const fields = ((ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
      const userFile = files['user_image']?.[0];
      if (!userFile || userFile.size === 0) throw new ApiError('missing_user_image', 'user_image is required and must be a file.', 'user_image');
      const refFile = files['ref_image']?.[0];
      const checks = parseChecks(fields['checks'], refFile !== undefined);
      if (checks.includes('face_match') && !refFile) throw new ApiError('missing_ref_image', 'face_match needs a ref_image.', 'ref_image');
      const user = await image(userFile, 'user_image');
      const ref = refFile ? await image(refFile, 'ref_image') : undefined;
      const principal = ctx.state.principal!;
      const provider = principal.environment === 'live' ? services.biometrics.live : services.biometrics.sandbox;
      const result = await verifyFacial(
        services.log,
        provider,
        { tenant_id: principal.tenant_id, environment: principal.environment, verification_id: newId(), checks, user, ...(ref ? { ref } : {}) },
        commandContext(ctx, services.clock, principal.tenant_id),
      );
      if (E.isLeft(result)) throw fromDomainError(result.left);
      if (succeeded(result.right) === 0) {
        throw new ApiError('biometric_check_failed', 'No requested facial check succeeded at the provider; nothing was charged.');
      }
      ctx.body = {
        object: 'facial_verification',
        results: Object.fromEntries(
          Object.entries(result.right).map(([check, r]) => [
            check,
            r.status === 'Error'
              ? { status: r.status, warnings: r.warnings, request_id: r.request_id, message: r.message ?? 'The check failed at the provider.' }
              : { status: r.status, score: r.score, warnings: r.warnings, request_id: r.request_id },
          ]),
        ),
        livemode: ctx.state.livemode,
      };
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
