import { fileTypeFromBuffer } from 'file-type';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const SUPPORTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/tiff', 'tiff'],
]);

/** The image's real format from its bytes (never its name or declared type), or null when unsupported. */
export async function imageFormat(data: Buffer): Promise<{ mime: string; ext: string } | null> {
  const detected = await fileTypeFromBuffer(data);
  if (!detected || !SUPPORTED.has(detected.mime)) return null;
  return { mime: detected.mime, ext: SUPPORTED.get(detected.mime)! };
}
