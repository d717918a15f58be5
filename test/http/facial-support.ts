import { expect } from 'chai';
import { request } from 'node:http';
import { deflateSync } from 'node:zlib';
import { errorResult, type BiometricProvider, type FacialCheck, type FacialCheckResult, type FacialImage } from '../../src/adapters/biometrics/port.js';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import type { TestService } from '../helpers/service.js';
import { sleep, type Json } from './runs-support.js';

/** Shared by the facial-*.spec.ts files: real tiny images, the multipart call, a fake live provider. */

/** 5MB as decisions section 8 counts it. */
export const MB5 = 5 * 1024 * 1024;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid 1x1 RGB PNG: signature, IHDR, a zlib IDAT with one filtered scanline, IEND. Other
 * dimensions give a header that claims them over that same one pixel (a forged header).
 */
export function png(width = 1, height = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0xc0, 0x80, 0x40]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A segment of a JPEG: marker, then its big-endian length (which counts itself) and body. */
function jpegSegment(marker: number, body: number[]): Buffer {
  return Buffer.from([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
}
/** One Huffman table with a single 1-bit code (`0`) for symbol 0: DC difference 0, or AC end of block. */
const oneCodeTable = (classAndId: number) => [classAndId, 1, ...new Array<number>(15).fill(0), 0];

/**
 * A valid 1x1 grey baseline JPEG: JFIF, a flat quantisation table, the frame (SOF0), two
 * one-code Huffman tables, and a scan whose only block is `0` (DC 0) `0` (end of block), padded with ones.
 */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  jpegSegment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  jpegSegment(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
  jpegSegment(0xc0, [8, 0, 1, 0, 1, 1, 1, 0x11, 0]),
  jpegSegment(0xc4, oneCodeTable(0x00)),
  jpegSegment(0xc4, oneCodeTable(0x10)),
  jpegSegment(0xda, [1, 1, 0x00, 0, 63, 0]),
  Buffer.from([0x3f, 0xff, 0xd9]),
]);
/** A 1x1 lossy WEBP (RIFF, a VP8 key frame), the one browsers are probed with. */
export const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

/** A valid 1x1 8-bit grey TIFF, little-endian: header, one IFD of the baseline tags, one uncompressed pixel. */
function tiff(): Buffer {
  const TAGS = 8;
  const pixelAt = 8 + 2 + TAGS * 12 + 4; // right after the header and the IFD
  const tags: [number, number, number][] = [
    [256, 3, 1], // ImageWidth
    [257, 3, 1], // ImageLength
    [258, 3, 8], // BitsPerSample
    [259, 3, 1], // Compression: none
    [262, 3, 1], // PhotometricInterpretation: black is zero
    [273, 4, pixelAt], // StripOffsets
    [278, 3, 1], // RowsPerStrip
    [279, 4, 1], // StripByteCounts
  ];
  const ifd = Buffer.alloc(2 + TAGS * 12 + 4); // entry count, entries, no next IFD
  ifd.writeUInt16LE(TAGS, 0);
  tags.forEach(([tag, type, value], i) => {
    const at = 2 + i * 12;
    ifd.writeUInt16LE(tag, at);
    ifd.writeUInt16LE(type, at + 2);
    ifd.writeUInt32LE(1, at + 4); // one value, kept in the entry itself
    if (type === 3) ifd.writeUInt16LE(value, at + 8);
    else ifd.writeUInt32LE(value, at + 8);
  });
  return Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0, 0, 0]), ifd, Buffer.from([0x80])]);
}
export const TIFF = tiff();
/** Plain text, whatever name it is given. */
export const TEXT = Buffer.from('this is a plain text file, not a picture of anybody\n');
/** A GIF: a real image, but not one of the four accepted formats. */
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

/** The image followed by zero bytes up to exactly `size` bytes (readers stop at the end marker). */
export const padded = (image: Buffer, size: number): Buffer => Buffer.concat([image, Buffer.alloc(size - image.length)]);

export interface FacialFile {
  data: Uint8Array;
  name?: string;
  mime?: string;
}

export interface FacialRequest {
  user?: FacialFile | string;
  ref?: FacialFile | string;
  checks?: string;
  /** more parts, in order: [name, value] (a string is a text field) */
  extra?: [string, FacialFile | string][];
}

function append(form: FormData, field: string, value: FacialFile | string, fallbackName: string): void {
  if (typeof value === 'string') form.append(field, value);
  else form.append(field, new Blob([value.data], { type: value.mime ?? 'application/octet-stream' }), value.name ?? fallbackName);
}

export function facialForm(r: FacialRequest): FormData {
  const form = new FormData();
  if (r.checks !== undefined) form.append('checks', r.checks);
  if (r.user !== undefined) append(form, 'user_image', r.user, 'selfie.png');
  if (r.ref !== undefined) append(form, 'ref_image', r.ref, 'document.png');
  for (const [name, value] of r.extra ?? []) append(form, name, value, 'extra.png');
  return form;
}

