import got from 'got';
import { randomUUID } from 'node:crypto';
import { SerproTokenError, withToken, type SerproToken } from '../serpro/token.js';
import { errorResult, type BiometricProvider, type FacialCheck, type FacialCheckResult, type FacialImage } from './port.js';

/**
 * The live face match by Serpro's Datavalid `pf-facial` (SVC_SERPRO_DATAVALID=on): the selfie
 * against the photo of the person's CNH in the Senatran base, found by CPF. Only `face_match`
 * with a CPF goes to Datavalid; every other check (passive liveness, a face match against an
 * uploaded reference image) goes to the next provider.
 *
 * Serpro's published contract as relied on here (found with the `search` tool):
 * - `POST {gateway}/datavalid/v3/validate/pf-facial` (SVC_SERPRO_DATAVALID_PATH; the same path
 *   under `/datavalid-demonstracao/v3` and `/datavalid/vbeta1` in clients' code), bearer token of
 *   the gateway (../serpro/token.ts), JSON body `{key: {cpf}, answer: {biometria_face: {formato:
 *   "jpg"|"png", base64}}}` (clients' code, e.g. the `PFFacialBiometryBody` of a TypeScript
 *   client, and the example answers copied from apidocs.datavalidp.estaleiro.serpro.gov.br).
 * - 200: `{cpf_disponivel, ..., biometria_face: {disponivel, probabilidade, similaridade}}`,
 *   `similaridade` from 0 to 1, `probabilidade` e.g. "Altíssima probabilidade", "Alta
 *   probabilidade", "Baixa probabilidade".
 * - HTTP codes (https://apidocs.datavalidp.estaleiro.serpro.gov.br/en/codigos_erros/): only 200
 *   is billed; 204, 400, 401, 403, 413 (request over 3 MB), 422, 500, 502, 503, 504 are not.
 *   422 carries DV codes: DV000 invalid basic data, DV001 minor (LGPD), DV002 base data below
 *   the minimum for validation, DV010 invalid CPF, DV040 face image not found in the bases,
 *   DV041 no face recognised in the image, DV042 invalid face image size, DV043 image corrupted
 *   or not JPG/PNG, DV044 base64 unreadable, DV045 poor image quality.
 * Not found: the exact shape of the 422 body (the DV code is looked for in any `code`/`codigo`
 * field, else anywhere in the text); a datavalid liveness on pf-facial (not used).
 *
 * Bands of `similaridade` (issue 31): >= 0.93 muito alta, 0.85 to 0.93 alta (Approved), 0.32
 * to 0.85 baixa (Declined), below 0.32 no match (Declined). A check Datavalid did not complete
 * (DV040 among them) is `Error`, which is never billed (commands/facial.ts `succeeded`).
 */
export interface DatavalidOptions {
  baseUrl: string;
  path: string;
  token: SerproToken;
  timeoutMs: number;
}

/** The DV codes of a 422, in pt-BR, as the check's message. */
export const DV_MESSAGES: Readonly<Record<string, string>> = {
  DV000: 'dados enviados inválidos na validação básica',
  DV001: 'validação de menor de idade não permitida pela LGPD',
  DV002: 'os dados da base não atendem ao mínimo para a validação',
  DV010: 'CPF inválido',
  DV040: 'face não encontrada nas bases (sem foto de CNH para este CPF)',
  DV041: 'não foi possível reconhecer uma face na imagem',
  DV042: 'tamanho da imagem da face inválido',
  DV043: 'imagem da face corrompida ou fora dos formatos JPG e PNG',
  DV044: 'erro ao ler a imagem da face em base64',
  DV045: 'qualidade da imagem da face insuficiente',
};

export type DatavalidBand = 'muito_alta' | 'alta' | 'baixa' | 'sem_correspondencia';

/** The band of a similarity from 0 to 1, and whether it is a match. */
export function datavalidBand(similarity: number): { band: DatavalidBand; approved: boolean } {
  if (similarity >= 0.93) return { band: 'muito_alta', approved: true };
  if (similarity >= 0.85) return { band: 'alta', approved: true };
  if (similarity >= 0.32) return { band: 'baixa', approved: false };
  return { band: 'sem_correspondencia', approved: false };
}

export class DatavalidBiometricProvider implements BiometricProvider {
  constructor(
    private readonly options: DatavalidOptions,
    private readonly next: BiometricProvider,
  ) {}

