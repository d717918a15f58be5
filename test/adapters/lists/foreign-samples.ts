import { listFixture } from '../../helpers/list-fixtures.js';
import { expect } from 'chai';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { ListFileError, type ListFile, type ParsedList } from '../../../src/adapters/lists/importers/port.js';

/* The list fixtures (test/fixtures/lists) and small test helpers. */

export const sampleBytes = (path: string): Buffer => listFixture(path);

/** A sample as the importer gets it: named as published (or as given). */
export const sample = (path: string, name = path.split('/').pop()!): ListFile => ({ name, data: sampleBytes(path) });

export const fileOf = (name: string, text: string | Buffer): ListFile => ({ name, data: Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8') });

export function entryOf(parsed: ParsedList, entryId: string): ListEntry {
  const entry = parsed.entries.find((e) => e.entry_id === entryId);
  expect(entry, `entry ${entryId}`).to.not.equal(undefined);
  return entry!;
}

/** The hash of every entry by id, to compare two parses. */
export const hashes = (parsed: ParsedList): Map<string, string> => new Map(parsed.entries.map((e) => [e.entry_id, e.content_hash]));

export async function expectListFileError(parse: Promise<unknown>, message: RegExp): Promise<void> {
  const err = await parse.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'a ListFileError').to.be.instanceOf(ListFileError);
  expect((err as Error).message).to.match(message);
}
