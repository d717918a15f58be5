/**
 * Writes the labelled evaluation set of the screening matcher:
 *
 *   npx tsx scripts/make-eval-pairs.ts   (writes test/fixtures/screening/eval-pairs.json)
 *
 * Deterministic (seeded), so the committed file is reproducible. Every category of screening.md
 * section 7, each with matches and hard non-matches: Brazilian names built from common given names
 * and surnames, variants by the rules Brazilian registries and people actually vary them; foreign
 * names written by hand as OFAC, UN, EU and UK publish them against the way a user types them.
 * One pair in three of each category is `held_out`; the threshold is tuned on `tune` only.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { withCheckDigits } from '../src/domain/values/document.js';

export type Category =
  | 'br_spelling'
  | 'particles'
  | 'suffixes'
  | 'initials'
  | 'order'
  | 'typos'
  | 'homonyms_masked_cpf'
  | 'gender'
  | 'companies'
  | 'foreign';

export interface EvalSide {
  name: string;
  birth_date?: string;
  country?: string;
  doc?: string;
}

export interface EvalPair {
  id: string;
  category: Category;
  schema: 'person' | 'company';
  query: EvalSide;
  candidate: EvalSide;
  same: boolean;
  split: 'tune' | 'held_out';
  note: string;
}

/** mulberry32: small, seeded, good enough to shuffle names */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  return { next, int, pick };
}
const r = rng(20261122);

export const MALE = ['José', 'João', 'Antônio', 'Francisco', 'Carlos', 'Paulo', 'Pedro', 'Lucas', 'Luiz', 'Marcos', 'Gabriel', 'Rafael', 'Daniel', 'Marcelo', 'Bruno', 'Eduardo', 'Felipe', 'Raimundo', 'Rodrigo', 'Manoel', 'Sebastião', 'Jorge', 'André', 'Fernando', 'Fábio', 'Leonardo', 'Gustavo', 'Guilherme', 'Roberto', 'Ricardo', 'Sérgio', 'Cláudio', 'Alexandre', 'Vinícius', 'Renato', 'Wellington', 'Edson', 'Márcio', 'Júlio', 'Reginaldo', 'Adriano', 'Ronaldo', 'Valdir', 'Geraldo', 'Benedito', 'Joaquim', 'Severino', 'Otávio', 'Caio', 'Heitor'];
export const FEMALE = ['Maria', 'Ana', 'Francisca', 'Antônia', 'Adriana', 'Juliana', 'Márcia', 'Fernanda', 'Patrícia', 'Aline', 'Sandra', 'Camila', 'Amanda', 'Bruna', 'Jéssica', 'Letícia', 'Júlia', 'Luciana', 'Vanessa', 'Mariana', 'Gabriela', 'Vera', 'Vitória', 'Larissa', 'Cláudia', 'Beatriz', 'Luana', 'Rita', 'Sônia', 'Renata', 'Eliane', 'Josefa', 'Simone', 'Natália', 'Cristiane', 'Carla', 'Débora', 'Rosângela', 'Jaqueline', 'Rosana', 'Tatiane', 'Raimunda', 'Lúcia', 'Regina', 'Helena', 'Isabela', 'Daniela', 'Priscila', 'Kelly', 'Raquel'];
export const SURNAMES = ['Silva', 'Santos', 'Oliveira', 'Souza', 'Rodrigues', 'Ferreira', 'Alves', 'Pereira', 'Lima', 'Gomes', 'Costa', 'Ribeiro', 'Martins', 'Carvalho', 'Almeida', 'Lopes', 'Soares', 'Fernandes', 'Vieira', 'Barbosa', 'Rocha', 'Dias', 'Nascimento', 'Andrade', 'Moreira', 'Nunes', 'Marques', 'Machado', 'Mendes', 'Freitas', 'Cardoso', 'Ramos', 'Gonçalves', 'Santana', 'Teixeira', 'Araújo', 'Cavalcanti', 'Monteiro', 'Moura', 'Correia', 'Batista', 'Campos', 'Rezende', 'Bezerra', 'Castro', 'Pinheiro', 'Medeiros', 'Brandão', 'Guimarães', 'Magalhães', 'Figueiredo', 'Bittencourt', 'Albuquerque', 'Queiroz', 'Siqueira', 'Vasconcelos', 'Toledo', 'Prado', 'Peixoto', 'Assunção', 'Coelho', 'Cunha', 'Tavares', 'Xavier', 'Sampaio', 'Fonseca', 'Leite', 'Barros', 'Borges', 'Aguiar'];
export const PARTICLE_OF: Record<string, string> = { Santos: 'dos', Silva: 'da', Souza: 'de', Oliveira: 'de', Costa: 'da', Nascimento: 'do', Rocha: 'da', Assunção: 'da', Conceição: 'da', Almeida: 'de', Lima: 'de', Andrade: 'de', Castro: 'de', Moura: 'de', Carvalho: 'de', Araújo: 'de', Campos: 'de', Barros: 'de', Freitas: 'de', Jesus: 'de' };

