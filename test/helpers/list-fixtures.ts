import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

/** The list files the tests read (test/fixtures/lists, kept in the repository: see its README). */
export const LIST_FIXTURES = fileURLToPath(new URL('../fixtures/lists/', import.meta.url));

/** The path of one list fixture, e.g. `ofac/sdn.csv`. */
export const listFixturePath = (path: string): string => resolve(LIST_FIXTURES, path);

/** The bytes of one list fixture, e.g. `un/consolidated.xml`. */
export const listFixture = (path: string): Buffer => readFileSync(listFixturePath(path));
