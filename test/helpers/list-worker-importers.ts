/**
 * List importers for the worker thread's tests, built by the worker from their module like the
 * official ones: a file `exit` ends the worker thread, `crash` throws outside the task, `hang`
 * never returns, `bad` is a file that cannot be read; any other file is one name per line.
 */
import { ListFileError, withContentHash, type ImporterRef, type ListFile, type ListImporter } from '../../src/adapters/lists/importers/port.js';

export function misbehaving(listId: string): ListImporter {
  const worker: ImporterRef = { module: import.meta.url, name: 'misbehaving', args: [listId] };
  return {
    list_id: listId,
    worker,
    async parse(files: readonly ListFile[]) {
      const text = files.map((f) => f.data.toString()).join('\n').trim();
      if (text === 'exit') process.exit(3);
      if (text === 'crash') setTimeout(() => {
        throw new Error('a crash outside the task');
      }, 0);
      if (text === 'crash') await new Promise(() => undefined);
      // eslint-disable-next-line no-empty
      if (text === 'hang') for (;;) {}
      if (text === 'bad') throw new ListFileError(listId, 'not a list of names');
      const names = text.split('\n').filter(Boolean);
      return {
        entries: names.map((name, i) =>
          withContentHash({ list_id: listId, entry_id: `n${i}`, schema: 'person', names: [{ name, kind: 'primary' }], documents: [], birth_dates: [], countries: [], sanctions: [], listed_on: null, remarks: null }),
        ),
        published_at: null,
      };
    },
  };
}
