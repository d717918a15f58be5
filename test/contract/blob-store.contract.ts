import { expect } from 'chai';
import { randomBytes, randomUUID } from 'node:crypto';
import type { BlobStore } from '../../src/adapters/blob-store/port.js';

/** The blob store contract: filesystem always, GridFS when SVC_TEST_MONGO names a server. */
export function describeBlobStoreContract(name: string, open: () => Promise<BlobStore>): void {
  describe(`BlobStore contract: ${name}`, function () {
    this.timeout(30_000);
    let store: BlobStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores, reads, replaces and deletes bytes with their content type', async () => {
      const key = `tests/${randomUUID()}/file.pdf`;
      const data = randomBytes(300_000);
      expect(await store.exists(key)).to.equal(false);
      expect(await store.get(key)).to.equal(null);
      await store.put(key, data, 'application/pdf');
      expect(await store.exists(key)).to.equal(true);
      const read = await store.get(key);
      expect(read!.contentType).to.equal('application/pdf');
      expect(read!.data.equals(data)).to.equal(true);
      await store.put(key, Buffer.from('v2'), 'text/plain');
      expect((await store.get(key))!.data.toString()).to.equal('v2');
      await store.delete(key);
      await store.delete(key);
      expect(await store.get(key)).to.equal(null);
    });

    it('refuses keys that could escape the store', async () => {
      for (const key of ['../etc/passwd', 'a/../../b', '/abs', '']) {
        let failed = false;
        try {
          await store.put(key, Buffer.from('x'), 'text/plain');
        } catch {
          failed = true;
        }
        expect(failed, key).to.equal(true);
      }
    });
  });
}
