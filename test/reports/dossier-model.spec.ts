import { expect } from 'chai';
import type { StoredEvent } from '../../src/adapters/event-store/event-log.js';
import { canonicalJson } from '../../src/domain/shared/canonical-json.js';
import { sha256Hex } from '../../src/adapters/crypto.js';
import { buildDossier, dossierJsonBytes } from '../../src/reports/dossier-model.js';
import { dossierHtml } from '../../src/reports/dossier.js';
import { dateTime } from '../../src/reports/html.js';
import { kycSnapshotWorkFor } from '../../src/reactors/kyc-snapshots.js';

const CASE = '11111111-2222-4333-8444-555555555555';
let revision = 0;
const ev = (type: string, data: Record<string, unknown>, actor = 'operator'): StoredEvent =>
  ({ type, data: { case_id: CASE, ...data }, id: `e${revision}`, stream: `suspicion-${CASE}`, revision: revision++, position: revision, recorded_at: '2026-12-01T00:00:00.000Z', metadata: { tenant_id: 't1', actor, request_id: null, occurred_at: '2026-12-20T00:00:00.000Z', correlation_id: CASE, causation_id: null } }) as unknown as StoredEvent;

function history(): StoredEvent[] {
  revision = 0;
  const communication = { communication_id: `${CASE}:lote` };
  return [
    ev('SuspicionCaseOpened', {
      tenant_id: 't1', environment: 'live', subject_ref: 's', customer_id: null, origin: { kind: 'alert', ref: 'a1' }, external_id: null,
      occurred_at: '2026-10-01T12:00:00.000Z', operation: { type: 'deposito', value: 60000, date: '2026-10-01', channel: 'agencia', parties: [] },
      reason_codes: ['CC4001-IV.e', 'outra_situacao'], other_reason: 'Cliente evasivo.', description: null, selection_due_at: '2026-11-15T12:00:00.000Z', opened_by: 'system', opened_at: '2026-10-02T12:00:00.000Z',
    }),
    ev('SuspicionCaseSelected', { selected_at: '2026-11-20T12:00:00.000Z', analysis_due_at: '2027-01-04T12:00:00.000Z', by: 'user:u1', note: null }),
    ev('SuspicionCaseDecided', { subject_ref: 's', decision: 'comunicar', rationale: 'Indícios confirmados.', reason_codes: ['CC4001-IV.e'], other_reason: null, decided_by: 'user:u1', approved_by: 'user:u2', decided_at: '2026-12-01T12:00:00.000Z', communication_due_at: '2026-12-03T02:59:59.999Z' }),
    ev('SuspicionCommunicationPrepared', { ...communication, subject_ref: 's', kind: 'lote', num_ocorrencia: 'OC-1', reporting_cnpj: '11222333000181', occurrence: {}, justification: null, prepared_by: 'user:u1', prepared_at: '2026-12-01T13:00:00.000Z' }),
    ev('SuspicionCommunicationExported', { ...communication, batch_id: 'b1', blob_key: 'k', file_sha256: 'a'.repeat(64), exported_at: '2026-12-01T14:00:00.000Z', by: 'user:u1' }),
    ev('SuspicionCommunicationSent', { ...communication, sent_at: '2026-12-02T15:00:00.000Z', amendment_justification_after: '2026-12-09T02:59:59.999Z', by: 'user:u1', recorded_at: '2026-12-02T16:00:00.000Z' }),
    ev('SuspicionResponseRecorded', { ...communication, status: 1, errors: [], file_sha256: 'b'.repeat(64), recorded_at: '2026-12-02T16:30:00.000Z', by: 'user:u1' }),
    ev('SuspicionReceiptMatched', { ...communication, numero_coaf: '123456', autenticacao: 'AUT-9', valor: '60000', status: 'OK', receipt_sha256: 'c'.repeat(64), matched_at: '2026-12-03T10:00:00.000Z' }),
    ev('SuspicionCaseClosed', { subject_ref: 's', note: 'Comunicado.', by: 'user:u2', closed_at: '2026-12-04T12:00:00.000Z' }),
    ev('SuspicionDossierExported', { format: 'json', sha256: 'd'.repeat(64), by: 'operator', exported_at: '2026-12-05T12:00:00.000Z' }),
  ];
}

