import type { ReadStore, Scalar } from '../adapters/read-store/port.js';
import { ApiError } from './errors.js';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** An ISO 8601 date-time bound, normalised to the stored form; else 400 invalid_date. */
export function parseDateBound(raw: unknown, param: string): string | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !ISO_DATE_TIME.test(raw) || Number.isNaN(Date.parse(raw)) || !isRealCalendarDate(raw)) {
    throw new ApiError('invalid_date', `${param} must be an ISO 8601 date-time, e.g. 2026-09-01T00:00:00Z.`, param);
  }
  return new Date(raw).toISOString();
}

/** Date.parse rolls 2026-02-30 over to March: the written day must exist, and times be in range. */
function isRealCalendarDate(raw: string): boolean {
  const [, y, m, d, hh, mm, ss] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(raw) ?? [];
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d) &&
    Number(hh) < 24 &&
    Number(mm) < 60 &&
    Number(ss ?? 0) < 60
  );
}

/** The run list cursor: opaque base64url of the last item's (created_at, id). */
export function encodeCursor(position: { created_at: string; id: string }): string {
  return Buffer.from(JSON.stringify([position.created_at, position.id])).toString('base64url');
}

export function decodeCursor(raw: unknown): { created_at: string; id: string } {
  const invalid = () => new ApiError('invalid_cursor', 'cursor must be a next_cursor value from a previous page.', 'cursor');
  if (typeof raw !== 'string' || !/^[A-Za-z0-9_-]{1,400}$/.test(raw)) throw invalid();
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && typeof parsed[1] === 'string' && !Number.isNaN(Date.parse(parsed[0]))) {
      return { created_at: parsed[0], id: parsed[1] };
    }
  } catch {
    // fall through
  }
  throw invalid();
}

/** The paging fields of a decoded list query (operations/shared.ts `PageQuery`). */
export interface Page {
  limit?: number;
  created_after?: string;
  created_before?: string;
}

/**
 * One page of a list, newest first: the inclusive created_after / created_before bounds and the
 * keyset cursor of the query string, one more document than the page to learn whether more exist.
 */
export async function findPage<T>(
  store: ReadStore,
  collection: string,
  where: Record<string, Scalar>,
  page: Page,
  before: { created_at: string; id: string } | undefined,
): Promise<{ data: T[]; hasMore: boolean }> {
  const limit = page.limit ?? 20;
  const found = await store.find<T>(collection, {
    where,
    limit: limit + 1,
    ...(page.created_after ? { createdFrom: page.created_after } : {}),
    ...(page.created_before ? { createdTo: page.created_before } : {}),
    ...(before ? { before } : {}),
  });
  return { data: found.slice(0, limit), hasMore: found.length > limit };
}
