/**
 * The register as both stores keep it: one flat row per CSV record, holding only what the port's
 * records need, and the mapping of those rows (plus the lookup tables) to the port's records.
 *
 * Phones, fax and e-mail of the establishments are not kept: no KYC check reads them, and they
 * are personal data (of sole traders above all) that we have no reason to copy.
 */
import type { Coded, EstablishmentRecord, PartnerRecord } from './port.js';

export interface CompanyRow {
  basico: string;
  razao_social: string;
  natureza: string | null;
  qualificacao: string | null;
  capital: number | null;
  porte: string | null;
  ente: string | null;
}

export interface EstablishmentRow {
  cnpj: string;
  matriz: number;
  nome_fantasia: string | null;
  situacao: string;
  data_situacao: string | null;
  motivo: string | null;
  cidade_exterior: string | null;
  pais: string | null;
  inicio: string | null;
  cnae: string | null;
  /** the secondary CNAE codes as published, comma-separated */
  cnaes: string | null;
  tipo_logradouro: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cep: string | null;
  uf: string | null;
  municipio: string | null;
  situacao_especial: string | null;
  data_situacao_especial: string | null;
}

export interface PartnerRow {
  /** the row's place in the dump (file ordinal, record number): the QSA's order and a replay-safe id */
  seq: number;
  basico: string;
  identificador: '1' | '2' | '3';
  nome: string;
  documento: string | null;
  qualificacao: string | null;
  data_entrada: string | null;
  pais: string | null;
  rep_cpf: string | null;
  rep_nome: string | null;
  rep_qualificacao: string | null;
  faixa_etaria: string | null;
}

export interface SimplesRow {
  basico: string;
  opcao_simples: string | null;
  data_opcao_simples: string | null;
  data_exclusao_simples: string | null;
  opcao_mei: string | null;
  data_opcao_mei: string | null;
  data_exclusao_mei: string | null;
}

/** A row of one of the lookup tables, `kind` naming the table (`cnaes`, `municipios`, …). */
export interface CodeRow {
  kind: LookupTable;
  code: string;
  description: string;
}

export const LOOKUP_TABLES = ['cnaes', 'motivos', 'municipios', 'naturezas', 'paises', 'qualificacoes'] as const;
export type LookupTable = (typeof LOOKUP_TABLES)[number];
export const MAIN_TABLES = ['empresas', 'estabelecimentos', 'socios', 'simples'] as const;
export type MainTable = (typeof MAIN_TABLES)[number];
export type Table = MainTable | 'codes';

export interface RowsOf {
  empresas: CompanyRow;
  estabelecimentos: EstablishmentRow;
  socios: PartnerRow;
  simples: SimplesRow;
  codes: CodeRow;
}

/** The lookup tables of one month, resolving codes to `Coded` at read time. */
export class Codes {
  private readonly tables = new Map<string, Map<string, string>>();

  constructor(rows: Iterable<CodeRow>) {
    for (const row of rows) {
      let table = this.tables.get(row.kind);
      if (!table) this.tables.set(row.kind, (table = new Map()));
      table.set(Codes.key(row.code), row.description);
    }
  }

  // the main files and the lookup tables do not always pad codes alike (`5` and `05`)
  private static key(code: string): string {
    return /^\d+$/.test(code) ? String(Number(code)) : code;
  }

  coded(kind: LookupTable, code: string | null): Coded | null {
    if (code === null) return null;
    return { code, description: this.tables.get(kind)?.get(Codes.key(code)) ?? null };
  }
}

const flag = (value: string | null): boolean | null => (value === 'S' ? true : value === 'N' ? false : null);

export function establishmentRecord(row: EstablishmentRow, company: CompanyRow | null, simples: SimplesRow | null, codes: Codes): EstablishmentRecord {
  return {
    cnpj: row.cnpj,
    basico: row.cnpj.slice(0, 8),
    matriz: row.matriz === 1,
    razao_social: company?.razao_social ?? '',
    nome_fantasia: row.nome_fantasia,
    natureza_juridica: codes.coded('naturezas', company?.natureza ?? null),
    qualificacao_responsavel: codes.coded('qualificacoes', company?.qualificacao ?? null),
    capital_social: company?.capital ?? null,
    porte: company?.porte ?? null,
    ente_federativo: company?.ente ?? null,
    situacao_cadastral: row.situacao,
    data_situacao_cadastral: row.data_situacao,
    motivo_situacao: codes.coded('motivos', row.motivo),
    cidade_exterior: row.cidade_exterior,
    pais: codes.coded('paises', row.pais),
    inicio_atividade: row.inicio,
    cnae_principal: codes.coded('cnaes', row.cnae),
    cnaes_secundarios: (row.cnaes ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .map((c) => codes.coded('cnaes', c)!),
    endereco: {
      tipo_logradouro: row.tipo_logradouro,
      logradouro: row.logradouro,
      numero: row.numero,
      complemento: row.complemento,
      bairro: row.bairro,
      cep: row.cep,
      uf: row.uf,
      municipio: codes.coded('municipios', row.municipio),
    },
    situacao_especial: row.situacao_especial,
    data_situacao_especial: row.data_situacao_especial,
    simples: simples && {
      opcao_simples: flag(simples.opcao_simples),
      data_opcao_simples: simples.data_opcao_simples,
      data_exclusao_simples: simples.data_exclusao_simples,
      opcao_mei: flag(simples.opcao_mei),
      data_opcao_mei: simples.data_opcao_mei,
      data_exclusao_mei: simples.data_exclusao_mei,
    },
  };
}

export function partnerRecord(row: PartnerRow, codes: Codes): PartnerRecord {
  const representante = row.rep_cpf === null && row.rep_nome === null ? null : { cpf: row.rep_cpf, nome: row.rep_nome, qualificacao: codes.coded('qualificacoes', row.rep_qualificacao) };
  return {
    basico: row.basico,
    identificador: row.identificador,
    nome: row.nome,
    documento: row.documento,
    qualificacao: codes.coded('qualificacoes', row.qualificacao),
    data_entrada: row.data_entrada,
    pais: codes.coded('paises', row.pais),
    representante,
    faixa_etaria: row.faixa_etaria,
  };
}