describe('the dossier model (pure)', () => {
  const rule = { kind: 'list_version' as const, list_id: 'un_sc', version_id: 'v7', entry_id: 'QDi.1', matched_name: 'X', score: 0.97 };

  it('every clock with whether it was met: selection late, analysis and communication on time', () => {
    const d = buildDossier({ events: history(), rule, snapshots: new Map() });
    expect(d.clocks).to.deep.equal([
      { clock: 'selection', due_at: '2026-11-15T12:00:00.000Z', done_at: '2026-11-20T12:00:00.000Z', met: false },
      { clock: 'analysis', due_at: '2027-01-04T12:00:00.000Z', done_at: '2026-12-01T12:00:00.000Z', met: true },
      { clock: 'communication', due_at: '2026-12-03T02:59:59.999Z', done_at: '2026-12-02T15:00:00.000Z', met: true },
    ]);
  });

  it('the communication with its file, validation and receipt, and their hashes among the files; the export is not content', () => {
    const d = buildDossier({ events: history(), rule, snapshots: new Map() });
    expect(d.communications[0]).to.deep.include({ num_ocorrencia: 'OC-1', sent_at: '2026-12-02T15:00:00.000Z' });
    expect(d.communications[0]!.receipt).to.deep.include({ numero_coaf: '123456', autenticacao: 'AUT-9' });
    expect(d.files.map((f) => [f.kind, f.sha256[0]])).to.deep.equal([['siscoaf_lote', 'a'], ['siscoaf_response', 'b'], ['siscoaf_receipt', 'c']]);
    expect(d.audit_trail.map((e) => e.type)).to.not.include('SuspicionDossierExported');
    expect(d.through_revision).to.equal(8);
    expect(d.case.origin.rule).to.deep.include({ list_id: 'un_sc', version_id: 'v7', entry_id: 'QDi.1' });
    expect(d.reason_codes.map((r) => [r.code, r.text !== null])).to.deep.equal([['CC4001-IV.e', true], ['outra_situacao', true]]);
    expect(d.other_reason).to.equal('Cliente evasivo.');
  });

  it('its own hash over the canonical JSON of the rest; later exports change nothing', () => {
    const d = buildDossier({ events: history(), rule, snapshots: new Map() });
    const { content_sha256, ...content } = d;
    expect(content_sha256).to.equal(sha256Hex(canonicalJson(content)));
    const more = [...history(), ev('SuspicionDossierExported', { format: 'pdf', sha256: 'e'.repeat(64), by: 'operator', exported_at: '2026-12-06T12:00:00.000Z' })];
    expect(dossierJsonBytes(buildDossier({ events: more, rule, snapshots: new Map() })).equals(dossierJsonBytes(d))).to.equal(true);
  });

  it('the PDF text: Brasília time, the decision, the receipt and the content hash; raw codes only as small codes', () => {
    const d = buildDossier({ events: history(), rule, snapshots: new Map() });
    const page = dossierHtml({ dossier: d, people: { 'user:u1': 'ana@x.test', 'user:u2': 'bia@x.test' }, kyc: [] });
    expect(page).to.contain(dateTime('2026-12-01T12:00:00.000Z'));
    expect(page).to.contain('Comunicar ao COAF');
    expect(page).to.contain('123456 / AUT-9');
    expect(page).to.contain(d.content_sha256);
    expect(page).to.contain('bia@x.test');
    expect(page).to.contain('Descumprido');
    expect(page).to.contain('<span class="small muted mono">[CC4001-IV.e]</span>');
  });
});

describe('the KYC snapshot reactor (pure)', () => {
  it('asks for one snapshot per selected case, nothing for other events', () => {
    const [opened, selected] = history();
    expect(kycSnapshotWorkFor(opened!, 0)).to.equal(null);
    const item = kycSnapshotWorkFor(selected!, 0)!;
    expect(item.id).to.equal(`kyc-snapshot:${CASE}`);
    expect(item.payload).to.deep.include({ case_id: CASE, selected_at: '2026-11-20T12:00:00.000Z' });
    expect(kycSnapshotWorkFor(selected!, 5)!.id).to.equal(item.id);
  });
});
