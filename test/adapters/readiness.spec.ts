import { expect } from 'chai';
import { liveReadiness, notConfiguredMessage, readinessText, type ReadinessInput } from '../../src/adapters/sources/readiness.js';

/** `npm run doctor`'s lines (issue 28): each live source, list and setting, OK or missing with what fixes it. */
describe('live readiness', () => {
  const input = (over: Partial<ReadinessInput> = {}): ReadinessInput => ({
    provider: { baseUrl: null, perSource: {}, token: null },
    biometricUrl: null,
    lists: [
      { list_id: 'ofac_sdn', entries: 10 },
      { list_id: 'un_sc', entries: null },
      { list_id: 'br_pep', entries: null },
    ],
    registerMonth: null,
    operatorToken: 'generated',
    publicBaseUrl: { value: 'http://localhost:8080', set: false },
    ...over,
  });
  const find = (lines: ReturnType<typeof liveReadiness>, kind: string, id: string) => lines.find((l) => l.kind === kind && l.id === id)!;

  it('the message of an unconfigured source names both settings and the command', () => {
    expect(notConfiguredMessage('legal_proceedings')).to.equal(
      'Nenhum provedor configurado para legal_proceedings: defina SVC_SOURCE_LEGAL_PROCEEDINGS_URL (só esta fonte) ou SVC_SOURCE_PROVIDER_URL (todas as fontes) e confira com npm run doctor.',
    );
  });

  it('tax_debts: the unconfigured message names the PGFN import the service can do itself', () => {
    expect(notConfiguredMessage('tax_debts')).to.equal(
      'Nenhum provedor configurado para tax_debts: defina SVC_SOURCE_TAX_DEBTS_URL (só esta fonte), SVC_PGFN_FETCH=on (a dívida ativa da PGFN importada pelo serviço a cada trimestre) ou SVC_SOURCE_PROVIDER_URL (todas as fontes) e confira com npm run doctor.',
    );
  });

  it('receita_cpf: the unconfigured message and line name Serpro too; SVC_SERPRO_CPF=on serves it; Datavalid serves the live face match', () => {
    expect(notConfiguredMessage('receita_cpf')).to.equal(
      'Nenhum provedor configurado para receita_cpf: defina SVC_SOURCE_RECEITA_CPF_URL (só esta fonte), SVC_SERPRO_CPF=on (Consulta CPF do Serpro, com SVC_SERPRO_CONSUMER_KEY e SVC_SERPRO_CONSUMER_SECRET) ou SVC_SOURCE_PROVIDER_URL (todas as fontes) e confira com npm run doctor.',
    );
    const serpro = liveReadiness(input({ serpro: { cpf: true, datavalid: true, url: 'https://user:pw@gateway.example' } }));
    expect(find(serpro, 'source', 'receita_cpf')).to.deep.include({ ok: true, detail: 'SVC_SERPRO_CPF=on (Consulta CPF, https://gateway.example)' });
    expect(find(serpro, 'setting', 'SVC_BIOMETRIC_PROVIDER_URL').ok).to.equal(true);
    expect(find(liveReadiness(input()), 'setting', 'SVC_BIOMETRIC_PROVIDER_URL').detail).to.contain('SVC_SERPRO_DATAVALID=on');
  });

  it('a provider source is OK by its own setting first, then by the base; missing names both', () => {
    expect(find(liveReadiness(input()), 'source', 'receita_cpf')).to.deep.include({ ok: false, detail: 'defina SVC_SOURCE_RECEITA_CPF_URL, SVC_SERPRO_CPF=on ou SVC_SOURCE_PROVIDER_URL' });
    const both = liveReadiness(input({ provider: { baseUrl: 'http://gw.example', perSource: { receita_cpf: 'http://cpf.example/x' }, token: 'secret' } }));
    expect(find(both, 'source', 'receita_cpf')).to.deep.include({ ok: true, detail: 'SVC_SOURCE_RECEITA_CPF_URL=http://cpf.example/x' });
    expect(find(both, 'source', 'negative_media')).to.deep.include({ ok: true, detail: 'SVC_SOURCE_PROVIDER_URL=http://gw.example/negative_media' });
    expect(both.map(readinessText).join('\n')).to.not.contain('secret');
  });

  it('a list source is missing with none of its lists, OK naming what is missing with some; the register serves receita_cnpj', () => {
    const lines = liveReadiness(input({ registerMonth: '2026-10' }));
    expect(find(lines, 'source', 'pep')).to.deep.include({ ok: false });
    expect(find(lines, 'source', 'sanctions').detail).to.contain('ofac_sdn').and.contain('faltam');
    expect(find(lines, 'list', 'un_sc')).to.deep.include({ ok: false, detail: 'não carregada: npm run lists -- import un_sc <arquivo>' });
    expect(find(lines, 'list', 'ofac_sdn')).to.deep.include({ ok: true, detail: '10 registros' });
    expect(find(lines, 'source', 'receita_cnpj')).to.deep.include({ ok: true, detail: 'cadastro CNPJ da Receita, mês 2026-10' });
    expect(readinessText(find(lines, 'list', 'un_sc'))).to.match(/^MISSING list {4}un_sc/);
  });

  it('tax_debts: served by the PGFN quarter the service imported, else a provider, else it names SVC_PGFN_FETCH=on', () => {
    expect(find(liveReadiness(input({ pgfnQuarter: '2026_trimestre_02' })), 'source', 'tax_debts')).to.deep.include({ ok: true, detail: 'dívida ativa da PGFN, 2026_trimestre_02' });
    const missing = find(liveReadiness(input({ provider: { baseUrl: null, perSource: {}, token: null } })), 'source', 'tax_debts');
    expect(missing.ok).to.equal(false);
    expect(missing.detail).to.contain('SVC_PGFN_FETCH=on').and.contain('SVC_SOURCE_TAX_DEBTS_URL');
    expect(find(liveReadiness(input({ provider: { baseUrl: 'http://p.example', perSource: {}, token: null } })), 'source', 'tax_debts').ok).to.equal(true);
  });

  it('the provider base is not needed when every provider source has its own setting', () => {
    const perSource = Object.fromEntries(['receita_cpf', 'receita_cnpj', 'partners', 'legal_proceedings', 'negative_media'].map((id) => [id, `http://p.example/${id}`]));
    expect(find(liveReadiness(input({ provider: { baseUrl: null, perSource, token: null } })), 'setting', 'SVC_SOURCE_PROVIDER_URL').ok).to.equal(true);
    expect(find(liveReadiness(input()), 'setting', 'SVC_SOURCE_PROVIDER_URL').ok).to.equal(false);
  });
});
