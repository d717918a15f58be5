import { fileTypeFromBuffer } from 'file-type';

/** A suspicion case's evidence file at most (regulatory notes 4.4: files with hash in the dossier). */
export const EVIDENCE_MAX_BYTES = 10 * 1024 * 1024;

const BINARY = new Map([
  ['application/pdf', 'pdf'],
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/tiff', 'tiff'],
  ['image/gif', 'gif'],
  ['application/xml', 'xml'],
]);

/**
 * What the bytes of an evidence file are, never its name or declared type: PDF, an image, XML,
 * or plain text / CSV (which have no signature: valid UTF-8 without control characters other
 * than tab and line ends; the name's extension tells CSV from text). Null for anything else
 * (an archive, an executable, an office document).
 */
export async function evidenceFormat(data: Buffer, fileName: string): Promise<{ mime: string; ext: string } | null> {
  if (data.length === 0) return null;
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    const ext = BINARY.get(detected.mime);
    return ext ? { mime: detected.mime, ext } : null;
  }
  if (!isText(data)) return null;
  const text = data.toString('utf8').replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('<?xml') || /^<[A-Za-z][\w.:-]*[\s>]/.test(text)) return { mime: 'application/xml', ext: 'xml' };
  if (/\.csv$/i.test(fileName)) return { mime: 'text/csv', ext: 'csv' };
  return { mime: 'text/plain', ext: 'txt' };
}

function isText(data: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  for (const byte of data) if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) return false;
  return true;
}
