import type { Coded, EstablishmentRecord, RegisterView } from '../cnpj-register/port.js';
import type { CheckAnswer } from '../../domain/run/answers.js';
import { compare, DEFAULT_THRESHOLD } from '../../domain/screening/match/score.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../domain/screening/match/weights.js';
import { maskDocument } from '../../domain/values/document.js';
import type { SourceAnswer } from './port.js';

/**
 * `receita_cnpj` from the register: the establishment's card and the checks `cnpj_active` and
 * `name_match`; and what both register answers share (the month read, a CNPJ not found).
 */

export const REGISTER_SOURCE = 'Receita Federal — Dados abertos do CNPJ';

/** What every answer records about the month it read. */
export const registerOf = (view: RegisterView) => ({ source: REGISTER_SOURCE, month: view.month.month, imported_at: view.month.imported_at });

/** Both checks of a source NO_DATA: the CNPJ is not in this month's register. */
export function noRecord(view: RegisterView, checkIds: readonly string[]): SourceAnswer {
  const label = `CNPJ não consta no cadastro da Receita Federal (publicação ${view.month.month})`;
  return {
    status: 'ANSWERED',
    checks: checkIds.map((check_id) => ({ check_id, status: 'NO_DATA', result_code: 'no_record', result_label: label })),
    data: { register: registerOf(view) },
    error_code: null,
    error_message: null,
  };
}

const SITUACOES: Readonly<Record<string, { name: string; label: string }>> = {
  '01': { name: 'NULA', label: 'CNPJ nulo' },
  '02': { name: 'ATIVA', label: 'CNPJ ativo' },
  '03': { name: 'SUSPENSA', label: 'CNPJ suspenso' },
  '04': { name: 'INAPTA', label: 'CNPJ inapto' },
  '08': { name: 'BAIXADA', label: 'CNPJ baixado' },
};

const PORTES: Readonly<Record<string, string>> = { '00': 'Não informado', '01': 'Micro empresa', '03': 'Empresa de pequeno porte', '05': 'Demais' };

/** `code - description`, or what there is of it. */
export const coded = (value: Coded | null): string | null => (value ? (value.description ? `${value.code} - ${value.description}` : value.code) : null);

/** 4711302 -> 4711-3/02, as the sandbox and the Receita's own card print a CNAE subclass. */
const cnaeCode = (code: string): string => (/^\d{7}$/.test(code) ? `${code.slice(0, 4)}-${code[4]}/${code.slice(5)}` : code);
const cep = (value: string | null): string | null => (value && /^\d{8}$/.test(value) ? `${value.slice(0, 5)}-${value.slice(5)}` : value);

/**
 * The owner's CPF at the end of an individual entrepreneur's razão social ("JOÃO DA SILVA
 * 12345678909"): the register publishes it in full, but it is a person's document, and the
 * service shows CPFs masked everywhere; `bare` is the name without it, for name matching.
 */
const TRAILING_CPF = /(^|\s)(\d{3}\.?\d{3}\.?\d{3}-?\d{2})\s*$/;
export function razaoSocial(value: string): { shown: string; bare: string } {
  const match = TRAILING_CPF.exec(value);
  if (!match) return { shown: value, bare: value };
  const head = value.slice(0, match.index + match[1]!.length);
  return { shown: `${head}${maskDocument(match[2]!.replace(/\D/g, ''))}`, bare: head.trim() };
}

