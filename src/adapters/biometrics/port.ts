export type FacialCheck = 'face_match' | 'passive_liveness';
export const FACIAL_CHECKS: readonly FacialCheck[] = ['face_match', 'passive_liveness'];

export interface FacialImage {
  data: Buffer;
  /** the uploaded file name (the sandbox chooses its outcome by it) */
  file_name: string;
  mime: string;
}

export interface FacialCheckResult {
  status: 'Approved' | 'Declined' | 'Error';
  /** present unless status is Error */
  score: number | null;
  /** opaque objects from the provider */
  warnings: unknown[];
  request_id: string;
  /** only when status is Error */
  message?: string;
  /** the provider's answer as returned, kept with the recorded check (Datavalid) */
  evidence?: Record<string, unknown>;
}

/**
 * What a check compares: the user's image, the reference image, and the person's CPF (a provider
 * holding official photos, Serpro's Datavalid, compares the user's image with the CNH's).
 */
export interface FacialSubject {
  user: FacialImage;
  ref?: FacialImage;
  cpf?: string;
}

/** One facial check at a biometric provider. Implementations never throw: failures are `Error` results. */
export interface BiometricProvider {
  check(check: FacialCheck, images: FacialSubject, signal: AbortSignal): Promise<FacialCheckResult>;
}

export const errorResult = (request_id: string, message: string): FacialCheckResult => ({ status: 'Error', score: null, warnings: [], request_id, message });
