import { SqlitePgfnRegister, SqlitePgfnTarget } from '../../src/adapters/pgfn-register/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describePgfnRegisterContract } from './pgfn-register.contract.js';

describePgfnRegisterContract('SQLite', async () => {
  const dataDir = tempDir('pgfn-sqlite-');
  return {
    target: new SqlitePgfnTarget(dataDir),
    // recheckMs 0: every current() looks at current.json, so a swap shows at once
    reader: () => new SqlitePgfnRegister(dataDir, { recheckMs: 0 }),
    cleanup: async () => undefined,
  };
});
