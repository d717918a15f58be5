import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { listFixture } from '../helpers/list-fixtures.js';

/** A list fixture's bytes (test/fixtures/lists). */
export const sample = listFixture;

/** Imports sample files as list versions through the operator API; each must be a new version (201). */
export async function uploadSampleLists(service: TestService, lists: readonly (readonly [string, readonly string[]])[]): Promise<void> {
  for (const [listId, files] of lists) {
    const form = new FormData();
    for (const f of files) form.append('file', new Blob([sample(f)]), f.split('/').pop()!);
    const response = await service.operator(`/lists/${listId}/versions`, { method: 'POST', body: form });
    expect(response.status, await response.clone().text()).to.equal(201);
  }
}

export const SAMPLE_LISTS = [
  ['br_pep', ['br/202610_PEP.zip']],
  ['br_ceis', ['br/20261120_CEIS.zip']],
  ['ofac_sdn', ['ofac/sdn.csv', 'ofac/add.csv', 'ofac/alt.csv', 'ofac/sdn_comments.csv']],
] as const;
