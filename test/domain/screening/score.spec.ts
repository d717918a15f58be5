import { expect } from 'chai';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { compare, DEFAULT_THRESHOLD, type ExplanationItem, type FeatureName } from '../../../src/domain/screening/match/score.js';
import { tokenWeightsFromCounts } from '../../../src/domain/screening/match/weights.js';

const person = (name: string, extra: object = {}) => ({ schema: 'person' as const, name, ...extra });
const feature = (explanation: readonly ExplanationItem[], name: FeatureName) => explanation.find((e) => e.feature === name);

function listEntry(names: ListEntry['names'], extra: Partial<ListEntry> = {}): ListEntry {
  return { list_id: 'br_pep', entry_id: 'e1', schema: 'person', names, documents: [], birth_dates: [], countries: [], sanctions: [], listed_on: null, remarks: null, content_hash: 'h', ...extra };
}

describe('screening matcher: compare', () => {
  it('scores in [0, 1], matches at or above the documented default threshold', () => {
    expect(DEFAULT_THRESHOLD).to.be.within(0.5, 0.95);
    const same = compare(person('José Carlos da Silva'), { name: 'SILVA, Jose Carlos' });
    expect(same.score).to.be.within(DEFAULT_THRESHOLD, 1);
    expect(same.match).to.equal(true);
    const other = compare(person('José Carlos da Silva'), { name: 'Pedro Henrique Bolsonaro' });
    expect(other.score).to.be.within(0, DEFAULT_THRESHOLD);
    expect(other.match).to.equal(false);
    expect(compare(person('José Carlos da Silva'), { name: 'SILVA, Jose Carlos' }, { threshold: 1 }).match).to.equal(false);
  });

  it('explains the name by its token alignment, in Portuguese', () => {
    const { explanation } = compare(person('J. Sousa Santos'), { name: 'João Souza dos Santos Neto' });
    const name = feature(explanation, 'name');
    expect(explanation[0]?.feature).to.equal('name');
    expect(name?.query).to.equal('J. Sousa Santos');
    expect(name?.candidate).to.equal('João Souza dos Santos Neto');
    expect(name?.detail).to.include('alinhamento: j ~ joao (inicial 0,75); sousa ~ souza (fonética 0,95); santos ~ santos (igual 1,00)');
    expect(name?.detail).to.include('sem par no candidato: dos, Neto');
    expect(name?.detail).to.include('sufixo em só um dos nomes');
  });

  it('compares a name of thousands of words quickly, by its first 32 words', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `Nome${i}`).join(' ');
    const started = performance.now();
    const r = compare(person(long), { name: long });
    expect(performance.now() - started).to.be.below(500);
    expect(r.score).to.equal(1);
    expect(r.explanation[0]?.detail).to.include('nome31 ~ nome31').and.not.include('nome32');
  });

  it('never lets particles or legal forms make a match on their own', () => {
    const particles = compare(person('da dos de'), { name: 'da dos de' });
    expect(particles.score).to.be.at.most(0.2);
    expect(feature(particles.explanation, 'name')?.detail).to.include('nenhuma palavra do nome confere');
    expect(compare({ schema: 'company', name: 'Cia Ltda' }, { name: 'Companhia Limitada' }).score).to.be.at.most(0.2);
  });

  it('matches company legal-form variants and tells companies apart by their words', () => {
    expect(compare({ schema: 'company', name: 'Construtora Alfa Ltda' }, { name: 'CONSTRUTORA ALFA LIMITADA' }).score).to.equal(1);
    expect(compare({ schema: 'company', name: 'Mineração Atlântico S.A.' }, { name: 'MINERACAO ATLANTICO S/A' }).score).to.equal(1);
    expect(compare({ schema: 'company', name: 'Grupo Nova Ltda' }, { name: 'Grupo Grande Ltda' }).match).to.equal(false);
  });

  it('costs an unmatched query word more than an unmatched entry word', () => {
    const entryLonger = compare(person('Maria Souza'), { name: 'Maria Aparecida Souza' }).score;
    const queryLonger = compare(person('Maria Aparecida Souza'), { name: 'Maria Souza' }).score;
    expect(entryLonger).to.be.above(queryLonger);
  });

  it('tells Filho from Neto, and takes Filho, Júnior and Jr. as one', () => {
    expect(compare(person('José Ribamar Costa Filho'), { name: 'José Ribamar Costa Júnior' }).score).to.equal(1);
    const generations = compare(person('José Ribamar Costa Filho'), { name: 'José Ribamar Costa Neto' });
    expect(generations.match).to.equal(false);
    expect(feature(generations.explanation, 'name')?.detail).to.include('sufixos diferentes');
  });

  it('weighs words by rarity across the loaded lists', () => {
    // "silva" in a third of the names, "bolsonaro" in one
    const weights = tokenWeightsFromCounts(new Map([['silva', 30_000], ['bolsonaro', 1], ['maria', 20_000], ['joana', 5_000]]), 100_000);
    const common = compare(person('Maria Silva'), { name: 'Joana Silva' }, { weights }).score;
    const rare = compare(person('Maria Bolsonaro'), { name: 'Joana Bolsonaro' }, { weights }).score;
    expect(rare).to.be.above(common);
    expect(weights.weight('bolsonaro', 'word')).to.be.above(weights.weight('silva', 'word'));
    expect(weights.weight('da', 'particle')).to.be.below(weights.weight('silva', 'word'));
  });

  it('takes frequent names one letter apart for different people: Maria is not Márcia', () => {
    expect(compare(person('Maria Costa Lima'), { name: 'Márcia Costa Lima' }).match).to.equal(false);
    const weights = tokenWeightsFromCounts(new Map([['nilson', 400], ['gilson', 300], ['prado', 900]]), 100_000);
    expect(compare(person('Nilson Prado'), { name: 'Gilson Prado' }, { weights }).match).to.equal(false);
    expect(compare(person('Nilson Prado'), { name: 'Nislon Prado' }, { weights }).match).to.equal(true); // a slip is rare
  });

  it('tries every name of a list entry and keeps the best; a weak alias counts less', () => {
    const entry = listEntry([
      { name: 'BIN LADIN, Usama bin Muhammad bin Awad', kind: 'primary' },
      { name: 'BIN LADEN, Osama', kind: 'alias' },
      { name: 'The Director', kind: 'weak_alias' },
    ]);
    const result = compare(person('Osama bin Laden'), entry);
    expect(result.name).to.equal('BIN LADEN, Osama');
    expect(result.score).to.equal(1);
    expect(feature(result.explanation, 'name')?.detail).to.match(/^alias;/);
    const weak = compare(person('The Director'), entry);
    expect(weak.score).to.equal(0.9);
    expect(feature(weak.explanation, 'name')?.detail).to.include('alias fraco');
  });
});

