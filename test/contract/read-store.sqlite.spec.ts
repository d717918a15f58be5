import { SqliteReadStore } from '../../src/adapters/read-store/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describeReadStoreContract } from './read-store.contract.js';

describeReadStoreContract('SQLite', async () => new SqliteReadStore(`${tempDir()}/read.sqlite`));
