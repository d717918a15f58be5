import type { ListId } from '../../../domain/screening/entry.js';
import { brDate, brDocument, clean, entityKey, entriesFrom, isName, labelled, legalBasis, schemaOf, type RowFacts } from './br-common.js';
import { ListFileError, type ListFile, type ParsedList } from './port.js';

/**
 * The records of the Portal da Transparência API (LAYOUTS-BR-2.md 1.1-1.4) as the CGU importers
 * read them: the file a scheduled pass writes (`ceis-api.json`, … a JSON array of the records as
 * the API returned them), or the same uploaded by hand. Each record becomes the facts its row of
 * the download CSV gives, so an entry reads the same from either: the API masks the CPF of a
 * person (`***.ddd.ddd-**`, kept masked like CEAF's CSV), writes a missing date `Sem informação`
 * (any case: null), a fine `47.391.386,87` (the CSV `47391386,87`).
 */

/** The endpoints whose JSON a CGU importer reads, by list. */
const ENDPOINT_OF: Readonly<Record<string, string>> = { br_ceis: 'ceis', br_cnep: 'cnep', br_cepim: 'cepim', br_ceaf: 'ceaf', br_pep: 'peps' };
const API_FILE = /^(ceis|cnep|cepim|ceaf|peps)-api\.json$/i;

type Json = Record<string, unknown>;

/** The one API file among a version's files, or null when the version is a download CSV/zip. */
export function portalApiFile(files: readonly ListFile[]): ListFile | null {
  if (files.length !== 1) return null;
  const [file] = files;
  const start = file!.data.subarray(0, 64).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return /-api\.json$/i.test(file!.name) || start.startsWith('[') ? file! : null;
}

/**
 * The list of an API file: a JSON array of objects (a record that is not an object is skipped);
 * a file named for another endpoint (`cnep-api.json` uploaded as CEIS) is refused.
 */
export function parsePortalApi(listId: ListId, file: ListFile, factsOf: (record: Json) => RowFacts | null): ParsedList {
  const named = API_FILE.exec(file.name)?.[1]?.toLowerCase();
  if (named && named !== ENDPOINT_OF[listId]) throw new ListFileError(listId, `${file.name} holds the ${named} endpoint's records, not ${ENDPOINT_OF[listId]}'s`);
  let records: unknown;
  try {
    records = JSON.parse(file.data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw new ListFileError(listId, `${file.name} is not valid JSON (truncated file?)`);
  }
  if (!Array.isArray(records)) throw new ListFileError(listId, `${file.name} is not a JSON array of records`);
  const facts: RowFacts[] = [];
  let newest: string | null = null;
  for (const record of records) {
    const fact = isObject(record) ? factsOf(record) : null;
    if (fact) facts.push(fact);
    const reference = isObject(record) ? brDate(text(record['dataReferencia'])) : null;
    if (reference && (!newest || reference > newest)) newest = reference;
  }
  return { entries: entriesFrom(listId, facts), published_at: newest, skipped: records.length - facts.length };
}

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const object = (value: unknown): Json => (isObject(value) ? value : {});

/** A text field as the CSV importers keep a cell: trimmed, placeholders (`Sem informação`, `Sem Informação`) null. */
function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? clean(value) : null;
}

/** `[{codigo, descricao}]` as the CSV's one cell: the descriptions joined, written one way. */
const fundamentacao = (value: unknown): string | null =>
  legalBasis(Array.isArray(value) ? value.map((f) => text(object(f)['descricao']) ?? text(object(f)['codigo'])).filter((d): d is string => d !== null).join(';') : null);

/** `47.391.386,87` -> `47391386,87`, the CSV's writing of a fine. */
const fine = (value: unknown): string | null => text(value)?.replace(/\./g, '') ?? null;

/**
 * A CEIS or CNEP record (CeisDTO, CnepDTO = CeisDTO + `valorMulta`): `pessoa.nome` is the CSV's
 * `NOME DO SANCIONADO`, `sancionado.nome` the name the organ gave, the Receita's names aliases.
 */
