import got from 'got';
import * as t from 'io-ts';
import { isRight } from 'fp-ts/lib/Either.js';
import { randomUUID } from 'node:crypto';
import { errorResult, type BiometricProvider, type FacialCheck, type FacialCheckResult, type FacialImage } from './port.js';

const Answer = t.intersection([
  t.type({ status: t.keyof({ Approved: null, Declined: null }), score: t.number }),
  t.partial({ warnings: t.array(t.unknown), request_id: t.string }),
]);

/** The answer of a live check with no provider: the settings to add. */
export const UNCONFIGURED = 'provider not configured: set SVC_BIOMETRIC_PROVIDER_URL, or SVC_SERPRO_DATAVALID=on for a face_match with a cpf';

export interface BiometricProviderOptions {
  url: string | null;
  token: string | null;
  timeoutMs?: number;
}

/**
 * The live biometric provider of decisions section 3: `POST {url}/face-match` (user_image,
 * ref_image) and `POST {url}/passive-liveness` (user_image), multipart; 200
 * `{status, score, warnings, request_id}`. Anything else makes that check `Error`.
 */
export class HttpBiometricProvider implements BiometricProvider {
  constructor(private readonly options: BiometricProviderOptions) {}

  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage }, signal: AbortSignal): Promise<FacialCheckResult> {
    const localId = `req_${randomUUID()}`;
    // the message names the settings that would serve the check (the face match by CPF: Serpro's Datavalid)
    if (!this.options.url) return errorResult(localId, UNCONFIGURED);
    const form = new FormData();
    form.append('user_image', new Blob([images.user.data], { type: images.user.mime }), 'user_image');
    if (check === 'face_match' && images.ref) form.append('ref_image', new Blob([images.ref.data], { type: images.ref.mime }), 'ref_image');
    try {
      const response = await got.post(`${this.options.url.replace(/\/+$/, '')}/${check === 'face_match' ? 'face-match' : 'passive-liveness'}`, {
        body: form,
        headers: this.options.token ? { authorization: `Bearer ${this.options.token}` } : {},
        timeout: { request: this.options.timeoutMs ?? 15_000 },
        retry: { limit: 0 },
        followRedirect: false,
        throwHttpErrors: false,
        signal,
      });
      if (response.statusCode !== 200) return errorResult(localId, `provider answered HTTP ${response.statusCode}`);
      let body: unknown;
      try {
        body = JSON.parse(response.body);
      } catch {
        return errorResult(localId, 'provider answered a body that is not JSON');
      }
      const decoded = Answer.decode(body);
      if (!isRight(decoded)) return errorResult(localId, 'provider answered an unexpected body');
      return { status: decoded.right.status, score: decoded.right.score, warnings: decoded.right.warnings ?? [], request_id: decoded.right.request_id ?? localId };
    } catch (error) {
      const code = (error as { code?: string }).code;
      return errorResult(localId, code === 'ETIMEDOUT' ? 'provider timed out' : `provider unreachable${code ? ` (${code})` : ''}`);
    }
  }
}
