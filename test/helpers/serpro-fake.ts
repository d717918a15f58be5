import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of Serpro's API gateway following its published contract (see the comments of
 * src/adapters/serpro/token.ts, src/adapters/sources/serpro-cpf.ts and
 * src/adapters/biometrics/datavalid.ts):
 * - `POST /token`: Basic base64(key:secret), form `grant_type=client_credentials`, else 401;
 *   answers `{access_token, token_type: "Bearer", expires_in, scope}`.
 * - `GET /consulta-cpf-df/v1/cpf/{ni}` with a valid bearer token, else 401: the CPF's record
 *   (200), or 404 when it has none.
 * - `POST /datavalid/v3/validate/pf-facial` with a valid bearer token: `{key: {cpf}, answer:
 *   {biometria_face: {formato, base64}}}`, answered from `faces` by CPF.
 * `expireTokens()` makes every issued token invalid (the next API call is a 401); `next` answers
 * the next API request (not the token request) with a status instead, `delayMs` delays API answers.
 */
export class FakeSerpro {
  readonly key = 'consumer-key-test';
  readonly secret = 'consumer-secret-test';
  readonly cpfs = new Map<string, { status?: number; body: unknown }>();
  readonly faces = new Map<string, { status: number; body: unknown }>();
  readonly requests: { method: string; path: string; authorization: string | undefined; body: string }[] = [];
  tokensIssued = 0;
  expiresIn = 3600;
  delayMs = 0;
  next: number[] = [];
  private valid = new Set<string>();
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void this.handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  expireTokens(): void {
    this.valid.clear();
  }

  reset(): void {
    this.requests.length = 0;
    this.next = [];
    this.delayMs = 0;
    this.tokensIssued = 0;
    this.expiresIn = 3600;
    this.valid.clear();
  }

  apiCalls(): number {
    return this.requests.filter((r) => r.path !== '/token').length;
  }

  private async handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<void> {
    const path = req.url ?? '';
    this.requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body });
    if (path === '/token') return this.token(req, res, body);
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !this.valid.has(bearer)) return json(res, 401, { error: 'invalid_token', error_description: 'Token inválido ou expirado' });
    if (this.delayMs > 0) await new Promise((r) => setTimeout(r, this.delayMs));
    const forced = this.next.shift();
    if (forced !== undefined) return json(res, forced, { error: 'forced', error_description: `HTTP ${forced}` });
    const cpf = /^\/consulta-cpf-df\/v1\/cpf\/(\d{11})$/.exec(path)?.[1];
    if (cpf && req.method === 'GET') {
      const record = this.cpfs.get(cpf);
      if (!record) return json(res, 404, { error: 'not_found', error_description: 'Não existe CPF com o número de inscrição informado' });
      return json(res, record.status ?? 200, record.body);
    }
    if (path === '/datavalid/v3/validate/pf-facial' && req.method === 'POST') {
      const parsed = JSON.parse(body) as { key?: { cpf?: string }; answer?: { biometria_face?: { base64?: string; formato?: string } } };
      if (!parsed.answer?.biometria_face?.base64 || !parsed.answer.biometria_face.formato) return json(res, 400, { message: 'biometria_face obrigatória' });
      const face = this.faces.get(parsed.key?.cpf ?? '');
      if (!face) return json(res, 422, [{ code: 'DV040', message: 'Face image not found on the databases' }]);
      return json(res, face.status, face.body);
    }
    return json(res, 403, { message: 'Resource forbidden' });
  }

  private token(req: IncomingMessage, res: ServerResponse, body: string): void {
    const basic = `Basic ${Buffer.from(`${this.key}:${this.secret}`).toString('base64')}`;
    const form = new URLSearchParams(body);
    if (req.method !== 'POST' || req.headers.authorization !== basic) return json(res, 401, { error: 'invalid_client' });
    if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return json(res, 415, { error: 'unsupported media type' });
    if (form.get('grant_type') !== 'client_credentials') return json(res, 400, { error: 'unsupported_grant_type' });
    this.tokensIssued++;
    const token = `tok-${this.tokensIssued}`;
    this.valid.add(token);
    json(res, 200, { scope: 'am_application_scope default', token_type: 'Bearer', expires_in: this.expiresIn, access_token: token });
  }
}

const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

/** Consulta CPF's record as published (v1: no dataInscricao). */
export const cpfRecord = (ni: string, nome: string, codigo: string, descricao: string, extra: Record<string, unknown> = {}) => ({
  ni,
  nome,
  situacao: { codigo, descricao },
  nascimento: '14111970',
  ...extra,
});

/** Datavalid pf-facial's 200 with a face similarity. */
export const faceAnswer = (similaridade: number, probabilidade: string) => ({
  cpf_disponivel: true,
  biometria_face: { disponivel: true, probabilidade, similaridade },
});
