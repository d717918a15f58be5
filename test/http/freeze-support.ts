import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { handleCommand } from '../../src/commands/handle-command.js';
import { customerDecider, customerStream } from '../../src/domain/customer/decider.js';
import { UN_FREEZE_BASIS } from '../../src/domain/customer/freeze.js';
import { systemContext } from '../../src/processing/system-context.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer } from './customers-support.js';
import { eventually, type Json } from './runs-support.js';

/**
 * A customer with a confirmed sanctions freeze (issue 29), raised through the customer decider
 * directly (the UN sweep marking freeze_required belongs to another part of the issue), then
 * confirmed by an analyst through the operator API, as on the real path.
 */
export async function frozenCustomer(
  service: TestService,
  w: { tenant: { tenant_id: string }; key: string },
  options: { name: string; doc: string; raisedAt?: string; confirm?: boolean },
): Promise<{ customerId: string; alertId: string }> {
  const customerId = (await createCustomer(service, w.key, { type: 'pf', doc: options.doc, name: options.name, email: 'bloqueio@example.com', run_bureau: false }))['customer_id'] as string;
  const patched = await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
  expect(patched.status, await patched.clone().text()).to.equal(200);
  const alertId = randomUUID();
  const now = options.raisedAt ?? new Date().toISOString();
  const cause = { tenant_id: w.tenant.tenant_id, correlation_id: customerId, causation_id: null, at: now };
  const raised = await handleCommand(
    service.services.log,
    customerStream(customerId),
    customerDecider,
    {
      type: 'RaiseAlert',
      alert_id: alertId,
      list_id: 'un_sc',
      entry_id: 'QDi.999',
      version_id: randomUUID(),
      content_hash: 'hash-qdi-999',
      matched_name: options.name.toUpperCase(),
      score: 0.97,
      explanation: [],
      trigger: 'list_version',
      freeze_basis: UN_FREEZE_BASIS,
      evidence: { list_published_at: now, fetched_at: now, imported_at: now, indexed_at: now },
      now,
    },
    systemContext(cause, `test-raise:${alertId}`),
  );
  expect(raised._tag).to.equal('Right');
  await handleCommand(service.services.log, customerStream(customerId), customerDecider, { type: 'RecordAlertDelivery', alert_id: alertId, event: 'customer.sanctions_freeze', delivery_id: randomUUID(), now }, systemContext(cause, `test-delivery:${alertId}`));
  if (options.confirm !== false) await confirmFreeze(service, alertId);
  return { customerId, alertId };
}

export async function confirmFreeze(service: TestService, alertId: string): Promise<void> {
  await eventually(async () => {
    expect((await service.operator(`/alerts/${alertId}`)).status).to.equal(200);
  }, 10_000);
  const resolved = await service.operator(`/alerts/${alertId}/resolve`, { method: 'POST', json: { resolution: 'true_positive', note: 'Mesma pessoa: data de nascimento e documento conferem.' } });
  expect(resolved.status, await resolved.clone().text()).to.equal(200);
}

/** The case's communications once `count` drafts exist. */
export async function draftsOf(service: TestService, caseId: string, count: number): Promise<Json> {
  let body: Json = {};
  await eventually(async () => {
    const response = await service.operator(`/cases/${caseId}/communications`);
    body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect((body['data'] as Json[]).length, JSON.stringify(body)).to.equal(count);
  }, 30_000);
  return body;
}
