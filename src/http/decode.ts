import * as t from 'io-ts';
import { isLeft } from 'fp-ts/lib/Either.js';
import { withoutInvisibles } from '../domain/values/invisible.js';
import { hasInvisibleCharacters, INVISIBLE_CHARACTERS_MESSAGE } from '../domain/values/display-text.js';
import { ApiError, type ErrorCode } from './errors.js';

type Props = Record<string, t.Mixed>;

/** Names that reach Object.prototype when used as keys or looked up by: never data, whatever the endpoint. */
export const RESERVED_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/** The property names a codec knows, so unknown fields can be refused rather than ignored. */
function knownProps(codec: t.Mixed): Props | null {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return codec.props as Props;
  if (codec instanceof t.ExactType) return knownProps(codec.type as t.Mixed);
  if (codec instanceof t.IntersectionType) {
    const merged: Props = {};
    for (const part of codec.types as t.Mixed[]) {
      const props = knownProps(part);
      if (!props) return null;
      Object.assign(merged, props);
    }
    return merged;
  }
  if (codec instanceof t.RefinementType) return knownProps(codec.type as t.Mixed);
  return null;
}

/**
 * The path of the first field the codec does not know, in the body or in any object nested in
 * it that the codec describes field by field (io-ts would keep such a field, or drop it
 * silently). Own properties only: `in` would find `constructor` on every object.
 */
function unknownField(codec: t.Mixed, value: unknown, path: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (codec instanceof t.ArrayType) {
    if (!Array.isArray(value)) return null;
    for (const [i, item] of value.entries()) {
      const found = unknownField(codec.type as t.Mixed, item, at(String(i)));
      if (found !== null) return found;
    }
    return null;
  }
  if (codec instanceof t.UnionType) {
    // a nullable object: check against its one object member
    const objects = (codec.types as t.Mixed[]).filter((member) => knownProps(member) !== null);
    return objects.length === 1 ? unknownField(objects[0]!, value, path) : null;
  }
  const props = knownProps(codec);
  if (!props || Array.isArray(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    if (!Object.hasOwn(props, key)) return at(key);
    const found = unknownField(props[key]!, child, at(key));
    if (found !== null) return found;
  }
  return null;
}

/**
 * Decodes a JSON body with an io-ts codec: the body must be an object, unknown fields are
 * refused at every depth the codec describes, and the first failing field is named in `param`.
 */
export function decodeBody<C extends t.Mixed>(codec: C, body: unknown, code: ErrorCode = 'invalid_request'): t.TypeOf<C> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('invalid_json', 'The request body must be a JSON object.');
  }
  const unknown = unknownField(codec, body, '');
  if (unknown !== null) throw new ApiError(code, `Unknown field: ${unknown}.`, unknown);
  const result = codec.decode(body);
  if (isLeft(result)) {
    const first = result.left[0];
    if (isRefusal(first)) throw first.refusal;
    const path = first ? fieldPath(first.context) : '';
    const expected = first?.context[first.context.length - 1]?.type.name;
    throw new ApiError(code, path ? `Invalid value for ${path}${expected ? ` (expected ${expected})` : ''}.` : 'Invalid request body.', path || null);
  }
  return result.right as t.TypeOf<C>;
}

/** Blank: nothing a reader can see (spaces and invisible characters such as a zero-width space). */
const isBlank = (s: string): boolean => withoutInvisibles(s).trim().length === 0;

