import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { QUARANTINE_COLLECTION } from '../../src/processing/runner.js';
import { startService, type TestService } from '../helpers/service.js';
import { eventually } from './runs-support.js';

/** The operator's view of quarantined events (issue 18): listed, handed back, refused clearly. */
describe('operator: quarantined events', function () {
  this.timeout(60_000);
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(async () => service.close());

  it('lists an event no processor could open, and keeps it quarantined when handed back unfixed', async () => {
    expect(((await (await service.operator('/quarantined-events')).json()) as { data: unknown[] }).data).to.deep.equal([]);
    const tenantId = randomUUID();
    // written by something other than the service: a tenant name that is not a string
    const bad = await service.services.eventStore.append(
      `tenant-${tenantId}`,
      [
        {
          id: randomUUID(),
          type: 'TenantCreated',
          data: { tenant_id: tenantId, name: 42, facial_verification_master: false, created_at: '2026-11-23T12:00:00.000Z' },
          metadata: { tenant_id: tenantId, actor: 'system', request_id: null, occurred_at: '2026-11-23T12:00:00.000Z', correlation_id: 'c', causation_id: null },
        },
      ],
      'no_stream',
    );
    type Quarantined = { processor: string; stream: string; position: number; event_type: string; error_class: string };
    let listed: Quarantined[] = [];
    await eventually(async () => {
      listed = ((await (await service.operator('/quarantined-events')).json()) as { data: Quarantined[] }).data;
      expect(listed.map((q) => q.processor)).to.include('projection:tenants');
    }, 15_000);
    for (const q of listed) expect(q).to.deep.include({ stream: `tenant-${tenantId}`, position: bad.position, event_type: 'TenantCreated', error_class: 'UndecodableEventError' });
    // the log went on: the service still writes and reads
    expect((await service.operator('/tenants', { method: 'POST', json: { name: 'After the bad event' } })).status).to.equal(201);

    const retry = await service.operator(`/quarantined-events/${encodeURIComponent(listed[0]!.processor)}/${bad.position}/retry`, { method: 'POST' });
    expect(retry.status).to.equal(409);
    expect(((await retry.json()) as { error: { code: string } }).error.code).to.equal('quarantine_retry_failed');
    const unknown = await service.operator(`/quarantined-events/${encodeURIComponent(listed[0]!.processor)}/${bad.position + 1}/retry`, { method: 'POST' });
    expect(unknown.status).to.equal(404);
    const invalid = await service.operator(`/quarantined-events/x/12ab/retry`, { method: 'POST' });
    expect(invalid.status).to.equal(400);
    expect(((await (await service.operator('/quarantined-events')).json()) as { data: unknown[] }).data).to.have.length(listed.length);
  });

  it('hands back an event once its cause is fixed: the processor takes it and it leaves the list', async () => {
    // the state after a fix: a quarantine record of an event its processor now handles
    const tenant = (await (await service.operator('/tenants', { method: 'POST', json: { name: 'Fixed since' } })).json()) as { tenant_id: string };
    const [event] = await service.services.eventStore.readStream(`tenant-${tenant.tenant_id}`);
    const record = { processor: 'projection:tenants', stream: event!.stream, revision: 0, position: event!.position, event_type: 'TenantCreated', error_class: 'Error', error: 'disk full', quarantined_at: '2026-11-23T12:00:00.000Z' };
    await service.services.readStore.commit({ writes: [{ op: 'put', collection: QUARANTINE_COLLECTION, id: `projection:tenants@${event!.position}`, doc: record, position: event!.position }] });
    const retry = await service.operator(`/quarantined-events/projection:tenants/${event!.position}/retry`, { method: 'POST' });
    expect(retry.status).to.equal(200);
    expect(await retry.json()).to.deep.equal({ processor: 'projection:tenants', position: event!.position, retried: true });
    const left = ((await (await service.operator('/quarantined-events')).json()) as { data: { position: number }[] }).data;
    expect(left.map((q) => q.position)).to.not.include(event!.position);
  });
});
