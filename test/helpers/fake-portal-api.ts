import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listFixture } from './list-fixtures.js';

/**
 * A local stand-in for the Portal da Transparência API (LAYOUTS-BR-2.md section 1), serving the
 * samples the way the real one does: `GET /api-de-dados/<endpoint>?pagina=N`, 15 records a page,
 * `[]` past the end, the `chave-api-dados` header required (401 with the real JSON body and the
 * CDN's ISO-8859-1 content type otherwise), peps only with a filter besides `pagina` and filtered
 * by the start of exercise. `fault` lets a test answer one request its own way (429, a captcha,
 * a cut body, a hang); every request is logged.
 */
export interface FakePortal {
  server: Server;
  /** `http://127.0.0.1:<port>/api-de-dados` */
  base: string;
  key: string;
  /** the records each endpoint serves (the samples by default) */
  records: Record<string, unknown[]>;
  /** answers the request instead of the normal page when it returns true */
  fault: ((req: IncomingMessage, res: ServerResponse, page: number, endpoint: string) => boolean) | null;
  requests: { url: string; key: string | undefined }[];
  close(): Promise<void>;
}

export const PORTAL_SAMPLES = ['ceis', 'cnep', 'cepim', 'ceaf', 'peps'] as const;

export const portalSample = (endpoint: string): unknown[] => JSON.parse(listFixture(`br2/pt_api_${endpoint}.json`).toString('utf8')) as unknown[];

/** `n` records made from a sample's, each with its own `id`: a register of many pages. */
export function manyRecords(endpoint: string, n: number): unknown[] {
  const sample = portalSample(endpoint) as Record<string, unknown>[];
  return Array.from({ length: n }, (_, i) => ({ ...sample[i % sample.length], id: 1_000_000 + i }));
}

const INVALID_KEY = Buffer.from('{"Erro na API":"Chave de API inválida!"}', 'latin1');
const MISSING_KEY = Buffer.from('{"Erro na API":"Chave de API não informada! Para obter a chave acesse http://www.portaldatransparencia.gov.br/api-de-dados/cadastrar-email"}', 'latin1');

const isoOf = (date: string): string => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : date;
};

export async function fakePortal(key = 'chave-de-teste-0123456789abcdef'): Promise<FakePortal> {
  const portal: FakePortal = {
    server: null as unknown as Server,
    base: '',
    key,
    records: Object.fromEntries(PORTAL_SAMPLES.map((e) => [e, portalSample(e)])),
    fault: null,
    requests: [],
    close: () => new Promise<void>((resolve) => portal.server.close(() => resolve())),
  };
  portal.server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const given = req.headers['chave-api-dados'];
    portal.requests.push({ url: req.url ?? '', key: typeof given === 'string' ? given : undefined });
    const endpoint = url.pathname.replace(/^\/api-de-dados\//, '');
    const page = Number(url.searchParams.get('pagina') ?? '1');
    if (portal.fault?.(req, res, page, endpoint)) return;
    if (!given || given !== portal.key) {
      res.writeHead(401, { 'content-type': 'application/json;charset=ISO-8859-1', 'cache-control': 'public, max-age=7200' });
      return void res.end(given ? INVALID_KEY : MISSING_KEY);
    }
    let records = portal.records[endpoint];
    if (!records || req.method !== 'GET') return void res.writeHead(404).end();
    if (endpoint === 'peps') {
      const from = url.searchParams.get('dataInicioExercicioDe');
      const to = url.searchParams.get('datInicioExercicioAte');
      if (!from && !to) return void res.writeHead(400, { 'content-type': 'application/json' }).end('{"Erro na API":"Informe ao menos um filtro."}');
      records = records.filter((r) => {
        const start = isoOf(String((r as Record<string, unknown>)['dt_inicio_exercicio'] ?? ''));
        return (!from || start >= isoOf(from)) && (!to || start <= isoOf(to));
      });
    }
    const body = JSON.stringify(records.slice((page - 1) * 15, page * 15));
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=7200, must-revalidate' }).end(body);
  });
  await new Promise<void>((resolve) => portal.server.listen(0, '127.0.0.1', resolve));
  portal.base = `http://127.0.0.1:${(portal.server.address() as AddressInfo).port}/api-de-dados`;
  return portal;
}

/** A fake clock for the spacing and the backoff: sleeping moves it, nothing waits. */
export function fakeTimer(start = 0): { now(): number; sleep(ms: number): Promise<void>; slept: number[] } {
  let now = start;
  const slept: number[] = [];
  return {
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
    slept,
  };
}