/** spelling variants of one name: same person (Brazilian registries and people write both) */
const SPELLING: readonly (readonly [string, string])[] = [
  ['Souza', 'Sousa'], ['Luiz', 'Luís'], ['Thiago', 'Tiago'], ['Elisângela', 'Elizangela'], ['Raphael', 'Rafael'], ['Felipe', 'Filipe'],
  ['Mattos', 'Matos'], ['Moraes', 'Morais'], ['Gonçalves', 'Gonsalves'], ['Wagner', 'Vagner'], ['Walter', 'Valter'], ['Ivone', 'Yvone'],
  ['Kátia', 'Cátia'], ['Heloísa', 'Eloísa'], ['Thaís', 'Taís'], ['Ruth', 'Rute'], ['Nathália', 'Natália'], ['Mathias', 'Matias'],
  ['Teresa', 'Thereza'], ['Sophia', 'Sofia'], ['Isabel', 'Izabel'], ['Rosângela', 'Rozangela'], ['Neusa', 'Neuza'], ['Brito', 'Britto'],
  ['Mello', 'Melo'], ['Bittencourt', 'Bitencourt'], ['Queiroz', 'Queirós'], ['Vasconcelos', 'Vasconcellos'], ['Cavalcante', 'Cavalcanti'],
  ['Ygor', 'Igor'], ['Kauã', 'Cauã'], ['Wellington', 'Welington'], ['Jéssica', 'Jessyca'], ['Michele', 'Michelle'], ['Suellen', 'Suelen'],
  ['Jaqueline', 'Jakeline'], ['Sueli', 'Suely'], ['Denise', 'Denize'], ['Luzia', 'Lusia'], ['Cecília', 'Cecilia'], ['Conceição', 'Conceicao'],
  ['Henrique', 'Henrrique'], ['Hélio', 'Élio'], ['Davi', 'David'], ['Ester', 'Esther'], ['Arthur', 'Artur'], ['Edvaldo', 'Edivaldo'],
  ['Marly', 'Marli'], ['Gislaine', 'Gislene'],
];
const SURNAME_VARIANTS = new Set(['Souza', 'Mattos', 'Moraes', 'Gonçalves', 'Brito', 'Mello', 'Bittencourt', 'Queiroz', 'Vasconcelos', 'Cavalcante']);
/** names that look alike but are different names: hard non-matches */
const LOOKALIKE: readonly (readonly [string, string])[] = [
  ['Pereira', 'Ferreira'], ['Silva', 'Silveira'], ['Santos', 'Santana'], ['Costa', 'Castro'], ['Moreira', 'Moraes'], ['Barros', 'Barreto'],
  ['Ramos', 'Ramalho'], ['Mendes', 'Menezes'], ['Nunes', 'Neves'], ['Matos', 'Mattoso'], ['Freitas', 'Freire'], ['Campos', 'Camargo'],
  ['Souto', 'Souza'], ['Guimarães', 'Magalhães'], ['Pinto', 'Pinho'], ['Viana', 'Vieira'], ['Bruno', 'Breno'], ['Nilson', 'Gilson'],
  ['Renan', 'Renato'], ['Vitor', 'Heitor'], ['Sérgio', 'Sílvio'], ['Edson', 'Edmilson'], ['Lima', 'Lins'], ['Marcos', 'Marcus'],
  ['Rosa', 'Rocha'], ['Leal', 'Leão'], ['Mota', 'Motta'],
];
/** masculine / feminine forms: different people */
const GENDER: readonly (readonly [string, string])[] = [
  ['Fabiano', 'Fabiana'], ['Juliano', 'Juliana'], ['Adriano', 'Adriana'], ['Luciano', 'Luciana'], ['Mariano', 'Mariana'], ['Fabrício', 'Fabrícia'],
  ['Antônio', 'Antônia'], ['Francisco', 'Francisca'], ['Paulo', 'Paula'], ['Roberto', 'Roberta'], ['Daniel', 'Daniela'], ['Gabriel', 'Gabriela'],
  ['Rafael', 'Rafaela'], ['Manuel', 'Manuela'], ['Marcelo', 'Marcela'], ['Márcio', 'Márcia'], ['Cristiano', 'Cristiane'], ['Patrício', 'Patrícia'],
  ['Vitório', 'Vitória'], ['Cláudio', 'Cláudia'], ['Emílio', 'Emília'], ['Luís', 'Luísa'], ['Raimundo', 'Raimunda'], ['Joaquim', 'Joaquina'],
  ['Severino', 'Severina'], ['Eliano', 'Eliane'], ['Renato', 'Renata'], ['Sérgio', 'Sérgia'],
];

const stripMarks = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
const upper = (s: string) => s.toUpperCase();
const surnameFirst = (given: readonly string[], surnames: readonly string[]) => `${upper(surnames.join(' '))}, ${given.join(' ')}`;

function personName(female = r.next() < 0.5, givenCount = 1 + r.int(2), surnameCount = 1 + r.int(2)) {
  const given: string[] = [];
  while (given.length < givenCount) {
    const g = r.pick(female ? FEMALE : MALE);
    if (!given.includes(g)) given.push(g);
  }
  const surnames: string[] = [];
  while (surnames.length < surnameCount) {
    const s = r.pick(SURNAMES);
    if (!surnames.includes(s)) surnames.push(s);
  }
  return { given, surnames, female };
}
const plain = (given: readonly string[], surnames: readonly string[]) => [...given, ...surnames].join(' ');
const withParticles = (given: readonly string[], surnames: readonly string[]) =>
  [...given, ...surnames.flatMap((s) => (PARTICLE_OF[s] ? [PARTICLE_OF[s] as string, s] : [s]))].join(' ');

