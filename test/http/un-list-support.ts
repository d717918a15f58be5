import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import type { Json } from './runs-support.js';
import { sample } from './screening-support.js';

/** UN consolidated list versions for the freeze tests (issue 29): the sample's first 30 individuals and the designations given. */

let base: string | null = null;
const baseIndividuals = (): string => (base ??= sample('un/consolidated.xml').toString('utf8').match(/<INDIVIDUAL>[\s\S]*?<\/INDIVIDUAL>/g)!.slice(0, 30).join('\n'));

/** A designation of a person, as the UN publishes it (DATAID, names, regime, reference, date listed). */
export const individual = (dataId: number, first: string, second: string, third: string): string =>
  `<INDIVIDUAL><DATAID>${dataId}</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>${first}</FIRST_NAME><SECOND_NAME>${second}</SECOND_NAME><THIRD_NAME>${third}</THIRD_NAME><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.${dataId}</REFERENCE_NUMBER><LISTED_ON>2026-11-27</LISTED_ON></INDIVIDUAL>`;

/** Uploads a UN version dated `dateGenerated` through the operator API; the version as answered (201). */
export async function uploadUn(service: TestService, dateGenerated: string, designations: readonly string[]): Promise<Json> {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<CONSOLIDATED_LIST dateGenerated="${dateGenerated}"><INDIVIDUALS>${baseIndividuals()}${designations.join('')}</INDIVIDUALS><ENTITIES/></CONSOLIDATED_LIST>`;
  const form = new FormData();
  form.append('file', new Blob([xml]), 'consolidated.xml');
  const response = await service.operator('/lists/un_sc/versions', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).to.equal(201);
  return (await response.json()) as Json;
}
