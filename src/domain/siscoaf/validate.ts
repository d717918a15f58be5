import { isValidCnpj, isValidCpf } from '../values/document.js';
import type { Cancellation, Involved, Occurrence, Rectification, SiscoafIssue } from './types.js';

export type { SiscoafIssue } from './types.js';

/*
 * The checks Siscoaf is known to make (its error table, notes 1.11, and the field rules of M18, notes
 * 1.4), run before export so that rejections are rare (notes 4.3). Each issue carries Siscoaf's own
 * code, the field path and a pt-BR message. Rules Siscoaf has but that need data the service does not
 * have (segment registration, per-segment minimum values 601–791, uniqueness across past batches: 31,
 * 504) are not checked here.
 */

export interface ValidationContext {
  /** Today in Brasília, 'YYYY-MM-DD' (or dd/mm/aaaa): dates must be before it (error 501). */
  today: string;
  /** The tenant's TpEnv codes (error 26). */
  tpEnv: readonly string[];
  /** The tenant's CodEnq codes (error 22). */
  codEnq: readonly string[];
  /** TpEnv codes that mean "titular" (errors 47, 49); default ['1']. */
  titularCodes?: readonly string[];
  /** Longest word Det may hold (error 515; Siscoaf's `{0}` is not public); default 100. */
  maxWordLength?: number;
}

export const DEFAULT_MAX_WORD_LENGTH = 100;
export const MAX_DET_LENGTH = 200_000;
export const MAX_NUM_OCORRENCIA_LENGTH = 80;
export const MAX_AG_MUN_LENGTH = 50;
export const MAX_NAME_LENGTH = 150;
export const MAX_BRANCH_NAME_LENGTH = 100;
export const MAX_INVOLVED = 10_000;
const EARLIEST = '1994-02-26';
export const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];
const VALUE_TAGS = ['VlCred', 'VlDeb', 'VlProv', 'VlProp'] as const;

const issue = (code: number, field: string, message: string): SiscoafIssue => ({ code, field, message });