  async check(check: FacialCheck, images: { user: FacialImage; ref?: FacialImage; cpf?: string }, signal: AbortSignal): Promise<FacialCheckResult> {
    if (check !== 'face_match' || !images.cpf) return this.next.check(check, images, signal);
    const localId = `dv_${randomUUID()}`;
    const formato = images.user.mime === 'image/png' ? 'png' : images.user.mime === 'image/jpeg' ? 'jpg' : null;
    if (!formato) return errorResult(localId, 'Datavalid aceita apenas imagens JPG ou PNG.');
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]);
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/${this.options.path.replace(/^\/+/, '')}`;
    const body = { key: { cpf: images.cpf }, answer: { biometria_face: { formato, base64: images.user.data.toString('base64') } } };
    let response;
    try {
      response = await withToken(this.options.token, deadline, (bearer) =>
        got.post(url, {
          json: body,
          headers: { authorization: `Bearer ${bearer}`, accept: 'application/json' },
          responseType: 'text',
          throwHttpErrors: false,
          followRedirect: false,
          retry: { limit: 0 },
          signal: deadline,
        }),
      );
    } catch (error) {
      if (deadline.aborted) return errorResult(localId, `Datavalid não respondeu em ${this.options.timeoutMs} ms.`);
      if (error instanceof SerproTokenError) return errorResult(localId, `Datavalid: ${error.message}.`);
      const code = (error as { code?: unknown }).code;
      return errorResult(localId, `Datavalid inacessível (${typeof code === 'string' ? code : 'erro de conexão'}).`);
    }
    return datavalidResult(response.statusCode, response.body, localId);
  }
}

/** Datavalid's answer as the port's result; the `biometria_face` object (or the DV code) kept as a warning. */
export function datavalidResult(status: number, body: string, requestId: string): FacialCheckResult {
  if (status === 422 || status === 400) {
    const code = dvCode(body);
    const warnings = code ? [{ code, source: 'datavalid' }] : [];
    const what = code ? `${code}: ${DV_MESSAGES[code] ?? 'validação não processada'}` : `HTTP ${status}, sem código DV`;
    return { ...errorResult(requestId, `Datavalid não validou a face (${what}).`), warnings, evidence: { provider: 'serpro_datavalid', http_status: status, ...(code ? { dv_code: code } : {}) } };
  }
  if (status === 401 || status === 403) return errorResult(requestId, `Datavalid recusou o acesso (HTTP ${status}): confira o contrato e as credenciais SVC_SERPRO_*.`);
  if (status === 413) return errorResult(requestId, 'Datavalid recusou a imagem: a requisição passa de 3 MB.');
  if (status !== 200) return errorResult(requestId, `Datavalid respondeu HTTP ${status}.`);
  let json: { biometria_face?: { disponivel?: unknown; similaridade?: unknown; probabilidade?: unknown } };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return errorResult(requestId, 'Datavalid respondeu um corpo que não é JSON.');
  }
  const face = json?.biometria_face;
  if (!face || face.disponivel === false) return { ...errorResult(requestId, 'Datavalid não encontrou a face nas bases (biometria_face indisponível).'), warnings: [{ source: 'datavalid', biometria_face: face ?? null }] };
  if (typeof face.similaridade !== 'number' || face.similaridade < 0 || face.similaridade > 1) return errorResult(requestId, 'Datavalid respondeu sem similaridade válida.');
  const { band, approved } = datavalidBand(face.similaridade);
  return {
    status: approved ? 'Approved' : 'Declined',
    score: face.similaridade,
    // the evidence: biometria_face as returned, with the band it falls in
    warnings: [{ source: 'datavalid', band, biometria_face: face }],
    request_id: requestId,
    evidence: { provider: 'serpro_datavalid', band, biometria_face: face },
  };
}

/** The DV code of an error body: a `code`/`codigo` field anywhere, else the first DVnnn in the text. */
function dvCode(body: string): string | null {
  try {
    const found = findCode(JSON.parse(body));
    if (found) return found;
  } catch {
    // not JSON: the text is searched below
  }
  return /\bDV\d{3}\b/.exec(body)?.[0] ?? null;
}

function findCode(value: unknown): string | null {
  if (Array.isArray(value)) return value.map(findCode).find((c) => c !== null) ?? null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'code' || key === 'codigo') && typeof inner === 'string' && /^DV\d{3}$/.test(inner)) return inner;
    const nested = findCode(inner);
    if (nested) return nested;
  }
  return null;
}
