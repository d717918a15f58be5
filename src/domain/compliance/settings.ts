import { isCalendarDate, nationalHolidays, type Holiday } from '../calendar/business-days.js';
import { DomainError } from '../shared/decider.js';
import { isReasonCode } from '../siscoaf/cc4001.js';
import { STATES } from '../values/address.js';
import { hasInvisibleCharacters } from '../values/display-text.js';
import { isValidCnpj, normalizeDocument } from '../values/document.js';

export type { Holiday };

export interface ReportingEntity {
  /** 14 characters, unpunctuated */
  cnpj: string;
  name: string;
  ag_num: string;
  ag_nome: string;
  ag_mun: string;
  ag_uf: string;
  default: boolean;
}

export interface CodeEntry {
  code: string;
  label: string;
  segment: string;
  /** where the value comes from, e.g. 'OCC 17/06/2020' or 'instituição' */
  known_from: string;
}

/** What a version holds (what a person edits). */
export interface ComplianceContent {
  holidays: Holiday[];
  reporting_entities: ReportingEntity[];
  tp_env: CodeEntry[];
  cod_enq: CodeEntry[];
  cc4001_cod_enq: Record<string, string>;
  cos_four_eyes: boolean;
}

export interface ComplianceSettings extends ComplianceContent {
  /** 0: the seed, never edited; each change records the next */
  version: number;
}

/** A version and who made it; the seed's is `system`, at no time. */
export interface ComplianceVersion extends ComplianceSettings {
  changed_by: string;
  changed_at: string | null;
  note: string;
}

/** The years of national holidays a tenant starts with. */
export const SEED_YEARS = { from: 2020, to: 2035 } as const;
/** The segment of the seeded codes: institutions supervised by the central bank. */
export const BCB_SEGMENT = 'BCB';

/**
 * `TpEnv` as far as the notes know it for the BCB segment (regulatory notes 1.5): only 1 Titular,
 * the one value every table seen agrees on, not verified for the BCB. `CodEnq` starts empty: the
 * BCB table is not public, the institution copies its codes from its own Siscoaf screen.
 */
const SEED_TP_ENV: readonly CodeEntry[] = [
  { code: '1', label: 'Titular', segment: BCB_SEGMENT, known_from: 'OCC 17/06/2020 (tabela do segmento CNJ; igual em todas as tabelas vistas; não verificado para o BCB)' },
];

export function seedVersion(): ComplianceVersion {
  const years = Array.from({ length: SEED_YEARS.to - SEED_YEARS.from + 1 }, (_, i) => SEED_YEARS.from + i);
  return {
    version: 0,
    holidays: years.flatMap(nationalHolidays),
    reporting_entities: [],
    tp_env: SEED_TP_ENV.map((entry) => ({ ...entry })),
    cod_enq: [],
    cc4001_cod_enq: {},
    cos_four_eyes: false,
    changed_by: 'system',
    changed_at: null,
    note: `Calendário nacional ${SEED_YEARS.from}–${SEED_YEARS.to} e tabelas iniciais`,
  };
}

export const LIMITS = { holidayName: 100, entityName: 150, agNome: 100, agMun: 50, label: 200, segment: 50, knownFrom: 200, note: 500 } as const;

const invalid = (param: string, message: string) => new DomainError('invalid_request', message, param);

/** A text field: trimmed, non-empty unless `optional`, at most `max` characters. */
function text(value: string, param: string, max: number, optional = false): string | DomainError {
  const trimmed = value.trim();
  if (!optional && trimmed === '') return invalid(param, `${param}: obrigatório.`);
  if (trimmed.length > max) return invalid(param, `${param}: no máximo ${max} caracteres.`);
  // shown on the screens and in the history: a bidi override would reorder what a person reads
  if (hasInvisibleCharacters(trimmed)) return invalid(param, `${param}: sem caracteres de controle ou invisíveis (como U+202E).`);
  return trimmed;
}

