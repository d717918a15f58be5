import { SOURCES, type SourceId } from '../../domain/run/catalog.js';
import { LIST_SOURCES } from './lists.js';

/**
 * What a live run needs before going live, one line per live source, list and setting, as
 * `npm run doctor` prints it: each says OK or missing and, when missing, the setting or the
 * command that fixes it. Pure: the caller says which lists are loaded and whether the CNPJ
 * register is; the provider settings are the typed config's.
 */

/** The setting of one source (decisions.md section 3): `SVC_SOURCE_<SOURCE_ID>_URL`. */
export const perSourceSetting = (sourceId: string): string => `SVC_SOURCE_${sourceId.toUpperCase()}_URL`;

/** The command that checks every live source, list and setting. */
export const DOCTOR_COMMAND = 'npm run doctor';

/** The message of a live source answered by no provider: which settings serve it, and the command that checks them. */
export const notConfiguredMessage = (sourceId: string): string =>
  `Nenhum provedor configurado para ${sourceId}: defina ${perSourceSetting(sourceId)} (só esta fonte)${OWN_WAYS[sourceId] ? `, ${OWN_WAYS[sourceId]}` : ''} ou SVC_SOURCE_PROVIDER_URL (todas as fontes) e confira com ${DOCTOR_COMMAND}.`;

/** The sources the service can answer itself, and the setting that makes it (issue 31). */
const OWN_WAYS: Readonly<Record<string, string>> = {
  receita_cpf: 'SVC_SERPRO_CPF=on (Consulta CPF do Serpro, com SVC_SERPRO_CONSUMER_KEY e SVC_SERPRO_CONSUMER_SECRET)',
  tax_debts: 'SVC_PGFN_FETCH=on (a dívida ativa da PGFN importada pelo serviço a cada trimestre)',
};

export interface ReadinessLine {
  kind: 'source' | 'list' | 'setting';
  id: string;
  ok: boolean;
  detail: string;
}

export interface ReadinessInput {
  provider: { baseUrl: string | null; perSource: Readonly<Record<string, string>>; token: string | null };
  biometricUrl: string | null;
  /** Serpro's APIs turned on (SVC_SERPRO_CPF, SVC_SERPRO_DATAVALID) and its gateway; absent: both off */
  serpro?: { cpf: boolean; datavalid: boolean; url: string };
  /** official list ids, with the entries of their loaded version (null: none loaded) */
  lists: readonly { list_id: string; entries: number | null }[];
  /** the CNPJ register's month, or null when no month is loaded */
  registerMonth: string | null;
  /** the PGFN dívida ativa's quarter served (issue 31), or null when none is loaded; absent: not asked */
  pgfnQuarter?: string | null;
  /** the operator token: from SVC_OPERATOR_TOKEN, generated into the data directory, or neither yet */
  operatorToken: 'env' | 'generated' | null;
  publicBaseUrl: { value: string; set: boolean };
}

/** A URL as printed: never its user or password. */
function shown(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return '(URL inválida)';
  }
}

/** A source served by the provider: OK with the setting that serves it, else missing with both settings. */
function providerLine(sourceId: string, input: ReadinessInput): ReadinessLine {
  if (sourceId === 'receita_cpf' && input.serpro?.cpf) return { kind: 'source', id: sourceId, ok: true, detail: `SVC_SERPRO_CPF=on (Consulta CPF, ${shown(input.serpro.url)})` };
  const own = input.provider.perSource[sourceId];
  if (own) return { kind: 'source', id: sourceId, ok: true, detail: `${perSourceSetting(sourceId)}=${shown(own)}` };
  if (input.provider.baseUrl) return { kind: 'source', id: sourceId, ok: true, detail: `SVC_SOURCE_PROVIDER_URL=${shown(input.provider.baseUrl)}/${sourceId}` };
  return { kind: 'source', id: sourceId, ok: false, detail: `defina ${perSourceSetting(sourceId)}${sourceId === 'receita_cpf' ? ', SVC_SERPRO_CPF=on' : ''} ou SVC_SOURCE_PROVIDER_URL` };
}

