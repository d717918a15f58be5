import * as t from 'io-ts';
import { isUuid } from '../../adapters/ids.js';
import { checkedString, parsed, refusing } from '../decode.js';
import { ApiError } from '../errors.js';
import { decodeCursor, parseDateBound } from '../paging.js';

/** Codecs every resource's operations share: ids in the path, the list query's limit, dates and cursor. */

interface UuidBrand {
  readonly Uuid: unique symbol;
}

/** A UUID (any version, as ids.ts reads them). */
export const UuidString = t.brand(t.string, (s): s is t.Branded<string, UuidBrand> => isUuid(s), 'Uuid');
export type UuidString = t.TypeOf<typeof UuidString>;

/** A UUID path parameter or field: 400 invalid_id naming it, worded with the id's own name (`customer_id` for `:id`). */
export const uuidParam = (label: string, param?: string) => refusing(UuidString, 'invalid_id', `${label} must be a UUID.`, param);

/** `limit`: an integer from 1 to 100 (the default, 20, is the query's to apply). */
export const Limit = parsed('limit', (raw) => {
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < 1 || value > 100) throw new ApiError('invalid_limit', 'limit must be an integer from 1 to 100.', 'limit');
  return value;
});

/** An ISO 8601 date-time bound, normalised to the stored form. */
export const DateBound = (param: string) => parsed('date-time', (raw) => parseDateBound(raw, param)!);

/** The opaque list cursor of runs and alerts, decoded to the position it names. */
export const PositionCursor = parsed('cursor', decodeCursor);

/** The paging fields every list shares, in the order they were always checked. */
export const PageQuery = {
  limit: Limit,
  created_after: DateBound('created_after'),
  created_before: DateBound('created_before'),
};

/** One value of a fixed set (a repeated query key, an array, is refused too). */
export const oneOf = <V extends string>(values: readonly V[], message: string, code: 'invalid_request' = 'invalid_request') =>
  checkedString(`oneOf(${values.join('|')})`, (s) => (values as readonly string[]).includes(s), code, message) as unknown as t.Type<V, string, unknown>;

/** A single, non-empty query value. */
export const singleValue = (field: string) => checkedString('single value', (s) => s !== '', 'invalid_request', `${field} must be a single value.`);

/** A multipart file part: its bytes and the name the client gave it (cleaned where it is kept). */
export interface FilePart {
  readonly data: Buffer;
  readonly file_name: string;
}

const isMulterFile = (u: unknown): u is { buffer: Buffer; originalname: string } =>
  typeof u === 'object' && u !== null && Buffer.isBuffer((u as { buffer?: unknown }).buffer) && typeof (u as { originalname?: unknown }).originalname === 'string';

/** A file part as the multipart parser hands it over, read as a FilePart (the document's `format: binary` string). */
export const FilePart = new t.Type<FilePart, unknown, unknown>(
  'file',
  (u): u is FilePart => typeof u === 'object' && u !== null && Buffer.isBuffer((u as FilePart).data) && typeof (u as FilePart).file_name === 'string',
  (u, c) => (isMulterFile(u) ? t.success({ data: u.buffer, file_name: u.originalname }) : t.failure(u, c)),
  t.identity,
);
