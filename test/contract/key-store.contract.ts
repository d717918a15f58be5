import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { KeyStore } from '../../src/adapters/pii/key-store.js';

/** The key store contract: SQLite always, MongoDB when SVC_TEST_MONGO names a server. */
export function describeKeyStoreContract(name: string, open: () => Promise<KeyStore>): void {
  describe(`KeyStore contract: ${name}`, function () {
    this.timeout(30_000);
    let store: KeyStore;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => store.close());

    it('creates one 256-bit key per subject on first use and returns the same key after', async () => {
      const subject = `subj_${randomUUID()}`;
      expect(await store.existingKey(subject)).to.equal(null);
      const key = await store.keyFor(subject);
      expect(key).to.have.length(32);
      expect((await store.keyFor(subject))!.equals(key!)).to.equal(true);
      expect((await store.existingKey(subject))!.equals(key!)).to.equal(true);
      expect((await store.keyFor(`subj_${randomUUID()}`))!.equals(key!)).to.equal(false);
    });

    it('gives one key to concurrent first uses', async () => {
      const subject = `subj_${randomUUID()}`;
      const keys = await Promise.all(Array.from({ length: 10 }, () => store.keyFor(subject)));
      for (const key of keys) expect(key!.equals(keys[0]!)).to.equal(true);
    });

    it('destroys keys for good: never returned, never created again, also for subjects never seen', async () => {
      const subject = `subj_${randomUUID()}`;
      const never = `subj_${randomUUID()}`;
      await store.keyFor(subject);
      await store.destroy([subject, never]);
      expect(await store.existingKey(subject)).to.equal(null);
      expect(await store.keyFor(subject)).to.equal(null);
      expect(await store.keyFor(never)).to.equal(null);
    });

    it('forgets a cached key destroyed by another instance', async () => {
      const subject = `subj_${randomUUID()}`;
      await store.keyFor(subject);
      const other = await open();
      try {
        await other.destroy([subject]);
      } finally {
        await other.close();
      }
      store.forget([subject]);
      expect(await store.existingKey(subject)).to.equal(null);
    });

    it('keeps keys across reopening (another instance reads the same keys)', async () => {
      const subject = `subj_${randomUUID()}`;
      const key = await store.keyFor(subject);
      const other = await open();
      try {
        expect((await other.existingKey(subject))!.equals(key!)).to.equal(true);
      } finally {
        await other.close();
      }
    });
  });
}
