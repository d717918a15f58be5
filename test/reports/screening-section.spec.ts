import { MATCHER_VERSION } from '../../src/domain/screening/match/score.js';
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

/** The matcher's issue-26 output as a run records it: a near miss and a hit, with weights, contributions and token alignments. */
function weightedEvidence() {
  const token = (query: string | null, query_normal: string | null, candidate: string | null, candidate_normal: string | null, how: string | null, similarity: number | null, weight: number, contribution: number) => ({
    query,
    query_normal,
    candidate,
    candidate_normal,
    kind: 'word',
    how,
    similarity,
    weight,
    contribution,
  });
  return {
    screening: {
      threshold: 0.8,
      lists: [{ list_id: 'ofac_sdn', version_id: 'ofac-v9', sha256: OFAC_SHA, published_at: '2026-11-20', entries: 2 }],
      candidates: [
        {
          list_id: 'ofac_sdn',
          version_id: 'ofac-v9',
          entry_id: '7001',
          name: 'IZADI, Muhammad Hasan',
          score: 0.6207,
          match: false,
          reason: '0,18 abaixo do limiar 0,80: sem par no candidato: Hasan (peso 1,00); país diferente (−0,04)',
          explanation: [
            {
              feature: 'name',
              score: 0.6607,
              query: 'Muhammad Izadi',
              candidate: 'IZADI, Muhammad Hasan',
              detail: 'nome principal',
              weight: 1,
              contribution: 0.6607,
              tokens: [
                token('Mohammed', 'muhammad', 'MUHAMMAD', 'muhammad', 'transliteration', 0.97, 0.6, 0.582),
                token('Izadi', 'izadi', 'IZADI', 'izadi', 'exact', 1, 1.4, 1.4),
                token(null, null, 'HASAN', 'hasan', null, null, 1, 0),
              ],
              factors: [],
            },
            { feature: 'country', score: 0, query: 'BR', candidate: 'IR', detail: 'país diferente', weight: 0.04, contribution: -0.04 },
          ],
        },
        {
          list_id: 'ofac_sdn',
          version_id: 'ofac-v9',
          entry_id: '7002',
          name: 'IZADI, Muhammad',
          score: 0.98,
          match: true,
          reason: null,
          explanation: [
            {
              feature: 'name',
              score: 0.95,
              query: 'Muhammad Izadi',
              candidate: 'IZADI, Muhammad',
              detail: 'alias fraco',
              weight: 1,
              contribution: 0.95,
              tokens: [token('Muhammad', 'muhammad', 'MUHAMMAD', 'muhammad', 'exact', 1, 0.6, 0.6), token('Izadi', 'izadi', 'IZADI', 'izadi', 'exact', 1, 1.4, 1.4)],
              factors: [{ factor: 'weak_alias', value: 0.95, detail: 'alias fraco' }],
            },
            { feature: 'birth_date', score: 1, query: '1970', candidate: '1970', detail: 'mesmo ano', weight: 0.05, contribution: 0.03 },
          ],
        },
      ],
    },
  };
}

const NO_HIT = 'Nenhum candidato com pontuação ≥ 0,60 nas listas acima: nada consta.';

