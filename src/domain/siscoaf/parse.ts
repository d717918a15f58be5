import iconv from 'iconv-lite';
import sax from 'sax';
import { siscoafErrorDescription } from './errors.js';

/*
 * Reads what Siscoaf answers (M18 §2.5, §3, §4; notes 1.8–1.10): the immediate validation `RESPOSTA`
 * (STATUS 1 ok / 2 problems, MENSAGEM with COMUNICACAOORIGEM, ERRO, DESCRICAO), the same shape for a
 * cancellation, and the receipt `RESPOSTA/MENSAGENS/MENSAGEM` (NUMEROORIGEM, NUMEROCOAF, AUTENTICACAO,
 * VALOR, STATUS). Bytes are decoded per the XML declaration (ISO-8859-1 as the manual, or UTF-8);
 * anything malformed or of another shape throws SiscoafParseError with a pt-BR message.
 */

export class SiscoafParseError extends Error {
  override readonly name = 'SiscoafParseError';
}

interface Node {
  name: string;
  children: Node[];
  text: string;
}

const LATIN1_NAMES = new Set(['iso-8859-1', 'iso8859-1', 'latin1', 'latin-1', 'iso_8859-1', 'l1', 'windows-1252', 'cp1252']);
const UTF8_NAMES = new Set(['utf-8', 'utf8']);

/** The text of `xml`, decoded per its declaration (UTF-8 when it declares none and is valid UTF-8). */
export function decodeXml(xml: Buffer | string): string {
  if (typeof xml === 'string') return xml.replace(/^\uFEFF/, '');
  if (xml.length === 0) throw new SiscoafParseError('Arquivo vazio: nenhuma resposta do Siscoaf para ler');
  const head = xml.subarray(0, 200).toString('latin1');
  const declared = /^(?:\uFEFF|ï»¿)?<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(head)?.[1]?.toLowerCase();
  if (declared === undefined) {
    const utf8 = xml.toString('utf8');
    return (utf8.includes('\uFFFD') ? xml.toString('latin1') : utf8).replace(/^\uFEFF/, '');
  }
  if (UTF8_NAMES.has(declared)) return xml.toString('utf8').replace(/^\uFEFF/, '');
  const encoding = LATIN1_NAMES.has(declared) ? (declared.includes('1252') ? 'win1252' : 'latin1') : undefined;
  if (encoding === undefined || !iconv.encodingExists(encoding)) {
    throw new SiscoafParseError(`Codificação "${declared}" não suportada na resposta do Siscoaf (esperado ISO-8859-1 ou UTF-8)`);
  }
  return iconv.decode(xml, encoding);
}

function parseTree(xml: Buffer | string): Node {
  const parser = sax.parser(true, { trim: false });
  const stack: Node[] = [];
  let root: Node | undefined;
  parser.onopentag = (tag) => {
    const node: Node = { name: tag.name, children: [], text: '' };
    if (stack.length === 0) {
      if (root) throw new SiscoafParseError('A resposta do Siscoaf tem mais de um elemento raiz');
      root = node;
    } else stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  };
  parser.onclosetag = () => void stack.pop();
  parser.ontext = (text) => {
    const top = stack[stack.length - 1];
    if (top) top.text += text;
  };
  parser.oncdata = parser.ontext;
  try {
    parser.write(decodeXml(xml)).close();
  } catch (error) {
    if (error instanceof SiscoafParseError) throw error;
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new SiscoafParseError(`A resposta do Siscoaf não é um XML válido (${detail})`);
  }
  if (!root) throw new SiscoafParseError('A resposta do Siscoaf não tem nenhum elemento XML');
  const open = stack[stack.length - 1];
  if (open) throw new SiscoafParseError(`A resposta do Siscoaf não é um XML válido (o elemento ${open.name} não foi fechado)`);
  return root;
}

const child = (node: Node, name: string): Node | undefined => node.children.find((c) => c.name === name);
const text = (node: Node | undefined): string | undefined => node?.text.trim();

