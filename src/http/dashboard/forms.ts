import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import { ApiError, type ErrorCode } from '../errors.js';

/**
 * Dashboard forms are decoded by io-ts codecs (the operator API's where one exists); a refusal
 * is the form's own pt-BR message under the field's name, as the screens always said it.
 */
export function formValue<A>(codec: t.Decoder<unknown, A>, value: unknown, message: string, param: string | null, code: ErrorCode = 'invalid_request'): A {
  const decoded = codec.decode(value);
  if (E.isLeft(decoded)) throw new ApiError(code, message, param);
  return decoded.right;
}

/** Text of at most `max` characters (after the trimming the form does). */
export const textUpTo = (max: number) => t.refinement(t.string, (s) => s.length <= max, `TextUpTo${max}`);

/** Text of 1 to `max` characters. */
export const requiredTextUpTo = (max: number) => t.refinement(t.string, (s) => s.length > 0 && s.length <= max, `RequiredTextUpTo${max}`);

/** One of some words. */
export const oneOf = <K extends string>(...keys: K[]) => t.keyof(Object.fromEntries(keys.map((k) => [k, null])) as Record<K, null>);