/** The cadastral card in the sandbox's shape where they overlap, plus what only the register has. */
function cadastralData(record: EstablishmentRecord, view: RegisterView): Record<string, unknown> {
  const situacao = SITUACOES[record.situacao_cadastral];
  const address = record.endereco;
  const cnaes = [...(record.cnae_principal ? [{ ...record.cnae_principal, primary: true }] : []), ...record.cnaes_secundarios.map((c) => ({ ...c, primary: false }))];
  return {
    razao_social: razaoSocial(record.razao_social).shown,
    nome_fantasia: record.nome_fantasia,
    situacao_cadastral: situacao?.name ?? record.situacao_cadastral,
    data_situacao: record.data_situacao_cadastral,
    motivo_situacao: record.motivo_situacao?.description ?? record.motivo_situacao?.code ?? null,
    ...(record.situacao_especial ? { situacao_especial: record.situacao_especial, data_situacao_especial: record.data_situacao_especial } : {}),
    abertura: record.inicio_atividade,
    natureza_juridica: coded(record.natureza_juridica),
    capital_social: record.capital_social,
    porte: record.porte === null ? null : (PORTES[record.porte] ?? record.porte),
    matriz_filial: record.matriz ? 'Matriz' : 'Filial',
    cnaes: cnaes.map((c) => ({ code: cnaeCode(c.code), description: c.description, primary: c.primary })),
    endereco: {
      logradouro: [address.tipo_logradouro, address.logradouro].filter(Boolean).join(' ') || null,
      numero: address.numero,
      complemento: address.complemento,
      bairro: address.bairro,
      municipio: record.cidade_exterior ?? address.municipio?.description ?? address.municipio?.code ?? null,
      uf: address.uf,
      cep: cep(address.cep),
      ...(record.pais ? { pais: record.pais.description ?? record.pais.code } : {}),
    },
    simples: record.simples,
    register: registerOf(view),
  };
}

export async function cadastralAnswer(view: RegisterView, cnpj: string, name: string): Promise<SourceAnswer> {
  const record = await view.establishment(cnpj);
  if (!record) return noRecord(view, ['cnpj_active', 'name_match']);
  const data = cadastralData(record, view);
  return { status: 'ANSWERED', checks: [activeCheck(record), nameCheck(name, record)], data, error_code: null, error_message: null };
}

function activeCheck(record: EstablishmentRecord): CheckAnswer {
  if (record.situacao_cadastral === '02') return { check_id: 'cnpj_active', status: 'VALID', result_code: 'ativa', result_label: 'CNPJ ativo' };
  const situacao = SITUACOES[record.situacao_cadastral] ?? { name: `código ${record.situacao_cadastral}`, label: 'CNPJ não ativo' };
  const since = record.data_situacao_cadastral ? ` desde ${record.data_situacao_cadastral}` : '';
  const motivo = record.motivo_situacao ? `: ${record.motivo_situacao.description ?? `motivo ${record.motivo_situacao.code}`}` : '';
  return {
    check_id: 'cnpj_active',
    status: 'INVALID',
    result_code: situacao.name.toLowerCase().replace(/\W+/g, '_'),
    result_label: situacao.label,
    severity: 'critical',
    title: `${situacao.label} na Receita Federal`,
    detail: `Situação cadastral ${situacao.name}${since}${motivo}.`,
  };
}

const decimal = (score: number) => score.toFixed(2).replace('.', ',');

/**
 * The run's name against the razão social (without an entrepreneur's CPF) and the nome fantasia,
 * with the screening engine's company matching. A mismatch is `medium`: the name sent is often a
 * trade name or a former razão social, an inconsistency for the analyst to clear, not evidence of
 * a listed party; the template's tier decides whether it blocks.
 */
function nameCheck(name: string, record: EstablishmentRecord): CheckAnswer {
  if (!name) return { check_id: 'name_match', status: 'NO_DATA', result_code: 'no_name', result_label: 'Nome não informado na consulta' };
  const razao = razaoSocial(record.razao_social);
  const names = [razao.bare, record.nome_fantasia].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  const scores = names.map((candidate) => compare({ schema: 'company', name }, { name: candidate }, { threshold: DEFAULT_THRESHOLD, weights: DEFAULT_TOKEN_WEIGHTS }));
  const best = Math.max(0, ...scores.map((s) => s.score));
  if (scores.some((s) => s.match)) return { check_id: 'name_match', status: 'VALID', result_code: 'match', result_label: `Razão social confere (pontuação ${decimal(best)})` };
  const fantasia = record.nome_fantasia ? ` nem com o nome fantasia "${record.nome_fantasia}"` : '';
  return {
    check_id: 'name_match',
    status: 'INVALID',
    result_code: 'mismatch',
    result_label: 'Razão social não confere',
    severity: 'medium',
    title: 'Nome informado diverge do cadastro da Receita Federal',
    detail: `O nome informado "${name}" não confere com a razão social "${razao.shown}"${fantasia} (melhor pontuação ${decimal(best)}, limiar ${decimal(DEFAULT_THRESHOLD)}).`,
  };
}