function sourceLine(sourceId: SourceId, input: ReadinessInput): ReadinessLine {
  const served = LIST_SOURCES[sourceId];
  if (served && sourceId === 'internal_lists') return { kind: 'source', id: sourceId, ok: true, detail: 'listas internas de cada conta' };
  if (served) {
    const loaded = served.lists.filter((id) => (input.lists.find((l) => l.list_id === id)?.entries ?? null) !== null);
    const missing = served.lists.filter((id) => !loaded.includes(id));
    if (loaded.length === 0) return { kind: 'source', id: sourceId, ok: false, detail: `nenhuma lista carregada (${missing.join(', ')}): npm run lists -- import <list_id> <arquivo>` };
    return { kind: 'source', id: sourceId, ok: missing.length === 0, detail: missing.length === 0 ? `listas ${loaded.join(', ')}` : `listas ${loaded.join(', ')}; faltam ${missing.join(', ')}` };
  }
  if (sourceId === 'tax_debts') return taxDebtsLine(input);
  if ((sourceId === 'receita_cnpj' || sourceId === 'partners') && input.registerMonth) return { kind: 'source', id: sourceId, ok: true, detail: `cadastro CNPJ da Receita, mês ${input.registerMonth}` };
  return providerLine(sourceId, input);
}

/** tax_debts: the PGFN quarter the service imported, else a provider, else what to set (not the provider base: the service can answer it itself). */
function taxDebtsLine(input: ReadinessInput): ReadinessLine {
  if (input.pgfnQuarter) return { kind: 'source', id: 'tax_debts', ok: true, detail: `dívida ativa da PGFN, ${input.pgfnQuarter}` };
  const viaProvider = providerLine('tax_debts', input);
  if (viaProvider.ok) return viaProvider;
  return { kind: 'source', id: 'tax_debts', ok: false, detail: `não importada: ${OWN_WAYS['tax_debts']}, ou ${perSourceSetting('tax_debts')}` };
}

/** Every live source, official list and setting, in that order. */
export function liveReadiness(input: ReadinessInput): ReadinessLine[] {
  const sources = (Object.keys(SOURCES) as SourceId[]).map((id) => sourceLine(id, input));
  const lists = input.lists.map(({ list_id, entries }): ReadinessLine => ({
    kind: 'list',
    id: list_id,
    ok: entries !== null,
    detail: entries !== null ? `${entries} registros` : `não carregada: npm run lists -- import ${list_id} <arquivo>`,
  }));
  const settings: ReadinessLine[] = [
    { kind: 'setting', id: 'SVC_OPERATOR_TOKEN', ok: input.operatorToken !== null, detail: input.operatorToken === 'env' ? 'definido' : input.operatorToken === 'generated' ? 'gerado no diretório de dados' : 'ausente: é gerado no primeiro npm start' },
    { kind: 'setting', id: 'SVC_PUBLIC_BASE_URL', ok: input.publicBaseUrl.set, detail: input.publicBaseUrl.set ? input.publicBaseUrl.value : `não definido: links usam ${input.publicBaseUrl.value}` },
    // the base is not needed when every source the provider serves has its own setting
    { kind: 'setting', id: 'SVC_SOURCE_PROVIDER_URL', ok: input.provider.baseUrl !== null || !sources.some((l) => l.detail.startsWith('defina ')), detail: input.provider.baseUrl ? shown(input.provider.baseUrl) : `não definido${Object.keys(input.provider.perSource).length > 0 ? ` (por fonte: ${Object.keys(input.provider.perSource).map(perSourceSetting).join(', ')})` : ''}` },
    { kind: 'setting', id: 'SVC_SOURCE_PROVIDER_TOKEN', ok: true, detail: input.provider.token !== null ? 'definido' : 'não definido (opcional: enviado como Authorization: Bearer)' },
    { kind: 'setting', id: 'SVC_BIOMETRIC_PROVIDER_URL', ok: input.biometricUrl !== null || input.serpro?.datavalid === true, detail: input.biometricUrl ?? (input.serpro?.datavalid ? 'não definido: face_match com cpf pelo Datavalid do Serpro (SVC_SERPRO_DATAVALID=on), passive_liveness responde Error' : 'não definido: a verificação facial ao vivo responde Error (defina SVC_BIOMETRIC_PROVIDER_URL ou SVC_SERPRO_DATAVALID=on)') },
  ];
  return [...sources, ...lists, ...settings];
}

/** One line as printed: `OK      source  receita_cpf  SVC_SOURCE_PROVIDER_URL=…`, or `MISSING`. */
export const readinessText = (line: ReadinessLine): string => `${(line.ok ? 'OK' : 'MISSING').padEnd(8)}${line.kind.padEnd(8)}${line.id.padEnd(28)}${line.detail}`;