function required(node: Node, name: string, where: string): string {
  const value = text(child(node, name));
  if (value === undefined) throw new SiscoafParseError(`Falta o elemento ${name} em ${where} da resposta do Siscoaf`);
  return value;
}

function rootOf(xml: Buffer | string, expected: string, what: string): Node {
  const root = parseTree(xml);
  if (root.name !== expected) throw new SiscoafParseError(`O arquivo não é ${what} do Siscoaf: o elemento raiz é ${root.name}, esperado ${expected}`);
  return root;
}

const messagesOf = (root: Node): Node[] => (child(root, 'MENSAGENS')?.children ?? []).filter((node) => node.name === 'MENSAGEM');

export interface ValidationMessage {
  /** Your NumOcorrencia (COMUNICACAOORIGEM). */
  origin: string;
  error: number;
  /** DESCRICAO, or the error table's text when Siscoaf sent none (responses before v1.6). */
  description: string;
}

export interface ValidationResponse {
  status: 1 | 2;
  messages: ValidationMessage[];
}

/** The immediate answer to a LOTE or LOTERETIFICACAO (and, same shape, to a LOTECANCELAMENTO). */
export function parseValidationResponse(xml: Buffer | string): ValidationResponse {
  const root = rootOf(xml, 'RESPOSTA', 'uma resposta de validação');
  const status = required(root, 'STATUS', 'RESPOSTA');
  if (status !== '1' && status !== '2') throw new SiscoafParseError(`STATUS "${status}" inválido na resposta do Siscoaf (esperado 1 ou 2)`);
  const messages = messagesOf(root).map((node, i) => {
    const where = `MENSAGEM ${i + 1}`;
    // ERRO per the manual; cancellation answers seen in public clients name it EVENTO (a status, not an error of the table)
    const erro = text(child(node, 'ERRO'));
    const code = erro ?? text(child(node, 'EVENTO'));
    if (code === undefined) throw new SiscoafParseError(`Falta o elemento ERRO em ${where} da resposta do Siscoaf`);
    if (!/^\d+$/.test(code)) throw new SiscoafParseError(`ERRO "${code}" em ${where} não é um código numérico`);
    const given = text(child(node, 'DESCRICAO'));
    const fallback = erro === undefined ? `Evento ${code} informado pelo Siscoaf (sem descrição)` : siscoafErrorDescription(Number(code));
    return { origin: required(node, 'COMUNICACAOORIGEM', where), error: Number(code), description: given === undefined || given === '' ? fallback : given };
  });
  return { status: status === '1' ? 1 : 2, messages };
}

/** The answer to a LOTECANCELAMENTO: STATUS 1 all cancelled, 2 a problem in at least one (M18 §4). */
export const parseCancellationResponse = parseValidationResponse;

export interface ReceiptItem {
  numeroOrigem: string;
  numeroCoaf: string;
  autenticacao: string;
  /** "Valor principal da comunicação", as Siscoaf wrote it. */
  valor: string;
  /** `Ativa` or `Cancelada` (the manual's table says `Ativo`). */
  status: string;
}

/** The receipt (recibo) of a day's communications, answer to LOTERECIBO (M18 §3). */
export function parseReceipt(xml: Buffer | string): { items: ReceiptItem[] } {
  const root = rootOf(xml, 'RESPOSTA', 'um recibo');
  if (!child(root, 'MENSAGENS')) throw new SiscoafParseError('Falta o elemento MENSAGENS no recibo do Siscoaf');
  const items = messagesOf(root).map((node, i) => {
    const where = `MENSAGEM ${i + 1} do recibo`;
    return {
      numeroOrigem: required(node, 'NUMEROORIGEM', where),
      numeroCoaf: required(node, 'NUMEROCOAF', where),
      autenticacao: required(node, 'AUTENTICACAO', where),
      valor: required(node, 'VALOR', where),
      status: required(node, 'STATUS', where),
    };
  });
  return { items };
}
