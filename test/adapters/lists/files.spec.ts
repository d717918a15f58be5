import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { unpackListFiles } from '../../../src/adapters/lists/files.js';
import { ListFileError } from '../../../src/adapters/lists/importers/port.js';
import { listFixture } from '../../helpers/list-fixtures.js';

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
});
