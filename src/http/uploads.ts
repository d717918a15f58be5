import multer from '@koa/multer';
import type { Context, Middleware, Next } from 'koa';
import { MIMEType } from 'node:util';
import { withoutInvisibleCharacters } from '../domain/values/display-text.js';
import { ApiError } from './errors.js';

/** What both multipart endpoints share: the parser's setup, the body's first check, the file names kept. */

export type UploadLimits = { fileSize: number; files: number; fields: number; fieldSize: number; parts: number };

/** The file parts in memory; a file name without an explicit charset is read as UTF-8, as browsers send it (busboy's default is latin1). */
export function multipartParser(limits: UploadLimits) {
  return multer({ storage: multer.memoryStorage(), limits, defParamCharset: 'utf8' });
}

// RFC 2046 section 5.1.1: 1 to 70 of these characters, the last not a space
const BOUNDARY = /^[0-9A-Za-z'()+_,./:=? -]{0,69}[0-9A-Za-z'()+_,./:=?-]$/;

/**
 * A multipart/form-data body with a usable boundary, before the parser sees it: without one the
 * parser reads no part, and the request would pass for one that merely lacks its fields
 * (invalid_document_type, missing_user_image) instead of a body that cannot be read.
 */
export function assertMultipart(ctx: Context, message: string): void {
  if (!ctx.is('multipart/form-data')) throw new ApiError('invalid_multipart', message);
  let boundary: string | null = null;
  try {
    boundary = new MIMEType(ctx.get('content-type')).params.get('boundary');
  } catch {
    // a Content-Type that does not parse has no boundary either
  }
  if (boundary === null || !BOUNDARY.test(boundary)) {
    throw new ApiError('invalid_multipart', 'The multipart/form-data Content-Type needs a boundary of 1 to 70 characters (RFC 2046).');
  }
}

/**
 * Runs the parser, then `next`. Only what the parser throws becomes `toError(error)`: a failure
 * after it (the handler) keeps its own code instead of passing for a bad body. A body the parser
 * passed over unread (a Content-Type its stricter reader refuses: it then sets no body) is
 * invalid_multipart too, never a request that merely lacks its fields.
 */
export async function parseMultipart(ctx: Context, parser: Middleware, next: Next, toError: (error: unknown) => ApiError): Promise<void> {
  let parsed = false;
  try {
    await parser(ctx, async () => {
      parsed = true;
      if ((ctx.request as { body?: unknown }).body === undefined) throw new ApiError('invalid_multipart', 'The body is not valid multipart/form-data.');
      await next();
    });
  } catch (error) {
    if (parsed) throw error;
    throw toError(error);
  }
}

const FILE_NAME_MAX = 200;

/** A file name as shown back and handed on: its base name, without control or invisible characters (display-text.ts), at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutInvisibleCharacters(base).trim();
  // counted in code points, so a cut never leaves half a surrogate pair
  return [...cleaned].slice(0, FILE_NAME_MAX).join('').trim() || 'file';
}
