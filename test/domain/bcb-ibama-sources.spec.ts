import { expect } from 'chai';
import { alertReason, casePriority } from '../../src/domain/case/priority.js';
import type { CaseItem } from '../../src/domain/case/events.js';
import { LIST_INFO } from '../../src/domain/list/info.js';
import { actionFor } from '../../src/domain/run/evaluate.js';
import { SOURCES } from '../../src/domain/run/catalog.js';
import { isListId } from '../../src/domain/screening/entry.js';
import { REFERENCE_PJ } from '../../src/domain/template/reference.js';

const item = (reasons: string[]): CaseItem => ({ kind: 'alert', item_id: 'a1', reasons, risk_band: null, score: null, environment: 'live' });

describe('issue 31: the central bank bars and IBAMA embargoes in the domain', () => {
  it('the three lists are known, named in pt-BR and polled hourly', () => {
    for (const id of ['br_bcb_qgi', 'br_bcb_qgp', 'br_ibama_embargos']) expect(isListId(id), id).to.equal(true);
    expect(LIST_INFO['br_bcb_qgi']).to.include({ name: 'BCB – Quadro Geral de Inabilitados', poll_seconds: 3600 });
    expect(LIST_INFO['br_bcb_qgp']).to.include({ name: 'BCB – Quadro Geral de Proibidos', poll_seconds: 3600 });
    expect(LIST_INFO['br_ibama_embargos']).to.include({ name: 'IBAMA – Áreas embargadas', poll_seconds: 3600 });
  });

  it('bcb_restrictions costs nothing, environmental_embargoes 1 like the other public lists; both for pf and pj', () => {
    expect(SOURCES.bcb_restrictions).to.deep.include({ cost: 0, subjects: ['pf', 'pj'], checks: [{ id: 'bcb_barred', label: 'Inabilitado ou proibido pelo Banco Central' }] });
    expect(SOURCES.environmental_embargoes).to.deep.include({ cost: 1, subjects: ['pf', 'pj'], checks: [{ id: 'environmental_embargo', label: 'Embargo ambiental do IBAMA' }] });
  });

  it('the reference PJ template: a bar blocks (tier 1), an embargo goes to review (tier 2)', () => {
    const tier = (id: string) => REFERENCE_PJ.sources.find((s) => s.source_id === id)?.tier;
    expect(tier('bcb_restrictions')).to.equal(1);
    expect(tier('environmental_embargoes')).to.equal(2);
    expect(actionFor(REFERENCE_PJ, 'bcb_barred', 1)).to.equal('block');
    expect(actionFor(REFERENCE_PJ, 'environmental_embargo', 2)).to.equal('pend');
  });

  it('a monitoring alert on QGI/QGP is urgent (alta), one on IBAMA of medium priority', () => {
    expect(alertReason('br_bcb_qgi')).to.equal('bcb_barred');
    expect(alertReason('br_bcb_qgp')).to.equal('bcb_barred');
    expect(alertReason('br_ibama_embargos')).to.equal('environmental_embargo');
    expect(casePriority([item(['bcb_barred'])])).to.equal('alta');
    expect(casePriority([item(['environmental_embargo'])])).to.equal('media');
  });
});
