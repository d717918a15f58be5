import { expect } from 'chai';
import { listAnswer, type ListSearch } from '../../src/adapters/sources/lists.js';
import type { ListVersionImportedData } from '../../src/domain/list/events.js';
import { buildIndex, search } from '../../src/domain/screening/match/index.js';
import { checkLabel, sourceData, sourceLabel } from '../../src/reports/source-sections.js';
import { listEntry, listVersion } from '../helpers/list-version.js';


const version = (list_id: string, version_id: string, sha256: string): ListVersionImportedData => listVersion(list_id, version_id, sha256);

const OFAC_SHA = 'a1b2c3d4e5f6'.padEnd(64, '0');
const PEP_SHA = 'f0e1d2c3b4a5'.padEnd(64, '9');
const index = buildIndex([listEntry('ofac_sdn', '7001', 'PEREIRA, José Carlos'), listEntry('ofac_sdn', '7002', 'Maria Aparecida Souza'), listEntry('br_pep', 'p-17', 'Zacarias Moura')]);
const searchIndex: ListSearch = (query, options) => search(index, query, options);
const versions = [version('ofac_sdn', 'ofac-v-2026-11-20', OFAC_SHA), version('br_pep', 'pep-v-2026-11', PEP_SHA)];
const root = { doc: '', name: '' };

/** The completo report's section for a sanctions answer screened the way a live run screens it. */
function rendered(name: string): { html: string; data: Record<string, unknown> } {
  const answer = listAnswer('sanctions', searchIndex, versions, { type: 'pf', name, doc: '52998224725' } as never);
  return { html: sourceData('sanctions', answer.data, root).value, data: answer.data };
}

const candidates = (data: Record<string, unknown>) => (data['screening'] as { candidates: { entry_id: string; score: number; match: boolean }[] }).candidates;
const decimal = (score: number) => score.toFixed(2).replace('.', ',');

const NO_HIT = 'Nenhum candidato com pontuação ≥ 0,60 nas listas acima: nada consta.';