/** how a list or a registry writes the same text: upper case, marks lost */
function asPublished(name: string): string {
  const roll = r.next();
  return roll < 0.35 ? upper(stripMarks(name)) : roll < 0.6 ? upper(name) : roll < 0.8 ? stripMarks(name) : name;
}

function cpf(): string {
  return withCheckDigits(String(100_000_000 + r.int(899_999_999)));
}
const maskedCpf = (doc: string) => (r.next() < 0.5 ? `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**` : `***${doc.slice(3, 9)}**`);
const formattedCpf = (doc: string) => `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
function birthDate(): string {
  const y = 1950 + r.int(50);
  return `${y}-${String(1 + r.int(12)).padStart(2, '0')}-${String(1 + r.int(28)).padStart(2, '0')}`;
}

type Draft = Omit<EvalPair, 'id' | 'split'>;
const person = (category: Category, same: boolean, query: EvalSide, candidate: EvalSide, note: string): Draft => ({ category, schema: 'person', query, candidate, same, note });

function replaceToken(name: string, from: string, to: string): string {
  return name
    .split(' ')
    .map((t) => (t === from ? to : t))
    .join(' ');
}

function brSpelling(): Draft[] {
  const out: Draft[] = [];
  SPELLING.forEach(([a, b]) => {
    const { given, surnames } = personName(undefined, 1, 2);
    // the variant takes the place of a surname or of the given name, as the word is one or the other
    const query = SURNAME_VARIANTS.has(a) ? plain(given, [surnames[0] as string, a]) : plain([a], surnames);
    out.push(person('br_spelling', true, { name: query }, { name: asPublished(replaceToken(query, a, b)) }, `${a} / ${b}`));
  });
  LOOKALIKE.forEach(([a, b]) => {
    const { given, surnames } = personName(MALE.includes(a) || MALE.includes(b) ? false : undefined);
    const asGiven = MALE.includes(a) || ['Nilson', 'Gilson', 'Renan', 'Renato', 'Vitor', 'Heitor', 'Sérgio', 'Sílvio', 'Edson', 'Edmilson', 'Marcos', 'Marcus', 'Bruno', 'Breno'].includes(a);
    const q = asGiven ? [a, ...surnames] : [...given, surnames[0] as string, a];
    const query = q.join(' ');
    const same = a === 'Marcos' || a === 'Mota'; // Marcus and Motta are spellings of the same names
    out.push(person('br_spelling', same, { name: query }, { name: asPublished(replaceToken(query, a, b)) }, `${a} / ${b}`));
  });
  return out;
}

function particles(): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < 26; i++) {
    const { given, surnames } = personName(undefined, 1 + r.int(2), 2);
    const full = withParticles(given, surnames);
    const bare = plain(given, surnames);
    if (full === bare) {
      i--;
      continue;
    }
    out.push(i % 2 ? person('particles', true, { name: bare }, { name: asPublished(full) }, 'particles dropped') : person('particles', true, { name: full }, { name: asPublished(bare) }, 'particles added'));
  }
  // devotional and compound names that share particles and a common given name, nothing else
  const devotional = [['Maria das Dores', 'Maria das Graças'], ['Maria da Conceição', 'Maria da Penha'], ['Maria do Carmo', 'Maria do Socorro'], ['Maria de Lourdes', 'Maria de Fátima'], ['José de Ribamar', 'José de Arimateia'], ['Ana do Rosário', 'Ana do Nascimento']] as const;
  for (const [a, b] of devotional) {
    const s = r.pick(SURNAMES);
    out.push(person('particles', false, { name: `${a} ${s}` }, { name: asPublished(`${b} ${s}`) }, 'devotional names share particles'));
  }
  for (let i = 0; i < 8; i++) {
    const { given, surnames } = personName(undefined, 1, 2);
    const other = r.pick(SURNAMES.filter((s) => !surnames.includes(s) && PARTICLE_OF[s]));
    const q = withParticles(given, surnames);
    const c = withParticles(given, [other, surnames[1] as string]);
    out.push(person('particles', false, { name: q }, { name: asPublished(c) }, 'same particles, another surname'));
  }
  return out;
}

function suffixes(): Draft[] {
  const out: Draft[] = [];
  const same = [['Filho', 'Júnior'], ['Filho', 'Jr.'], ['Júnior', 'Jr'], ['Filho', 'Fº'], ['Junior', 'Júnior'], ['Neto', 'Neto'], ['Sobrinho', 'Sobrinho']] as const;
  for (let i = 0; i < 21; i++) {
    const [a, b] = same[i % same.length] as readonly [string, string];
    const { given, surnames } = personName(false);
    out.push(person('suffixes', true, { name: `${plain(given, surnames)} ${a}` }, { name: asPublished(`${plain(given, surnames)} ${b}`) }, `${a} / ${b}`));
  }
  const different = [['Filho', 'Neto'], ['Neto', 'Sobrinho'], ['Júnior', 'Neto'], ['Jr.', 'Sobrinho'], ['Filho', 'Sobrinho']] as const;
  for (let i = 0; i < 12; i++) {
    const [a, b] = different[i % different.length] as readonly [string, string];
    const { given, surnames } = personName(false);
    out.push(person('suffixes', false, { name: `${plain(given, surnames)} ${a}` }, { name: asPublished(`${plain(given, surnames)} ${b}`) }, `${a} / ${b}: another generation`));
  }
  // the father against the listed son (Antônio Carlos Magalhães / ACM Neto): different people
  for (let i = 0; i < 6; i++) {
    const { given, surnames } = personName(false, 2, 2);
    const suffix = r.pick(['Neto', 'Filho', 'Júnior', 'Sobrinho']);
    out.push(person('suffixes', false, { name: plain(given, surnames) }, { name: asPublished(`${plain(given, surnames)} ${suffix}`) }, `father / ${suffix}`));
  }
  return out;
}

function initials(): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < 22; i++) {
    const { given, surnames } = personName(undefined, 2, 1 + r.int(2));
    const full = plain(given, surnames);
    const style = i % 3;
    const abbreviated =
      style === 0
        ? plain([`${given[0]?.[0]}.`, given[1] as string], surnames)
        : style === 1
          ? plain([given[0] as string, `${given[1]?.[0]}.`], surnames)
          : plain([`${given[0]?.[0]}.`, `${given[1]?.[0]}.`], surnames);
    out.push(i % 2 ? person('initials', true, { name: abbreviated }, { name: asPublished(full) }, 'initials in the query') : person('initials', true, { name: full }, { name: asPublished(abbreviated) }, 'initials in the entry'));
  }
  for (let i = 0; i < 14; i++) {
    const { given, surnames, female } = personName(undefined, 2, 2);
    let other = r.pick(female ? FEMALE : MALE);
    while (other[0] === given[0]?.[0] || given.includes(other)) other = r.pick(female ? FEMALE : MALE);
    const abbreviated = plain([`${other[0]}.`, given[1] as string], surnames);
    out.push(person('initials', false, { name: abbreviated }, { name: asPublished(plain(given, surnames)) }, 'the initial stands for another name'));
  }
  return out;
}

function order(): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < 26; i++) {
    const { given, surnames } = personName();
    const natural = withParticles(given, surnames);
    const style = i % 3;
    const reordered = style === 0 ? surnameFirst(given, surnames) : style === 1 ? `${surnames.join(' ')} ${given.join(' ')}` : `${upper(surnames.join(' '))} ${given.join(' ')}`;
    out.push(person('order', true, { name: natural }, { name: reordered }, style === 0 ? 'LAST, First' : 'surnames first'));
  }
  for (let i = 0; i < 12; i++) {
    const { given, surnames } = personName(undefined, 1 + r.int(2), 2);
    const other = r.pick(SURNAMES.filter((s) => !surnames.includes(s)));
    out.push(person('order', false, { name: plain(given, surnames) }, { name: surnameFirst(given, [surnames[0] as string, other]) }, 'reordered, one surname differs'));
  }
  return out;
}

const KEYBOARD: Record<string, string> = { a: 's', s: 'a', d: 'f', e: 'r', r: 't', i: 'o', o: 'i', n: 'm', m: 'n', l: 'k', t: 'r', u: 'y', c: 'v', g: 'h' };
function typo(word: string): string {
  const w = stripMarks(word);
  const i = 1 + r.int(Math.max(1, w.length - 2));
  switch (r.int(4)) {
    case 0:
      return w.slice(0, i) + w.slice(i + 1); // a letter dropped
    case 1:
      return w.slice(0, i) + (w[i] ?? '') + w.slice(i); // a letter doubled
    case 2:
      return w.slice(0, i) + (KEYBOARD[w[i] ?? ''] ?? 'e') + w.slice(i + 1); // a neighbour key
    default:
      return i + 1 < w.length ? w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2) : w.slice(0, -1); // swapped
  }
}
function typos(): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < 32; i++) {
    const { given, surnames } = personName(undefined, 1 + r.int(2), 2);
    const words = [...given, ...surnames];
    const target = words.filter((w) => stripMarks(w).length >= 5);
    const victim = target.length ? r.pick(target) : (words[words.length - 1] as string);
    const misspelled = words.map((w) => (w === victim ? typo(w) : w)).join(' ');
    out.push(i % 2 ? person('typos', true, { name: words.join(' ') }, { name: upper(misspelled) }, `typo in ${victim}`) : person('typos', true, { name: misspelled }, { name: asPublished(words.join(' ')) }, `typo in ${victim}`));
  }
  for (let i = 0; i < 18; i++) {
    const { given, surnames, female } = personName(undefined, 1, 2);
    const roll = i % 3;
    const other =
      roll === 0
        ? plain([r.pick((female ? FEMALE : MALE).filter((g) => !given.includes(g)))], surnames)
        : roll === 1
          ? plain(given, [surnames[0] as string, r.pick(SURNAMES.filter((s) => !surnames.includes(s)))])
          : plain(given, [r.pick(SURNAMES.filter((s) => !surnames.includes(s))), surnames[1] as string]);
    out.push(person('typos', false, { name: plain(given, surnames) }, { name: asPublished(other) }, 'one word is another name'));
  }
  return out;
}

function homonyms(): Draft[] {
  const out: Draft[] = [];
  for (let i = 0; i < 46; i++) {
    const { given, surnames } = personName(undefined, 1 + r.int(2), 1 + r.int(2));
    const name = withParticles(given, surnames);
    const doc = cpf();
    const kind = i % 6;
    if (kind === 0 || kind === 1) {
      out.push(person('homonyms_masked_cpf', true, { name, doc }, { name: asPublished(name), doc: maskedCpf(doc) }, 'masked CPF agrees'));
    } else if (kind === 2 || kind === 3) {
      let other = cpf();
      while (other.slice(3, 9) === doc.slice(3, 9)) other = cpf();
      out.push(person('homonyms_masked_cpf', false, { name, doc }, { name: asPublished(name), doc: maskedCpf(other) }, 'homonym: masked CPF disagrees'));
    } else if (kind === 4) {
      const same = r.next() < 0.5;
      out.push(person('homonyms_masked_cpf', same, { name, doc }, { name: asPublished(name), doc: same ? formattedCpf(doc) : formattedCpf(cpf()) }, same ? 'full CPF equal' : 'homonym: full CPF differs'));
    } else {
      const born = birthDate();
      const same = r.next() < 0.5;
      const other = `${Number(born.slice(0, 4)) + 3 + r.int(20)}${born.slice(4)}`;
      out.push(person('homonyms_masked_cpf', same, { name, birth_date: born }, { name: asPublished(name), birth_date: same ? born : other }, same ? 'same birth date' : 'homonym: born years apart'));
    }
  }
  return out;
}

function gender(): Draft[] {
  const out: Draft[] = [];
  GENDER.forEach(([m, f], i) => {
    const { surnames } = personName(false, 1, 2);
    const [a, b] = i % 2 ? [m, f] : [f, m];
    out.push(person('gender', false, { name: plain([a], surnames) }, { name: asPublished(plain([b], surnames)) }, `${a} / ${b}`));
  });
  for (let i = 0; i < 14; i++) {
    const [m, f] = r.pick(GENDER);
    const g = i % 2 ? m : f;
    const { surnames } = personName(false, 1, 2);
    out.push(person('gender', true, { name: plain([g], surnames) }, { name: asPublished(plain([g], surnames)) }, `${g}, written as published`));
  }
  return out;
}

export const ACTIVITY = ['Construtora', 'Transportes', 'Distribuidora de Alimentos', 'Comércio de Materiais de Construção', 'Agropecuária', 'Indústria de Móveis', 'Serviços de Vigilância', 'Engenharia e Consultoria', 'Laticínios', 'Comercial Atacadista', 'Mineração', 'Farmácia', 'Madeireira', 'Auto Posto', 'Frigorífico', 'Têxtil', 'Grupo', 'Sistema de Ensino'];
export const DISTINCTIVE = ['Horizonte', 'Boa Vista', 'Pioneiro', 'Santa Helena', 'Nova Era', 'Primavera', 'Aurora', 'Vale Verde', 'Três Irmãos', 'São Jorge', 'Bom Jesus', 'Estrela do Sul', 'Atlântico', 'Cristal', 'Diamante', 'Paraíso', 'Rio Branco', 'Serra Azul', 'Sol Nascente', 'Alvorada', 'Liberdade', 'Progresso', 'Esperança', 'Ouro Verde', 'Imperial', 'Continental', 'Nova Geral', 'Grande Lago', 'Itamaraty', 'Jacarandá'];
const NEAR_DISTINCTIVE: readonly (readonly [string, string])[] = [['Santa Helena', 'Santa Luzia'], ['Nova Era', 'Nova Aurora'], ['Boa Vista', 'Bela Vista'], ['Serra Azul', 'Serra Verde'], ['São Jorge', 'São José'], ['Ouro Verde', 'Ouro Preto'], ['Estrela do Sul', 'Estrela do Norte'], ['Grande Lago', 'Grande Rio'], ['Vale Verde', 'Vale do Sol'], ['Três Irmãos', 'Dois Irmãos']];
const LEGAL_VARIANTS: readonly (readonly [string, string])[] = [
  ['Ltda', 'LIMITADA'], ['Ltda.', 'LTDA'], ['Ltda - ME', 'LTDA'], ['Ltda EPP', 'Ltda - ME'], ['S.A.', 'S/A'], ['S/A', 'SA'], ['S.A.', 'Sociedade Anônima'],
  ['EIRELI', 'EIRELI - ME'], ['& Cia Ltda', 'e Cia. Ltda.'], ['Ltda', 'Ltda.'], ['S.A.', 'S. A.'], ['ME', 'Ltda ME'],
];
function companies(): Draft[] {
  const out: Draft[] = [];
  const company = (same: boolean, query: EvalSide, candidate: EvalSide, note: string): Draft => ({ category: 'companies', schema: 'company', query, candidate, same, note });
  for (let i = 0; i < 36; i++) {
    const [a, b] = LEGAL_VARIANTS[i % LEGAL_VARIANTS.length] as readonly [string, string];
    const activity = r.pick(ACTIVITY);
    const distinctive = r.pick(DISTINCTIVE);
    const rest = r.next() < 0.3 ? `${r.pick(SURNAMES)}` : '';
    const base = [activity, distinctive, rest].filter(Boolean).join(' ');
    let query = `${base} ${a}`;
    let candidate = asPublished(`${base} ${b}`);
    if (i % 9 === 4) candidate = candidate.replace(/Indústria/i, 'Ind.').replace(/Comércio/i, 'Com.');
    if (i % 9 === 7) query = base; // people and registries often leave the legal form out
    out.push(company(true, { name: query }, { name: candidate }, i % 9 === 7 ? `no legal form / ${b}` : `${a} / ${b}`));
  }
  for (let i = 0; i < 14; i++) {
    const activity = r.pick(ACTIVITY);
    const [a, b] = (i < NEAR_DISTINCTIVE.length ? NEAR_DISTINCTIVE[i] : [r.pick(DISTINCTIVE), r.pick(DISTINCTIVE)]) as readonly [string, string];
    if (a === b) continue;
    const legal = r.pick(['Ltda', 'S.A.', 'Ltda - ME', 'EIRELI']);
    out.push(company(false, { name: `${activity} ${a} ${legal}` }, { name: asPublished(`${activity} ${b} ${legal}`) }, 'same activity and legal form, another name'));
  }
  for (let i = 0; i < 8; i++) {
    const surname = r.pick(SURNAMES);
    const [a, b] = [r.pick(ACTIVITY), r.pick(ACTIVITY)];
    if (a === b) continue;
    out.push(company(false, { name: `${a} ${surname} Ltda` }, { name: asPublished(`${b} ${surname} Ltda`) }, 'same family name, another business'));
  }
  // homonymous companies in other cities: the CNPJ tells them apart
  for (let i = 0; i < 8; i++) {
    const name = `${r.pick(ACTIVITY)} ${r.pick(DISTINCTIVE)} Ltda`;
    const cnpj = withCheckDigits(String(10_000_000 + r.int(89_999_999)) + '0001');
    const other = withCheckDigits(String(10_000_000 + r.int(89_999_999)) + '0001');
    const same = i % 2 === 0;
    out.push(company(same, { name, doc: cnpj }, { name: asPublished(name), doc: same ? cnpj : other }, same ? 'same CNPJ' : 'homonymous company, another CNPJ'));
  }
  return out;
}

/** [query as typed, candidate as published, same, note] */
const FOREIGN: readonly (readonly [string, string, boolean, string, 'person' | 'company'])[] = [
  ['Osama bin Laden', 'BIN LADIN, Usama bin Muhammad bin Awad', true, 'OFAC primary, patronymic chain', 'person'],
  ['Osama bin Laden', 'BIN LADEN, Osama', true, 'OFAC aka', 'person'],
  ['Ayman al-Zawahiri', 'AL-ZAWAHIRI, Ayman', true, 'article joined by hyphen', 'person'],
  ['Ayman Zawahri', 'AL-ZAWAHIRI, Ayman', true, 'article dropped, vowel dropped', 'person'],
  ['Muammar Gaddafi', 'QADHAFI, Muammar', true, 'Q/G, dh/dd', 'person'],
  ['Moammar Kadafi', 'QADHAFI, Muammar', true, 'Moammar, K', 'person'],
  ['Kim Jong-un', 'KIM, Jong Un', true, 'Korean syllables', 'person'],
  ['Bashar al-Assad', 'AL-ASAD, Bashar', true, 'Assad/Asad', 'person'],
  ['Hassan Nasrallah', 'NASRALLAH, Hasan', true, 'Hassan/Hasan', 'person'],
  ['Abu Bakr al-Baghdadi', 'AL-BAGHDADI, Abu Bakr', true, 'kunya', 'person'],
  ['Joaquín Guzmán Loera', 'GUZMAN LOERA, Joaquin', true, 'two surnames, marks', 'person'],
  ['Yevgeny Prigozhin', 'PRIGOZHIN, Yevgeniy Viktorovich', true, 'Yevgeny/Yevgeniy, patronymic', 'person'],
  ['Evgeniy Prigozhin', 'PRIGOZHIN, Yevgeniy Viktorovich', true, 'Evgeniy/Yevgeniy', 'person'],
  ['Ramzan Kadyrov', 'KADYROV, Ramzan Akhmatovich', true, 'patronymic', 'person'],
  ['Alexander Lukashenko', 'LUKASHENKA, Aliaksandr Ryhoravich', true, 'Belarusian transliteration', 'person'],
  ['Aleksandr Lukashenko', 'Aliaksandr Ryhoravich LUKASHENKA', true, 'EU whole name', 'person'],
  ['Nicolás Maduro', 'MADURO MOROS, Nicolas', true, 'second surname', 'person'],
  ['Qassem Soleimani', 'SOLEIMANI, Qasem', true, 'Qassem/Qasem', 'person'],
  ['Qasem Suleimani', 'SOLEIMANI, Qasem', true, 'Soleimani/Suleimani', 'person'],
  ['Ali Khamenei', 'KHAMENEI, Ali', true, 'plain', 'person'],
  ['Sirajuddin Haqqani', 'HAQQANI, Sirajuddin Jallaloudine', true, 'extra given name', 'person'],
  ['Siraj Haqani', 'HAQQANI, Siraj', true, 'Haqani/Haqqani', 'person'],
  ['Abdul Ghani Baradar', 'BARADAR, Abdul Ghani', true, 'compound given name', 'person'],
  ['Abdulghani Baradar', 'BARADAR, Abdul Ghani', true, 'compound written joined', 'person'],
  ['Hafiz Muhammad Saeed', 'SAEED, Hafiz Mohammad', true, 'Muhammad/Mohammad', 'person'],
  ['Masood Azhar', 'AZHAR, Masood', true, 'plain', 'person'],
  ['Masud Azhar', 'AZHAR, Masood', true, 'Masud/Masood', 'person'],
  ['Dawood Ibrahim Kaskar', 'IBRAHIM KASKAR, Dawood', true, 'order', 'person'],
  ['Abu Mohammed al-Julani', 'AL-JAWLANI, Abu Muhammad', true, 'Julani/Jawlani', 'person'],
  ['Mokhtar Belmokhtar', 'BELMOKHTAR, Mokhtar', true, 'plain', 'person'],
  ['Mukhtar Bilmukhtar', 'BELMOKHTAR, Mokhtar', true, 'vowels', 'person'],
  ['Abubakar Shekau', 'SHEKAU, Abubakar Mohammed', true, 'extra given name', 'person'],
  ['Tareck El Aissami', 'EL AISSAMI MADDAH, Tareck Zaidan', true, 'Arabic-Venezuelan, extra names', 'person'],
  ['Tarek el-Aissami', 'EL AISSAMI MADDAH, Tareck Zaidan', true, 'Tarek/Tareck', 'person'],
  ['Sergei Lavrov', 'LAVROV, Sergey Viktorovich', true, 'Sergei/Sergey', 'person'],
  ['Mohammad Javad Zarif', 'ZARIF, Mohammad Javad', true, 'plain', 'person'],
  ['Mohamed Javad Zarif', 'ZARIF, Mohammad Javad', true, 'Mohamed/Mohammad', 'person'],
  ['Ismael Zambada García', 'ZAMBADA GARCIA, Ismael', true, 'marks', 'person'],
  ['Rafael Caro Quintero', 'CARO QUINTERO, Rafael', true, 'two surnames', 'person'],
  ['Khaled Meshaal', 'MISHAL, Khalid', true, 'Khaled/Khalid, Meshaal/Mishal', 'person'],
  ['Ismail Haniyeh', 'HANIYA, Ismail', true, 'Haniyeh/Haniya', 'person'],
  ['Imad Mughniyeh', 'MUGHNIYAH, Imad Fa\'iz', true, 'apostrophe, extra name', 'person'],
  ['Viktor Bout', 'BOUT, Viktor Anatolijevitch', true, 'patronymic', 'person'],
  ['Oleg Deripaska', 'DERIPASKA, Oleg Vladimirovich', true, 'patronymic', 'person'],
  ['Arkady Rotenberg', 'ROTENBERG, Arkadiy Romanovich', true, 'Arkady/Arkadiy', 'person'],
  ['Gennady Timchenko', 'TIMCHENKO, Gennadiy Nikolayevich', true, 'Gennady/Gennadiy', 'person'],
  ['Yuri Kovalchuk', 'KOVALCHUK, Yuriy Valentinovich', true, 'Yuri/Yuriy', 'person'],
  ['Mohammed Omar', 'OMAR, Mohammed', true, 'plain', 'person'],
  ['Muhammad Umar', 'OMAR, Mohammed', true, 'Umar/Omar', 'person'],
  ['Hezbollah', 'HIZBALLAH', true, 'organization', 'company'],
  ['Hizbullah', 'HIZBALLAH', true, 'organization', 'company'],
  ['Al Qaeda', "AL QA'IDA", true, 'organization', 'company'],
  ['Lashkar-e-Taiba', 'LASHKAR E-TAYYIBA', true, 'organization', 'company'],
  ['Jaish-e-Mohammed', 'JAISH-I-MOHAMMED', true, 'organization', 'company'],
  ['Rosneft Oil Company', 'OPEN JOINT-STOCK COMPANY ROSNEFT OIL COMPANY', true, 'legal form spelled out', 'company'],
  ['PAO Gazprom Neft', 'JOINT STOCK COMPANY GAZPROM NEFT', true, 'PAO / joint stock company', 'company'],
  ['Sberbank of Russia PJSC', 'PUBLIC JOINT STOCK COMPANY SBERBANK OF RUSSIA', true, 'PJSC spelled out', 'company'],
  ['Petróleos de Venezuela S.A.', 'PETROLEOS DE VENEZUELA, S.A.', true, 'comma before the legal form', 'company'],
  ['Korea Mining Development Trading Corp.', 'KOREA MINING DEVELOPMENT TRADING CORPORATION', true, 'Corp./Corporation', 'company'],
  ['Mahan Air', 'MAHAN AIR', true, 'plain', 'company'],
  ['Banco Nacional de Cuba', 'BANCO NACIONAL DE CUBA', true, 'plain', 'company'],
  ['Islamic Republic of Iran Shipping Lines', 'ISLAMIC REPUBLIC OF IRAN SHIPPING LINES (IRISL)', true, 'acronym in parentheses', 'company'],
  // hard non-matches: relatives, namesakes, neighbours on the same lists
  ['Hamza bin Laden', 'BIN LADIN, Usama bin Muhammad bin Awad', false, 'son of the listed person', 'person'],
  ['Mojtaba Khamenei', 'KHAMENEI, Ali', false, 'son', 'person'],
  ['Jalaluddin Haqqani', 'HAQQANI, Sirajuddin Jallaloudine', false, 'father and son', 'person'],
  ['Anas Haqqani', 'HAQQANI, Siraj', false, 'brother', 'person'],
  ['Kim Jong Nam', 'KIM, Jong Un', false, 'half-brother', 'person'],
  ['Kim Yo Jong', 'KIM, Jong Un', false, 'sister', 'person'],
  ['Kim Jong Sik', 'KIM, Jong Un', false, 'namesake', 'person'],
  ['Sergey Ivanov', 'LAVROV, Sergey Viktorovich', false, 'shared given name', 'person'],
  ['Ahmed Khalil', 'KHALID, Ahmad', false, 'one letter apart, another name', 'person'],
  ['Vladimir Potanin', 'PUTIN, Vladimir Vladimirovich', false, 'shared given name', 'person'],
  ['Viktar Lukashenka', 'LUKASHENKA, Aliaksandr Ryhoravich', false, 'son', 'person'],
  ['Pavel Prigozhin', 'PRIGOZHIN, Yevgeniy Viktorovich', false, 'son', 'person'],
  ['Abu Mohammed al-Adnani', 'AL-JAWLANI, Abu Muhammad', false, 'another kunya bearer', 'person'],
  ['Hassan Rouhani', 'NASRALLAH, Hasan', false, 'shared given name', 'person'],
  ['Ali Akbar Velayati', 'KHAMENEI, Ali', false, 'shared given name', 'person'],
  ['Mohammed Deif', 'OMAR, Mohammed', false, 'shared given name', 'person'],
  ['Ri Su Yong', 'RI, Yong Ho', false, 'Korean namesakes', 'person'],
  ['Rafael Caro Quintero', 'CARO QUINTERO, Miguel Angel', false, 'brother', 'person'],
  ['Abdul Rahman Yasin', 'BARADAR, Abdul Ghani', false, 'shared compound', 'person'],
  ['Bank Melli Iran', 'BANK MELLAT', false, 'another bank', 'company'],
  ['Bank Saderat Iran', 'BANK SEPAH', false, 'another bank', 'company'],
  ['Iran Air', 'MAHAN AIR', false, 'another airline', 'company'],
  ['Gazprom', 'JOINT STOCK COMPANY GAZPROM NEFT', false, 'parent, not the subsidiary', 'company'],
  ['Rosneftegaz', 'OPEN JOINT-STOCK COMPANY ROSNEFT OIL COMPANY', false, 'holding, another entity', 'company'],
  ['VTB Bank', 'PUBLIC JOINT STOCK COMPANY SBERBANK OF RUSSIA', false, 'another bank', 'company'],
  ['Banco Central de Cuba', 'BANCO NACIONAL DE CUBA', false, 'another bank, shared words', 'company'],
  ['Korea Kwangson Banking Corp.', 'KOREA MINING DEVELOPMENT TRADING CORPORATION', false, 'shared country word', 'company'],
];

function foreign(): Draft[] {
  return FOREIGN.map(([query, candidate, same, note, schema]) => ({ category: 'foreign', schema, query: { name: query }, candidate: { name: candidate }, same, note }));
}

export function makeEvalPairs(): EvalPair[] {
  const drafts = [brSpelling(), particles(), suffixes(), initials(), order(), typos(), homonyms(), gender(), companies(), foreign()];
  return drafts.flatMap((group) =>
    group.map((d, i) => ({
      id: `${d.category}-${String(i + 1).padStart(3, '0')}`,
      category: d.category,
      schema: d.schema,
      query: d.query,
      candidate: d.candidate,
      same: d.same,
      split: i % 3 === 2 ? ('held_out' as const) : ('tune' as const),
      note: d.note,
    })),
  );
}

export const EVAL_PAIRS_PATH = 'test/fixtures/screening/eval-pairs.json';

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const pairs = makeEvalPairs();
  writeFileSync(EVAL_PAIRS_PATH, `${JSON.stringify(pairs, null, 1)}\n`);
  const count = (f: (p: EvalPair) => boolean) => pairs.filter(f).length;
  console.log(`${pairs.length} pairs (${count((p) => p.same)} same, ${count((p) => !p.same)} different; ${count((p) => p.split === 'held_out')} held out) -> ${EVAL_PAIRS_PATH}`);
}
