import { expect } from 'chai';
import type { ListEntry } from '../../../src/domain/screening/entry.js';
import { BIRTH_ADJUSTMENTS, COUNTRY_ADJUSTMENTS, QUALIFIER_BOUNDS } from '../../../src/domain/screening/match/qualifiers.js';
import { type CandidateRecord, compare, DEFAULT_THRESHOLD, type ExplanationItem, type FeatureName, type ScreeningQuery, WEAK_ALIAS_CAP } from '../../../src/domain/screening/match/score.js';
import { tokenWeightsFromCounts } from '../../../src/domain/screening/match/weights.js';

const person = (name: string, extra: object = {}) => ({ schema: 'person' as const, name, ...extra });
const sumOf = (explanation: readonly ExplanationItem[]) => Math.round(explanation.reduce((s, e) => s + e.contribution, 0) * 10_000) / 10_000;
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
    expect(compare(person('José Carlos da Silva'), { name: 'SILVA, Jose Karlos' }, { threshold: 1 }).match).to.equal(false);
  });

  it('explains the name by its token alignment, in Portuguese', () => {
    const { explanation } = compare(person('J. Sousa Santos'), { name: 'João Souza dos Santos Neto' });
    const name = feature(explanation, 'name');
    expect(explanation[0]?.feature).to.equal('name');
    expect(name?.query).to.equal('J. Sousa Santos');
    expect(name?.candidate).to.equal('João Souza dos Santos Neto');
    expect(name?.detail).to.include('alinhamento: J. ~ João (inicial 0,75, peso 0,60); Sousa ~ Souza (fonética 0,95, peso 0,60); Santos ~ Santos (igual 1,00, peso 0,60)');
    expect(name?.detail).to.include('sem par no candidato: dos (custo 0,02), Neto (sem custo)');
    expect(name?.detail).to.include('sufixo em só um dos nomes: não altera a pontuação');
    // every token with its weight and contribution, the words as written beside their normal forms
    expect(name?.tokens?.[1]).to.deep.equal({ query: 'Sousa', query_normal: 'sousa', candidate: 'Souza', candidate_normal: 'souza', kind: 'word', how: 'phonetic', similarity: 0.95, weight: 0.6, contribution: 0.57 });
    expect(name?.tokens?.at(-1)).to.deep.include({ query: null, candidate: 'Neto', candidate_normal: '~neto', kind: 'suffix', weight: 0, contribution: 0 });
  });

  it('compares a name of thousands of words quickly, by its first 32 words', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `Nome${i}`).join(' ');
    const started = performance.now();
    const r = compare(person(long), { name: long });
    expect(performance.now() - started).to.be.below(500);
    expect(r.score).to.equal(1);
    expect(r.explanation[0]?.detail).to.include('Nome31 ~ Nome31').and.not.include('Nome32');
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

  it('costs a query word the entry lacks and a dropped middle name little, the family name or a substituted word a lot', () => {
    // the customer's record holds more names than the list
    expect(compare(person('Manuel Antonio Noriega Moreno'), { name: 'NORIEGA, Manuel Antonio' }).score).to.be.above(0.85);
    expect(compare(person('Ayman Muhammad al-Zawahiri'), { name: 'Ayman al-Zawahiri' }).match).to.equal(true);
    // the record drops middle names (UN four-part names)
    expect(compare(person('Sultan Zabin'), { name: 'SULTAN SALEH AIDA AIDA ZABIN' }).match).to.equal(true);
    // one of the surnames, where the list says which words are surnames
    expect(compare(person('Nicolás Maduro'), { name: 'MADURO MOROS, Nicolas' }).match).to.equal(true);
    expect(compare(person('Joel Avila'), { name: 'RUELAS AVILA, Joel Efren' }).match).to.equal(true);
    // without a surname, the given names alone are not the person
    expect(compare(person('Joel Efren'), { name: 'RUELAS AVILA, Joel Efren' }).match).to.equal(false);
    // another middle surname in its place is another person
    expect(compare(person('Ana do Rosário Guimarães'), { name: 'Ana do Nascimento Guimarães' }).match).to.equal(false);
    expect(compare({ schema: 'company', name: 'Banco Central de Cuba' }, { name: 'BANCO NACIONAL DE CUBA' }).match).to.equal(false);
  });

  it('ignores titles and takes a suffix on one side only as neutral', () => {
    expect(compare(person('Sheikh Ayman al-Zawahiri'), { name: 'Ayman al-Zawahiri' }).score).to.equal(1);
    expect(compare(person('Manuel Antonio Noriega Jr.'), { name: 'NORIEGA, Manuel Antonio' }).score).to.equal(1);
  });

  it('recomputes every score from its explanation', () => {
    const cases: [ScreeningQuery, CandidateRecord][] = [
      [person('J. Sousa Santos', { birth_date: '1970', country: 'BR' }), { name: 'João Souza dos Santos Neto', birth_date: '1971-02-03', country: 'PT' }],
      [person('Kim Jongun'), { name: 'KIM Jong Un' }],
      [person('Abd al Rahman Qaduli'), { name: 'Abdul Rahman Mustafa al-Qaduli' }],
      [{ schema: 'company', name: 'Tamas Trading Co.' }, { name: 'HAMAS', schema: 'company' }],
      [person('José Ribamar Costa Filho', { doc: '52998224725' }), { name: 'José Ribamar Costa Neto', doc: '***982247**' }],
    ];
    for (const [query, candidate] of cases) {
      const r = compare(query, candidate);
      expect(sumOf(r.explanation), query.name).to.equal(r.score);
      const name = feature(r.explanation, 'name')!;
      const tokens = name.tokens ?? [];
      const raw = tokens.reduce((s, t) => s + t.contribution, 0) / tokens.reduce((s, t) => s + t.weight, 0);
      const factors = (name.factors ?? []).reduce((p, f) => p * f.value, 1);
      expect(raw * factors, query.name).to.be.closeTo(name.contribution, 0.001);
    }
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
    // a weak alias never alerts on its own: capped below the threshold, whatever the agreement
    const weak = compare(person('The Director'), entry);
    expect(weak.score).to.equal(WEAK_ALIAS_CAP);
    expect(weak.match).to.equal(false);
    expect(feature(weak.explanation, 'name')?.factors).to.deep.equal([{ factor: 'weak_alias', value: 0.75, detail: 'alias fraco: limitado a 0,75, nunca alerta sozinho' }]);
    expect(weak.reason).to.include('alias fraco');
    // agreeing evidence can carry it over
    const dated = { ...entry, birth_dates: ['1957-03-10'], countries: ['SA'] };
    expect(compare(person('The Director', { birth_date: '1957-03-10', country: 'SA' }), dated).match).to.equal(true);
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

describe('screening matcher: qualifiers (birth date, country and schema as bounded evidence)', () => {
  const dated = (birth_date: string) => compare(person('Ayman Zawahiri', { birth_date: '1951-06-19' }), { name: 'Ayman Zawahiri', birth_date });
  const near = (extra: object, candidate: object) => compare(person('Maria Aparecida Souza', extra), { name: 'Maria Souza', ...candidate });

  it('birth date agreement adds, within the bound, and only to a name that already resembles', () => {
    const base = near({}, {}).score;
    expect(base).to.be.within(0.6, 0.99);
    const sameDate = near({ birth_date: '1980-05-02' }, { birth_date: '1980-05-02' });
    expect(sameDate.score).to.equal(Math.round((base + BIRTH_ADJUSTMENTS.sameDate) * 10_000) / 10_000);
    expect(feature(sameDate.explanation, 'birth_date')).to.deep.include({ score: 1, contribution: BIRTH_ADJUSTMENTS.sameDate, detail: 'mesma data de nascimento: +0,05' });
    expect(near({ birth_date: '1980-05-02' }, { birth_date: '1980' }).score).to.equal(Math.round((base + BIRTH_ADJUSTMENTS.sameYear) * 10_000) / 10_000);
    // an unrelated name gains nothing from a shared birth date
    const unrelated = compare(person('Pedro Bolsonaro', { birth_date: '1980-05-02' }), { name: 'Joana Costa', birth_date: '1980-05-02' });
    expect(feature(unrelated.explanation, 'birth_date')?.contribution).to.equal(0);
    // and the score never exceeds 1
    const exact = dated('1951-06-19');
    expect(exact.score).to.equal(1);
    expect(feature(exact.explanation, 'birth_date')?.detail).to.equal('mesma data de nascimento: +0,05 (limitado a 0,00)');
  });

  it('a missing birth date or country is neutral', () => {
    const base = near({}, {}).score;
    expect(near({ birth_date: '1980-05-02', country: 'BR' }, {}).score).to.equal(base);
    expect(near({}, { birth_date: '1980', country: 'PT' }).score).to.equal(base);
  });

  it('birth date disagreement is bounded: a year or a few years off never clears an exact name; another generation does', () => {
    expect(dated('1951').score).to.equal(1);
    expect(dated('1952').score).to.equal(1); // one year apart: approximate dates are common
    const fewYears = dated('1953-06-19');
    expect(fewYears.score).to.equal(0.94);
    expect(fewYears.match).to.equal(true);
    expect(dated('1951-09-01').score).to.equal(0.97);
    const generation = dated('1980-06-19');
    expect(generation.score).to.equal(0.78);
    expect(generation.match).to.equal(false);
    expect(feature(generation.explanation, 'birth_date')?.detail).to.equal('anos de nascimento muito diferentes (1951 × 1980): −0,22');
  });

  it('country: agreement adds a little; a conflict alone never clears an exact name', () => {
    const other = compare(person('Maria Silva', { country: 'br' }), { name: 'Maria Silva', country: 'PT' });
    expect(other.score).to.equal(0.96);
    expect(other.match).to.equal(true);
    expect(feature(other.explanation, 'country')).to.deep.include({ query: 'BR', candidate: 'PT', score: 0, contribution: -0.04, detail: 'país diferente: −0,04' });
    const base = near({}, {}).score;
    expect(near({ country: 'BR' }, { country: 'BR' }).score).to.equal(Math.round((base + COUNTRY_ADJUSTMENTS.agree) * 10_000) / 10_000);
  });

  it('an exact name, the same birth year and another country still matches (the issue 26 case: 0.765 before)', () => {
    const r = compare(person('Ayman Zawahiri', { birth_date: '1951', country: 'BR' }), { name: 'Ayman Zawahiri', birth_date: '1951-06-19', country: 'EG' });
    expect(r.score).to.equal(0.96);
    expect(r.match).to.equal(true);
  });

  it('birth date and country together remove at most the negative bound', () => {
    const r = compare(person('Ayman Zawahiri', { birth_date: '1990', country: 'BR' }), { name: 'Ayman Zawahiri', birth_date: '1951', country: 'EG' });
    expect(r.score).to.equal(1 - QUALIFIER_BOUNDS.negative);
    expect(feature(r.explanation, 'country')?.contribution).to.equal(-0.03);
    expect(feature(r.explanation, 'country')?.detail).to.equal('país diferente: −0,04 (limitado a −0,03)');
  });

  it('schema: a person is not a company', () => {
    const r = compare(person('Alfa Beta'), { name: 'Alfa Beta', schema: 'company' });
    expect(r.score).to.equal(0.6);
    expect(r.match).to.equal(false);
    expect(feature(r.explanation, 'schema')?.detail).to.equal('tipos diferentes (pessoa × empresa): −0,40');
  });

  it('orders the explanation: name, documents, then qualifiers; the score is the sum of the contributions', () => {
    const r = compare(person('Maria Silva', { doc: '52998224725', birth_date: '1980-05-02', country: 'BR' }), { name: 'Maria Silva', doc: '***982247**', birth_date: '1981', country: 'BR', schema: 'company' });
    expect(r.explanation.map((e) => e.feature)).to.deep.equal(['name', 'doc_masked_agree', 'birth_date', 'country', 'schema']);
    expect(sumOf(r.explanation)).to.equal(r.score);
  });
});
