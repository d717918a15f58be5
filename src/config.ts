import { resolve } from 'node:path';
import { defaultPollSeconds } from './domain/list/info.js';

/** The service's configuration, read once at start; nothing else reads process.env. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  eventStore: { kind: 'sqlite' } | { kind: 'esdb'; connectionString: string } | { kind: 'postgres'; connectionString: string };
  /** the read models, and beside them the work queue and the subject keys */
  readStore: { kind: 'sqlite' } | { kind: 'mongo'; connectionString: string } | { kind: 'postgres'; connectionString: string };
  blobStore: 'fs' | 'gridfs' | 'postgres';
  operatorToken: string | null;
  /** keys the hashes of idempotency keys and document lookups; generated into dataDir when unset */
  secretKey: string | null;
  publicBaseUrl: string;
  webhookAllowInsecure: boolean;
  sandboxLatencyMs: number;
  chromiumPath: string | null;
  seedDemo: boolean;
  defaultRateLimitPerMinute: number;
  logRequests: boolean;
  /** trust X-Forwarded-For for the client address (behind a proxy) */
  trustProxy: boolean;
  /** generic provider protocol for live sources (decisions section 3) */
  sourceProvider: { baseUrl: string | null; perSource: Record<string, string>; token: string | null; timeoutMs: number };
  /** years personal data is kept after a subject's last activity before a requested erasure runs */
  retentionYears: number;
  /** live biometric provider (decisions section 3) */
  biometricProvider: { url: string | null; token: string | null };
  /** the work queue's worker: items at once, lease held per claim, longest sleep between looks */
  work: { concurrency: number; leaseMs: number; pollMs: number };
  /**
   * scheduled fetching of the official lists (`SVC_LISTS_REFRESH=off` for air-gapped installs), their
   * URLs and poll periods in seconds (`SVC_LISTS_POLL_SECONDS` for all, `SVC_LIST_<LIST_ID>_POLL_SECONDS` for one)
   */
  lists: {
    refresh: boolean;
    urls: Readonly<Record<string, readonly string[]>>;
    pollSeconds: Readonly<Record<string, number>>;
    fetchTimeoutMs: number;
    maxBytes: number;
    maxUnzippedBytes: number;
    /** `SVC_LISTS_USER_AGENT`: what the list fetcher calls itself */
    userAgent: string;
  };
  /** how often monitored customers are swept for periodic review (screening.md section 6) */
  periodicReview: { intervalMs: number };
  /** GET /readyz: the most events any processor may be behind the log's head while ready */
  readyMaxLagEvents: number;
  /** `SVC_KEY_CACHE_MAX`: plaintext subject keys an instance keeps in memory at most (an LRU, zero-filled on eviction) */
  keyCacheMax: number;
  /**
   * the Receita Federal CNPJ register: the monthly fetch of its open-data folder (off unless
   * `SVC_CNPJ_FETCH=on`: tens of gigabytes a month), the folder, where downloads are kept
   */
  cnpj: { fetch: boolean; url: string; dir: string };
  /**
   * Serpro's APIs for the tenants that contract them (issue 31): Consulta CPF answers receita_cpf
   * (`SVC_SERPRO_CPF=on`), Datavalid pf-facial the live face match (`SVC_SERPRO_DATAVALID=on`). The
   * consumer key and secret are secrets: never logged, never in an error or a readiness line.
   */
  serpro: SerproConfig;
  /**
   * the Portal da Transparência API (issue 31): with a key, the scheduled fetch of CEIS, CNEP,
   * CEPIM, CEAF and PEP pages the API instead of downloading the files (the files stay the
   * fallback without one). The key is a secret: never logged, never in an error or an event.
   */
  portalTransparencia: { url: string; key: string | null; requestsPerMinute: number };
  /**
   * the PGFN dívida ativa (issue 31): the monthly look for a new quarter folder (off unless
   * `SVC_PGFN_FETCH=on`: gigabytes a quarter), the open-data host, where downloads are kept
   */
  pgfn: { fetch: boolean; url: string; dir: string };
}

