import type { TokenKind } from './normalize.js';
import { GENDERED_GIVEN_NAMES } from './translit-tables.js';

/**
 * How much a token says about identity. Words weigh by rarity across the loaded lists (a match on
 * "Silva" is worth less than one on "Bolsonaro"); particles, legal forms, suffixes and initials
 * have fixed low weights whatever their frequency.
 */
export interface TokenWeights {
  weight(text: string, kind: TokenKind): number;
  /** a word frequent enough to be a name of its own: one letter off another, it is not a typo */
  known(text: string): boolean;
}

export const FIXED_WEIGHTS: Readonly<Record<Exclude<TokenKind, 'word'>, number>> = {
  particle: 0.1,
  patronymic: 0.3,
  legal: 0.15,
  suffix: 0.5,
  honorific: 0,
  initial: 0.5,
  number: 1,
};

/** Idf-like word weights, clamped so one token never outweighs a whole name. */
const MIN_WORD_WEIGHT = 0.3;
const MAX_WORD_WEIGHT = 1.5;

/**
 * Weights from the lists' document frequencies: `counts` says in how many of `names` names a word
 * occurs. A word in one name per thousand weighs 1; unseen words weigh the most.
 */
export function tokenWeightsFromCounts(counts: ReadonlyMap<string, number>, names: number): TokenWeights {
  const reference = Math.log((names + 1) / (names / 1000 + 1));
  // a slip repeats rarely: a spelling in 1 name in 10,000 (at least 5) is a name
  const knownFrom = Math.max(5, names / 10_000);
  const cache = new Map<string, number>();
  return {
    known: (text) => (counts.get(text) ?? 0) >= knownFrom,
    weight(text, kind) {
      if (kind !== 'word') return FIXED_WEIGHTS[kind];
      let w = cache.get(text);
      if (w === undefined) {
        const idf = Math.log((names + 1) / ((counts.get(text) ?? 0) + 1));
        w = Math.min(MAX_WORD_WEIGHT, Math.max(MIN_WORD_WEIGHT, reference > 0 ? idf / reference : 1));
        if (cache.size < 200_000) cache.set(text, w);
      }
      return w;
    },
  };
}

/**
 * Without loaded lists (comparing two records) and in the service (one set of weights for every
 * index): the most frequent Brazilian given names and surnames (IBGE Censo 2010 rankings), the
 * most frequent Spanish surnames, the given names of translit-tables.ts and the foreign name
 * words most repeated on sanctions lists weigh less; every other word weighs 1.
 */
const COMMON_WORDS = new Set([
  // surnames
  'silva', 'santos', 'souza', 'sousa', 'oliveira', 'pereira', 'lima', 'carvalho', 'ferreira', 'rodrigues', 'almeida', 'costa', 'gomes',
  'martins', 'araujo', 'melo', 'barbosa', 'ribeiro', 'alves', 'cardoso', 'rocha', 'dias', 'nascimento', 'andrade', 'moreira', 'nunes',
  'marques', 'machado', 'mendes', 'freitas', 'cavalcanti', 'monteiro', 'moura', 'lopes', 'soares', 'vieira', 'batista', 'teixeira',
  // given names
  'maria', 'jose', 'ana', 'joao', 'antonio', 'francisco', 'carlos', 'paulo', 'pedro', 'lucas', 'luiz', 'luis', 'marcos', 'gabriel',
  'rafael', 'daniel', 'marcelo', 'bruno', 'eduardo', 'felipe', 'raimundo', 'rodrigo', 'manoel', 'antonia', 'francisca', 'adriana',
  'juliana', 'marcia', 'fernanda', 'patricia', 'aline', 'aparecida', 'sandra', 'camila', 'amanda',
  // Spanish surnames as frequent in Latin America as Silva in Brazil (and their Portuguese
  // spellings agree with them by sound: Rodrigues/Rodriguez, Dias/Diaz, Chaves/Chavez)
  'rodriguez', 'gonzalez', 'hernandez', 'lopez', 'martinez', 'garcia', 'perez', 'sanchez', 'ramirez', 'diaz', 'torres', 'flores',
  'gomez', 'chavez', 'chaves', 'morales', 'jimenez', 'ruiz', 'alvarez', 'castillo', 'vasquez', 'vazquez', 'romero', 'herrera',
  'medina', 'aguilar', 'vargas', 'castro', 'guzman', 'mendoza', 'ortiz', 'moreno', 'rivera', 'reyes', 'cruz', 'gutierrez',
  // foreign name words frequent on sanctions lists
  'mohammad', 'mohammed', 'muhammad', 'mohamed', 'ahmad', 'ahmed', 'ali', 'abdul', 'abd', 'abu', 'hassan', 'hussein', 'husain',
  'ibrahim', 'abdullah', 'abdallah', 'kim', 'ri', 'pak', 'khan',
  // ordinary words of company names: kept, but common
  'grupo', 'nova', 'novo', 'grande', 'geral', 'sistema', 'sistemas', 'brasil', 'brasileira', 'nacional', 'servicos', 'comercial',
  'industrial', 'construtora', 'construcoes', 'engenharia', 'transportes', 'distribuidora', 'alimentos', 'participacoes', 'empreendimentos',
  'bank', 'banco', 'trading', 'international', 'group', 'holding', 'company',
]);
/** given names (translit-tables.ts: frequent Brazilian, Spanish, Italian and Slavic ones) say less than surnames */
for (const name of GENDERED_GIVEN_NAMES) COMMON_WORDS.add(name);
const COMMON_WORD_WEIGHT = 0.6;

export const DEFAULT_TOKEN_WEIGHTS: TokenWeights = {
  weight: (text, kind) => (kind !== 'word' ? FIXED_WEIGHTS[kind] : COMMON_WORDS.has(text) ? COMMON_WORD_WEIGHT : 1),
  known: (text) => COMMON_WORDS.has(text),
};
