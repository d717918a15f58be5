import { SqliteCnpjRegister, SqliteRegisterTarget } from '../../src/adapters/cnpj-register/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describeCnpjRegisterContract } from './cnpj-register.contract.js';

describeCnpjRegisterContract('SQLite', async () => {
  const dataDir = tempDir('cnpj-sqlite-');
  return {
    target: new SqliteRegisterTarget(dataDir),
    // recheckMs 0: every current() looks at current.json, so a swap shows at once
    reader: () => new SqliteCnpjRegister(dataDir, { recheckMs: 0 }),
    cleanup: async () => undefined,
  };
});
