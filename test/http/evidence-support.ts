import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { TestService } from '../helpers/service.js';
import { eventually, type Json } from './runs-support.js';

/** Shared by the issue 29 evidence specs: the UN list dated and designating whom a test names. */

const UN_FILE = readFileSync('test/fixtures/lists/un/consolidated.xml', 'utf8');

/** The UN consolidated list dated `published`, with one more individual when `designated` is given. */
export function unFile(published: string, designated?: [string, string, string]): Blob {
  let xml = UN_FILE.replace(/dateGenerated="[^"]*"/, `dateGenerated="${published}"`);
  if (designated) {
    const [first, second, third] = designated;
    const individual = `<INDIVIDUAL><DATAID>99000001</DATAID><VERSIONNUM>1</VERSIONNUM><FIRST_NAME>${first}</FIRST_NAME><SECOND_NAME>${second}</SECOND_NAME><THIRD_NAME>${third}</THIRD_NAME><UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE><REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER><LISTED_ON>2026-11-27</LISTED_ON></INDIVIDUAL>`;
    xml = xml.replace('</INDIVIDUALS>', `${individual}</INDIVIDUALS>`);
  }
  return new Blob([xml]);
}

/** Uploads a UN version through the operator API; its version id. */
export async function uploadUn(service: TestService, file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file, 'consolidated.xml');
  const response = await service.operator('/lists/un_sc/versions', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).to.equal(201);
  return ((await response.json()) as Json)['version_id'];
}

/** The customer's alert once `deliveries` webhooks about it are recorded as delivered (operator view). */
export async function deliveredAlert(service: TestService, tenantId: string, customerId: string, deliveries = 1): Promise<Json> {
  let found: Json | undefined;
  await eventually(async () => {
    const alerts = ((await (await service.operator(`/tenants/${tenantId}/alerts?limit=100`)).json()) as Json)['data'] as Json[];
    found = alerts.find((a) => a['customer_id'] === customerId);
    expect(found?.['deliveries'] ?? []).to.have.length(deliveries);
  }, 30_000);
  return found!;
}
