import { expect } from 'chai';
import iconv from 'iconv-lite';
import sax from 'sax';
import {
  MAX_FILE_BYTES,
  SiscoafBuildError,
  buildCancelamento,
  buildLote,
  buildReciboRequest,
  buildRetificacao,
  encodeLatin1,
  escapeXml,
  splitBatches,
} from '../../../src/domain/siscoaf/build.js';
import { hasEnvelopedSignature } from '../../../src/domain/siscoaf/sign.js';
import type { Occurrence } from '../../../src/domain/siscoaf/types.js';
import { fixture, manualOccurrence, person } from './support.js';

const occurrence = (n: number, det = 'x'): Occurrence => ({ ...manualOccurrence(), NumOcorrencia: `OC-${n}`, Det: det });

/** Parses `xml` with sax into { path: [texts] } (paths like LOTE/OCORRENCIAS/OCORRENCIA/NumOcorrencia) and the attributes of OCORRENCIAS. */
function readBack(xml: Buffer): { values: Map<string, string[]>; order: string[]; id: string | undefined } {
  const parser = sax.parser(true);
  const stack: string[] = [];
  const values = new Map<string, string[]>();
  const order: string[] = [];
  let id: string | undefined;
  let text = '';
  parser.onopentag = (tag) => {
    stack.push(tag.name);
    order.push(stack.join('/'));
    if (tag.name === 'OCORRENCIAS') id = tag.attributes['ID'] as string;
    text = '';
  };
  parser.ontext = (t) => void (text += t);
  parser.onclosetag = () => {
    const path = stack.join('/');
    values.set(path, [...(values.get(path) ?? []), text]);
    text = '';
    stack.pop();
  };
  parser.write(iconv.decode(xml, 'latin1')).close();
  return { values, order, id };
}

