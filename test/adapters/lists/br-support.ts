import { expect } from 'chai';
import iconv from 'iconv-lite';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import yauzl from 'yauzl';
import { listFixturePath } from '../../helpers/list-fixtures.js';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { ListFileError, type ListFile, type ListImporter, type ParsedList } from '../../../src/adapters/lists/importers/port.js';

/** The Brazilian list fixtures (read-only). */
export const SAMPLES = listFixturePath('br');

export const sample = (name: string): ListFile => ({ name, data: readFileSync(resolve(SAMPLES, name)) });

/** The files of a published zip, unzipped the way the caller does. */
export async function unzipSample(name: string): Promise<ListFile[]> {
  const zip = await new Promise<yauzl.ZipFile>((ok, ko) =>
    yauzl.fromBuffer(readFileSync(resolve(SAMPLES, name)), { lazyEntries: true }, (e, z) => (e ? ko(e) : ok(z))),
  );
  const files: ListFile[] = [];
  await new Promise<void>((ok, ko) => {
    zip.on('entry', (entry: yauzl.Entry) =>
      zip.openReadStream(entry, (e, stream) => {
        if (e) return ko(e);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.push({ name: entry.fileName, data: Buffer.concat(chunks) });
          zip.readEntry();
        });
        stream.on('error', ko);
      }),
    );
    zip.on('end', ok);
    zip.on('error', ko);
    zip.readEntry();
  });
  return files;
}

/** The sample's text (Windows-1252), changed by `edit`, written back in the same encoding. */
export function edited(file: ListFile, edit: (text: string) => string, name = file.name): ListFile {
  return { name, data: iconv.encode(edit(iconv.decode(file.data, 'win1252')), 'win1252') };
}

export const byName = (parsed: ParsedList, name: string): ListEntry => {
  const found = parsed.entries.filter((e) => e.names.some((n) => n.name === name));
  expect(found, `entries named ${name}`).to.have.length(1);
  return found[0]!;
};

export const byDoc = (parsed: ParsedList, value: string): ListEntry[] => parsed.entries.filter((e) => e.documents.some((d) => d.value === value));

export async function rejects(importer: ListImporter, files: ListFile[], detail: RegExp): Promise<void> {
  const error = await importer.parse(files).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'a ListFileError').to.be.instanceOf(ListFileError);
  expect((error as Error).message).to.match(detail);
}

/** Lines of a CRLF sample, the header first; the rows reversed give the same entries. */
export const reversedRows = (text: string): string => {
  const [header, ...rows] = text.split('\r\n').filter((l) => l !== '');
  return [header, ...rows.reverse()].join('\r\n');
};

/**
 * What every Brazilian importer owes: ids that do not move between parses or with the row
 * order, a content hash that follows the row's content, the same entries from the published
 * zip (with the date its file name states).
 */
export function itBehavesLikeABrazilianImporter(options: {
  importer: ListImporter;
  sample: string;
  /** a change to one row's field, and the name of the entry it belongs to */
  change: { edit: (text: string) => string; entry: string };
  zip?: { name: string; published_at: string | null };
}): void {
  const { importer } = options;

  it('gives every entry the same id and hash on a second parse and with the rows in another order', async () => {
    const first = await importer.parse([sample(options.sample)]);
    const again = await importer.parse([sample(options.sample)]);
    const reordered = await importer.parse([edited(sample(options.sample), reversedRows)]);
    const ids = (p: ParsedList) => p.entries.map((e) => `${e.entry_id}:${e.content_hash}`).sort();
    expect(ids(again)).to.deep.equal(ids(first));
    expect(ids(reordered)).to.deep.equal(ids(first));
    expect(new Set(first.entries.map((e) => e.entry_id)).size).to.equal(first.entries.length);
  });

  it("changes the content_hash of the one entry whose row changed, and keeps its id", async () => {
    const before = await importer.parse([sample(options.sample)]);
    const after = await importer.parse([edited(sample(options.sample), options.change.edit)]);
    const changed = after.entries.filter((e) => !before.entries.some((b) => b.content_hash === e.content_hash));
    expect(changed.map((e) => e.names[0]?.name)).to.deep.equal([options.change.entry]);
    expect(before.entries.map((e) => e.entry_id)).to.deep.equal(after.entries.map((e) => e.entry_id));
  });

  if (options.zip) {
    const zip = options.zip;
    it(`reads the CSV inside ${zip.name} into the same entries, dated by its file name`, async () => {
      const files = await unzipSample(zip.name);
      const fromZip = await importer.parse(files);
      const plain = await importer.parse([sample(options.sample)]);
      expect(fromZip.entries).to.deep.equal(plain.entries);
      expect(fromZip.published_at).to.equal(zip.published_at);
      expect(plain.published_at).to.equal(null);
    });
  }

  it('refuses an empty file and a file of another layout with ListFileError', async () => {
    await rejects(importer, [{ name: options.sample, data: Buffer.alloc(0) }], /empty/);
    await rejects(importer, [{ name: options.sample, data: Buffer.from('\r\n  \r\n') }], /empty/);
    await rejects(importer, [{ name: options.sample, data: Buffer.from('"NOME";"DOCUMENTO"\r\n"FULANO";"1"\r\n') }], /lacks the column|no header/);
  });
}
