import iconv from 'iconv-lite';
import type { Cancellation, Involved, Occurrence, Rectification } from './types.js';

/*
 * Writes Siscoaf batch files exactly as Coaf's manual v1.8 lays them out (M18 §2.2–§5; notes sections
 * 1.3, 1.4, 1.6, 1.9, 1.10): declaration `<?xml version='1.0' encoding='iso-8859-1'?>`, no namespace,
 * every tag present even when empty (`<AgNome></AgNome>`, never self-closed), the manual's element
 * order, `CodEnq` directly under `ENQUADRAMENTOS`, two-space indentation as in the manual's examples.
 * The only attribute is `ID` on `OCORRENCIAS`: a prefix and the date ddmmaaaa.
 *
 * `ID` of a rectification: M18's field table says "SISCOAF"+date while its signed example references
 * `#SISCOAFRetificacao03052009`. We write `SISCOAFRetificacao`+ddmmaaaa, like the cancellation
 * (`SISCOAFCancelamento`) and receipt (`SISCOAFRecibo`) prefixes, so that a signer puts the same ID
 * in the attribute and in the Reference URI (the one thing the manual is consistent about).
 *
 * The builders return the document as a string; `encodeLatin1` turns it into the bytes of the file.
 * Nothing here checks the values (see validate.ts); the builders only refuse what cannot be written.
 */

export const XML_DECLARATION = "<?xml version='1.0' encoding='iso-8859-1'?>";

/** Manual limits (notes 1.16 item 1): 500 occurrences per file, 10 MB per file (taken as 10.000.000 bytes, the stricter reading). */
export const MAX_OCCURRENCES_PER_FILE = 500;
export const MAX_FILE_BYTES = 10_000_000;

export const ID_PREFIX = {
  lote: 'SISCOAF',
  retificacao: 'SISCOAFRetificacao',
  cancelamento: 'SISCOAFCancelamento',
  recibo: 'SISCOAFRecibo',
} as const;

/** A document that cannot be written (a bad date argument, a character outside ISO-8859-1, an occurrence over 10 MB). */
export class SiscoafBuildError extends Error {
  override readonly name = 'SiscoafBuildError';
}

const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** `OCORRENCIAS/@ID`: prefix + ddmmaaaa of a dd/mm/aaaa date. */
export function occurrencesId(prefix: string, date: string): string {
  const match = DATE.exec(date);
  if (!match) throw new SiscoafBuildError(`Data do lote inválida: "${date}" (use dd/mm/aaaa)`);
  return `${prefix}${match[1]}${match[2]}${match[3]}`;
}

/** Escapes the five XML special characters (errors 1 and 506 of Siscoaf: a raw `&`, `<` or `>`). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

const leaf = (indent: string, tag: string, value: string): string => `${indent}<${tag}>${escapeXml(value)}</${tag}>\n`;

const INVOLVED_TAGS = ['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'AgNumEnv', 'AgNomeEnv', 'NumConta', 'DtAbConta', 'DtAtuaCad', 'PObrigada', 'PEP', 'ServPub'] as const;
const HEAD_TAGS = ['CPFCNPJCom', 'DtInicio', 'DtFim', 'AgNum', 'AgNome', 'AgMun', 'AgUF', 'Det', 'VlCred', 'VlDeb', 'VlProv', 'VlProp'] as const;

function involvedXml(person: Involved): string {
  return `        <ENVOLVIDO>\n${INVOLVED_TAGS.map((tag) => leaf('          ', tag, person[tag])).join('')}        </ENVOLVIDO>\n`;
}

/** One `OCORRENCIA` element (indented for its place under `OCORRENCIAS`); `numeroCoaf` makes it a rectification. */
function occurrenceXml(occ: Occurrence, numeroCoaf?: string): string {
  const head = leaf('      ', 'NumOcorrencia', occ.NumOcorrencia) + (numeroCoaf === undefined ? '' : leaf('      ', 'NumeroCOAF', numeroCoaf));
  const fields = HEAD_TAGS.map((tag) => leaf('      ', tag, occ[tag])).join('');
  const enq = `      <ENQUADRAMENTOS>\n${occ.CodEnq.map((code) => leaf('        ', 'CodEnq', code)).join('')}      </ENQUADRAMENTOS>\n`;
  const env = `      <ENVOLVIDOS>\n${occ.ENVOLVIDOS.map(involvedXml).join('')}      </ENVOLVIDOS>\n`;
  return `    <OCORRENCIA>\n${head}${fields}${enq}${env}    </OCORRENCIA>\n`;
}

