import { expect } from 'chai';
import type { ListEntry } from '../../src/domain/screening/entry.js';
import { designationOf, freezeCommunicationHtml, freezeCommunicationJson, type FreezeCommunicationModel } from '../../src/reports/freeze-communication.js';
import { date, dateTime } from '../../src/reports/html.js';

const entry: ListEntry = {
  list_id: 'un_sc',
  entry_id: '6908555',
  schema: 'person',
  names: [
    { name: 'ABU EXEMPLO', kind: 'primary' },
    { name: 'Abu Exemplar', kind: 'alias' },
  ],
  documents: [],
  birth_dates: [],
  countries: [],
  sanctions: [{ program: 'Al-Qaida', authority: 'UN Security Council', category: null, start_date: '2024-03-01', end_date: null, legal_basis: null }],
  listed_on: '2024-03-01',
  remarks: 'Reference number: QDi.431; other notes',
  content_hash: 'h',
};

const model = (over: Partial<FreezeCommunicationModel> = {}): FreezeCommunicationModel => ({
  addressee: 'mjsp',
  version: 2,
  drafted_at: '2026-11-27T15:00:00.000Z',
  institution: { tenant_id: 't', name: 'Banco <b>Exemplo</b>', cnpj: null },
  customer: { customer_id: 'c', type: 'pf', name: 'Ana Lima', doc: '52998224725' },
  designation: designationOf('un_sc', '6908555', 'v1', 'ABU EXEMPLO', entry),
  legal_basis: 'Lei 13.810/2019',
  timeline: {
    list_published_at: '2026-11-27T11:00:00.000Z',
    fetched_at: null,
    imported_at: '2026-11-27T11:05:00.000Z',
    indexed_at: '2026-11-27T11:05:01.000Z',
    alerted_at: '2026-11-27T11:05:02.000Z',
    delivered_at: [],
    confirmed_at: '2026-11-27T12:00:00.000Z',
    confirmed_by: 'ana@example.test',
  },
  measures: { measures_id: 'm', frozen_at: '2026-11-28T14:00:00.000Z', assets: [], attempts_blocked: [], justification: 'Conta achada na conciliação.', recorded_at: '2026-11-28T14:10:00.000Z', recorded_by: 'operador da plataforma' },
  late: true,
  deadline_hours: 24,
  ...over,
});

describe('freeze communication drafts (issue 29)', () => {
  it('names the designation as the version publishes it: names, programme, the UN reference from the remarks', () => {
    expect(designationOf('un_sc', '6908555', 'v1', 'ABU EXEMPLO', entry)).to.deep.include({ names: ['ABU EXEMPLO', 'Abu Exemplar'], programs: ['Al-Qaida'], un_reference: 'QDi.431', listed_on: '2024-03-01' });
    expect(designationOf('un_sc', 'x', 'v1', 'MATCHED', null)).to.deep.include({ names: ['MATCHED'], programs: [], un_reference: null });
  });

  it('the MJSP draft of a late freeze carries the justification of Decreto 9.825 art. 6; the others do not', () => {
    const mjsp = freezeCommunicationHtml(model());
    expect(mjsp).to.contain('Decreto 9.825/2019, art. 6º').and.contain('Conta achada na conciliação.').and.contain('referência ONU QDi.431');
    expect(mjsp).to.contain(dateTime('2026-11-27T11:00:00.000Z')).and.contain(date('2024-03-01')).and.contain('Carregada por envio manual');
    expect(mjsp).to.contain('Banco &lt;b&gt;Exemplo&lt;/b&gt;').and.contain('529.982.247-25');
    expect(freezeCommunicationHtml(model({ addressee: 'coaf' }))).to.not.contain('Decreto 9.825/2019, art. 6º');
    expect(freezeCommunicationJson(model())).to.deep.include({ justification_required: true, status: 'rascunho' });
    expect(freezeCommunicationJson(model({ addressee: 'bcb' }))).to.deep.include({ justification_required: false, channel: 'Canal não verificado' });
  });
});