describe('screening matcher: documents', () => {
  const cpf = '52998224725';

  it('doc_exact: the same full CPF on both sides scores 1.0 whatever the names', () => {
    const r = compare(person('Maria Silva', { doc: '529.982.247-25' }), { name: 'Joana Costa', doc: cpf });
    expect(r.score).to.equal(1);
    const item = feature(r.explanation, 'doc_exact');
    expect(item).to.deep.include({ score: 1, query: '***982247**', candidate: '***982247**' });
    expect(item?.detail).to.equal('CPF igual nos dois registros');
  });

  it('doc_exact_disagree: different full documents exclude a match whatever the names', () => {
    const r = compare(person('Maria Silva', { doc: cpf }), { name: 'Maria Silva', doc: '11144477735' });
    expect(r.score).to.equal(0);
    expect(r.match).to.equal(false);
    expect(feature(r.explanation, 'doc_exact_disagree')?.detail).to.include('outra pessoa');
    expect(feature(r.explanation, 'name')?.score).to.equal(1);
  });

  it('doc_masked_agree: a masked CPF whose visible digits agree raises the score, in both published formats', () => {
    const plain = compare(person('Maria Silva'), { name: 'Maria Aparecida Silva' }).score;
    for (const masked of ['***.982.247-**', '***982247**']) {
      const r = compare(person('Maria Silva', { doc: cpf }), { name: 'Maria Aparecida Silva', doc: masked });
      expect(r.score, masked).to.be.above(plain);
      expect(feature(r.explanation, 'doc_masked_agree')?.detail, masked).to.equal('os 6 dígitos visíveis do CPF mascarado conferem');
    }
  });

  it('doc_masked_disagree: visible digits that disagree mean a homonym, below any threshold', () => {
    const r = compare(person('Maria Silva', { doc: cpf }), { name: 'Maria Silva', doc: '***.123.456-**' });
    expect(r.score).to.equal(0);
    expect(compare(person('Maria Silva', { doc: cpf }), { name: 'Maria Silva', doc: '***.123.456-**' }, { threshold: 0.01 }).match).to.equal(false);
    expect(feature(r.explanation, 'doc_masked_disagree')?.detail).to.include('homônimo');
  });

  it('reads a list entry CPF or CNPJ, and a Brazilian registration number only when it is a valid one', () => {
    const entry = listEntry([{ name: 'Alfa Comércio Ltda', kind: 'primary' }], {
      schema: 'company',
      documents: [{ type: 'other', value: '11.222.333/0001-81', masked: false, country: 'BR' }],
    });
    expect(feature(compare({ schema: 'company', name: 'Beta', doc: '11222333000181' }, entry).explanation, 'doc_exact')).to.not.equal(undefined);
    // an 11-digit foreign national id is not a CPF: it must not exclude the match
    const foreign = listEntry([{ name: 'Ahmet Yilmaz', kind: 'primary' }], { documents: [{ type: 'national_id', value: '12345678901', masked: false, country: 'TR' }] });
    expect(compare(person('Ahmet Yilmaz', { doc: cpf }), foreign).score).to.equal(1);
  });

  it('compares alphanumeric CNPJs exactly, whatever their case or punctuation, shown masked with their letters', () => {
    const r = compare({ schema: 'company', name: 'Alfa Ltda', doc: '12.abc.345/01de-35' }, { name: 'Beta Comércio', doc: '12ABC34501DE35' });
    expect(r.score).to.equal(1);
    expect(feature(r.explanation, 'doc_exact')).to.deep.include({ query: '**ABC34501****', candidate: '**ABC34501****', detail: 'CNPJ igual nos dois registros' });
    // the same root with letters: another branch of the same company
    const branch = compare({ schema: 'company', name: 'Alfa Ltda', doc: '12ABC34501DE35' }, { name: 'Alfa Ltda', doc: '12ABC345000269' });
    expect(feature(branch.explanation, 'doc_masked_agree')?.detail).to.include('raiz 12ABC345');
    const other = compare({ schema: 'company', name: 'Alfa Ltda', doc: '12ABC34501DE35' }, { name: 'Alfa Ltda', doc: '11222333000181' });
    expect(feature(other.explanation, 'doc_exact_disagree')).to.not.equal(undefined);
  });

  it('takes a CNPJ of another branch of the same company (same root) as agreement, not exclusion', () => {
    const r = compare({ schema: 'company', name: 'Alfa Ltda', doc: '11222333000181' }, { name: 'Alfa Ltda', doc: '11222333000262' });
    expect(r.score).to.equal(1);
    expect(feature(r.explanation, 'doc_masked_agree')?.detail).to.include('mesma empresa');
  });
});

