import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { buildKycSnapshot, customerKycSnapshot, partiesSnapshot, snapshotBlob } from '../../src/queries/kyc-snapshot.js';
import type { TestService } from '../helpers/service.js';
import { createCustomer, patchTenant, pfBody, pjBody } from '../http/customers-support.js';
import { startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

let revision = 0;
const stored = (type: string, data: Record<string, unknown>): StoredEvent =>
  ({ type, data, id: `e${revision}`, stream: 'customer-c1', revision: revision++, position: revision, recorded_at: '2026-03-01T12:00:00.000Z', metadata: { occurred_at: '2026-03-01T12:00:00.000Z' } }) as unknown as StoredEvent;

const registered = (profile: Record<string, unknown> | '[erased]') =>
  stored('CustomerRegistered', { customer_id: 'c1', tenant_id: 't1', environment: 'live', type: 'pf', profile, subject_ref: 's1', external_id: null, metadata: {}, onboarding_profile: null, webhook_url: null, created_at: '2026-01-02T10:00:00.000Z' });

describe('KYC snapshot at the time of analysis', () => {
  describe('from the customer stream (pure)', () => {
    const history = [
      registered({ doc: '52998224725', name: 'Ana Lima', birth_date: '1980-04-02', nationality: 'BR', occupation: 'Engenheira', declared_income: '12000.50', address: { street: 'Rua A', city: 'São Paulo', state: 'SP', zip: '01310100' } }),
      stored('CustomerRunConcluded', { customer_id: 'c1', subject_ref: 's1', run_id: 'r1', run_status: 'completed', decision: 'approved', risk_band: 'baixo', completed_at: '2026-01-02T10:05:00.000Z', source_birth_date: null }),
      stored('CustomerStatusChanged', { customer_id: 'c1', status: 'aprovado', reason: 'run_approved', changed_at: '2026-01-02T10:05:01.000Z' }),
      stored('MonitoringAlertRaised', { customer_id: 'c1', alert_id: 'a1', tenant_id: 't1', environment: 'live', subject_ref: 's1', list_id: 'br_pep', entry_id: 'p9', version_id: 'v3', content_hash: 'h', matched_name: 'ANA LIMA', score: 0.93, explanation: [], trigger: 'list_version', raised_at: '2026-02-10T09:00:00.000Z' }),
      stored('ListHitDisposed', { customer_id: 'c1', subject_ref: 's1', list_id: 'br_pep', entry_id: 'p9', content_hash: 'h', disposition: 'true_match', reason: 'mesma pessoa', by: 'user:u1', from: { alert_id: 'a1' }, disposed_at: '2026-02-11T09:00:00.000Z' }),
      stored('MonitoringAlertResolved', { customer_id: 'c1', alert_id: 'a1', subject_ref: 's1', resolution: 'true_positive', note: 'mesma pessoa', resolved_at: '2026-02-11T09:00:00.000Z' }),
      stored('CustomerRunConcluded', { customer_id: 'c1', subject_ref: 's1', run_id: 'r2', run_status: 'completed', decision: 'review', risk_band: 'alto', completed_at: '2026-02-12T10:05:00.000Z', source_birth_date: null }),
    ];

    it('keeps identification, qualification, status history, every run in the risk history, alerts and dispositions', () => {
      const s = buildKycSnapshot('case1', 'c1', history, [], '2026-03-01T12:00:00.000Z');
      expect(s.basis).to.equal('customer');
      expect(s.identification).to.include({ type: 'pf', doc: '52998224725', name: 'Ana Lima', birth_date: '1980-04-02', nationality: 'BR', erased: false });
      expect(s.qualification).to.include({ occupation: 'Engenheira', declared_income: '12000.50' });
      expect(s.qualification!.address).to.deep.include({ city: 'São Paulo' });
      expect(s.status).to.equal('aprovado');
      expect(s.status_history).to.deep.equal([{ status: 'aprovado', reason: 'run_approved', at: '2026-01-02T10:05:01.000Z' }]);
      expect(s.risk!.band).to.equal('alto');
      expect(s.risk!.history.map((h) => [h.run_id, h.risk_band, h.decision])).to.deep.equal([['r1', 'baixo', 'approved'], ['r2', 'alto', 'review']]);
      expect(s.alerts).to.have.length(1);
      expect(s.alerts[0]).to.include({ alert_id: 'a1', list_id: 'br_pep', version_id: 'v3', status: 'resolved', resolution: 'true_positive', ended_at: '2026-02-11T09:00:00.000Z' });
      expect(s.pep!.dispositions).to.deep.equal([{ list_id: 'br_pep', entry_id: 'p9', disposition: 'true_match', reason: 'mesma pessoa', by: 'user:u1', at: '2026-02-11T09:00:00.000Z' }]);
      expect(s.pep!.relatives_associates).to.deep.equal([]);
      expect(s.pep!.pep_until).to.equal(null);
      expect(s.beneficial_owners).to.equal(null);
    });

    it('keeps the relatives and close associates of PEPs declared and not withdrawn (issue 31)', () => {
      const declared = (id: string, relation: string) =>
        stored('CustomerPepRelationshipDeclared', { customer_id: 'c1', subject_ref: 's1', relationship_id: id, kind: 'familiar', relation, pep_name: 'MARIA APARECIDA', pep_cpf: '52473645035', pep_role: 'Deputada', pep_organ: null, declared_by: 'user:u1', declared_at: '2026-02-01T10:00:00.000Z' });
      const withdrawn = stored('CustomerPepRelationshipRemoved', { customer_id: 'c1', relationship_id: 'rel2', removed_by: 'user:u1', removed_at: '2026-02-02T10:00:00.000Z' });
      const s = buildKycSnapshot('case1', 'c1', [...history, declared('rel1', 'cônjuge'), declared('rel2', 'filho'), withdrawn], [], '2026-03-01T12:00:00.000Z');
      expect(s.pep!.relatives_associates.map((r) => [r.relationship_id, r.relation, r.pep_name])).to.deep.equal([['rel1', 'cônjuge', 'MARIA APARECIDA']]);
      expect(s.pep!.note).to.include('declarados');
    });

    it('hashes the same history to the same bytes, and a later event to others', () => {
      const a = snapshotBlob(buildKycSnapshot('case1', 'c1', history, [], '2026-03-01T12:00:00.000Z'));
      const b = snapshotBlob(buildKycSnapshot('case1', 'c1', [...history], [], '2026-03-01T12:00:00.000Z'));
      expect(a.sha256).to.equal(b.sha256).and.match(/^[0-9a-f]{64}$/);
      const later = [...history, stored('CustomerStatusChanged', { customer_id: 'c1', status: 'bloqueado', reason: 'x', changed_at: '2026-03-02T00:00:00.000Z' })];
      expect(snapshotBlob(buildKycSnapshot('case1', 'c1', later, [], '2026-03-01T12:00:00.000Z')).sha256).to.not.equal(a.sha256);
    });

    it('keeps the qualification clock: what was missing, its 30-day deadline, and when a later update completed it', () => {
      const draft = [registered({ doc: '52998224725', name: 'Ana Lima', address: { street: 'Rua A', city: 'São Paulo', state: 'SP', zip: '01310100' } })];
      const pending = buildKycSnapshot('case1', 'c1', draft, [], '2026-01-05T00:00:00.000Z');
      expect(pending.qualification).to.include({ due_at: '2026-02-01T10:00:00.000Z', completed_at: null, declared_income: null });
      expect(pending.qualification!.missing).to.deep.equal(['declared_income']);
      const update = stored('CustomerQualificationUpdated', { customer_id: 'c1', subject_ref: 's1', fields: { declared_income: 9000 }, field_names: ['declared_income'], by: 'user:u1', updated_at: '2026-01-20T09:00:00.000Z' });
      const done = buildKycSnapshot('case1', 'c1', [...draft, update], [], '2026-03-01T12:00:00.000Z');
      expect(done.qualification).to.include({ due_at: '2026-02-01T10:00:00.000Z', completed_at: '2026-01-20T09:00:00.000Z', declared_income: '9000' });
      expect(done.qualification!.missing).to.deep.equal([]);
      expect(done.qualification!.address).to.deep.include({ city: 'São Paulo' });
    });

    it('shows an erased customer as erased, never guessed', () => {
      const s = buildKycSnapshot('case1', 'c1', [registered('[erased]')], [], '2026-03-01T12:00:00.000Z');
      expect(s.identification).to.include({ erased: true, doc: null, name: null });
      expect(s.qualification).to.equal(null);
    });

    it('a case without a customer snapshots the parties as reported', () => {
      const s = partiesSnapshot('case2', [{ doc: '52998224725', name: 'Ana Lima', role: 'titular' }], '2026-03-01T12:00:00.000Z');
      expect(s.basis).to.equal('parties_as_reported');
      expect(s.customer_id).to.equal(null);
      expect(s.parties).to.deep.equal([{ doc: '52998224725', name: 'Ana Lima', role: 'titular' }]);
    });
  });

  describe('from a real customer and its run', () => {
    let service: TestService;
    let w: World;
    before(async () => {
      service = await startRunsService();
      w = await world(service);
      await patchTenant(service, w.tenant.tenant_id, { default_templates: { pf: w.pf, pj: w.pj } });
    });
    after(async () => service.close());

    it('a PEP customer: the run verdict, its details and the run in the risk history', async () => {
      const created = await createCustomer(service, w.key, pfBody('00000000353', { run_bureau: true, occupation: 'Advogada', nationality: 'BR' }));
      await waitForRun(service, w.key, created.run_id as string);
      const deps = { log: service.services.log, readStore: service.services.readStore };
      const s = (await customerKycSnapshot(deps, 'case1', created.customer_id as string, '2026-03-01T12:00:00.000Z'))!;
      expect(s.identification).to.include({ type: 'pf', doc: '00000000353', name: 'Maria da Silva', nationality: 'BR' });
      expect(s.qualification).to.include({ occupation: 'Advogada' });
      expect(s.pep!.is_pep).to.equal(true);
      expect(s.pep!.run_id).to.equal(created.run_id);
      expect(s.pep!.details).to.include({ is_pep: true });
      expect(s.risk!.history.map((h) => h.run_id)).to.deep.equal([created.run_id]);
    });

    it('a company: its QSA as the partners source recorded it', async () => {
      const created = await createCustomer(service, w.key, pjBody('00000003000125', { run_bureau: true }));
      await waitForRun(service, w.key, created.run_id as string);
      const s = (await customerKycSnapshot({ log: service.services.log, readStore: service.services.readStore }, 'case1', created.customer_id as string, '2026-03-01T12:00:00.000Z'))!;
      expect(s.identification).to.include({ type: 'pj', doc: '00000003000125' });
      expect(s.beneficial_owners!.run_id).to.equal(created.run_id);
      expect(s.beneficial_owners!.partners.length).to.be.greaterThan(0);
      expect(s.beneficial_owners!.partners.some((p) => p.sanctions_lists.length > 0)).to.equal(true);
    });

    it('no such customer: null', async () => {
      expect(await customerKycSnapshot({ log: service.services.log, readStore: service.services.readStore }, 'case1', 'nope', '2026-03-01T12:00:00.000Z')).to.equal(null);
    });
  });
});
