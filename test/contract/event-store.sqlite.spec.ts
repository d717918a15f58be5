import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describeEventStoreContract } from './event-store.contract.js';

describeEventStoreContract('SQLite', async () => new SqliteEventStore(`${tempDir()}/events.sqlite`));
