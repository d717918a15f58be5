import { expect } from 'chai';
import { numOcorrencia, prefilledDet } from '../../../src/commands/suspicion-communications.js';
import { checkOperation, checkReasons } from '../../../src/commands/suspicion.js';
import type { SuspiciousOperation } from '../../../src/domain/suspicion/events.js';

const operation = (over: Partial<SuspiciousOperation> = {}): SuspiciousOperation => ({
  type: 'deposito',
  value: 48000,
  date: '2026-11-20',
  channel: 'agencia',
  parties: [{ document: '529.982.247-25', person_type: 'PF', name: 'Pessoa', tp_env: '1', pep: false, public_servant: 0, obliged_person: false, branch: null, account: null, account_opened_on: null }],
  ...over,
});

describe('suspicion case inputs and the prefilled communication', () => {
  it('NumOcorrencia is KYC-<Brasília year of opening>-<12 upper hex of the case id>, within 80 characters, no spaces', () => {
    const num = numOcorrencia('0f8e5c1a-3b2d-5e4f-9a6b-7c8d9e0f1a2b', '2027-01-01T02:00:00.000Z');
    expect(num).to.equal('KYC-2026-0F8E5C1A3B2D');
    expect(num.length).to.be.at.most(80);
    expect(num).not.to.match(/\s/);
  });

  it('Det is prefilled with the description, each reason with its Carta Circular 4.001 text, and the rationale', () => {
    const det = prefilledDet('Depósitos fracionados.', ['CC4001-I.d', 'outra_situacao'], 'Relato do gerente.', 'Sem origem comprovada.');
    expect(det).to.equal(
      'Depósitos fracionados.\n\nEnquadramento (Carta Circular BCB 4.001/2020):\n- CC4001-I.d: fragmentação de depósitos ou outro instrumento de transferência de recurso em espécie, inclusive boleto de pagamento, de forma a dissimular o valor total da movimentação;\n- Outra situação: Relato do gerente.\n\nFundamentação: Sem origem comprovada.',
    );
    expect(prefilledDet('', [], '', '')).to.equal('');
  });

  it('reason codes: a 4.001 item or outra_situacao with its text, at least one', () => {
    expect(checkReasons(['CC4001-I.a'], null)).to.equal(null);
    expect(checkReasons([], null)?.param).to.equal('reason_codes');
    expect(checkReasons(['CC4001-I.zz'], null)?.param).to.equal('reason_codes');
    expect(checkReasons(['outra_situacao'], '  ')?.param).to.equal('other_reason');
    expect(checkReasons(['outra_situacao'], 'Relato.')).to.equal(null);
  });

  it('operation: whole reais, a calendar date, parties with valid CPF/CNPJ, a TpEnv of the table and ServPub 0..4', () => {
    expect(checkOperation(operation(), ['1'])).to.equal(null);
    expect(checkOperation(operation({ value: 10.5 }), ['1'])?.param).to.equal('operation.value');
    expect(checkOperation(operation({ value: '100' as unknown as number }), ['1'])?.param).to.equal('operation.value');
    expect(checkOperation(operation({ date: '2026-02-30' }), ['1'])?.param).to.equal('operation.date');
    const party = operation().parties[0]!;
    expect(checkOperation(operation({ parties: [{ ...party, document: '52998224724' }] }), ['1'])?.param).to.equal('operation.parties[0].document');
    expect(checkOperation(operation({ parties: [{ ...party, person_type: 'PJ', document: '11222333000181' }] }), ['1'])).to.equal(null);
    expect(checkOperation(operation({ parties: [{ ...party, tp_env: '2' }] }), ['1'])?.param).to.equal('operation.parties[0].tp_env');
    expect(checkOperation(operation({ parties: [{ ...party, public_servant: 5 }] }), ['1'])?.param).to.equal('operation.parties[0].public_servant');
  });
});