/** 'YYYY-MM-DD' of a real dd/mm/aaaa date, or undefined. */
export function isoOfSiscoafDate(value: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return undefined;
  const iso = `${match[3]}-${match[2]}-${match[1]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}

function todayIso(today: string): string {
  const iso = isoOfSiscoafDate(today) ?? (/^\d{4}-\d{2}-\d{2}$/.test(today) ? today : undefined);
  if (iso === undefined) throw new Error(`ValidationContext.today must be the Brasília date as YYYY-MM-DD or dd/mm/aaaa, got "${today}"`);
  return iso;
}

// ---------------------------------------------------------------------------------------------
// Characters

/**
 * Characters Siscoaf cannot take: outside ISO-8859-1 (error 1; the file would otherwise carry '?'), or
 * control characters XML 1.0 forbids (error 506). `&`, `<`, `>` are fine: the builder escapes them.
 */
export function characterIssues(field: string, value: string): SiscoafIssue[] {
  const outside = /[^\u0000-\u00ff]/u.exec(value);
  if (outside) {
    const hex = outside[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return [issue(1, field, `O caractere "${outside[0]}" (U+${hex}) não existe em ISO-8859-1, a codificação do Siscoaf: substitua-o (por exemplo, aspas curvas por aspas retas, travessão por hífen)`)];
  }
  const control = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.exec(value);
  if (control) {
    const hex = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0');
    return [issue(506, field, `Caractere de controle inválido (U+${hex}): remova-o`)];
  }
  return [];
}

// ---------------------------------------------------------------------------------------------
// Fields

function numOcorrenciaIssues(value: string, field = 'NumOcorrencia'): SiscoafIssue[] {
  if (value === '') return [issue(15, field, 'Informe o número da ocorrência (NumOcorrencia)')];
  const found: SiscoafIssue[] = [];
  if (/\s/.test(value)) found.push(issue(93, field, 'O número da ocorrência não pode conter espaços em branco'));
  if (value.length > MAX_NUM_OCORRENCIA_LENGTH) found.push(issue(94, field, `O número da ocorrência tem ${value.length} caracteres; o limite é ${MAX_NUM_OCORRENCIA_LENGTH}`));
  return found;
}

/** A CPF (11) or CNPJ (14) as Siscoaf wants it: no punctuation, check digits right. */
const isCpf = (value: string): boolean => /^\d{11}$/.test(value) && isValidCpf(value);
const isCnpj = (value: string): boolean => /^[0-9A-Z]{12}\d{2}$/.test(value) && isValidCnpj(value);

function comunicanteIssues(value: string): SiscoafIssue[] {
  const field = 'CPFCNPJCom';
  if (value === '') return [issue(42, field, 'Informe o CNPJ do comunicante')];
  if (isCnpj(value)) return [];
  if (isCpf(value)) return [issue(516, field, 'O comunicante de segmento financeiro deve ser informado pelo CNPJ (14 dígitos), não por CPF')];
  if (value.length === 11) return [issue(40, field, 'CPF do comunicante inválido: use 11 dígitos, sem pontuação, com os dígitos verificadores corretos')];
  return [issue(41, field, 'CNPJ do comunicante inválido: use 14 dígitos, sem pontuação, com os dígitos verificadores corretos')];
}

interface DateCodes {
  missing: number;
  /** The code for a date not after 26/02/1994 (99, 100); undefined where the floor does not apply. */
  early?: number;
  name: string;
}

/** A required (or, with `optional`, possibly empty) dd/mm/aaaa date after 26/02/1994 and before today. */
function dateIssues(field: string, value: string, today: string, codes: DateCodes, optional = false): SiscoafIssue[] {
  if (value === '') return optional ? [] : [issue(codes.missing, field, `Informe a ${codes.name} (dd/mm/aaaa)`)];
  const iso = isoOfSiscoafDate(value);
  if (!iso) return [issue(optional ? codes.missing : 500, field, `${capitalize(codes.name)} inválida: "${value}" (use dd/mm/aaaa, uma data que exista)`)];
  if (codes.early !== undefined && iso <= EARLIEST) return [issue(codes.early, field, `A ${codes.name} deve ser posterior a 26/02/1994`)];
  if (iso >= todayIso(today)) return [issue(501, field, `A ${codes.name} deve ser anterior à data de hoje`)];
  return [];
}

const capitalize = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

function periodIssues(occ: Occurrence, today: string): SiscoafIssue[] {
  const start = dateIssues('DtInicio', occ.DtInicio, today, { missing: 10, early: 99, name: 'data de início do fato' });
  const end = dateIssues('DtFim', occ.DtFim, today, { missing: 11, early: 100, name: 'data de fim do fato' });
  const order =
    start.length === 0 && end.length === 0 && isoOfSiscoafDate(occ.DtFim)! < isoOfSiscoafDate(occ.DtInicio)!
      ? [issue(12, 'DtFim', 'A data de fim do fato é anterior à data de início')]
      : [];
  return [...start, ...end, ...order];
}

function placeIssues(occ: Occurrence): SiscoafIssue[] {
  const found: SiscoafIssue[] = [];
  if (occ.AgNum === '') found.push(issue(16, 'AgNum', 'Informe o número da agência (4 dígitos, o sufixo do CNPJ da agência)'));
  else if (!/^\d{4}$/.test(occ.AgNum)) found.push(issue(56, 'AgNum', 'O número da agência deve ter 4 dígitos, referentes ao sufixo do CNPJ da agência'));
  if (occ.AgNome.length > MAX_BRANCH_NAME_LENGTH) {
    found.push(issue(657, 'AgNome', `O nome da agência tem ${occ.AgNome.length} caracteres; o limite é ${MAX_BRANCH_NAME_LENGTH}`));
  }
  if (occ.AgMun.trim() === '') found.push(issue(18, 'AgMun', 'Informe o município do fato'));
  else if (occ.AgMun.length > MAX_AG_MUN_LENGTH) found.push(issue(43, 'AgMun', `O nome do município tem ${occ.AgMun.length} caracteres; o limite é ${MAX_AG_MUN_LENGTH}`));
  if (!UFS.includes(occ.AgUF)) found.push(issue(19, 'AgUF', occ.AgUF === '' ? 'Informe a UF do fato' : `UF inválida: "${occ.AgUF}" (use a sigla, por exemplo SP)`));
  return found;
}

function detIssues(det: string, maxWordLength: number): SiscoafIssue[] {
  if (det.trim() === '') return [issue(20, 'Det', 'Informe o detalhamento da análise (Det)')];
  const found: SiscoafIssue[] = [];
  if (det.length > MAX_DET_LENGTH) {
    found.push(issue(1, 'Det', `O detalhamento tem ${det.length.toLocaleString('pt-BR')} caracteres; o limite do Siscoaf é ${MAX_DET_LENGTH.toLocaleString('pt-BR')}`));
  }
  const long = det.split(/\s+/).find((word) => word.length > maxWordLength);
  if (long !== undefined) {
    found.push(issue(515, 'Det', `O detalhamento tem uma palavra com ${long.length} caracteres ("${long.slice(0, 20)}…"); o limite é ${maxWordLength}: separe-a com espaços`));
  }
  return found;
}

function valueIssues(occ: Occurrence): SiscoafIssue[] {
  const found: SiscoafIssue[] = [];
  for (const tag of VALUE_TAGS) {
    const value = occ[tag];
    if (value === '') found.push(issue(21, tag, `Informe o valor ${tag} em reais inteiros (0 quando não se aplica)`));
    else if (!/^\d+$/.test(value)) found.push(issue(509, tag, `O valor ${tag} deve conter apenas números, em reais inteiros: sem centavos, espaços ou pontuação`));
  }
  if (found.length === 0 && VALUE_TAGS.every((tag) => /^0+$/.test(occ[tag]))) {
    found.push(issue(21, 'VlCred', 'Informe ao menos um valor maior que zero (VlCred, VlDeb, VlProv ou VlProp)'));
  }
  return found;
}

function enquadramentoIssues(codes: readonly string[], known: readonly string[]): SiscoafIssue[] {
  if (codes.length === 0) return [issue(22, 'CodEnq', 'Informe ao menos um código de enquadramento (CodEnq) da tabela da instituição')];
  return codes.flatMap((code, i) =>
    known.includes(code) ? [] : [issue(22, `CodEnq[${i}]`, `Código de enquadramento "${code}" não está na tabela de enquadramentos da instituição`)],
  );
}

// ---------------------------------------------------------------------------------------------
// Involved persons

type PersonKind = 'PF' | 'PJ';

/** PF or PJ of a valid CPFCNPJEnv, undefined when it is not valid. */
function personKind(value: string): PersonKind | undefined {
  if (value === 'PF' || isCpf(value)) return 'PF';
  if (value === 'PJ' || isCnpj(value)) return 'PJ';
  return undefined;
}

const sameName = (name: string): string => name.trim().replace(/\s+/g, ' ').toUpperCase();

function involvedIssues(person: Involved, path: string, ctx: ValidationContext): SiscoafIssue[] {
  const found: SiscoafIssue[] = [];
  const field = (tag: string): string => `${path}.${tag}`;
  if (personKind(person.CPFCNPJEnv) === undefined) {
    found.push(issue(23, field('CPFCNPJEnv'), 'CPF/CNPJ do envolvido inválido: use 11 (CPF) ou 14 (CNPJ) dígitos com zeros à esquerda, sem pontuação, ou PF/PJ quando não se sabe o número'));
  }
  if (person.NmEnv.trim() === '') found.push(issue(24, field('NmEnv'), 'Informe o nome do envolvido'));
  else if (person.NmEnv.length > MAX_NAME_LENGTH) found.push(issue(106, field('NmEnv'), `O nome do envolvido tem ${person.NmEnv.length} caracteres; o limite é ${MAX_NAME_LENGTH}`));
  if (person.TpEnv === '') found.push(issue(25, field('TpEnv'), 'Informe o tipo de envolvimento (TpEnv)'));
  else if (!ctx.tpEnv.includes(person.TpEnv)) found.push(issue(26, field('TpEnv'), `Tipo de envolvimento "${person.TpEnv}" não está na tabela de tipos de envolvimento da instituição`));
  if (!/^\d{0,4}$/.test(person.AgNumEnv)) found.push(issue(658, field('AgNumEnv'), 'O número da agência do envolvido deve ter até 4 dígitos'));
  if (person.AgNomeEnv.length > MAX_BRANCH_NAME_LENGTH) {
    found.push(issue(656, field('AgNomeEnv'), `O nome da agência do envolvido tem ${person.AgNomeEnv.length} caracteres; o limite é ${MAX_BRANCH_NAME_LENGTH}`));
  }
  found.push(...dateIssues(field('DtAbConta'), person.DtAbConta, ctx.today, { missing: 13, name: 'data de abertura da conta' }, true));
  found.push(...dateIssues(field('DtAtuaCad'), person.DtAtuaCad, ctx.today, { missing: 14, name: 'data de atualização do cadastro' }, true));
  if (!['0', '1'].includes(person.PObrigada)) found.push(issue(30, field('PObrigada'), 'Indicador de pessoa obrigada deve ser 0 (não é ou sem informação) ou 1 (é pessoa obrigada)'));
  if (!['0', '1'].includes(person.PEP)) found.push(issue(29, field('PEP'), 'Indicador de PEP deve ser 0 (não é ou sem informação) ou 1 (é PEP)'));
  if (!['0', '1', '2', '3', '4'].includes(person.ServPub)) {
    found.push(issue(28, field('ServPub'), 'Indicador de servidor público deve ser 0 (não é), 1 (servidor público), 2 (federal), 3 (estadual) ou 4 (municipal)'));
  }
  return found;
}

/** Rules over the whole list: 39 none, 49 no titular, 47 PF and PJ titulars mixed, 98 same document with different names. */
function involvedListIssues(people: readonly Involved[], ctx: ValidationContext): SiscoafIssue[] {
  if (people.length === 0) return [issue(39, 'ENVOLVIDOS', 'Informe ao menos um envolvido')];
  if (people.length > MAX_INVOLVED) return [issue(521, 'ENVOLVIDOS', `A comunicação tem ${people.length} envolvidos; o limite do Siscoaf é ${MAX_INVOLVED.toLocaleString('pt-BR')}`)];
  const titularCodes = ctx.titularCodes ?? ['1'];
  const titulars = people.filter((person) => titularCodes.includes(person.TpEnv));
  const found: SiscoafIssue[] = [];
  if (titulars.length === 0) found.push(issue(49, 'ENVOLVIDOS', 'Informe o envolvido titular'));
  const kinds = new Set(titulars.map((person) => personKind(person.CPFCNPJEnv)).filter((kind) => kind !== undefined));
  if (kinds.size > 1) found.push(issue(47, 'ENVOLVIDOS', 'Não pode haver titular pessoa física e titular pessoa jurídica na mesma comunicação (segmento financeiro)'));
  const names = new Map<string, string>();
  people.forEach((person, i) => {
    const doc = person.CPFCNPJEnv;
    if (doc === 'PF' || doc === 'PJ' || doc === '') return;
    const seen = names.get(doc);
    if (seen === undefined) names.set(doc, sameName(person.NmEnv));
    else if (seen !== sameName(person.NmEnv)) found.push(issue(98, `ENVOLVIDOS[${i}].NmEnv`, `O envolvido ${doc} já foi citado nesta comunicação com outro nome`));
  });
  return found;
}

// ---------------------------------------------------------------------------------------------
// Whole occurrences and batches

const TEXT_FIELDS = ['NumOcorrencia', 'CPFCNPJCom', 'DtInicio', 'DtFim', 'AgNum', 'AgNome', 'AgMun', 'AgUF', 'Det', 'VlCred', 'VlDeb', 'VlProv', 'VlProp'] as const;
const INVOLVED_FIELDS = ['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'AgNumEnv', 'AgNomeEnv', 'NumConta', 'DtAbConta', 'DtAtuaCad', 'PObrigada', 'PEP', 'ServPub'] as const;

function occurrenceCharacterIssues(occ: Occurrence): SiscoafIssue[] {
  return [
    ...TEXT_FIELDS.flatMap((tag) => characterIssues(tag, occ[tag])),
    ...occ.CodEnq.flatMap((code, i) => characterIssues(`CodEnq[${i}]`, code)),
    ...occ.ENVOLVIDOS.flatMap((person, i) => INVOLVED_FIELDS.flatMap((tag) => characterIssues(`ENVOLVIDOS[${i}].${tag}`, person[tag]))),
  ];
}

/** Everything known to be wrong with one occurrence, in field order; [] when Siscoaf should take it. */
export function validateOccurrence(occ: Occurrence, ctx: ValidationContext): SiscoafIssue[] {
  return [
    ...occurrenceCharacterIssues(occ),
    ...numOcorrenciaIssues(occ.NumOcorrencia),
    ...comunicanteIssues(occ.CPFCNPJCom),
    ...periodIssues(occ, ctx.today),
    ...placeIssues(occ),
    ...detIssues(occ.Det, ctx.maxWordLength ?? DEFAULT_MAX_WORD_LENGTH),
    ...valueIssues(occ),
    ...enquadramentoIssues(occ.CodEnq, ctx.codEnq),
    ...occ.ENVOLVIDOS.flatMap((person, i) => involvedIssues(person, `ENVOLVIDOS[${i}]`, ctx)),
    ...involvedListIssues(occ.ENVOLVIDOS, ctx),
  ];
}

/** A rectification: the occurrence's rules plus Coaf's number (error 517). */
export function validateRectification(occ: Rectification, ctx: ValidationContext): SiscoafIssue[] {
  const numero = occ.NumeroCOAF.trim() === '' ? [issue(517, 'NumeroCOAF', 'Informe o número da comunicação no Coaf (NumeroCOAF) que está sendo retificada')] : [];
  return [...numero, ...characterIssues('NumeroCOAF', occ.NumeroCOAF), ...validateOccurrence(occ, ctx)];
}

/** A cancellation: origin, Coaf's number, authentication hash and reason (errors 15, 517, 518, 505). */
export function validateCancellation(c: Cancellation): SiscoafIssue[] {
  const found = [
    ...(['NUMEROORIGEM', 'NUMEROCOAF', 'AUTENTICACAO', 'MOTIVO'] as const).flatMap((tag) => characterIssues(tag, c[tag])),
    ...numOcorrenciaIssues(c.NUMEROORIGEM, 'NUMEROORIGEM'),
  ];
  if (c.NUMEROCOAF.trim() === '') found.push(issue(517, 'NUMEROCOAF', 'Informe o número da comunicação no Coaf (NUMEROCOAF)'));
  if (c.AUTENTICACAO.trim() === '') found.push(issue(518, 'AUTENTICACAO', 'Informe o código de autenticação do recibo (AUTENTICACAO)'));
  if (c.MOTIVO.trim() === '') found.push(issue(505, 'MOTIVO', 'Informe o motivo do cancelamento'));
  return found;
}

/**
 * Every occurrence of a batch, field paths prefixed `OCORRENCIA[i].`, plus error 503 for a
 * NumOcorrencia (NUMEROORIGEM) repeated within the batch.
 */
export function validateBatch<T extends Occurrence | Cancellation>(items: readonly T[], check: (item: T) => SiscoafIssue[]): SiscoafIssue[] {
  const seen = new Set<string>();
  return items.flatMap((item, i) => {
    const origin = 'NumOcorrencia' in item ? item.NumOcorrencia : item.NUMEROORIGEM;
    const originTag = 'NumOcorrencia' in item ? 'NumOcorrencia' : 'NUMEROORIGEM';
    const own = check(item).map((found) => ({ ...found, field: `OCORRENCIA[${i}].${found.field}` }));
    const duplicate = origin !== '' && seen.has(origin) ? [issue(503, `OCORRENCIA[${i}].${originTag}`, `Número de ocorrência ${origin} repetido neste lote`)] : [];
    seen.add(origin);
    return [...own, ...duplicate];
  });
}
