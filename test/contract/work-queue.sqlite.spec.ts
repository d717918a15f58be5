import { SqliteWorkQueue } from '../../src/adapters/work-queue/sqlite.js';
import { tempDir } from '../helpers/temp.js';
import { describeWorkQueueContract } from './work-queue.contract.js';

// two connections on one file: two instances sharing a data directory
describeWorkQueueContract('SQLite', async () => {
  const file = `${tempDir()}/read-models.sqlite`;
  const a = new SqliteWorkQueue(file);
  const b = new SqliteWorkQueue(file);
  return { a, b, close: async () => (await a.close(), await b.close()) };
});