function document(root: string, id: string, body: string): string {
  return `${XML_DECLARATION}\n<${root}>\n  <OCORRENCIAS ID="${escapeXml(id)}">\n${body}  </OCORRENCIAS>\n</${root}>\n`;
}

/** `LOTE` (M18 §2.2): the communications of one day, `date` (dd/mm/aaaa) the date in the ID. */
export function buildLote(occurrences: readonly Occurrence[], date: string): string {
  return document('LOTE', occurrencesId(ID_PREFIX.lote, date), occurrences.map((occ) => occurrenceXml(occ)).join(''));
}

/** `LOTERETIFICACAO` (M18 §5): the whole communication again with `NumeroCOAF` right after `NumOcorrencia`. */
export function buildRetificacao(rectifications: readonly Rectification[], date: string): string {
  return document('LOTERETIFICACAO', occurrencesId(ID_PREFIX.retificacao, date), rectifications.map((occ) => occurrenceXml(occ, occ.NumeroCOAF)).join(''));
}

const CANCELLATION_TAGS = ['NUMEROORIGEM', 'NUMEROCOAF', 'AUTENTICACAO', 'MOTIVO'] as const;

/** `LOTECANCELAMENTO` (M18 §4). */
export function buildCancelamento(cancellations: readonly Cancellation[], date: string): string {
  const body = cancellations.map((c) => `    <OCORRENCIA>\n${CANCELLATION_TAGS.map((tag) => leaf('      ', tag, c[tag])).join('')}    </OCORRENCIA>\n`).join('');
  return document('LOTECANCELAMENTO', occurrencesId(ID_PREFIX.cancelamento, date), body);
}

/** `LOTERECIBO` (M18 §3): the receipt of what `cnpj` sent on `sentDate`, asked on `requestDate` (both dd/mm/aaaa). */
export function buildReciboRequest(cnpj: string, sentDate: string, requestDate: string): string {
  if (!DATE.test(sentDate)) throw new SiscoafBuildError(`Data de envio inválida: "${sentDate}" (use dd/mm/aaaa)`);
  return document('LOTERECIBO', occurrencesId(ID_PREFIX.recibo, requestDate), leaf('    ', 'CPFCNPJCom', cnpj) + leaf('    ', 'DATA', sentDate));
}

/** The first character of `text` that ISO-8859-1 cannot represent, or undefined. */
export function firstNonLatin1(text: string): string | undefined {
  const match = /[^\u0000-\u00ff]/u.exec(text);
  return match?.[0];
}

/** The bytes of the file in ISO-8859-1; refuses (instead of writing '?') a character the encoding lacks. */
export function encodeLatin1(xml: string): Buffer {
  const bad = firstNonLatin1(xml);
  if (bad !== undefined) {
    const hex = bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new SiscoafBuildError(`O caractere "${bad}" (U+${hex}) não existe em ISO-8859-1 e não pode ir ao arquivo do Siscoaf`);
  }
  return iconv.encode(xml, 'latin1');
}

export interface BatchFile {
  xml: Buffer;
  /** The origin numbers in this file (`NumOcorrencia`, or `NUMEROORIGEM` for a cancellation). */
  numOcorrencias: string[];
}

export interface SplitLimits {
  maxOccurrences?: number;
  maxBytes?: number;
}

type Item = Occurrence | Cancellation;
const originOf = (item: Item): string => ('NumOcorrencia' in item ? item.NumOcorrencia : item.NUMEROORIGEM);

/**
 * Splits `items` into files of at most 500 occurrences and 10 MB (bytes after ISO-8859-1 encoding), in
 * order, each built by `build` (e.g. `(chunk) => buildLote(chunk, date)`). An occurrence that alone makes
 * a file over the byte limit is an error naming it.
 */
export function splitBatches<T extends Item>(items: readonly T[], build: (chunk: T[]) => string, limits: SplitLimits = {}): BatchFile[] {
  const maxOccurrences = limits.maxOccurrences ?? MAX_OCCURRENCES_PER_FILE;
  const maxBytes = limits.maxBytes ?? MAX_FILE_BYTES;
  const envelope = encodeLatin1(build([])).length;
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = envelope;
  for (const item of items) {
    const size = encodeLatin1(build([item])).length - envelope;
    if (envelope + size > maxBytes) {
      throw new SiscoafBuildError(`A ocorrência ${originOf(item)} sozinha passa do limite de ${maxBytes} bytes por arquivo do Siscoaf`);
    }
    if (current.length > 0 && (current.length >= maxOccurrences || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = envelope;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks.map((chunk) => ({ xml: encodeLatin1(build(chunk)), numOcorrencias: chunk.map(originOf) }));
}
