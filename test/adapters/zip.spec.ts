import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { DEFAULT_ZIP_LIMITS, openZip, ZipError, type ZipLimits } from '../../src/adapters/zip.js';
import { buildZip, entryOf, zerosEntry, type RawEntry } from '../helpers/zip-builder.js';

const MiB = 1024 * 1024;

/** Every entry read whole, as the list unpacker does. */
async function readAll(zipData: Buffer | string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<Record<string, Buffer>> {
  const zip = await openZip(zipData, limits);
  try {
    const out: Record<string, Buffer> = {};
    for (const entry of zip.entries) out[entry.name] = await zip.read(entry);
    return out;
  } finally {
    zip.close();
  }
}

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error, (error as Error).stack).to.be.instanceOf(ZipError);
    return (error as Error).message;
  }
  throw new Error('expected a ZipError');
}

const yazlZip = async (entries: Record<string, { data: Buffer; compress: boolean }>): Promise<Buffer> => {
  const zip = new ZipFile();
  for (const [name, e] of Object.entries(entries)) zip.addBuffer(e.data, name, { compress: e.compress });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Text that deflates like a real list file (a few times, not hundreds). */
const csv = (rows: number) => Buffer.from(Array.from({ length: rows }, (_, i) => `"${i}";"NOME ${(i * 7919) % 100_003} DA SILVA";"${(i * 104_729) % 99_999_999}"\n`).join(''));

const rssGrowth = async (work: () => Promise<unknown>): Promise<number> => {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
};

describe('zip reader: one reader, bounded as it inflates, every CRC-32 checked', function () {
  this.timeout(60_000);

  it('reads stored and deflated entries byte for byte, under their plain names', async () => {
    const a = csv(2_000);
    const b = Buffer.from('plain;stored\n');
    const files = await readAll(await yazlZip({ 'pasta/a.csv': { data: a, compress: true }, 'b.csv': { data: b, compress: false } }));
    expect(Object.keys(files).sort()).to.deep.equal(['a.csv', 'b.csv']);
    expect(files['a.csv']!.equals(a)).to.equal(true);
    expect(files['b.csv']!.equals(b)).to.equal(true);
  });

  it('reads a zip from a path as from a buffer, and streams an entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    try {
      const data = csv(5_000);
      const path = join(dir, 'x.zip');
      writeFileSync(path, buildZip([entryOf('x.csv', data)]));
      const zip = await openZip(path);
      let bytes = 0;
      await pipeline(await zip.stream(zip.entries[0]!), new Writable({ write: (chunk: Buffer, _e, done) => ((bytes += chunk.length), done()) }));
      zip.close();
      expect(bytes).to.equal(data.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a bomb of 1,000 MiB of zeros in about 1 MiB from its central directory, with memory flat', async () => {
    const bomb = buildZip([zerosEntry('lista.csv', 1000)]);
    expect(bomb.length).to.be.lessThan(2 * MiB);
    let message = '';
    const started = Date.now();
    const growth = await rssGrowth(async () => (message = await refused(readAll(bomb))));
    expect(message).to.match(/lista\.csv inflates more than 200 times its compressed size/);
    expect(Date.now() - started).to.be.lessThan(2_000);
    expect(growth, `RSS grew by ${Math.round(growth / MiB)} MiB`).to.be.lessThan(64 * MiB);
  });

  it('refuses a bomb that declares a small size, after at most the bound of bytes, never the whole', async () => {
    const liar: RawEntry = { ...zerosEntry('lista.csv', 1000), size: 1000 };
    const growth = await rssGrowth(async () => expect(await refused(readAll(buildZip([liar])))).to.match(/not a readable zip|inflates/));
    expect(growth, `RSS grew by ${Math.round(growth / MiB)} MiB`).to.be.lessThan(64 * MiB);
    // a declared size within the ratio, the inflated bytes far beyond it: cut off at the bound
    const within: RawEntry = { ...zerosEntry('lista.csv', 1000) };
    within.size = within.data.length * 150;
    const growthWithin = await rssGrowth(async () => expect(await refused(readAll(buildZip([within])))).to.match(/not a readable zip|inflates/));
    expect(growthWithin, `RSS grew by ${Math.round(growthWithin / MiB)} MiB`).to.be.lessThan(300 * MiB);
  });

  it('refuses a high-ratio entry above the floor, and reads one below it', async () => {
    expect(await refused(readAll(buildZip([zerosEntry('z.csv', 16)])))).to.match(/z\.csv inflates more than 200 times/);
    const small = Buffer.alloc(512 * 1024);
    expect((await readAll(buildZip([entryOf('small.csv', small)])))['small.csv']!.equals(small)).to.equal(true);
  });

  it('refuses an entry or a zip over the size bounds, declared or not', async () => {
    const data = csv(20_000);
    const limits = { ...DEFAULT_ZIP_LIMITS, maxEntryBytes: data.length - 1 };
    expect(await refused(readAll(buildZip([entryOf('a.csv', data)]), limits))).to.match(/a\.csv inflates to more than/);
    const total = { ...DEFAULT_ZIP_LIMITS, maxTotalBytes: data.length + 10 };
    expect(await refused(readAll(buildZip([entryOf('a.csv', data), entryOf('b.csv', data)]), total))).to.match(/more than \d+ bytes/);
    // headers that understate the size: the running count catches it
    const understated = { ...entryOf('a.csv', data), size: 100 };
    expect(await refused(readAll(buildZip([understated])))).to.match(/not a readable zip|inflates/);
    const overstated = { ...entryOf('a.csv', data), size: data.length + 100 };
    expect(await refused(readAll(buildZip([overstated])))).to.match(/not a readable zip|not the \d+ declared/);
  });

  it('refuses an entry whose CRC-32 does not match its bytes, deflated or stored', async () => {
    const data = csv(1_000);
    const wrong = { ...entryOf('a.csv', data), crc32: (entryOf('a.csv', data).crc32 ^ 0x1) >>> 0 };
    expect(await refused(readAll(buildZip([wrong])))).to.equal('CRC-32 mismatch in a.csv: the zip is corrupt');
    // a byte flipped in a stored entry's data: only the CRC-32 can tell
    const stored = buildZip([entryOf('b.csv', data, { compress: false })]);
    const at = 30 + 'b.csv'.length + 100;
    stored[at] = stored[at]! ^ 0x20;
    expect(await refused(readAll(stored))).to.equal('CRC-32 mismatch in b.csv: the zip is corrupt');
  });

  it('refuses a zip of more entries than the limit', async () => {
    const many = buildZip(Array.from({ length: 65 }, (_, i) => entryOf(`f${i}.csv`, Buffer.from(`${i}\n`))));
    expect(await refused(readAll(many))).to.equal('more than 64 files');
    expect(Object.keys(await readAll(many, { ...DEFAULT_ZIP_LIMITS, maxEntries: 65 }))).to.have.length(65);
  });

  it('refuses a truncated zip and bytes that are no zip', async () => {
    const zip = buildZip([entryOf('a.csv', csv(1_000))]);
    expect(await refused(readAll(zip.subarray(0, zip.length - 30)))).to.match(/^not a readable zip/);
    expect(await refused(readAll(zip.subarray(0, Math.floor(zip.length / 2))))).to.match(/^not a readable zip/);
    expect(await refused(readAll(Buffer.from('PK\u0003\u0004 not really')))).to.match(/^not a readable zip/);
  });

  it('refuses two files of one name once their folders are flattened', async () => {
    const twice = buildZip([entryOf('2026/a.csv', Buffer.from('1\n')), entryOf('2025/a.csv', Buffer.from('2\n'))]);
    expect(await refused(readAll(twice))).to.equal('two files named a.csv');
  });

  it('refuses a name that climbs out of its folder or is absolute', async () => {
    expect(await refused(readAll(buildZip([entryOf('../../etc/passwd', Buffer.from('x'))])))).to.match(/^not a readable zip.*relative path/);
    expect(await refused(readAll(buildZip([entryOf('/etc/passwd', Buffer.from('x'))])))).to.match(/^not a readable zip.*absolute path/);
  });
});