export function sanctionRecordFacts(cadastro: 'CEIS' | 'CNEP', record: Json): RowFacts | null {
  const sancionado = object(record['sancionado']);
  const pessoa = object(record['pessoa']);
  const orgao = object(record['orgaoSancionador']);
  const document = brDocument(text(sancionado['codigoFormatado']) ?? text(pessoa['cnpjFormatado']) ?? text(pessoa['cpfFormatado']));
  const names = [pessoa['nome'], sancionado['nome'], pessoa['razaoSocialReceita'], pessoa['nomeFantasiaReceita']].map(text).filter(isName);
  const [name] = names;
  if (!name) return null;
  const tipo = text(pessoa['tipo']);
  const code = text(record['id']);
  const start = brDate(text(record['dataInicioSancao']));
  const remarks: [string, string | null][] = [
    ...(cadastro === 'CNEP' ? [['multa (R$)', fine(record['valorMulta'])] as [string, string | null]] : []),
    ['processo', text(record['numeroProcesso'])],
    ['abrangência', text(record['abrangenciaDefinidaDecisaoJudicial'])],
    ['UF do órgão', text(orgao['siglaUf'])],
    ['esfera', text(orgao['esfera'])],
    ['publicação', text(record['dataPublicacaoSancao'])],
    ['meio', text(record['textoPublicacao'])],
    ['detalhamento', text(record['detalhamentoPublicacao'])],
    ['trânsito em julgado', text(record['dataTransitadoJulgado'])],
    ['origem', text(object(record['fonteSancao'])['nomeExibicao'])],
    ['observações', text(record['informacoesAdicionaisDoOrgaoSancionador'])],
    ['link da publicação', text(record['linkPublicacao'])],
  ];
  return {
    key: entityKey(document, name),
    order: `${(code ?? '').padStart(12, '0')}|${start ?? ''}`,
    schema: tipo && /f[ií]sica/i.test(tipo) ? 'person' : document?.type === 'cnpj' ? 'company' : schemaOf(document),
    names,
    documents: document ? [document] : [],
    countries: document?.country ? [document.country] : [],
    sanctions: [
      {
        program: cadastro,
        authority: text(orgao['nome']),
        category: text(object(record['tipoSancao'])['descricaoResumida']),
        start_date: start,
        end_date: brDate(text(record['dataFimSancao'])),
        legal_basis: fundamentacao(record['fundamentacao']),
      },
    ],
    listed_on: brDate(text(record['dataOrigemInformacao'])) ?? brDate(text(record['dataPublicacaoSancao'])) ?? start,
    remark: `${cadastro} ${code ?? 's/ código'}: ${labelled(remarks)}`,
  };
}

/**
 * A CEAF record (CeafDTO): the punished servant, CPF masked. The API names no sanctioning organ:
 * the authority is the organ of lotação (the CSV's `ÓRGÃO SANCIONADOR` is mostly the same
 * ministry); the sanction starts on its publication, as in the CSV.
 */
export function ceafRecordFacts(record: Json): RowFacts | null {
  const punicao = object(record['punicao']);
  const pessoa = object(record['pessoa']);
  const lotacao = object(record['orgaoLotacao']);
  const document = brDocument(text(punicao['cpfPunidoFormatado']) ?? text(pessoa['cpfFormatado']));
  const names = [punicao['nomePunido'], pessoa['nome']].map(text).filter(isName);
  const [name] = names;
  if (!name) return null;
  const code = text(record['id']);
  const start = brDate(text(record['dataPublicacao']));
  const secao = text(punicao['secaoDOU']);
  const pagina = text(punicao['paginaDOU']);
  const dou = secao || pagina ? [secao && `Seção ${secao}`, pagina && `página ${pagina}`].filter(Boolean).join(', ') : null;
  const remark = labelled([
    ['portaria', text(punicao['portaria'])],
    ['cargo efetivo', text(record['cargoEfetivo'])],
    ['função ou cargo de confiança', text(record['cargoComissao'])],
    ['órgão de lotação', text(lotacao['nome'])],
    ['UF de lotação', text(object(object(record['ufLotacaoPessoa'])['uf'])['sigla'])],
    ['processo', text(punicao['processo'])],
    ['publicação', text(record['dataPublicacao'])],
    ['detalhamento', dou],
  ]);
  return {
    key: entityKey(document, name),
    order: `${(code ?? '').padStart(12, '0')}|${start ?? ''}`,
    schema: 'person',
    names,
    documents: document ? [document] : [],
    countries: document?.country ? [document.country] : [],
    sanctions: [
      {
        program: 'CEAF',
        authority: text(lotacao['nome']),
        category: text(object(record['tipoPunicao'])['descricao']),
        start_date: start,
        end_date: null,
        legal_basis: fundamentacao(record['fundamentacao']),
      },
    ],
    listed_on: start,
    remark: `CEAF ${code ?? 's/ código'}: ${remark}`,
  };
}

/** A CEPIM record (CepimDTO): one per convênio, no dates, like the CSV row. */
export function cepimRecordFacts(record: Json): RowFacts | null {
  const entidade = object(record['pessoaJuridica']);
  const names = [entidade['nome'], entidade['razaoSocialReceita'], entidade['nomeFantasiaReceita']].map(text).filter(isName);
  const [name] = names;
  if (!name) return null;
  const document = brDocument(text(entidade['cnpjFormatado']));
  const convenio = object(record['convenio']);
  const numero = text(convenio['codigo']);
  const authority = text(object(record['orgaoSuperior'])['nome']);
  const reason = text(record['motivo']);
  return {
    key: entityKey(document, name),
    order: `${numero ?? ''}|${authority ?? ''}|${reason ?? ''}`,
    schema: 'company',
    names,
    documents: document ? [document] : [],
    countries: document?.country ? [document.country] : [],
    sanctions: [{ program: 'CEPIM', authority, category: reason, start_date: null, end_date: null, legal_basis: null }],
    listed_on: null,
    remark: `CEPIM convênio ${numero ?? 's/ número'}: ${labelled([['órgão concedente', authority], ['motivo', reason], ['número', text(convenio['numero'])], ['objeto', text(convenio['objeto'])]])}`,
  };
}