export function postFacial(service: TestService, key: string, r: FacialRequest | FormData, headers: Record<string, string> = {}): Promise<Response> {
  const body = r instanceof FormData ? r : facialForm(r);
  return service.call('/api/v1/verificacoes/facial', { method: 'POST', headers: { 'x-api-key': key, ...headers }, body });
}

/** POST facial and expect 200; returns the body. */
export async function facialOk(service: TestService, key: string, r: FacialRequest, headers: Record<string, string> = {}): Promise<Json> {
  const response = await postFacial(service, key, r, headers);
  const text = await response.text();
  expect(response.status, text).to.equal(200);
  return JSON.parse(text) as Json;
}

/** Expects an error answer with the given status and code (and param, when given); returns the error object. */
export async function expectError(response: Response, status: number, code: string, param?: string | null): Promise<Json> {
  const text = await response.text();
  expect(response.status, text).to.equal(status);
  const error = (JSON.parse(text) as { error: Json }).error;
  expect(error.code, text).to.equal(code);
  if (param !== undefined) expect(error.param, text).to.equal(param);
  expect(text).not.to.match(/\bat .+\.(ts|js):\d+/); // no stack trace
  return error;
}

/** A raw HTTP request, for bodies fetch would not send (truncated or garbage multipart). */
export function rawPost(base: string, path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Turns the module on (both layers) or sets the two layers as given. */
export async function setModule(service: TestService, tenantId: string, master: boolean, enabled: boolean): Promise<void> {
  const response = await service.operator(`/tenants/${tenantId}`, { method: 'PATCH', json: { facial_verification_master: master, facial_verification_enabled: enabled } });
  expect(response.status, await response.text()).to.equal(200);
}

export async function balanceOf(service: TestService, tenantId: string): Promise<number> {
  const response = await service.operator(`/tenants/${tenantId}`);
  expect(response.status).to.equal(200);
  return ((await response.json()) as Json).balance as number;
}

export async function addCredits(service: TestService, tenantId: string, amount: number): Promise<number> {
  const response = await service.operator(`/tenants/${tenantId}/credits`, { method: 'POST', json: { amount, reason: 'test top-up' } });
  const text = await response.text();
  expect(response.status, text).to.equal(201);
  return (JSON.parse(text) as Json).balance as number;
}

/** Every event in streams starting with `prefix`, in commit order. */
export async function eventsUnder(service: TestService, prefix: string): Promise<StoredEvent[]> {
  return service.services.log.readAll({ after: null, limit: 100_000, streamPrefixes: [prefix] });
}

export type Outcome = 'Approved' | 'Declined' | 'Error' | 'throw' | 'slow';

/** A live BiometricProvider standing in for the real one: outcome per check, every call recorded. */
export class FakeBiometrics implements BiometricProvider {
  outcomes: Record<FacialCheck, Outcome> = { face_match: 'Approved', passive_liveness: 'Approved' };
  slowMs = 200;
  readonly calls: { check: FacialCheck; user: FacialImage; ref?: FacialImage }[] = [];

  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage }, signal: AbortSignal): Promise<FacialCheckResult> {
    this.calls.push({ check, user: images.user, ...(images.ref ? { ref: images.ref } : {}) });
    const outcome = this.outcomes[check];
    const requestId = `live_${check}_${this.calls.length}`;
    if (outcome === 'throw') throw new Error('the fake provider exploded');
    if (outcome === 'Error') return errorResult(requestId, 'fake provider error');
    if (outcome === 'slow') {
      await sleep(this.slowMs);
      if (signal.aborted) return errorResult(requestId, 'aborted');
      return { status: 'Approved', score: 0.5, warnings: [{ code: 'slow' }], request_id: requestId };
    }
    return { status: outcome, score: outcome === 'Approved' ? 0.91 : 0.2, warnings: [{ code: 'fake', detail: check }], request_id: requestId };
  }

  reset(outcomes: Partial<Record<FacialCheck, Outcome>> = {}): void {
    this.outcomes = { face_match: 'Approved', passive_liveness: 'Approved', ...outcomes };
    this.calls.length = 0;
  }
}

/**
 * Waits until the automatic facial rounds reactor has seen every event written so far, its
 * rounds have finished, and every projection has applied what they wrote (read-your-writes).
 */
export async function settleRounds(service: TestService, timeoutMs = 5_000): Promise<void> {
  const { eventStore, readStore, facialRounds, runner, worker } = service.services;
  const deadline = Date.now() + timeoutMs;
  for (let pass = 0; pass < 3; pass++) {
    const head = await eventStore.headPosition();
    while ((runner.progress().get(facialRounds.id) ?? 0) < head) {
      if (Date.now() > deadline) throw new Error('facial rounds reactor did not catch up');
      await sleep(5);
    }
    await worker.idle();
    if ((await eventStore.headPosition()) === head) break;
  }
  expect(await runner.waitFor(await eventStore.headPosition(), timeoutMs)).to.equal(true);
}
