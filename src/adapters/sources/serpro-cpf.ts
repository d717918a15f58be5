import got from 'got';
import type { CheckAnswer, Severity } from '../../domain/run/answers.js';
import { compare, DEFAULT_THRESHOLD } from '../../domain/screening/match/score.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../../domain/screening/match/weights.js';
import { isValidCpf, normalizeDocument } from '../../domain/values/document.js';
import { SerproTokenError, withToken, type SerproToken } from '../serpro/token.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';

/**
 * `receita_cpf` answered by Serpro's Consulta CPF, for the tenants that contract it (SVC_SERPRO_CPF=on).
 *
 * Serpro's published contract as relied on here (found with the `search` tool: Serpro's API
 * Center pages were not stored, copies of them were, in github.com/dkbot7/investigacao
 * APIs/SERPRO/01_Consulta_CPF/DOCUMENTACAO_TECNICA.md and the example answer of
 * packagist.org/packages/jeidison/serpro-php):
 * - `GET {gateway}/consulta-cpf-df/v1/cpf/{ni}` (also `/consulta-cpf/v1`, `/consulta-cpf-df/v2`,
 *   `/consulta-cpf-trial/v2`: the path is SVC_SERPRO_CPF_PATH), `Authorization: Bearer <token>`
 *   from the gateway's `/token` (see ../serpro/token.ts), `Accept: application/json`.
 * - 200 (and 206 "partial": `dataInscricao` missing): `{ni, nome, situacao: {codigo, descricao},
 *   nascimento: "DDMMAAAA", obito?: "AAAA", dataInscricao?: "DDMMAAAA", nomeSocial?}`.
 * - situação codes: 0 REGULAR, 2 SUSPENSA, 3 TITULAR FALECIDO, 4 PENDENTE DE REGULARIZAÇÃO,
 *   5 CANCELADA POR MULTIPLICIDADE, 8 NULA, 9 CANCELADA DE OFÍCIO. Any other code is answered
 *   as not regular with the description Serpro sent.
 * - 400 CPF invalid; 401 token invalid or expired (renew and retry); 403 wrong path or not
 *   contracted; 404 no CPF with that number (billed by Serpro); 422 a minor's data withheld by
 *   the LGPD (billed); 500 and 504 server or gateway failures (not billed).
 * Not found: a published death-date field beyond the year (`obito`); error bodies (never read:
 * messages name the status only). The raw JSON is kept as returned under `data.serpro`.
 */
export interface SerproCpfOptions {
  /** the gateway's base URL, e.g. https://gateway.apiserpro.serpro.gov.br */
  baseUrl: string;
  /** the API's path before `/cpf/{ni}` */
  path: string;
  token: SerproToken;
  /** the whole query's deadline, the token included */
  timeoutMs: number;
}

const SOURCE_LABEL = 'Serpro Consulta CPF';

