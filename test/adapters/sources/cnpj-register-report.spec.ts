import { expect } from 'chai';
import { RegisterSource } from '../../../src/adapters/sources/cnpj-register.js';
import type { Source, SourceRequest } from '../../../src/adapters/sources/port.js';
import { SandboxSource } from '../../../src/adapters/sources/sandbox.js';
import { addressLine } from '../../../src/domain/run/analysis.js';
import { withCheckDigits } from '../../../src/domain/values/document.js';
import { dateTime } from '../../../src/reports/html.js';
import { sourceData } from '../../../src/reports/source-sections.js';
import { companyPartner, establishment, fakeCnpjRegister, partner } from '../../helpers/fake-cnpj-register.js';

const ROOT = withCheckDigits('112223330001');
const HOLDING = withCheckDigits('445556660001');
const noLists = { search: () => [], version: () => null };
const unused: Source = { query: async () => Promise.reject(new Error('not expected')) };
const register = fakeCnpjRegister({
  month: '2026-05',
  establishments: [establishment(ROOT), establishment(HOLDING, { razao_social: 'HOLDING ALFA PARTICIPACOES S.A.' })],
  partners: [
    partner(ROOT.slice(0, 8), 'JOÃO BATISTA ROCHA', { documento: '***111222**', representante: { cpf: '***333444**', nome: 'PEDRO ROCHA', qualificacao: { code: '14', description: 'Curador' } } }),
    companyPartner(ROOT.slice(0, 8), 'HOLDING ALFA PARTICIPACOES S.A.', HOLDING),
    companyPartner(HOLDING.slice(0, 8), 'COMERCIAL AURORA LTDA', ROOT),
  ],
});
const source = new RegisterSource(register, noLists, unused);
const request = (source_id: string): SourceRequest => ({ run_id: 'r', tenant_id: 't', source_id, subject: { type: 'pj', doc: ROOT, name: 'Comercial Aurora' } }) as SourceRequest;
const root = { doc: ROOT, name: 'COMERCIAL AURORA LTDA' };

describe('completo report and analysis: data read from the CNPJ register', () => {
  it('the cadastral section names the register month as the publication, with the full address and the CNAEs', async () => {
    const answer = await source.query(request('receita_cnpj'), new AbortController().signal);
    const html = sourceData('receita_cnpj', answer.data, root).value;
    expect(html).to.include('Receita Federal — Dados abertos do CNPJ, publicação 2026-05').and.include(`importada em ${dateTime('2026-05-20T03:00:00.000Z')}`);
    expect(html).to.include('RUA DAS FLORES, 120, SALA 2').and.include('CEP 01310-100');
    expect(html).to.include('4711-3/02').and.include('Empresa de pequeno porte').and.include('Porte');
  });

  it('the partner graph is drawn from the QSA: every node, shares unknown shown as "—", the cycle explained', async () => {
    const answer = await source.query(request('partners'), new AbortController().signal);
    const html = sourceData('partners', answer.data, root).value;
    expect(html).to.include('aria-label="Grafo societário"');
    for (const name of ['JOÃO BATISTA ROCHA', 'HOLDING ALFA PARTICIPACOES S.A.']) expect(html).to.include(`>${name}</text>`);
    expect(html).to.include('<td>—</td>');
    expect(html).to.include('Participação no capital não informada pela fonte (—).');
    expect(html).to.include('Participação circular');
    expect(html).to.include('10/03/2015');
    expect(html).to.include('publicação 2026-05');
    expect(html).to.include('41 a 50 anos').and.include('PEDRO ROCHA — ***.333.444-** — Curador');
  });

  it('a sandbox answer renders as before: no publication line, percentages explained', async () => {
    const answer = await new SandboxSource({ latencyMs: 0 }).query({ ...request('partners'), subject: { type: 'pj', doc: '00000001000136', name: 'X' } } as SourceRequest, new AbortController().signal);
    const html = sourceData('partners', answer.data, { doc: '00000001000136', name: 'X' }).value;
    expect(html).to.include('Percentuais: participação no capital da empresa imediatamente acima.');
    expect(html).to.not.include('publicação');
  });

  it('the profile address on one line', () => {
    expect(addressLine({ logradouro: 'RUA DAS FLORES', numero: '120', complemento: 'SALA 2', bairro: 'CENTRO', municipio: 'SAO PAULO', uf: 'SP', cep: '01310-100' })).to.equal(
      'RUA DAS FLORES, 120, SALA 2 — CENTRO — SAO PAULO/SP — CEP 01310-100',
    );
    expect(addressLine(null)).to.equal(null);
    expect(addressLine({})).to.equal(null);
  });
});
