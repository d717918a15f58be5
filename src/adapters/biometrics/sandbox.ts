import { randomUUID } from 'node:crypto';
import { errorResult, type BiometricProvider, type FacialCheck, type FacialCheckResult, type FacialImage } from './port.js';

/**
 * Sandbox outcomes chosen by the user image's file name (decisions section 5, case-insensitive):
 * fm_declined, live_declined, fm_error, live_error; otherwise Approved (0.97 / 0.93).
 */
export class SandboxBiometricProvider implements BiometricProvider {
  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage }): Promise<FacialCheckResult> {
    const name = images.user.file_name.toLowerCase();
    const requestId = `sbx_${randomUUID()}`;
    const prefix = check === 'face_match' ? 'fm' : 'live';
    if (name.includes(`${prefix}_error`)) return errorResult(requestId, `Sandbox: ${check} failed at the provider.`);
    if (name.includes(`${prefix}_declined`)) return { status: 'Declined', score: check === 'face_match' ? 0.12 : 0.08, warnings: [], request_id: requestId };
    return { status: 'Approved', score: check === 'face_match' ? 0.97 : 0.93, warnings: [], request_id: requestId };
  }
}
