import { expect } from 'chai';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { buildIndex, search } from '../../../src/domain/screening/match/index.js';
import { prepareEntry, prepareQuery } from '../../../src/domain/screening/match/prepare.js';
import { DEFAULT_THRESHOLD, scoreOf, assessPrepared } from '../../../src/domain/screening/match/score.js';
import { FEMALE, MALE, rng, SURNAMES } from '../../../scripts/make-eval-pairs.js';

let serial = 0;
function entry(list_id: string, names: string[], extra: Partial<ListEntry> = {}): ListEntry {
  const id = `e${++serial}`;
  return {
    list_id,
    entry_id: id,
    schema: 'person',
    names: names.map((name, i) => ({ name, kind: i === 0 ? 'primary' : 'alias' })),
    documents: [],
    birth_dates: [],
    countries: [],
    sanctions: [],
    listed_on: null,
    remarks: null,
    content_hash: id,
    ...extra,
  };
}

describe('screening matcher: blocking index and search', () => {
  const entries = [
    entry('br_pep', ['Maria Aparecida de Souza Carvalho'], { documents: [{ type: 'cpf', value: '***982247**', masked: true, country: 'BR' }] }),
    entry('br_pep', ['José Carlos Pereira']),
    entry('br_pep', ['José Carlos Ferreira']),
    entry('br_ceis', ['Construtora Horizonte Ltda'], { schema: 'company', documents: [{ type: 'cnpj', value: '11222333000181', masked: false, country: 'BR' }] }),
    entry('ofac_sdn', ['BIN LADIN, Usama bin Muhammad bin Awad', 'BIN LADEN, Osama'], { remarks: 'a.k.a.' }),
    entry('un_sc', ['QADHAFI, Muammar']),
    entry('br_trabalho_escravo', ['Fazenda Boa Vista Agropecuária Ltda'], { schema: 'company', documents: [{ type: 'cpf', value: '11144477735', masked: false, country: 'BR' }] }),
    entry('br_cepim', ['Instituto Alfanumérico de Fomento'], { schema: 'company', documents: [{ type: 'cnpj', value: '12ABC34501DE35', masked: false, country: 'BR' }] }),
  ];
  const index = buildIndex(entries);

  it('a name holding numbers (an MTE row: "27.111.222 JOSÉ …") finds itself at the default threshold', () => {
    const withNumbers = entry('br_trabalho_escravo', ['27.111.222 JOSÉ CARLOS DA SILVA PEREIRA']);
    const numbered = buildIndex([...entries, withNumbers]);
    expect(search(numbered, { schema: 'person', name: '27.111.222 JOSÉ CARLOS DA SILVA PEREIRA' }).map((r) => [r.entry.entry_id, r.score])).to.deep.equal([[withNumbers.entry_id, 1]]);
  });

  it('finds spelling variants, typos, reordered and transliterated names, best first', () => {
    expect(search(index, { schema: 'person', name: 'Maria Aparecida Sousa Carvalo' })[0]?.entry.entry_id).to.equal(entries[0]?.entry_id);
    expect(search(index, { schema: 'person', name: 'PEREIRA, Jose Carlos' }).map((r) => r.entry.entry_id)).to.deep.equal([entries[1]?.entry_id]);
    const osama = search(index, { schema: 'person', name: 'Osama bin Laden' });
    expect(osama[0]).to.deep.include({ name: 'BIN LADEN, Osama', score: 1, match: true });
    expect(search(index, { schema: 'person', name: 'Moammar Gaddafi' })[0]?.entry.list_id).to.equal('un_sc');
    expect(search(index, { schema: 'company', name: 'CONSTRUTORA HORIZONTE LIMITADA' })[0]?.explanation[0]?.feature).to.equal('name');
  });

  it('retrieves a name written as one word by its listed parts, and the other way round', () => {
    const kim = entry('un_sc', ['KIM Jong Un']);
    const alqaida = entry('un_sc', ['ALQAIDA'], { schema: 'company' });
    const sangho = entry('ofac_sdn', ['KIM, Sang Ho']);
    // a hundred other Kims: reached by "kim" alone, the listed one would be lost among them
    const syllables = ['Chol', 'Yong', 'Song', 'Hyok', 'Myong', 'Kwang', 'Il', 'Nam', 'Sok', 'Hui'];
    const kims = syllables.flatMap((a) => syllables.map((b) => entry('un_sc', [`KIM ${a} ${b}`])));
    const joined = buildIndex([...entries, ...kims, kim, alqaida, sangho]);
    expect(search(joined, { schema: 'person', name: 'Kim Jongun' })[0]).to.deep.include({ entry: kim, score: 1 });
    expect(search(joined, { schema: 'person', name: 'KIM Sangho' })[0]?.entry).to.equal(sangho);
    expect(search(joined, { schema: 'company', name: 'Al Qaida' })[0]?.entry).to.equal(alqaida);
  });

  it('finds an exact name among hundreds sharing its first words (their joined pairs count once)', () => {
    const namesakes = SURNAMES.flatMap((a, i) => SURNAMES.slice(i + 1, i + 5).map((b) => entry('br_pep', [`Antônio José ${a} ${b}`])));
    expect(namesakes.length).to.be.above(250);
    const short = SURNAMES.map((surname) => entry('br_pep', [`Antônio José ${surname}`]));
    const crowd = buildIndex([...namesakes, ...short]);
    for (const target of [namesakes[7]!, namesakes[150]!, short[3]!, short[50]!, short.at(-1)!]) {
      const found = search(crowd, { schema: 'person', name: target.names[0]!.name });
      expect(found[0], target.names[0]!.name).to.deep.include({ entry: target, score: 1 });
    }
  });

  it('answers nothing for a name on no list, and near misses below the threshold only when asked', () => {
    expect(search(index, { schema: 'person', name: 'Fabiana Bolsonaro' })).to.deep.equal([]);
    expect(search(index, { schema: 'person', name: 'José Carlos Moreira Santos Lima' })).to.deep.equal([]);
    const near = search(index, { schema: 'person', name: 'José Carlos Moreira Santos Lima' }, { min_score: 0.3 });
    expect(near.length).to.be.greaterThan(0);
    expect(near.every((r) => !r.match && r.score < DEFAULT_THRESHOLD)).to.equal(true);
  });

  it('filters by list, honours the limit and the threshold', () => {
    expect(search(index, { schema: 'person', name: 'Osama bin Laden' }, { lists: ['br_pep'] })).to.deep.equal([]);
    expect(search(index, { schema: 'person', name: 'Osama bin Laden' }, { lists: ['ofac_sdn'] })).to.have.length(1);
    expect(search(index, { schema: 'person', name: 'José Carlos' }, { min_score: 0, limit: 1 })).to.have.length(1);
    const strict = search(index, { schema: 'person', name: 'Maria Aparecida Sousa Carvalo' }, { threshold: 0.99, min_score: 0 });
    expect(strict[0]?.match).to.equal(false);
  });

  it('finds an entry by its document alone: a full CPF/CNPJ equal scores 1.0', () => {
    const byCnpj = search(index, { schema: 'company', name: 'Nome Fantasia Qualquer', doc: '11.222.333/0001-81' });
    expect(byCnpj[0]).to.deep.include({ score: 1, match: true });
    expect(byCnpj[0]?.explanation.map((e) => e.feature)).to.include('doc_exact');
    const byCpf = search(index, { schema: 'person', name: 'Outro Nome', doc: '111.444.777-35' });
    expect(byCpf[0]?.entry.list_id).to.equal('br_trabalho_escravo');
  });

  it("finds an entry by its alphanumeric CNPJ alone, typed in lower case and formatted; another branch's CNPJ agrees", () => {
    const exact = search(index, { schema: 'company', name: 'Nome Fantasia Qualquer', doc: '12.abc.345/01de-35' });
    expect(exact[0]).to.deep.include({ score: 1, match: true });
    expect(exact[0]?.entry.list_id).to.equal('br_cepim');
    const branch = search(index, { schema: 'company', name: 'Instituto Alfanumerico de Fomento', doc: '12ABC345000269' });
    expect(branch[0]?.explanation.map((e) => e.feature)).to.include('doc_masked_agree');
    expect(branch[0]?.entry.list_id).to.equal('br_cepim');
  });

  it('excludes a homonym whose masked CPF disagrees, keeps one whose masked CPF agrees', () => {
    expect(search(index, { schema: 'person', name: 'Maria Aparecida de Souza Carvalho', doc: '12345678909' })).to.deep.equal([]);
    const agree = search(index, { schema: 'person', name: 'Maria Aparecida de Souza Carvalho', doc: '52998224725' });
    expect(agree[0]?.explanation.map((e) => e.feature)).to.deep.equal(['name', 'doc_masked_agree']);
  });

  it('finds what a comparison with every entry finds (the blocking loses no match)', function () {
    this.timeout(60_000);
    const r = rng(5);
    const pick = () => {
      const given = r.pick(r.next() < 0.5 ? FEMALE : MALE);
      const surnames = [r.pick(SURNAMES), r.pick(SURNAMES)];
      return [given, ...surnames].join(' ');
    };
    const corpus = Array.from({ length: 3000 }, () => entry('br_pep', [pick()]));
    const big = buildIndex(corpus);
    const prepared = corpus.map((e) => prepareEntry(e));
    let compared = 0;
    for (let i = 0; i < 60; i++) {
      const target = r.pick(corpus).names[0]?.name ?? '';
      // a letter dropped from one word, or the words reordered, or the name as listed
      const words = target.split(' ');
      const k = r.int(words.length);
      if (i % 3 === 0) words[k] = (words[k] ?? '').replace(/^(..)./, '$1');
      if (i % 3 === 1) words.push(words.shift() ?? '');
      const query = { schema: 'person' as const, name: words.join(' ') };
      const q = prepareQuery(query);
      const best = Math.max(...prepared.map((p) => scoreOf(assessPrepared(q, p, { weights: big.weights }))));
      const found = search(big, query, { limit: 1 });
      if (best >= DEFAULT_THRESHOLD) {
        compared++;
        expect(found[0]?.score, query.name).to.equal(best);
      } else expect(found, query.name).to.deep.equal([]);
    }
    expect(compared).to.be.greaterThan(30);
  });
});