/** Strings with a bounded, non-blank length. */
export const boundedString = (max: number) =>
  new t.Type<string, string, unknown>(
    `string(1..${max})`,
    (u): u is string => typeof u === 'string' && !isBlank(u) && u.length <= max,
    (u, c) => (typeof u === 'string' && !isBlank(u) && u.length <= max ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

/**
 * A name shown to people (tenant, list, key, template): bounded and non-blank, without control or
 * invisible formatting characters; refused as invalid_request naming the field.
 */
export const displayName = (max: number) =>
  boundedString(max).pipe(
    refusing(
      new t.Type<string, string, unknown>('display name', (u): u is string => typeof u === 'string' && !hasInvisibleCharacters(u), (u, c) => (typeof u === 'string' && !hasInvisibleCharacters(u) ? t.success(u) : t.failure(u, c)), t.identity),
      'invalid_request',
      `A name ${INVISIBLE_CHARACTERS_MESSAGE}`,
    ),
    `string(1..${max})`,
  );

export const positiveInteger = new t.Type<number, number, unknown>(
  'positive integer',
  (u): u is number => Number.isSafeInteger(u) && (u as number) > 0,
  (u, c) => (Number.isSafeInteger(u) && (u as number) > 0 ? t.success(u as number) : t.failure(u, c)),
  t.identity,
);

/** A positive integer with a stated maximum, named so the error message says it. */
export const positiveIntegerUpTo = (max: number) =>
  new t.Type<number, number, unknown>(
    `integer from 1 to ${max}`,
    (u): u is number => positiveInteger.is(u) && u <= max,
    (u, c) => (positiveInteger.is(u) && u <= max ? t.success(u) : t.failure(u, c)),
    t.identity,
  );

/** The field path of a failure, without the member indexes io-ts adds for intersections and unions. */
function fieldPath(context: t.Context): string {
  return context
    .filter((entry, i) => {
      let parent = context[i - 1]?.type;
      // a refinement validates its own codec in its own context entry (withChecks)
      while (parent instanceof t.RefinementType) parent = parent.type;
      return i > 0 && !(parent instanceof t.IntersectionType || parent instanceof t.UnionType);
    })
    .map((entry) => entry.key)
    .join('.');
}

/** A failure that already knows the API error it answers with. */
interface Refusal extends t.ValidationError {
  readonly refusal: ApiError;
}

const isRefusal = (error: t.ValidationError | undefined): error is Refusal => error !== undefined && 'refusal' in error;

/**
 * `codec`, answering its failures with this code and message instead of the generic
 * invalid_request; `param` defaults to the failing field's path (a path parameter's or query
 * key's name), and the message may quote the refused value.
 */
export function refusing<A, O>(codec: t.Type<A, O, unknown>, code: ErrorCode, message: string | ((value: unknown) => string), param?: string | null): t.Type<A, O, unknown> {
  return new t.Type<A, O, unknown>(
    codec.name,
    codec.is,
    (u, c) => {
      const result = codec.validate(u, c);
      if (!isLeft(result)) return result;
      const text = typeof message === 'string' ? message : message(u);
      const refusal: Refusal = { value: u, context: c, message: text, refusal: new ApiError(code, text, param === undefined ? fieldPath(c) || null : param) };
      return t.failures([refusal]);
    },
    codec.encode,
  );
}

/** A string that passes `test`, refused with the code and message given. */
export const checkedString = (name: string, test: (s: string) => boolean, code: ErrorCode, message: string, param?: string | null) =>
  refusing(new t.Type<string, string, unknown>(name, (u): u is string => typeof u === 'string' && test(u), (u, c) => (typeof u === 'string' && test(u) ? t.success(u) : t.failure(u, c)), t.identity), code, message, param);

/**
 * Decodes path parameters or a query string: no body rules (unknown query keys are ignored, as
 * they always were); the first failure answers with its own refusal, else invalid_request.
 */
export function decodeInput<C extends t.Mixed>(codec: C, input: unknown): t.TypeOf<C> {
  const result = codec.decode(input);
  if (!isLeft(result)) return result.right as t.TypeOf<C>;
  const first = result.left[0];
  if (isRefusal(first)) throw first.refusal;
  const path = first ? fieldPath(first.context) : '';
  throw new ApiError('invalid_request', path ? `Invalid value for ${path}.` : 'Invalid request.', path || null);
}

/**
 * A codec from a parser that throws the ApiError it answers with (the hand-written checks whose
 * messages the interface fixes): its refusal is kept as is, code, message and param.
 */
export function parsed<A>(name: string, parse: (value: unknown) => A): t.Type<A, unknown, unknown> {
  return new t.Type<A, unknown, unknown>(
    name,
    (u): u is A => u !== undefined,
    (u, c) => {
      try {
        return t.success(parse(u));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const refusal: Refusal = { value: u, context: c, message: error.message, refusal: error };
        return t.failures([refusal]);
      }
    },
    t.identity,
  );
}

/** A string of at most `max` characters: another type is the usual invalid value, a longer string answers `message`. */
export const stringUpTo = (max: number, message: string, param?: string) =>
  t.string.pipe(
    refusing(
      t.refinement(t.string, (s) => s.length <= max),
      'invalid_request',
      message,
      param,
    ),
    'string',
  );

/**
 * `codec`, then `check` on what it decoded: rules across fields (an amount's decimals follow its
 * currency), each refused with the ApiError `check` throws. Still a refinement of `codec`, so
 * decodeBody knows its fields and refuses unknown ones.
 */
export function withChecks<C extends t.Mixed>(codec: C, name: string, check: (value: t.TypeOf<C>) => t.TypeOf<C>): t.RefinementType<C, t.TypeOf<C>, t.OutputOf<C>, t.InputOf<C>> {
  return new t.RefinementType(
    name,
    (u): u is t.TypeOf<C> => codec.is(u),
    (u, c) => {
      const result = codec.validate(u, c);
      if (isLeft(result)) return result;
      try {
        return t.success(check(result.right));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const refusal: Refusal = { value: u, context: c, message: error.message, refusal: error };
        return t.failures([refusal]);
      }
    },
    codec.encode,
    codec,
    () => true,
  );
}
