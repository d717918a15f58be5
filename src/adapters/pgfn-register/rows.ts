/**
 * The rows of the PGFN open-data CSVs (LAYOUTS-BR-2.md section 6): `;`-separated, no quotes,
 * a header on line 1 whose names place the fields (three current headers and the 2020 one with
 * `UF_UNIDADE_RESPONSAVEL`), and the identifiers as the register keys them.
 */
import { normalizedText } from '../../domain/screening/match/normalize.js';
import { normalizeDocument } from '../../domain/values/document.js';
import type { Inscription, PgfnSystem } from './port.js';

/** A stored row: the inscription, its lookup key and, for a person, the normalised name it must match. */
export interface InscriptionRow extends Omit<Inscription, 'ajuizado'> {
  /** a company's CNPJ básico (8), a person's middle six CPF digits (6) */
  key: string;
  name_key: string | null;
  ajuizado: 0 | 1 | null;
}

type Field = 'doc' | 'tipo_pessoa' | 'tipo_devedor' | 'nome' | 'uf' | 'unidade' | 'numero' | 'tipo_situacao' | 'situacao' | 'receita' | 'data' | 'ajuizado' | 'valor';

/** Every header name each field may carry, as published across the editions. */
const NAMES: Readonly<Record<Field, readonly string[]>> = {
  doc: ['CPF_CNPJ'],
  tipo_pessoa: ['TIPO_PESSOA'],
  tipo_devedor: ['TIPO_DEVEDOR'],
  nome: ['NOME_DEVEDOR'],
  uf: ['UF_DEVEDOR', 'UF_UNIDADE_RESPONSAVEL'],
  unidade: ['UNIDADE_RESPONSAVEL'],
  numero: ['NUMERO_INSCRICAO'],
  tipo_situacao: ['TIPO_SITUACAO_INSCRICAO'],
  situacao: ['SITUACAO_INSCRICAO'],
  receita: ['RECEITA_PRINCIPAL', 'TIPO_CREDITO'],
  data: ['DATA_INSCRICAO'],
  ajuizado: ['INDICADOR_AJUIZADO'],
  valor: ['VALOR_CONSOLIDADO'],
};
/** the fields without which a row means nothing: a header lacking one is not a PGFN file */
const REQUIRED: readonly Field[] = ['doc', 'nome', 'numero', 'valor'];

export type HeaderMap = Readonly<Record<Field, number>>;

export class PgfnLayoutError extends Error {
  override name = 'PgfnLayoutError';
}

/** The column of each field in this header (-1 when absent); fails naming a required column missing. */
export function headerMap(header: readonly string[], file: string): HeaderMap {
  const names = header.map((h) => h.trim().replace(/^\uFEFF/, '').toUpperCase());
  const map = Object.fromEntries((Object.keys(NAMES) as Field[]).map((f) => [f, names.findIndex((n) => NAMES[f].includes(n))])) as Record<Field, number>;
  const missing = REQUIRED.filter((f) => map[f] < 0);
  if (missing.length) throw new PgfnLayoutError(`${file}: the header lacks ${missing.map((f) => NAMES[f].join(' or ')).join(', ')}`);
  return map;
}

/** The system of a zip or CSV by its name: Não Previdenciário (SIDA), Previdenciário, FGTS. */
export function systemOf(name: string): PgfnSystem | null {
  const n = name.toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (/nao_?previdenciario|sida/.test(n)) return 'nao_previdenciario';
  if (/previdenciario|prev/.test(n)) return 'previdenciario';
  if (/fgts/.test(n)) return 'fgts';
  return null;
}

const text = (value: string | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** `dd/mm/yyyy` as `YYYY-MM-DD`, null when unreadable. */
export function brDate(value: string | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value?.trim() ?? '');
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** VALOR_CONSOLIDADO: `1845220.37` as published, also `1845220,37` and `1.845.220,37`. */
export function valor(value: string | undefined): number | null {
  const raw = value?.trim() ?? '';
  if (raw === '') return null;
  const plain = raw.includes(',') ? raw.replace(/\./g, '').replace(',', '.') : raw;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

const unaccented = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** A person's name as lookups compare it: the screening matcher's normalisation. */
export const nameKey = (name: string): string => normalizedText(name, 'person');

const CNPJ = /^[0-9A-Z]{12}\d{2}$/;
/** `XXX735.623XX` or `***735.623**` (the mask character varies), also without the dot */
const MASKED_CPF = /^[X*]{3}(\d{3})\.?(\d{3})[X*]{2}$/i;

/** The document as stored and its lookup key; null when neither a CNPJ nor a masked (or full) CPF. */
export function documentOf(raw: string | undefined): { documento: string; key: string; pessoa: 'pf' | 'pj' } | null {
  const value = (raw ?? '').trim();
  const masked = MASKED_CPF.exec(value);
  if (masked) return { documento: `***${masked[1]}${masked[2]}**`, key: `${masked[1]}${masked[2]}`, pessoa: 'pf' };
  const doc = normalizeDocument(value);
  if (CNPJ.test(doc)) return { documento: doc, key: doc.slice(0, 8), pessoa: 'pj' };
  if (/^\d{11}$/.test(doc)) return { documento: `***${doc.slice(3, 9)}**`, key: doc.slice(3, 9), pessoa: 'pf' };
  return null;
}

/** What a lookup of `document` (and a person's name) searches: the key and, for a person, the name key. */
export function lookupOf(document: string, name?: string): { key: string; name_key: string | null } | null {
  const doc = normalizeDocument(document);
  if (CNPJ.test(doc)) return { key: doc.slice(0, 8), name_key: null };
  if (/^\d{11}$/.test(doc)) {
    const key = name ? nameKey(name) : '';
    return key ? { key: doc.slice(3, 9), name_key: key } : null;
  }
  return null;
}

/** One CSV record as a stored row, or null when unreadable (counted as rejected). */
export function rowOf(fields: readonly string[], map: HeaderMap, system: PgfnSystem): InscriptionRow | null {
  const at = (f: Field) => (map[f] < 0 ? undefined : fields[map[f]]);
  const doc = documentOf(at('doc'));
  const numero = text(at('numero'));
  const nome = text(at('nome'));
  if (!doc || !numero || !nome) return null;
  const ajuizado = unaccented(at('ajuizado') ?? '').trim();
  return {
    key: doc.key,
    name_key: doc.pessoa === 'pf' ? nameKey(nome) : null,
    system,
    numero,
    documento: doc.documento,
    tipo_pessoa: doc.pessoa,
    tipo_devedor: unaccented(text(at('tipo_devedor')) ?? 'principal'),
    nome,
    uf_devedor: text(at('uf')),
    unidade_responsavel: text(at('unidade')),
    tipo_situacao: text(at('tipo_situacao')),
    situacao: text(at('situacao')),
    receita: text(at('receita')),
    data_inscricao: brDate(at('data')),
    ajuizado: ajuizado === 'sim' ? 1 : ajuizado === 'nao' ? 0 : null,
    valor: valor(at('valor')),
  };
}

/** A stored row as the port's inscription. */
export function inscriptionOf(row: InscriptionRow): Inscription {
  const { key: _key, name_key: _name, ajuizado, ...rest } = row;
  return { ...rest, ajuizado: ajuizado === null ? null : ajuizado === 1 };
}