describe('completo report: screening evidence of a list source', () => {
  it('a hit: list versions with their SHA-256, the candidate above the threshold with its score and explanation', () => {
    const { html, data } = rendered('Jose Carlos Perera');
    const best = candidates(data)[0]!;
    expect(best).to.include({ entry_id: '7001', match: true });
    expect(html).to.include('Limiar de correspondência:</strong> 0,80');
    // the version of the scoring rules, a date: shown dd/mm/aaaa, the code as a tooltip
    expect(html).to.include(`Regras de pontuação de <span title="${MATCHER_VERSION}">${MATCHER_VERSION.split('-').reverse().join('/')}</span>.`);
    for (const v of ['ofac-v-2026-11-20', 'pep-v-2026-11', OFAC_SHA, PEP_SHA, 'a1b2c3d4e5f6…', '20/11/2026', 'US Treasury OFAC (SDN)']) expect(html).to.include(v);
    expect(html).to.include('1. PEREIRA, José Carlos');
    expect(html).to.include('entrada <span class="mono">7001</span>');
    expect(html).to.include(`pontuação <strong>${decimal(best.score)}</strong>`);
    expect(html).to.include('Acima do limiar');
    // the explanation row: feature label, score, query and candidate values, the engine's detail
    expect(html).to.include(`<td>Nome</td><td>${decimal(best.score)}</td><td>1,00</td><td>${best.score.toFixed(4).replace('.', ',')}</td><td>Jose Carlos Perera</td><td>PEREIRA, José Carlos</td>`);
    expect(html).to.include('Perera ~ PEREIRA (fonética 0,95, peso 0,75)');
    expect(html).to.not.include('nada consta');
  });

  it('a near miss: shown below the threshold, and the answer still reads as nothing found', () => {
    const { html, data } = rendered('Maria Aparecida');
    const candidate = candidates(data)[0]!;
    expect(candidate).to.include({ entry_id: '7002', match: false });
    expect(html).to.include(`pontuação <strong>${decimal(candidate.score)}</strong>`);
    expect(html).to.include('1. Maria Aparecida Souza');
    expect(html).to.include('Abaixo do limiar');
    expect(html).to.not.include('Acima do limiar');
    expect(html).to.include('Nenhum candidato atingiu o limiar de 0,80: nada consta.');
    expect(html).to.include('sem par no candidato: Souza');
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

  it('a near miss shows the version of its list and why it fell short (issue 26)', () => {
    const { html, data } = rendered('Maria Aparecida');
    const candidate = candidates(data)[0]! as { reason?: string; version_id?: string };
    expect(candidate).to.include({ version_id: 'ofac-v-2026-11-20' });
    expect(html).to.include('Lista ofac_sdn · versão <span class="mono">ofac-v-2026-11-20</span> · entrada');
    expect(candidate.reason).to.be.a('string');
    expect(html).to.include(`<strong>Motivo:</strong> ${candidate.reason}`);
  });

  it("a hit shows its version and no reason", () => {
    const { html } = rendered('Jose Carlos Perera');
    expect(html).to.include('versão <span class="mono">ofac-v-2026-11-20</span>');
    expect(html).to.not.include('Motivo:');
  });

  it('with weights: the explanation lines add up to the score, and the token table recomputes the name by hand', () => {
    const html = sourceData('sanctions', weightedEvidence(), root).value;
    // the near miss: version, the matcher's reason, weight and contribution columns
    expect(html).to.include('versão <span class="mono">ofac-v9</span>');
    expect(html).to.include('<strong>Motivo:</strong> 0,18 abaixo do limiar 0,80: sem par no candidato: Hasan (peso 1,00); país diferente (−0,04)');
    expect(html).to.include('<th style="width:7%">Peso</th><th style="width:9%">Contribuição</th>');
    expect(html).to.include('<td>Nome</td><td>0,66</td><td>1,00</td><td>0,6607</td><td>Muhammad Izadi</td>');
    expect(html).to.include('<td>País</td><td>0,00</td><td>0,04</td><td>−0,04</td>');
    expect(html).to.include('Pontuação = soma das contribuições: 0,6607 + (−0,04) = 0,6207.');
    // the words as written beside their normal forms, how they agree, similarity, weight, contribution
    expect(html).to.include('Alinhamento das palavras do nome');
    expect(html).to.include('<td>Mohammed<br><span class="mono muted">muhammad</span></td><td>MUHAMMAD<br><span class="mono muted">muhammad</span></td><td>palavra</td><td>transliteração</td><td>0,97</td><td>0,60</td><td>0,582</td>');
    expect(html).to.include('<td><span class="muted">—</span></td><td>HASAN<br><span class="mono muted">hasan</span></td><td>palavra</td><td>sem par</td><td>—</td><td>1,00</td><td>0,00</td>');
    expect(html).to.include('<td colspan="5"><strong>Soma</strong></td><td><strong>3,00</strong></td><td><strong>1,982</strong></td>');
    expect(html).to.include('Nome: 1,982 ÷ 3,00 = 0,6607.');
    expect(html).to.not.include('registrada'); // every sum agrees with what was recorded
    // the hit: a name factor multiplies the raw score
    expect(html).to.include('Nome: 2,00 ÷ 2,00 = 1,00 × 0,95 <span class="muted">(alias fraco)</span> = 0,95.');
    expect(html).to.include('Pontuação = soma das contribuições: 0,95 + 0,03 = 0,98.');
    // scores are in [0, 1]: no multiplier sign on qualifiers; the footnote says the lines add up
    expect(html).to.not.include('× 0,00');
    expect(html).to.include('soma das contribuições de cada fator');
    expect(html).to.not.include('&amp;'); // nothing escaped twice
  });

  it('token words carrying markup are escaped', () => {
    const data = weightedEvidence();
    const tokens = (data.screening.candidates[0]!.explanation[0] as { tokens: { query: string | null }[] }).tokens;
    tokens[0]!.query = '<img src=x onerror=alert(1)>';
    const html = sourceData('sanctions', data, root).value;
    expect(html).to.include('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).to.not.include('<img');
  });

  it('old evidence (no version, reason nor weights) renders as before; an alignment of an unknown shape only leaves its table out', () => {
    const old = weightedEvidence();
    for (const c of old.screening.candidates as Record<string, unknown>[]) {
      delete c['version_id'];
      delete c['reason'];
      c['explanation'] = (c['explanation'] as Record<string, unknown>[]).map(({ feature, score, query, candidate, detail }) => ({ feature, score: feature === 'country' ? 0.95 : score, query, candidate, detail }));
    }
    const html = sourceData('sanctions', old, root).value;
    expect(html).to.include('Lista ofac_sdn · entrada <span class="mono">7001</span>');
    expect(html).to.not.include(' · versão ');
    expect(html).to.not.include('Peso');
    expect(html).to.not.include('Alinhamento das palavras');
    expect(html).to.include('<td>País</td><td>× 0,95</td>');
    expect(html).to.include('demais fatores (×) multiplicam a pontuação');

    const odd = weightedEvidence();
    (odd.screening.candidates[0]!.explanation[0] as Record<string, unknown>)['tokens'] = [{ word: 'x' }];
    const shown = sourceData('sanctions', odd, root).value;
    expect(shown).to.include('Limiar de correspondência');
    expect(shown).to.include('2. IZADI, Muhammad Hasan');
    expect(shown.match(/Alinhamento das palavras do nome/g)).to.have.length(1); // the hit's, not the odd one's
  });

  it('labels the internal_lists source and its check while the catalog does not list it', () => {
    expect(sourceLabel('internal_lists')).to.not.equal('internal_lists');
    expect(checkLabel('internal_lists', 'internal_list_hit')).to.not.equal('internal_list_hit');
  });
});