describe('Siscoaf batch files', () => {
  it('writes the manual’s worked example byte for byte, in ISO-8859-1', () => {
    const xml = encodeLatin1(buildLote([manualOccurrence()], '15/03/2026'));
    expect(xml.equals(fixture('lote-manual-1.15.xml'))).to.equal(true, iconv.decode(xml, 'latin1'));
  });

  it('encodes accents as single bytes', () => {
    const xml = encodeLatin1(buildLote([manualOccurrence()], '15/03/2026'));
    expect(xml.includes(Buffer.from([0x41, 0x6e, 0xe1, 0x6c, 0x69, 0x73, 0x65]))).to.equal(true); // "Análise"
    expect(xml.includes(Buffer.from('á', 'utf8'))).to.equal(false);
    expect(xml.toString('latin1').startsWith("<?xml version='1.0' encoding='iso-8859-1'?>\n<LOTE>\n")).to.equal(true);
  });

  it('refuses a character ISO-8859-1 lacks instead of writing "?"', () => {
    expect(() => encodeLatin1(buildLote([{ ...manualOccurrence(), Det: 'aspas “curvas”' }], '15/03/2026'))).to.throw(SiscoafBuildError, /U\+201C/);
  });

  it('writes every tag even when empty, in the manual’s order, without namespace', () => {
    const empty = { ...manualOccurrence(), AgNum: '', Det: '', ENVOLVIDOS: [person({ AgNumEnv: '', AgNomeEnv: '', NumConta: '', DtAbConta: '', DtAtuaCad: '' })] };
    const xml = buildLote([empty], '01/02/2026');
    expect(xml).to.include('<AgNum></AgNum>').and.include('<Det></Det>').and.include('<NumConta></NumConta>').and.include('<DtAbConta></DtAbConta>');
    expect(xml).not.to.include('/>');
    expect(xml).not.to.include('xmlns');
    const { order } = readBack(encodeLatin1(xml));
    const leaves = order.filter((path) => path.startsWith('LOTE/OCORRENCIAS/OCORRENCIA/')).map((path) => path.split('/').slice(3).join('/'));
    expect(leaves).to.deep.equal([
      'NumOcorrencia', 'CPFCNPJCom', 'DtInicio', 'DtFim', 'AgNum', 'AgNome', 'AgMun', 'AgUF', 'Det', 'VlCred', 'VlDeb', 'VlProv', 'VlProp',
      'ENQUADRAMENTOS', 'ENQUADRAMENTOS/CodEnq', 'ENVOLVIDOS', 'ENVOLVIDOS/ENVOLVIDO',
      ...['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'AgNumEnv', 'AgNomeEnv', 'NumConta', 'DtAbConta', 'DtAtuaCad', 'PObrigada', 'PEP', 'ServPub'].map((tag) => `ENVOLVIDOS/ENVOLVIDO/${tag}`),
    ]);
  });

  it('puts each CodEnq directly under ENQUADRAMENTOS', () => {
    const xml = buildLote([{ ...manualOccurrence(), CodEnq: ['232', '317'] }], '15/03/2026');
    expect(xml).to.include('<ENQUADRAMENTOS>\n        <CodEnq>232</CodEnq>\n        <CodEnq>317</CodEnq>\n      </ENQUADRAMENTOS>');
  });

  it('escapes &, <, > and quotes, and round-trips every value through a parser', () => {
    const tricky = { ...manualOccurrence(), Det: 'A & B <script> "x" \'y\' çãõ', ENVOLVIDOS: [person({ NmEnv: 'SILVA & FILHOS <LTDA>' }), person({ CPFCNPJEnv: 'PJ', NmEnv: 'EMPRESA', TpEnv: '25' })] };
    const xml = encodeLatin1(buildLote([tricky, occurrence(2)], '15/03/2026'));
    expect(xml.toString('latin1')).to.include('A &amp; B &lt;script&gt; &quot;x&quot; &apos;y&apos; çãõ');
    const { values, id } = readBack(xml);
    expect(id).to.equal('SISCOAF15032026');
    expect(values.get('LOTE/OCORRENCIAS/OCORRENCIA/Det')).to.deep.equal([tricky.Det, 'x']);
    expect(values.get('LOTE/OCORRENCIAS/OCORRENCIA/NumOcorrencia')).to.deep.equal(['CASE-2026-000123', 'OC-2']);
    expect(values.get('LOTE/OCORRENCIAS/OCORRENCIA/ENVOLVIDOS/ENVOLVIDO/NmEnv')).to.deep.equal(['SILVA & FILHOS <LTDA>', 'EMPRESA', 'FULANO DE TAL']);
    expect(values.get('LOTE/OCORRENCIAS/OCORRENCIA/ENVOLVIDOS/ENVOLVIDO/CPFCNPJEnv')).to.deep.equal(['00012345601', 'PJ', '00012345602']);
    for (const tag of ['CPFCNPJCom', 'DtInicio', 'DtFim', 'AgNum', 'AgNome', 'AgMun', 'AgUF', 'VlCred', 'VlDeb', 'VlProv', 'VlProp'] as const) {
      expect(values.get(`LOTE/OCORRENCIAS/OCORRENCIA/${tag}`), tag).to.deep.equal([tricky[tag], tricky[tag]]);
    }
    expect(escapeXml('<&>"\'')).to.equal('&lt;&amp;&gt;&quot;&apos;');
  });

  it('writes a rectification with NumeroCOAF right after NumOcorrencia', () => {
    const xml = encodeLatin1(buildRetificacao([{ ...manualOccurrence(), NumeroCOAF: '9661556' }], '20/03/2026'));
    expect(xml.equals(fixture('retificacao.xml'))).to.equal(true, iconv.decode(xml, 'latin1'));
  });

  it('writes a cancellation and a receipt request', () => {
    const cancel = buildCancelamento(
      [{ NUMEROORIGEM: 'CASE-2026-000123', NUMEROCOAF: '9661556', AUTENTICACAO: '78c9c00bcc9e0702e36316528aa56d1d', MOTIVO: 'Comunicação enviada em duplicidade & com valor incorreto' }],
      '20/03/2026',
    );
    expect(encodeLatin1(cancel).equals(fixture('cancelamento.xml'))).to.equal(true, cancel);
    const recibo = buildReciboRequest('12345678000101', '06/06/2009', '07/06/2009');
    expect(encodeLatin1(recibo).equals(fixture('recibo-request.xml'))).to.equal(true, recibo);
  });

  it('refuses a date that is not dd/mm/aaaa', () => {
    expect(() => buildLote([], '2026-03-15')).to.throw(SiscoafBuildError, /dd\/mm\/aaaa/);
    expect(() => buildReciboRequest('12345678000101', '6/6/2009', '07/06/2009')).to.throw(SiscoafBuildError);
  });
});

describe('Siscoaf batch split', () => {
  const build = (chunk: Occurrence[]): string => buildLote(chunk, '15/03/2026');

  it('caps a file at 500 occurrences', () => {
    const files = splitBatches(Array.from({ length: 1001 }, (_, i) => occurrence(i)), build);
    expect(files.map((file) => file.numOcorrencias.length)).to.deep.equal([500, 500, 1]);
    expect(files[0]!.numOcorrencias[0]).to.equal('OC-0');
    expect(files[2]!.numOcorrencias).to.deep.equal(['OC-1000']);
    expect(readBack(files[1]!.xml).values.get('LOTE/OCORRENCIAS/OCORRENCIA/NumOcorrencia')).to.have.length(500);
  });

  it('keeps 500 in one file', () => {
    expect(splitBatches(Array.from({ length: 500 }, (_, i) => occurrence(i)), build)).to.have.length(1);
  });

  it('caps a file at 10 MB measured in ISO-8859-1 bytes', () => {
    // 200.000 characters of "é": 200.000 bytes in ISO-8859-1 (400.000 in UTF-8)
    const det = 'é'.repeat(199_999) + ' ';
    const items = Array.from({ length: 60 }, (_, i) => occurrence(i, det));
    const files = splitBatches(items, build);
    expect(files.length).to.equal(2);
    for (const file of files) expect(file.xml.length).to.be.at.most(MAX_FILE_BYTES);
    expect(files[0]!.xml.length + encodeLatin1(build([items[0]!])).length).to.be.greaterThan(MAX_FILE_BYTES);
    expect(files.flatMap((file) => file.numOcorrencias)).to.deep.equal(items.map((item) => item.NumOcorrencia));
    expect(files[0]!.numOcorrencias.length).to.equal(49);
  });

  it('refuses an occurrence that alone is over 10 MB', () => {
    const huge = occurrence(7, 'a '.repeat(5_000_001));
    expect(() => splitBatches([occurrence(1), huge], build)).to.throw(SiscoafBuildError, /OC-7/);
  });

  it('splits cancellations too, by NUMEROORIGEM', () => {
    const items = Array.from({ length: 3 }, (_, i) => ({ NUMEROORIGEM: `N${i}`, NUMEROCOAF: '1', AUTENTICACAO: 'a', MOTIVO: 'm' }));
    const files = splitBatches(items, (chunk) => buildCancelamento(chunk, '20/03/2026'), { maxOccurrences: 2 });
    expect(files.map((file) => file.numOcorrencias)).to.deep.equal([['N0', 'N1'], ['N2']]);
  });
});

describe('Siscoaf signature hook', () => {
  const unsigned = buildLote([manualOccurrence()], '15/03/2026');
  const signature = (uri: string): string =>
    `  <Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI="${uri}"></Reference></SignedInfo><SignatureValue>AA==</SignatureValue></Signature>\n`;
  const signed = (uri: string, after = ''): string => unsigned.replace('</LOTE>', `${signature(uri)}${after}</LOTE>`);

  it('recognises an enveloped signature over OCORRENCIAS as the root’s last child', () => {
    expect(hasEnvelopedSignature(unsigned)).to.equal(false);
    expect(hasEnvelopedSignature(encodeLatin1(signed('#SISCOAF15032026')))).to.equal(true);
  });

  it('rejects a signature over another ID, outside the dsig namespace, or not last', () => {
    expect(hasEnvelopedSignature(signed('#SISCOAF01012026'))).to.equal(false);
    expect(hasEnvelopedSignature(signed('#SISCOAF15032026').replace('xmlns="http://www.w3.org/2000/09/xmldsig#"', ''))).to.equal(false);
    expect(hasEnvelopedSignature(signed('#SISCOAF15032026', '<X></X>'))).to.equal(false);
    expect(hasEnvelopedSignature('<LOTE><OCORRENCIAS')).to.equal(false);
  });
});