export interface SerproConfig {
  /** the API gateway (SVC_SERPRO_URL) */
  url: string;
  /** the OAuth2 token endpoint (SVC_SERPRO_TOKEN_URL, default `{url}/token`) */
  tokenUrl: string;
  consumerKey: string | null;
  consumerSecret: string | null;
  cpf: boolean;
  /** Consulta CPF's path before `/cpf/{ni}` (SVC_SERPRO_CPF_PATH) */
  cpfPath: string;
  datavalid: boolean;
  /** Datavalid's pf-facial path (SVC_SERPRO_DATAVALID_PATH) */
  datavalidPath: string;
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

/** postgres:// or postgresql://, as libpq spells them */
const POSTGRES_URL = /^postgres(ql)?:\/\//;

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const eventStore = env['SVC_EVENTSTORE'] ?? 'sqlite';
  const readStore = env['SVC_READSTORE'] ?? 'sqlite';
  const blobStore = env['SVC_BLOBSTORE'] ?? 'fs';
  // the 6.2.1 client parses only esdb:// (it reaches KurrentDB 24/25 servers too); its successor,
  // which reads kurrentdb://, needs a native bridge downloaded per platform
  if (/^kurrentdb(\+discover)?:\/\//.test(eventStore)) {
    throw new ConfigError('SVC_EVENTSTORE: kurrentdb:// is not supported; write the same address as esdb:// (or esdb+discover://), which also reaches KurrentDB servers');
  }
  if (eventStore !== 'sqlite' && !/^esdb(\+discover)?:\/\//.test(eventStore) && !POSTGRES_URL.test(eventStore)) {
    throw new ConfigError('SVC_EVENTSTORE must be sqlite, an esdb:// or a postgres:// connection string');
  }
  if (readStore !== 'sqlite' && !/^mongodb(\+srv)?:\/\//.test(readStore) && !POSTGRES_URL.test(readStore)) {
    throw new ConfigError('SVC_READSTORE must be sqlite, a mongodb:// or a postgres:// connection string');
  }
  if (blobStore !== 'fs' && blobStore !== 'gridfs' && blobStore !== 'postgres') throw new ConfigError('SVC_BLOBSTORE must be fs, gridfs or postgres');
  if (blobStore === 'gridfs' && !/^mongodb/.test(readStore)) throw new ConfigError('SVC_BLOBSTORE=gridfs needs a mongodb:// SVC_READSTORE');
  if (blobStore === 'postgres' && !POSTGRES_URL.test(readStore)) throw new ConfigError('SVC_BLOBSTORE=postgres needs a postgres:// SVC_READSTORE');
  const dataDir = resolve(env['SVC_DATA_DIR'] ?? './data');
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    dataDir,
    eventStore: eventStore === 'sqlite' ? { kind: 'sqlite' } : { kind: POSTGRES_URL.test(eventStore) ? 'postgres' : 'esdb', connectionString: eventStore },
    readStore: readStore === 'sqlite' ? { kind: 'sqlite' } : { kind: POSTGRES_URL.test(readStore) ? 'postgres' : 'mongo', connectionString: readStore },
    blobStore,
    operatorToken: env['SVC_OPERATOR_TOKEN'] || null,
    secretKey: env['SVC_SECRET_KEY'] || null,
    publicBaseUrl: (env['SVC_PUBLIC_BASE_URL'] ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    webhookAllowInsecure: boolean(env, 'SVC_WEBHOOK_ALLOW_INSECURE', false),
    sandboxLatencyMs: integer(env, 'SVC_SANDBOX_LATENCY_MS', 50, 0, 60_000),
    chromiumPath: env['SVC_CHROMIUM_PATH'] || null,
    seedDemo: boolean(env, 'SVC_SEED_DEMO', true),
    defaultRateLimitPerMinute: integer(env, 'SVC_RATE_LIMIT_PER_MINUTE', 600, 1, 1_000_000),
    logRequests: boolean(env, 'SVC_LOG_REQUESTS', true),
    trustProxy: boolean(env, 'SVC_TRUST_PROXY', false),
    sourceProvider: {
      baseUrl: (env['SVC_SOURCE_PROVIDER_URL'] || '').replace(/\/+$/, '') || null,
      perSource: Object.fromEntries(
        Object.entries(env)
          .filter(([name, value]) => /^SVC_SOURCE_[A-Z_]+_URL$/.test(name) && name !== 'SVC_SOURCE_PROVIDER_URL' && value)
          .map(([name, value]) => [name.slice('SVC_SOURCE_'.length, -'_URL'.length).toLowerCase(), value as string]),
      ),
      token: env['SVC_SOURCE_PROVIDER_TOKEN'] || null,
      timeoutMs: integer(env, 'SVC_SOURCE_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    retentionYears: integer(env, 'SVC_RETENTION_YEARS', 5, 0, 100),
    lists: {
      refresh: env['SVC_LISTS_REFRESH'] !== 'off',
      urls: listUrls(env),
      // the TCU's firewall may refuse a non-browser agent (LAYOUTS-BR-2.md 3.1)
      userAgent: env['SVC_LISTS_USER_AGENT']?.trim() || 'kyc-svc list fetcher',
      pollSeconds: listPollSeconds(env),
      fetchTimeoutMs: integer(env, 'SVC_LISTS_FETCH_TIMEOUT_MS', 60_000, 100, 3_600_000),
      maxBytes: integer(env, 'SVC_LISTS_MAX_BYTES', 512 * 1024 * 1024, 1024, 4 * 1024 * 1024 * 1024),
      // all files of a version once unzipped, uploaded or fetched: held in memory while parsed
      maxUnzippedBytes: integer(env, 'SVC_LISTS_MAX_UNZIPPED_BYTES', 512 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    },
    work: {
      concurrency: integer(env, 'SVC_WORK_CONCURRENCY', 64, 1, 10_000),
      leaseMs: integer(env, 'SVC_WORK_LEASE_MS', 10_000, 100, 3_600_000),
      pollMs: integer(env, 'SVC_WORK_POLL_MS', 1_000, 10, 60_000),
    },
    periodicReview: { intervalMs: integer(env, 'SVC_PERIODIC_REVIEW_INTERVAL_MS', 3_600_000, 1_000, 7 * 86_400_000) },
    readyMaxLagEvents: integer(env, 'SVC_READY_MAX_LAG_EVENTS', 1000, 0, Number.MAX_SAFE_INTEGER),
    keyCacheMax: integer(env, 'SVC_KEY_CACHE_MAX', 100_000, 1, 100_000_000),
    biometricProvider: { url: env['SVC_BIOMETRIC_PROVIDER_URL'] || null, token: env['SVC_BIOMETRIC_PROVIDER_TOKEN'] || null },
    cnpj: { fetch: onOff(env, 'SVC_CNPJ_FETCH', false), url: httpUrl(env, 'SVC_CNPJ_URL', RECEITA_CNPJ_FOLDER), dir: resolve(dataDir, 'cnpj') },
    serpro: serproConfig(env),
    portalTransparencia: {
      url: httpUrl(env, 'SVC_PORTAL_TRANSPARENCIA_URL', PORTAL_TRANSPARENCIA_API).replace(/\/+$/, ''),
      key: env['SVC_PORTAL_TRANSPARENCIA_KEY']?.trim() || null,
      // the published limit is 400/min (700/min from 00:00 to 06:00 Brasília) and going over can suspend the key: 300 keeps a margin
      requestsPerMinute: integer(env, 'SVC_PORTAL_TRANSPARENCIA_RATE_PER_MINUTE', 300, 1, 100_000),
    },
    pgfn: { fetch: onOff(env, 'SVC_PGFN_FETCH', false), url: httpUrl(env, 'SVC_PGFN_URL', PGFN_OPEN_DATA), dir: resolve(dataDir, 'pgfn-downloads') },
  };
}

/** Serpro's API gateway (its quick guide: https://gateway.apiserpro.serpro.gov.br, token at /token). */
export const SERPRO_GATEWAY = 'https://gateway.apiserpro.serpro.gov.br';

/**
 * `SVC_SERPRO_*`. With `SVC_SERPRO_CPF=on` or `SVC_SERPRO_DATAVALID=on`, the consumer key and
 * secret are required (start-up stops naming the missing one). Precedence for receita_cpf:
 * `SVC_SERPRO_CPF=on` serves it before `SVC_SOURCE_PROVIDER_URL`; set together with
 * `SVC_SOURCE_RECEITA_CPF_URL` (two explicit choices for one source) start-up stops.
 */
function serproConfig(env: Env): SerproConfig {
  const url = httpUrl(env, 'SVC_SERPRO_URL', SERPRO_GATEWAY).replace(/\/+$/, '');
  const cpf = onOff(env, 'SVC_SERPRO_CPF', false);
  const datavalid = onOff(env, 'SVC_SERPRO_DATAVALID', false);
  const consumerKey = env['SVC_SERPRO_CONSUMER_KEY']?.trim() || null;
  const consumerSecret = env['SVC_SERPRO_CONSUMER_SECRET']?.trim() || null;
  if (cpf || datavalid) {
    const on = cpf ? 'SVC_SERPRO_CPF=on' : 'SVC_SERPRO_DATAVALID=on';
    if (!consumerKey) throw new ConfigError(`${on} needs SVC_SERPRO_CONSUMER_KEY (the Consumer Key of the Serpro contract, from https://cliente.serpro.gov.br)`);
    if (!consumerSecret) throw new ConfigError(`${on} needs SVC_SERPRO_CONSUMER_SECRET (the Consumer Secret of the Serpro contract, from https://cliente.serpro.gov.br)`);
  }
  if (cpf && env['SVC_SOURCE_RECEITA_CPF_URL']) {
    throw new ConfigError('SVC_SERPRO_CPF=on and SVC_SOURCE_RECEITA_CPF_URL both choose who answers receita_cpf: set only one');
  }
  return {
    url,
    tokenUrl: httpUrl(env, 'SVC_SERPRO_TOKEN_URL', `${url}/token`),
    consumerKey,
    consumerSecret,
    cpf,
    cpfPath: env['SVC_SERPRO_CPF_PATH']?.trim() || '/consulta-cpf-df/v1',
    datavalid,
    datavalidPath: env['SVC_SERPRO_DATAVALID_PATH']?.trim() || '/datavalid/v3/validate/pf-facial',
    timeoutMs: integer(env, 'SVC_SERPRO_TIMEOUT_MS', 10_000, 100, 120_000),
  };
}

function onOff(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be on or off`);
}

/** An http(s) URL: anything else (a typo, a file: URL) would only fail at the first fetch, a month later. */
function httpUrl(env: Env, name: string, fallback: string): string {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an http(s) URL`);
  return url.href;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new ConfigError(`${name} must be true or false`);
}

/** The PGFN's open-data host of the dívida ativa: one `YYYY_trimestre_0Q/` folder a quarter. */
export const PGFN_OPEN_DATA = 'https://dadosabertos.pgfn.gov.br/';

/** The Receita Federal's open-data folder of the CNPJ register: one `YYYY-MM/` folder a month. */
export const RECEITA_CNPJ_FOLDER = 'https://arquivos.receitafederal.gov.br/dados/cnpj/dados_abertos_cnpj/';

const CGU = 'https://dadosabertos-download.cgu.gov.br/PortalDaTransparencia/saida';
/** The Portal da Transparência REST API (LAYOUTS-BR-2.md section 1). */
export const PORTAL_TRANSPARENCIA_API = 'https://api.portaldatransparencia.gov.br/api-de-dados';
const OFAC = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports';
const BCB_OLINDA = 'https://olinda.bcb.gov.br/olinda/servico/Gepad_QuadrosGeraisInternet/versao/v1/odata';

/** The official URLs (LAYOUTS.md), one per file; `{YYYYMMDD}` / `{YYYYMM}` are tried for today and earlier. */
export const DEFAULT_LIST_URLS: Readonly<Record<string, readonly string[]>> = {
  ofac_sdn: ['sdn.csv', 'add.csv', 'alt.csv', 'sdn_comments.csv'].map((f) => `${OFAC}/${f}`),
  un_sc: ['https://scsanctions.un.org/resources/xml/en/consolidated.xml'],
  eu_fsf: ['https://webgate.ec.europa.eu/fsd/fsf/public/files/csvFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw'],
  uk_fcdo: ['https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.csv'],
  br_ceis: [`${CGU}/ceis/{YYYYMMDD}_CEIS.zip`],
  br_cnep: [`${CGU}/cnep/{YYYYMMDD}_CNEP.zip`],
  br_cepim: [`${CGU}/cepim/{YYYYMMDD}_CEPIM.zip`],
  br_ceaf: [`${CGU}/ceaf/{YYYYMMDD}_CEAF.zip`],
  br_pep: [`${CGU}/pep/{YYYYMM}_PEP.zip`],
  br_trabalho_escravo: ['https://www.gov.br/trabalho-e-emprego/pt-br/assuntos/inspecao-do-trabalho/areas-de-atuacao/cadastro_de_empregadores.csv'],
  // POST with `{}` (LIST_REQUESTS in adapters/lists/fetcher.ts; LAYOUTS-BR-2.md 3.1)
  br_tcu_inabilitados: ['https://certidoes.apps.tcu.gov.br/api/publico/responsaveis-inabilitados'],
  br_tcu_inidoneos: ['https://certidoes.apps.tcu.gov.br/api/publico/responsaveis-inidoneos'],
  br_bcb_qgi: [`${BCB_OLINDA}/QuadroGeralInabilitados?$format=json&$top=200000`],
  br_bcb_qgp: [`${BCB_OLINDA}/QuadroGeralProibidos?$format=json&$top=200000`],
  br_ibama_embargos: ['https://stibamadadosabertosprd.blob.core.windows.net/dados-abertos/dados/TERMOS_DE_EMBARGO/TERMO_EMBARGO/termo_de_embargo.csv'],
};

/** `SVC_LIST_<LIST_ID>_URL` overrides a list's URLs (several files: separated by spaces). */
function listUrls(env: Record<string, string | undefined>): Record<string, readonly string[]> {
  return Object.fromEntries(
    Object.entries(DEFAULT_LIST_URLS).map(([listId, urls]) => {
      const override = env[`SVC_LIST_${listId.toUpperCase()}_URL`]?.trim();
      return [listId, override ? override.split(/\s+/) : urls];
    }),
  );
}

/** From once a second (a test, a local mirror) to once a week; anything else is a typo worth stopping for. */
export const LIST_POLL_SECONDS_BOUNDS = { min: 1, max: 7 * 86_400 } as const;

/**
 * Each list's poll period: its default (LIST_INFO: 300 s for the sanctions lists, 3600 s for the
 * Brazilian ones), `SVC_LISTS_POLL_SECONDS` for every list, `SVC_LIST_<LIST_ID>_POLL_SECONDS` for one.
 */
function listPollSeconds(env: Env): Record<string, number> {
  const { min, max } = LIST_POLL_SECONDS_BOUNDS;
  return Object.fromEntries(
    Object.keys(DEFAULT_LIST_URLS).map((listId) => {
      const all = integer(env, 'SVC_LISTS_POLL_SECONDS', defaultPollSeconds(listId), min, max);
      return [listId, integer(env, `SVC_LIST_${listId.toUpperCase()}_POLL_SECONDS`, all, min, max)];
    }),
  );
}