function holidays(list: readonly Holiday[]): Holiday[] | DomainError {
  const seen = new Set<string>();
  const out: Holiday[] = [];
  for (const [i, h] of list.entries()) {
    if (!isCalendarDate(h.date)) return invalid(`holidays.${i}.date`, `holidays.${i}.date: data inválida (use AAAA-MM-DD).`);
    if (seen.has(h.date)) return invalid(`holidays.${i}.date`, `holidays.${i}.date: a data ${h.date} aparece duas vezes.`);
    seen.add(h.date);
    const name = text(h.name, `holidays.${i}.name`, LIMITS.holidayName);
    if (name instanceof DomainError) return name;
    out.push({ date: h.date, name, kind: h.kind });
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

function entity(e: ReportingEntity, at: string): ReportingEntity | DomainError {
  if (!isValidCnpj(e.cnpj)) return invalid(`${at}.cnpj`, `${at}.cnpj: CNPJ inválido (dígitos verificadores não conferem).`);
  const name = text(e.name, `${at}.name`, LIMITS.entityName);
  if (name instanceof DomainError) return name;
  if (!/^\d{1,4}$/.test(e.ag_num)) return invalid(`${at}.ag_num`, `${at}.ag_num: número da agência com 1 a 4 dígitos.`);
  const agNome = text(e.ag_nome, `${at}.ag_nome`, LIMITS.agNome, true);
  if (agNome instanceof DomainError) return agNome;
  const agMun = text(e.ag_mun, `${at}.ag_mun`, LIMITS.agMun);
  if (agMun instanceof DomainError) return agMun;
  if (!(STATES as readonly string[]).includes(e.ag_uf)) return invalid(`${at}.ag_uf`, `${at}.ag_uf: UF inválida.`);
  return { cnpj: normalizeDocument(e.cnpj), name, ag_num: e.ag_num, ag_nome: agNome, ag_mun: agMun, ag_uf: e.ag_uf, default: e.default };
}

function entities(list: readonly ReportingEntity[]): ReportingEntity[] | DomainError {
  const out: ReportingEntity[] = [];
  for (const [i, e] of list.entries()) {
    const checked = entity(e, `reporting_entities.${i}`);
    if (checked instanceof DomainError) return checked;
    if (out.some((o) => o.cnpj === checked.cnpj)) return invalid(`reporting_entities.${i}.cnpj`, `reporting_entities.${i}.cnpj: CNPJ já cadastrado.`);
    out.push(checked);
  }
  if (out.filter((e) => e.default).length > 1) return invalid('reporting_entities', 'reporting_entities: no máximo um comunicante padrão.');
  return out;
}

/** A code table: numeric codes (`TpEnv` has 2 digits in M18 C17), each once per segment. */
function codes(list: readonly CodeEntry[], field: 'tp_env' | 'cod_enq'): CodeEntry[] | DomainError {
  const shape = field === 'tp_env' ? /^\d{1,2}$/ : /^\d{1,6}$/;
  const out: CodeEntry[] = [];
  for (const [i, c] of list.entries()) {
    const at = `${field}.${i}`;
    if (!shape.test(c.code)) return invalid(`${at}.code`, `${at}.code: código numérico (${field === 'tp_env' ? 'até 2 dígitos' : 'até 6 dígitos'}).`);
    const label = text(c.label, `${at}.label`, LIMITS.label);
    if (label instanceof DomainError) return label;
    const segment = text(c.segment, `${at}.segment`, LIMITS.segment);
    if (segment instanceof DomainError) return segment;
    const knownFrom = text(c.known_from, `${at}.known_from`, LIMITS.knownFrom);
    if (knownFrom instanceof DomainError) return knownFrom;
    if (out.some((o) => o.code === c.code && o.segment === segment)) return invalid(`${at}.code`, `${at}.code: o código ${c.code} já está na tabela deste segmento.`);
    out.push({ code: c.code, label, segment, known_from: knownFrom });
  }
  return out;
}

/** Each mapped reason code a Carta Circular 4.001 item, each target a code of the tenant's `CodEnq` table. */
function mapping(map: Readonly<Record<string, string>>, codEnq: readonly CodeEntry[]): Record<string, string> | DomainError {
  const out: Record<string, string> = {};
  for (const key of Object.keys(map).sort()) {
    const param = `cc4001_cod_enq.${key}`;
    if (!isReasonCode(key)) return invalid(param, `${param}: não é um item da Carta Circular 4.001 (CC4001-<inciso>.<alínea>).`);
    const code = map[key]!;
    if (!codEnq.some((c) => c.code === code)) return invalid(param, `${param}: o CodEnq ${code} não está na tabela de CodEnq.`);
    out[key] = code;
  }
  return out;
}

/** The content normalized (trimmed, CNPJ unpunctuated, holidays by date), or the first field refused. */
export function checkContent(content: ComplianceContent): ComplianceContent | DomainError {
  const h = holidays(content.holidays);
  if (h instanceof DomainError) return h;
  const e = entities(content.reporting_entities);
  if (e instanceof DomainError) return e;
  const tp = codes(content.tp_env, 'tp_env');
  if (tp instanceof DomainError) return tp;
  const ce = codes(content.cod_enq, 'cod_enq');
  if (ce instanceof DomainError) return ce;
  const m = mapping(content.cc4001_cod_enq, ce);
  if (m instanceof DomainError) return m;
  return { holidays: h, reporting_entities: e, tp_env: tp, cod_enq: ce, cc4001_cod_enq: m, cos_four_eyes: content.cos_four_eyes };
}

export const contentOf = (v: ComplianceContent): ComplianceContent => ({
  holidays: v.holidays,
  reporting_entities: v.reporting_entities,
  tp_env: v.tp_env,
  cod_enq: v.cod_enq,
  cc4001_cod_enq: v.cc4001_cod_enq,
  cos_four_eyes: v.cos_four_eyes,
});

/** The note of a change: required, so the history says why. */
export const checkNote = (note: string): string | DomainError => text(note, 'note', LIMITS.note);
