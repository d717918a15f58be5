import * as t from 'io-ts';
import { FACIAL_CHECKS, type FacialCheck } from '../../adapters/biometrics/port.js';
import { isValidCpf, normalizeDocument } from '../../domain/values/document.js';
import { refusing } from '../decode.js';
import { cleanFileName } from '../uploads.js';
import { FilePart } from './shared.js';

/** The input of the standalone facial verification (multipart: two image parts and a text field). */

/** An image part, its file name cleaned as it will be recorded. */
const ImagePart = FilePart.pipe(new t.Type<FilePart, FilePart, FilePart>('image', FilePart.is, (f) => t.success({ data: f.data, file_name: cleanFileName(f.file_name) }), t.identity), 'file');

/** The canonical forms of `checks`: each check once, in the order asked. */
export type FacialChecks = 'face_match' | 'passive_liveness' | 'face_match,passive_liveness' | 'passive_liveness,face_match';

/**
 * `checks`: comma-separated, spaces trimmed, duplicates ignored; decoded to one of the canonical
 * forms the document lists. Empty is absent: the default depends on the images (the command's).
 */
const Checks = refusing(
  new t.Type<FacialChecks | undefined, unknown, unknown>(
    'checks',
    (u): u is FacialChecks | undefined => u === undefined || (typeof u === 'string' && FACIAL_CHECKS.includes(u as FacialCheck)),
    (u, c) => {
      if (u === undefined || u === '') return t.success(undefined);
      const values = typeof u === 'string' ? u.split(',').map((check) => check.trim()) : [];
      if (values.length === 0 || values.some((check) => !(FACIAL_CHECKS as readonly string[]).includes(check))) return t.failure(u, c);
      return t.success([...new Set(values)].join(',') as FacialChecks);
    },
    t.identity,
  ),
  'invalid_checks',
  'checks must be face_match, passive_liveness or face_match,passive_liveness.',
  'checks',
);

/** `cpf`: the person's CPF, formatted or not, for a face match against official photos (Datavalid); decoded to 11 digits. */
const Cpf = refusing(
  new t.Type<string, string, unknown>(
    'cpf',
    (u): u is string => typeof u === 'string' && /^\d{11}$/.test(u) && isValidCpf(u),
    (u, c) => (typeof u === 'string' && isValidCpf(normalizeDocument(u)) ? t.success(normalizeDocument(u)) : t.failure(u, c)),
    t.identity,
  ),
  'invalid_document',
  'cpf must be a valid CPF (11 digits, formatted or not).',
  'cpf',
);

/**
 * The parts as the route hands them over: `{ user_image, ref_image }` from the file parts (the
 * first of each), `checks` and `cpf` from the text fields. A user_image sent as text, or empty, is missing.
 */
export const VerifyFacialBody = t.intersection([
  t.type({
    user_image: refusing(
      t.refinement(ImagePart, (f) => f.data.length > 0, 'non-empty file'),
      'missing_user_image',
      'user_image is required and must be a file.',
      'user_image',
    ),
  }),
  t.partial({ ref_image: ImagePart, checks: Checks, cpf: Cpf }),
]);
