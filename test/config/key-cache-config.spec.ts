import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';
import { openKeyStore } from '../../src/app/infrastructure.js';
import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import type { SubjectKeyCache } from '../../src/adapters/pii/key-cache.js';
import { tempDir } from '../helpers/temp.js';

describe('config: SVC_KEY_CACHE_MAX', () => {
  it('caps the subject-key cache: 100,000 by default, the number given, and reaches the key store', async () => {
    expect(loadConfig({}).keyCacheMax).to.equal(100_000);
    const dir = tempDir();
    const config = loadConfig({ SVC_KEY_CACHE_MAX: '3', SVC_DATA_DIR: dir });
    expect(config.keyCacheMax).to.equal(3);
    const readStore = new SqliteReadStore(`${dir}/read-models.sqlite`);
    const keys = openKeyStore(config, readStore, 'secret'.repeat(6));
    try {
      expect((keys as unknown as { cache: SubjectKeyCache }).cache.max).to.equal(3);
    } finally {
      await keys.close();
      await readStore.close();
    }
    expect(() => loadConfig({ SVC_KEY_CACHE_MAX: '0' })).to.throw(ConfigError);
  });
});