export class SerproCpfSource implements Source {
  constructor(
    private readonly options: SerproCpfOptions,
    /** every other source (and receita_cpf when Serpro is off) */
    private readonly next: Source,
  ) {}

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    if (request.source_id !== 'receita_cpf') return this.next.query(request, signal);
    const cpf = normalizeDocument(String(request.subject.doc));
    if (!isValidCpf(cpf)) return errorAnswer('invalid_document', 'O CPF consultado não é válido.');
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]);
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/${this.options.path.replace(/^\/+|\/+$/g, '')}/cpf/${cpf}`;
    let response;
    try {
      response = await withToken(this.options.token, deadline, (bearer) =>
        got.get(url, {
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
          responseType: 'text',
          throwHttpErrors: false,
          followRedirect: false,
          retry: { limit: 0 },
          signal: deadline,
        }),
      );
    } catch (error) {
      if (deadline.aborted) return errorAnswer('timeout', signal.aborted ? 'A consulta foi interrompida antes de o Serpro responder.' : `O Serpro não respondeu em ${this.options.timeoutMs} ms.`);
      if (error instanceof SerproTokenError) return errorAnswer(error.refused ? 'provider_error' : 'source_unavailable', `${SOURCE_LABEL}: ${error.message}.`);
      const code = (error as { code?: unknown }).code;
      return errorAnswer('source_unavailable', `${SOURCE_LABEL} inacessível (${typeof code === 'string' ? code : 'erro de conexão'}).`);
    }
    return cpfAnswer(response.statusCode, response.body, typeof request.subject.name === 'string' ? request.subject.name : '');
  }
}

/** Serpro's answer (status and body) as the source's answer: checks from the situação, the death, the name. */
export function cpfAnswer(status: number, body: string, name: string): SourceAnswer {
  if (status === 404) return noData('not_found', 'CPF não encontrado na base da Receita Federal');
  if (status === 422) return noData('lgpd_minor', 'Dados de menor de idade não fornecidos (LGPD)');
  if (status === 401 || status === 403) return errorAnswer('provider_error', `${SOURCE_LABEL} recusou o acesso (HTTP ${status}): confira o contrato e SVC_SERPRO_CONSUMER_KEY/SVC_SERPRO_CONSUMER_SECRET.`);
  if (status === 400) return errorAnswer('provider_error', `${SOURCE_LABEL} recusou o CPF consultado (HTTP 400).`);
  if (status >= 500) return errorAnswer('source_unavailable', `${SOURCE_LABEL} indisponível (HTTP ${status}).`);
  if (status !== 200 && status !== 206) return errorAnswer('provider_error', `${SOURCE_LABEL} respondeu HTTP ${status}.`);
  const raw = parseRecord(body);
  if (!raw) return errorAnswer('provider_bad_response', `${SOURCE_LABEL} respondeu um corpo fora do contrato publicado.`);
  const situacao = raw['situacao'] as { codigo: string; descricao?: unknown };
  const obito = typeof raw['obito'] === 'string' && raw['obito'].trim() !== '' ? raw['obito'].trim() : null;
  const data: Record<string, unknown> = {
    name: raw['nome'],
    ...(isoDate(raw['nascimento']) ? { birth_date: isoDate(raw['nascimento']) } : {}),
    situacao_cadastral: typeof situacao.descricao === 'string' ? situacao.descricao : `código ${situacao.codigo}`,
    situacao_codigo: situacao.codigo,
    ...(isoDate(raw['dataInscricao']) ? { inscricao_data: isoDate(raw['dataInscricao']) } : {}),
    ...(obito ? { ano_obito: obito } : {}),
    fonte: SOURCE_LABEL,
    // the evidence: Serpro's JSON as returned
    serpro: raw,
  };
  const checks = [situacaoCheck(situacao.codigo, data['situacao_cadastral'] as string), deathCheck(situacao.codigo, obito), nameCheck(name, String(raw['nome']))];
  return { status: 'ANSWERED', checks, data, error_code: null, error_message: null };
}

/** The body when it holds what the contract says is always there: `nome` and `situacao.codigo`. */
function parseRecord(body: string): Record<string, unknown> | null {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const record = json as Record<string, unknown>;
  const situacao = record['situacao'] as { codigo?: unknown } | undefined;
  if (typeof record['nome'] !== 'string' || typeof situacao !== 'object' || situacao === null) return null;
  if (typeof situacao.codigo === 'number') situacao.codigo = String(situacao.codigo);
  return typeof situacao.codigo === 'string' ? record : null;
}

/** DDMMAAAA as YYYY-MM-DD; anything else is left out of the normalized fields (kept in `serpro`). */
function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{8}$/.test(value)) return null;
  return `${value.slice(4)}-${value.slice(2, 4)}-${value.slice(0, 2)}`;
}

/** Each situação other than regular: its result code, label and severity. */
export const SITUACOES: Readonly<Record<string, { code: string; label: string; severity: Severity }>> = {
  '2': { code: 'suspensa', label: 'CPF suspenso', severity: 'high' },
  '3': { code: 'titular_falecido', label: 'CPF de titular falecido', severity: 'critical' },
  '4': { code: 'pendente_regularizacao', label: 'CPF pendente de regularização', severity: 'medium' },
  '5': { code: 'cancelada_multiplicidade', label: 'CPF cancelado por multiplicidade', severity: 'critical' },
  '8': { code: 'nula', label: 'CPF nulo', severity: 'critical' },
  '9': { code: 'cancelada_oficio', label: 'CPF cancelado de ofício', severity: 'critical' },
};

function situacaoCheck(codigo: string, descricao: string): CheckAnswer {
  if (codigo === '0') return { check_id: 'cpf_regular', status: 'VALID', result_code: 'regular', result_label: 'CPF regular' };
  const known = SITUACOES[codigo] ?? { code: `situacao_${codigo.replace(/\W+/g, '_')}`, label: 'CPF não regular', severity: 'high' as const };
  return {
    check_id: 'cpf_regular',
    status: 'INVALID',
    result_code: known.code,
    result_label: known.label,
    severity: known.severity,
    title: `${known.label} na Receita Federal`,
    detail: `Situação cadastral ${descricao} (código ${codigo}), segundo o Serpro.`,
  };
}

function deathCheck(codigo: string, obito: string | null): CheckAnswer {
  if (!obito && codigo !== '3') return { check_id: 'not_deceased', status: 'VALID', result_code: 'no_death_record', result_label: 'Sem registro de óbito' };
  return {
    check_id: 'not_deceased',
    status: 'INVALID',
    result_code: 'deceased',
    result_label: 'Óbito registrado',
    severity: 'critical',
    title: 'Titular do CPF falecido',
    detail: obito ? `A Receita Federal registra o óbito do titular em ${obito}.` : 'A Receita Federal registra o CPF como de titular falecido.',
  };
}

const decimal = (score: number) => score.toFixed(2).replace('.', ',');

/** The name sent against the register's name, with the screening engine's person matching. */
function nameCheck(name: string, registered: string): CheckAnswer {
  if (!name.trim()) return { check_id: 'name_match', status: 'NO_DATA', result_code: 'no_name', result_label: 'Nome não informado na consulta' };
  const result = compare({ schema: 'person', name }, { name: registered }, { threshold: DEFAULT_THRESHOLD, weights: DEFAULT_TOKEN_WEIGHTS });
  if (result.match) return { check_id: 'name_match', status: 'VALID', result_code: 'match', result_label: `Nome confere (pontuação ${decimal(result.score)})` };
  return {
    check_id: 'name_match',
    status: 'INVALID',
    result_code: 'mismatch',
    result_label: 'Nome não confere',
    severity: 'medium',
    title: 'Nome informado diverge do cadastro da Receita Federal',
    detail: `O nome informado "${name}" não confere com o nome do CPF "${registered}" (pontuação ${decimal(result.score)}, limiar ${decimal(DEFAULT_THRESHOLD)}).`,
  };
}

function noData(result_code: string, result_label: string): SourceAnswer {
  const checks: CheckAnswer[] = ['cpf_regular', 'name_match', 'not_deceased'].map((check_id) => ({ check_id, status: 'NO_DATA', result_code, result_label }));
  return { status: 'ANSWERED', checks, data: { fonte: SOURCE_LABEL }, error_code: null, error_message: null };
}
