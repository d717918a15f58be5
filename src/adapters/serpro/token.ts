import got from 'got';

/**
 * The OAuth2 client-credentials token of Serpro's API gateway, shared by Consulta CPF and Datavalid.
 *
 * Serpro's published contract, as relied on here (found with the `search` tool; Serpro's own
 * pages were not in the stored corpus, only copies of them):
 * - "Como autenticar na API" (Serpro API Center quick guide, apicenter.estaleiro.serpro.gov.br):
 *   the Consumer Key and Consumer Secret of the contract, from https://cliente.serpro.gov.br.
 * - `POST https://gateway.apiserpro.serpro.gov.br/token`, header `Authorization: Basic
 *   base64(key:secret)`, `Content-Type: application/x-www-form-urlencoded`, body
 *   `grant_type=client_credentials`; answer 200 `{scope, token_type: "Bearer", expires_in: 3600,
 *   access_token}` (copied in github.com/dkbot7/investigacao APIs/SERPRO/01_Consulta_CPF/
 *   DOCUMENTACAO_TECNICA.md). "Renew when an API answers HTTP 401" (same page).
 * Not found: the token endpoint's error body. Any non-200, or a 200 without a string
 * `access_token`, is a refusal named by its status only.
 *
 * The token is cached until `refreshMarginMs` before it expires (`expires_in`, 3600 s when
 * absent), and dropped on a 401 of an API (`invalidate`) so the next call fetches a new one.
 * Concurrent callers share one token request. The key and secret never appear in an error.
 */
export interface SerproTokenOptions {
  tokenUrl: string;
  consumerKey: string;
  consumerSecret: string;
  timeoutMs: number;
  /** refresh this long before expiry (default 60 s) */
  refreshMarginMs?: number;
  now?: () => number;
}

export class SerproTokenError extends Error {
  constructor(
    message: string,
    /** the token endpoint refused the credentials (401/403/400), as opposed to being unreachable */
    readonly refused: boolean,
  ) {
    super(message);
  }
}

export class SerproToken {
  private cached: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: SerproTokenOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A valid token: the cached one, else a new one. Throws `SerproTokenError`. */
  async get(signal?: AbortSignal): Promise<string> {
    if (this.cached && this.now() < this.cached.expiresAt) return this.cached.token;
    this.pending ??= this.fetch(signal).finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Drops the token an API refused (401), unless another one replaced it already. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = null;
  }

  private async fetch(signal?: AbortSignal): Promise<string> {
    const basic = Buffer.from(`${this.options.consumerKey}:${this.options.consumerSecret}`).toString('base64');
    let response;
    try {
      response = await got.post(this.options.tokenUrl, {
        body: 'grant_type=client_credentials',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        responseType: 'text',
        throwHttpErrors: false,
        followRedirect: false,
        retry: { limit: 0 },
        timeout: { request: this.options.timeoutMs },
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new SerproTokenError(`o endpoint de token do Serpro não respondeu (${typeof code === 'string' ? code : 'erro de conexão'})`, false);
    }
    if (response.statusCode !== 200) {
      const refused = response.statusCode >= 400 && response.statusCode < 500;
      throw new SerproTokenError(
        refused
          ? `o Serpro recusou as credenciais (HTTP ${response.statusCode} no endpoint de token): confira SVC_SERPRO_CONSUMER_KEY e SVC_SERPRO_CONSUMER_SECRET`
          : `o endpoint de token do Serpro respondeu HTTP ${response.statusCode}`,
        refused,
      );
    }
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = JSON.parse(response.body) as typeof body;
    } catch {
      throw new SerproTokenError('o endpoint de token do Serpro respondeu um corpo que não é JSON', false);
    }
    if (typeof body?.access_token !== 'string' || body.access_token === '') throw new SerproTokenError('o endpoint de token do Serpro respondeu sem access_token', false);
    const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
    const margin = Math.min(this.options.refreshMarginMs ?? 60_000, (expiresIn * 1000) / 2);
    this.cached = { token: body.access_token, expiresAt: this.now() + expiresIn * 1000 - margin };
    return body.access_token;
  }
}

/** A GET or POST with the gateway's bearer token; a 401 drops the token and tries once more with a new one. */
export async function withToken<T extends { statusCode: number }>(token: SerproToken, signal: AbortSignal, call: (bearer: string) => Promise<T>): Promise<T> {
  const first = await token.get(signal);
  const response = await call(first);
  if (response.statusCode !== 401) return response;
  token.invalidate(first);
  return call(await token.get(signal));
}
