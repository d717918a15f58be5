import { SqliteKeyStore } from '../../src/adapters/pii/key-store.js';
import { tempDir } from '../helpers/temp.js';
import { describeKeyStoreContract } from './key-store.contract.js';

const dir = tempDir();
describeKeyStoreContract('SQLite', async () => new SqliteKeyStore(`${dir}/keys.sqlite`, 'contract-secret'));
