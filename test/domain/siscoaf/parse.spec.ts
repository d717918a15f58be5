import { expect } from 'chai';
import iconv from 'iconv-lite';
import {
  SiscoafParseError,
  decodeXml,
  parseCancellationResponse,
  parseReceipt,
  parseValidationResponse,
} from '../../../src/domain/siscoaf/parse.js';
import { fixture } from './support.js';

describe('Siscoaf responses', () => {
  it('reads the real error answer (standalone="yes", ISO-8859-1, accents as single bytes)', () => {
    const raw = fixture('resposta-mbg.xml');
    expect(raw.includes(Buffer.from([0x69, 0x6e, 0x76, 0xe1, 0x6c, 0x69, 0x64, 0x6f]))).to.equal(true); // "inválido" in ISO-8859-1
    expect(parseValidationResponse(raw)).to.deep.equal({ status: 2, messages: [{ origin: '0', error: 41, description: 'CNPJ Comunicante inválido' }] });
  });

  it('reads a success answer with no messages', () => {
    expect(parseValidationResponse(fixture('resposta-ok.xml'))).to.deep.equal({ status: 1, messages: [] });
  });

  it('reads an answer with several messages', () => {
    const { status, messages } = parseValidationResponse(fixture('resposta-erros.xml'));
    expect(status).to.equal(2);
    expect(messages.map((m) => [m.origin, m.error])).to.deep.equal([
      ['0004', 31],
      ['0005', 23],
      ['0005', 43],
    ]);
    expect(messages[0]!.description).to.equal('Comunicação não será processada por já constar na base');
  });

  it('decodes a UTF-8 declared answer as UTF-8, and a string as given', () => {
    const { messages } = parseValidationResponse(fixture('resposta-utf8.xml'));
    expect(messages[0]).to.deep.equal({ origin: 'CASE-2026-000123', error: 515, description: 'Não é permitido palavras com mais de 100 caracteres' });
    expect(parseValidationResponse(fixture('resposta-mbg.xml').toString('latin1')).messages[0]!.description).to.equal('CNPJ Comunicante inválido');
    const undeclared = iconv.encode('<RESPOSTA><STATUS>1</STATUS><MENSAGENS/></RESPOSTA>', 'latin1');
    expect(parseValidationResponse(undeclared).status).to.equal(1);
    expect(decodeXml(iconv.encode('<A>ação</A>', 'latin1'))).to.equal('<A>ação</A>');
  });

  it('fills DESCRICAO from the error table when Siscoaf sent none (answers before v1.6)', () => {
    const xml = '<RESPOSTA><STATUS>2</STATUS><MENSAGENS><MENSAGEM><COMUNICACAOORIGEM>7</COMUNICACAOORIGEM><ERRO>43</ERRO></MENSAGEM></MENSAGENS></RESPOSTA>';
    expect(parseValidationResponse(xml).messages[0]!.description).to.equal('Nome cidade maior que 50 caracteres');
  });

  it('reads a cancellation answer', () => {
    expect(parseCancellationResponse(fixture('resposta-cancelamento.xml')).messages).to.deep.equal([
      { origin: 'CASE-2026-000123', error: 55, description: 'Não é possível retificar/cancelar comunicação já cancelada' },
    ]);
  });

  it('reads a cancellation answer that names the code EVENTO (as public clients show)', () => {
    const xml = fixture('resposta-cancelamento-evento.xml');
    expect(parseCancellationResponse(xml)).to.deep.equal({
      status: 2,
      messages: [
        { origin: '2', error: 11, description: 'Evento 11 informado pelo Siscoaf (sem descrição)' },
        { origin: '12', error: 3, description: 'Evento 3 informado pelo Siscoaf (sem descrição)' },
      ],
    });
  });

  it('reads a receipt', () => {
    expect(parseReceipt(fixture('recibo.xml')).items).to.deep.equal([
      { numeroOrigem: '41792', numeroCoaf: '9661556', autenticacao: '78c9c00bcc9e0702e36316528aa56d1d', valor: '1588417', status: 'Ativa' },
      { numeroOrigem: 'CASE-2026-000123', numeroCoaf: '9661557', autenticacao: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', valor: '250000', status: 'Cancelada' },
    ]);
  });

  const refuses: [string, () => unknown, RegExp][] = [
    ['malformed XML', () => parseValidationResponse('<RESPOSTA><STATUS>1</STATUS>'), /não é um XML válido/],
    ['not XML at all', () => parseReceipt('CNPJ inválido'), /XML/],
    ['an empty file', () => parseReceipt(Buffer.alloc(0)), /Arquivo vazio/],
    ['another root', () => parseValidationResponse(fixture('lote-manual-1.15.xml')), /elemento raiz é LOTE, esperado RESPOSTA/],
    ['a STATUS other than 1 or 2', () => parseValidationResponse('<RESPOSTA><STATUS>3</STATUS></RESPOSTA>'), /STATUS "3"/],
    ['no STATUS', () => parseValidationResponse('<RESPOSTA><MENSAGENS></MENSAGENS></RESPOSTA>'), /Falta o elemento STATUS/],
    ['a non-numeric ERRO', () => parseValidationResponse('<RESPOSTA><STATUS>2</STATUS><MENSAGENS><MENSAGEM><COMUNICACAOORIGEM>1</COMUNICACAOORIGEM><ERRO>x</ERRO></MENSAGEM></MENSAGENS></RESPOSTA>'), /ERRO "x"/],
    ['a receipt item without NUMEROCOAF', () => parseReceipt('<RESPOSTA><MENSAGENS><MENSAGEM><NUMEROORIGEM>1</NUMEROORIGEM></MENSAGEM></MENSAGENS></RESPOSTA>'), /Falta o elemento NUMEROCOAF em MENSAGEM 1 do recibo/],
    ['a validation answer given as a receipt', () => parseReceipt(fixture('resposta-erros.xml')), /Falta o elemento NUMEROORIGEM/],
    ['a receipt without MENSAGENS', () => parseReceipt('<RESPOSTA><STATUS>1</STATUS></RESPOSTA>'), /MENSAGENS/],
    ['an unknown encoding', () => parseReceipt(Buffer.from("<?xml version='1.0' encoding='ebcdic'?><RESPOSTA/>")), /Codificação "ebcdic" não suportada/],
  ];
  for (const [what, run, message] of refuses) {
    it(`refuses ${what} with a pt-BR SiscoafParseError`, () => {
      expect(run).to.throw(SiscoafParseError, message);
    });
  }
});
