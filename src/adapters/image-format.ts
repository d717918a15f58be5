import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Larger than any camera or scanner gives for a face or an identity page; a header claiming more is forged. */
const IMAGE_MAX_SIDE = 20_000;
const SUPPORTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/tiff', 'tiff'],
]);

/**
 * What the bytes are (never the name or the declared type): a supported image whose header
 * decodes to sane dimensions; `broken` when the signature claims a supported format but the
 * header behind it does not decode (a signature is four to eight bytes anybody can prepend);
 * `other` for anything else.
 */
export type ImageCheck =
  | { kind: 'image'; mime: string; ext: string; width: number; height: number }
  | { kind: 'broken'; mime: string }
  | { kind: 'other' };

export async function checkImage(data: Buffer): Promise<ImageCheck> {
  const detected = await fileTypeFromBuffer(data);
  const ext = detected ? SUPPORTED.get(detected.mime) : undefined;
  if (!detected || !ext) return { kind: 'other' };
  const size = headerSize(data);
  // the decoder must read the same format the signature names, not another one it also knows
  if (!size || size.type !== ext || !sane(size.width) || !sane(size.height)) return { kind: 'broken', mime: detected.mime };
  return { kind: 'image', mime: detected.mime, ext, width: size.width, height: size.height };
}

/** The image's real format, or null when the bytes are not a supported image that decodes. */
export async function imageFormat(data: Buffer): Promise<{ mime: string; ext: string } | null> {
  const checked = await checkImage(data);
  return checked.kind === 'image' ? { mime: checked.mime, ext: checked.ext } : null;
}

function headerSize(data: Buffer): { type: string; width: number; height: number } | null {
  try {
    const size = imageSize(data);
    return size.type !== undefined ? { type: size.type, width: size.width, height: size.height } : null;
  } catch {
    return null; // a header the decoder cannot read, or one that points past the end of the file
  }
}

const sane = (side: number): boolean => Number.isInteger(side) && side >= 1 && side <= IMAGE_MAX_SIDE;
