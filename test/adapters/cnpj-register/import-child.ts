/**
 * Crash-test child: `node --import tsx import-child.ts <dumpDir> <dataDir> <batchRows> [killAfter]`.
 *
 * Imports the dump into the SQLite register of <dataDir>, printing `batch <file> <read>` after
 * every committed batch and `done <RegisterMonth JSON>` at the end. With `killAfter`, it SIGKILLs
 * itself right after that many batches were committed: no handler, no cleanup, as a crash.
 */
import { importDump } from '../../../src/adapters/cnpj-register/importer.js';
import { SqliteRegisterTarget } from '../../../src/adapters/cnpj-register/sqlite.js';

const [dumpDir, dataDir, batchRows, killAfter] = process.argv.slice(2);
if (!dumpDir || !dataDir || !batchRows) {
  process.stderr.write('usage: import-child.ts <dumpDir> <dataDir> <batchRows> [killAfter]\n');
  process.exit(2);
}
let batches = 0;
const month = await importDump(dumpDir, new SqliteRegisterTarget(dataDir), {
  batchRows: Number(batchRows),
  onProgress: (p) => {
    // stdout to a pipe is synchronous on Linux: the line is out before the kill
    process.stdout.write(`batch ${p.file} ${p.read}\n`);
    if (killAfter && ++batches === Number(killAfter)) process.kill(process.pid, 'SIGKILL');
  },
});
process.stdout.write(`done ${JSON.stringify(month)}\n`);
