import { expect } from 'chai';
import { unpackListFiles } from '../../../src/adapters/lists/files.js';
import { ListFileError } from '../../../src/adapters/lists/importers/port.js';
import { listFixture } from '../../helpers/list-fixtures.js';
import { buildZip, entryOf, zerosEntry } from '../../helpers/zip-builder.js';

const sample = listFixture;

async function refused(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ListFileError);
    return (error as Error).message;
  }
  throw new Error('expected a ListFileError');
}

describe('list files: zips unwrapped within limits', () => {
  it('replaces a published zip by the file it holds, byte for byte as the plain sample', async () => {
    const [inner] = await unpackListFiles('br_ceis', [{ name: '20261120_CEIS.zip', data: sample('br/20261120_CEIS.zip') }]);
    expect(inner!.name).to.match(/CEIS.*\.csv$/i);
    expect(inner!.data.length).to.be.greaterThan(100);
  });

  it('passes plain files through untouched', async () => {
    const data = sample('ofac/sdn.csv');
    const files = await unpackListFiles('ofac_sdn', [{ name: 'sdn.csv', data }]);
    expect(files).to.have.length(1);
    expect(files[0]!.data.equals(data)).to.equal(true);
  });

  it('refuses a truncated zip and a zip over the size limit', async () => {
    const zip = sample('br/20261120_CEIS.zip');
    expect(await refused(unpackListFiles('br_ceis', [{ name: 'x.zip', data: zip.subarray(0, Math.floor(zip.length / 2)) }]))).to.include('not a readable zip');
    expect(await refused(unpackListFiles('br_ceis', [{ name: 'x.zip', data: zip }], { maxBytes: 50, maxFiles: 10 }))).to.include('bytes');
  });

  it('refuses a zip bomb before holding its bytes, and a zip whose CRC-32 does not match', async () => {
    const started = Date.now();
    expect(await refused(unpackListFiles('br_ceis', [{ name: 'bomb.zip', data: buildZip([zerosEntry('ceis.csv', 1000)]) }]))).to.equal(
      'br_ceis: bomb.zip: ceis.csv inflates more than 200 times its compressed size',
    );
    expect(Date.now() - started).to.be.lessThan(5_000);
    const csv = sample('br/ceis.csv');
    const honest = entryOf('ceis.csv', csv);
    expect(await refused(unpackListFiles('br_ceis', [{ name: 'x.zip', data: buildZip([{ ...honest, crc32: (honest.crc32 ^ 1) >>> 0 }]) }]))).to.include('CRC-32 mismatch in ceis.csv');
    const [inner] = await unpackListFiles('br_ceis', [{ name: 'x.zip', data: buildZip([honest]) }]);
    expect(inner!.data.equals(csv)).to.equal(true);
  });

  it('counts the files before a zip against its budget: what they left bounds it as it inflates', async () => {
    const csv = sample('br/ceis.csv');
    const limits = { maxBytes: csv.length * 2 - 1, maxFiles: 10 };
    const files = [{ name: 'a.csv', data: csv }, { name: 'b.zip', data: buildZip([entryOf('b.csv', csv)]) }];
    expect(await refused(unpackListFiles('br_ceis', files, limits))).to.match(/more than \d+ bytes/);
    expect(await unpackListFiles('br_ceis', files, { ...limits, maxBytes: csv.length * 2 })).to.have.length(2);
  });

  it('refuses more files in a zip than the limit', async () => {
    const many = buildZip(Array.from({ length: 11 }, (_, i) => entryOf(`f${i}.csv`, Buffer.from(`${i}\n`))));
    expect(await refused(unpackListFiles('br_ceis', [{ name: 'x.zip', data: many }], { maxBytes: 1024 * 1024, maxFiles: 10 }))).to.include('more than 10 files');
  });
});
