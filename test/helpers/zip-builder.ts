/**
 * Zips written byte by byte, so a test can make one lie: a CRC-32 or a size that is not the
 * data's, a bomb of zeros, a name that climbs out of its folder. yazl writes only honest zips.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** 0 stored, 8 deflated */
  method: 0 | 8;
  /** the bytes as they sit in the zip (deflated when method is 8) */
  data: Buffer;
  /** what the headers declare */
  crc32: number;
  size: number;
}

/** An honest entry for `content`. */
export const entryOf = (name: string, content: Buffer, options: { compress?: boolean } = {}): RawEntry => ({
  name,
  method: options.compress === false ? 0 : 8,
  data: options.compress === false ? content : deflateRawSync(content),
  crc32: crc32(content),
  size: content.length,
});

/**
 * `mib` MiB of zeros, deflated without ever holding them: one MiB deflated and sync-flushed (a
 * non-final block that ends on a byte boundary, its matches reaching back only over zeros) is
 * repeated, then closed by an empty final block. About 1 KiB per MiB.
 */
export function zerosEntry(name: string, mib: number): RawEntry {
  const mebibyte = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(mebibyte, { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  let crc = 0;
  for (let i = 0; i < mib; i++) crc = crc32(mebibyte, crc);
  return { name, method: 8, data: Buffer.concat([...Array.from({ length: mib }, () => block), last]), crc32: crc >>> 0, size: mib * 1024 * 1024 };
}

/** The zip of `entries`: local headers and data, then the central directory and its end record. */
export function buildZip(entries: readonly RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // utf-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc32 >>> 0, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    parts.push(local, name, e.data);
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(e.method, 10);
    record.writeUInt16LE(0, 12);
    record.writeUInt16LE(0x21, 14);
    record.writeUInt32LE(e.crc32 >>> 0, 16);
    record.writeUInt32LE(e.data.length, 20);
    record.writeUInt32LE(e.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    central.push(record, name);
    offset += local.length + name.length + e.data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