describe('screening matcher: qualifiers', () => {
  it('birth_date: the same date keeps the score; another day of the year, or another year, lowers it', () => {
    const same = compare(person('Maria Silva', { birth_date: '1980-05-02' }), { name: 'Maria Silva', birth_date: '1980-05-02' });
    expect(same.score).to.equal(1);
    expect(feature(same.explanation, 'birth_date')).to.deep.equal({ feature: 'birth_date', score: 1, query: '1980-05-02', candidate: '1980-05-02', detail: 'mesma data de nascimento' });
    const yearOnly = compare(person('Maria Silva', { birth_date: '1980-05-02' }), { name: 'Maria Silva', birth_date: '1980' });
    expect(yearOnly.score).to.equal(1);
    const otherDay = compare(person('Maria Silva', { birth_date: '1980-05-02' }), { name: 'Maria Silva', birth_date: '1980-09-17' });
    const otherYear = compare(person('Maria Silva', { birth_date: '1980-05-02' }), { name: 'Maria Silva', birth_date: '1962-05-02' });
    expect(otherDay.score).to.be.below(1);
    expect(otherYear.score).to.be.below(otherDay.score);
    expect(otherYear.match).to.equal(false);
    expect(feature(otherYear.explanation, 'birth_date')?.detail).to.equal('anos de nascimento diferentes (1980 × 1962)');
  });

  it('country: another country lowers the score', () => {
    const r = compare(person('Maria Silva', { country: 'br' }), { name: 'Maria Silva', country: 'PT' });
    expect(r.score).to.be.below(1);
    expect(feature(r.explanation, 'country')).to.deep.include({ query: 'BR', candidate: 'PT', detail: 'país diferente' });
    expect(compare(person('Maria Silva', { country: 'BR' }), { name: 'Maria Silva', country: 'BR' }).score).to.equal(1);
  });

  it('schema: a person is not a company', () => {
    const r = compare(person('Alfa Beta'), { name: 'Alfa Beta', schema: 'company' });
    expect(r.score).to.be.below(DEFAULT_THRESHOLD);
    expect(feature(r.explanation, 'schema')?.detail).to.equal('tipos diferentes (pessoa × empresa)');
  });

  it('orders the explanation: name, documents, then qualifiers', () => {
    const r = compare(person('Maria Silva', { doc: '52998224725', birth_date: '1980-05-02', country: 'BR' }), { name: 'Maria Silva', doc: '***982247**', birth_date: '1981', country: 'BR', schema: 'company' });
    expect(r.explanation.map((e) => e.feature)).to.deep.equal(['name', 'doc_masked_agree', 'birth_date', 'country', 'schema']);
  });
});