describe('completo report: screening evidence of a list source', () => {
  it('a hit: list versions with their SHA-256, the candidate above the threshold with its score and explanation', () => {
    const { html, data } = rendered('Jose Carlos Perera');
    const best = candidates(data)[0]!;
    expect(best).to.include({ entry_id: '7001', match: true });
    expect(html).to.include('Limiar de correspondência:</strong> 0,80');
    for (const v of ['ofac-v-2026-11-20', 'pep-v-2026-11', OFAC_SHA, PEP_SHA, 'a1b2c3d4e5f6…', '20/11/2026', 'US Treasury OFAC (SDN)']) expect(html).to.include(v);
    expect(html).to.include('1. PEREIRA, José Carlos');
    expect(html).to.include('entrada <span class="mono">7001</span>');
    expect(html).to.include(`pontuação <strong>${decimal(best.score)}</strong>`);
    expect(html).to.include('Acima do limiar');
    // the explanation row: feature label, score, query and candidate values, the engine's detail
    expect(html).to.include(`<td>Nome</td><td>${decimal(best.score)}</td><td>Jose Carlos Perera</td><td>PEREIRA, José Carlos</td>`);
    expect(html).to.include('perera ~ pereira (fonética 0,95)');
    expect(html).to.not.include('nada consta');
  });

  it('a near miss: shown below the threshold, and the answer still reads as nothing found', () => {
    const { html, data } = rendered('Maria Aparecida Sousa Lima');
    const candidate = candidates(data)[0]!;
    expect(candidate).to.include({ entry_id: '7002', match: false });
    expect(html).to.include(`pontuação <strong>${decimal(candidate.score)}</strong>`);
    expect(html).to.include('1. Maria Aparecida Souza');
    expect(html).to.include('Abaixo do limiar');
    expect(html).to.not.include('Acima do limiar');
    expect(html).to.include('Nenhum candidato atingiu o limiar de 0,80: nada consta.');
    expect(html).to.include('sem par na consulta: lima');
  });

  it('no hit: the list versions and an explicit no-hit statement with the minimum score recorded', () => {
    const { html } = rendered('Zuleika Quaresma Vasconcelos Tibúrcio');
    expect(html).to.include(NO_HIT);
    for (const v of ['ofac-v-2026-11-20', OFAC_SHA, 'pep-v-2026-11']) expect(html).to.include(v);
    expect(html).to.not.include('class="card"');
  });

  it('the minimum score in the no-hit statement follows the recorded threshold', () => {
    const answer = listAnswer('sanctions', searchIndex, versions, { type: 'pf', name: 'Zuleika Quaresma', doc: '52998224725' } as never, 0.9);
    expect(sourceData('sanctions', answer.data, root).value).to.include('Nenhum candidato com pontuação ≥ 0,68 nas listas acima: nada consta.');
  });

  it('list data is printed as text: a name or detail carrying markup is escaped', () => {
    const data = {
      screening: {
        threshold: 0.8,
        lists: [{ list_id: 'ofac_sdn', version_id: 'v"><img src=x onerror=alert(1)>', sha256: OFAC_SHA, published_at: null, entries: 1 }],
        candidates: [
          {
            list_id: 'ofac_sdn',
            entry_id: '<b>1</b>',
            name: 'Osama <script>alert(1)</script>',
            score: 0.91,
            match: true,
            explanation: [{ feature: 'name', score: 0.91, query: '<i>q</i>', candidate: 'Osama <script>alert(1)</script>', detail: '<style>body{}</style>' }],
          },
        ],
      },
    };
    const html = sourceData('pep', data, root).value;
    expect(html).to.include('<span>1. Osama &lt;script&gt;alert(1)&lt;/script&gt;</span>');
    expect(html).to.include('<td>&lt;style&gt;body{}&lt;/style&gt;</td>');
    expect(html).to.include('v&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    for (const raw of ['<script', '<img', '<b>1', '<i>q', '<style']) expect(html).to.not.include(raw);
  });

  it("a tenant list is shown by its name (internal_lists), escaped", () => {
    const own = [{ ...version('tl_0123456789abcdef0123', 'tl-v1', OFAC_SHA) }];
    const answer = listAnswer('internal_lists', searchIndex, own, { type: 'pf', name: 'Zacarias Moura', doc: '52998224725' } as never, 0.8, new Map([['tl_0123456789abcdef0123', 'Bloqueio <interno>']]));
    const html = sourceData('internal_lists', answer.data, root).value;
    expect(html).to.include('Lista interna: Bloqueio &lt;interno&gt;');
    expect(html).to.include('tl-v1');
  });

  it('every list source shows the evidence, not its sandbox layout; sandbox shapes keep theirs', () => {
    const { data } = rendered('Zuleika Quaresma Vasconcelos Tibúrcio');
    for (const source of ['pep', 'ceis_cnep', 'slave_labor_list', 'internal_lists']) {
      const html = sourceData(source, data, root).value;
      expect(html, source).to.include(NO_HIT);
      expect(html, source).to.not.include('threshold'); // no raw dump of the answer's keys
    }
    expect(sourceData('slave_labor_list', data, root).value).to.not.include('Não consta');
    const sandbox = sourceData('sanctions', { lists_checked: ['OFAC SDN'], matches: [] }, root).value;
    expect(sandbox).to.include('Nenhuma correspondência');
    expect(sandbox).to.not.include('Limiar');
  });

  it('a screening object of a shape it cannot read falls back to the generic tables, never half a block', () => {
    const html = sourceData('sanctions', { screening: { threshold: 'alto', lists: 'x' } }, root).value;
    expect(html).to.not.include('Limiar de correspondência');
    expect(html).to.include('alto');
  });

  it('labels the internal_lists source and its check while the catalog does not list it', () => {
    expect(sourceLabel('internal_lists')).to.not.equal('internal_lists');
    expect(checkLabel('internal_lists', 'internal_list_hit')).to.not.equal('internal_list_hit');
  });
});
