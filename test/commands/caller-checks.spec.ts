import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { OPERATOR } from '../../src/commands/caller.js';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { createTemplate, reviseTemplate, setOnboardingProfile } from '../../src/commands/templates.js';
import { changeTenantSettings, createTenant } from '../../src/commands/tenants.js';
import { redeliver } from '../../src/commands/webhooks.js';
import { REFERENCE_PF, REFERENCE_PJ } from '../../src/domain/template/reference.js';
import { deliveryStream } from '../../src/domain/webhook/decider.js';
import { tempDir } from '../helpers/temp.js';

let n = 0;
const context = (tenantId: string | null = null): CommandContext => {
  n += 1;
  return {
    metadata: { tenant_id: tenantId, actor: 'operator', request_id: `req-${n}`, occurred_at: '2026-11-27T12:00:00.000Z', correlation_id: `req-${n}`, causation_id: null },
    commandId: `cmd-${n}`,
  };
};
const right = <A>(result: E.Either<{ code: string }, A>): A => {
  if (E.isLeft(result)) return expect.fail(`expected success, got ${result.left.code}`);
  return result.right;
};
const codeOf = (result: E.Either<{ code: string }, unknown>) => (E.isLeft(result) ? result.left.code : 'ok');

/** The checks each command makes itself, on state read from streams (no read model runs here). */
describe('commands check what they decide from the streams, with the caller as data', () => {
  let log: EventLog;
  let acme: string;
  let other: string;

  before(async () => {
    log = new EventLog(new SqliteEventStore(`${tempDir()}/events.sqlite`), new PlainPiiCodec(), {});
    acme = right(await createTenant(log, { name: 'Acme', facial_verification_master: false }, context())).value.tenant_id;
    other = right(await createTenant(log, { name: 'Outra', facial_verification_master: false }, context())).value.tenant_id;
  });

  it('creates a template only for a tenant that exists (or a global one)', async () => {
    expect(codeOf(await createTemplate({ log }, { tenant_id: '00000000-0000-4000-8000-000000000000', definition: REFERENCE_PF, published: true, active: true }, context()))).to.equal('tenant_not_found');
    expect(codeOf(await createTemplate({ log }, { tenant_id: 'not-a-uuid', definition: REFERENCE_PF, published: true, active: true }, context()))).to.equal('tenant_not_found');
    expect(codeOf(await createTemplate({ log }, { tenant_id: acme, definition: REFERENCE_PF, published: true, active: true }, context()))).to.equal('ok');
    expect(codeOf(await createTemplate({ log }, { tenant_id: null, definition: REFERENCE_PF, published: true, active: true }, context()))).to.equal('ok');
  });

  it("names in settings and profiles only the tenant's own or global templates, of the right person type, even unpublished", async () => {
    const own = right(await createTemplate({ log }, { tenant_id: acme, definition: REFERENCE_PF, published: false, active: false }, context())).template_id;
    const foreign = right(await createTemplate({ log }, { tenant_id: other, definition: REFERENCE_PF, published: true, active: true }, context())).template_id;
    const global = right(await createTemplate({ log }, { tenant_id: null, definition: REFERENCE_PJ, published: true, active: true }, context())).template_id;
    expect(codeOf(await setOnboardingProfile({ log }, acme, 'padrao', own, context(acme)))).to.equal('ok');
    expect(codeOf(await setOnboardingProfile({ log }, acme, 'padrao', global, context(acme)))).to.equal('ok');
    expect(codeOf(await setOnboardingProfile({ log }, acme, 'padrao', foreign, context(acme)))).to.equal('template_not_found');
    expect(codeOf(await changeTenantSettings({ log }, acme, { default_templates: { pf: own, pj: global } }, context(acme)))).to.equal('ok');
    expect(codeOf(await changeTenantSettings({ log }, acme, { default_templates: { pf: foreign } }, context(acme)))).to.equal('template_not_found');
    expect(codeOf(await changeTenantSettings({ log }, acme, { default_templates: { pj: own } }, context(acme)))).to.equal('template_not_found');
  });

  it('revises a template that exists, merging the fields sent into its definition', async () => {
    expect(codeOf(await reviseTemplate({ log }, '00000000-0000-4000-8000-000000000000', { name: 'x' }, context()))).to.equal('not_found');
    const id = right(await createTemplate({ log }, { tenant_id: acme, definition: REFERENCE_PF, published: true, active: true }, context())).template_id;
    expect(right(await reviseTemplate({ log }, id, { name: 'Renomeado', active: false }, context()))).to.be.a('number');
    const events = await log.readStream(`template-${id}`);
    expect(events.map((e) => e.type)).to.deep.equal(['TemplateCreated', 'TemplateRevised', 'TemplateAvailabilityChanged']);
    expect((events[1]!.data['definition'] as { name: string; sources: unknown }).name).to.equal('Renomeado');
    expect((events[1]!.data['definition'] as { sources: unknown }).sources).to.deep.equal(REFERENCE_PF.sources);
    // the template's tenant is recorded when the operator names none
    expect(events[1]!.metadata.tenant_id).to.equal(acme);
  });

  it("redelivers a delivery its caller may see: any for the operator, only its own tenant's for a user", async () => {
    const deliveryId = '22222222-2222-4222-8222-222222222222';
    const data = { delivery_id: deliveryId, tenant_id: acme, environment: 'live', event_id: `evt_${'0'.repeat(32)}`, event: 'run.completed', source_event_id: 'e1', target: 'endpoint', url: 'https://example.com/hook', payload: '{}', created_at: '2026-11-27T11:00:00.000Z' };
    await log.append(deliveryStream(deliveryId), [{ id: '33333333-3333-4333-8333-333333333333', type: 'WebhookDeliveryScheduled', data }], context(acme).metadata, 'no_stream');
    const stranger = { kind: 'user' as const, user_id: 'u-other', tenant_id: other };
    expect(codeOf(await redeliver({ log }, deliveryId, stranger, context(other)))).to.equal('webhook_delivery_not_found');
    expect(await log.readStream(deliveryStream(deliveryId))).to.have.length(1);
    expect(codeOf(await redeliver({ log }, '00000000-0000-4000-8000-000000000000', OPERATOR, context()))).to.equal('webhook_delivery_not_found');
    expect(codeOf(await redeliver({ log }, deliveryId, { kind: 'user', user_id: 'u-acme', tenant_id: acme }, context(acme)))).to.equal('ok');
    expect(codeOf(await redeliver({ log }, deliveryId, OPERATOR, context()))).to.equal('ok');
    const requested = (await log.readStream(deliveryStream(deliveryId))).filter((e) => e.type === 'WebhookRedeliveryRequested');
    expect(requested).to.have.length(1, 'one redelivery owed at a time');
    expect(requested[0]!.metadata.tenant_id).to.equal(acme);
  });
});
