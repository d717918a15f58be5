/**
 * The Receita Federal CNPJ register (Dados Abertos do CNPJ, ../shared/data/cnpj/LAYOUT.md) as the
 * service reads it: one month at a time, loaded by the importer, read by the live `receita_cnpj`
 * and `partners` sources.
 *
 * The register is reference data of tens of gigabytes, not events: it lives in its own store (a
 * SQLite file per month by default, month-suffixed MongoDB collections when the read models are
 * there) and a run records the month it read, so its answer can be traced to the publication.
 */

/** A code of one of the lookup tables with its description (`null` when the table lacks the code). */
export interface Coded {
  code: string;
  description: string | null;
}

/** One loaded month of the register. */
export interface RegisterMonth {
  /** the publication's folder, `YYYY-MM` */
  month: string;
  /** when its import finished (ISO 8601) */
  imported_at: string;
  /** rows loaded per table: empresas, estabelecimentos, socios, simples, and each lookup table */
  rows: Readonly<Record<string, number>>;
  /** rows refused per table (wrong column count, unreadable CNPJ), counted and skipped */
  rejected: Readonly<Record<string, number>>;
}

/** An establishment (matriz or filial) joined with its company, its Simples record and the lookup tables. */
export interface EstablishmentRecord {
  /** the full CNPJ: básico (8) + ordem (4) + DV (2), letters upper case */
  cnpj: string;
  basico: string;
  matriz: boolean;
  razao_social: string;
  nome_fantasia: string | null;
  natureza_juridica: Coded | null;
  qualificacao_responsavel: Coded | null;
  /** in reais (decimal comma parsed); null when absent */
  capital_social: number | null;
  /** `00` não informado, `01` micro empresa, `03` empresa de pequeno porte, `05` demais */
  porte: string | null;
  ente_federativo: string | null;
  /** `01` nula, `02` ativa, `03` suspensa, `04` inapta, `08` baixada */
  situacao_cadastral: string;
  /** `YYYY-MM-DD`, null when none */
  data_situacao_cadastral: string | null;
  motivo_situacao: Coded | null;
  cidade_exterior: string | null;
  pais: Coded | null;
  /** `YYYY-MM-DD` */
  inicio_atividade: string | null;
  cnae_principal: Coded | null;
  cnaes_secundarios: Coded[];
  endereco: {
    tipo_logradouro: string | null;
    logradouro: string | null;
    numero: string | null;
    complemento: string | null;
    bairro: string | null;
    cep: string | null;
    uf: string | null;
    municipio: Coded | null;
  };
  situacao_especial: string | null;
  data_situacao_especial: string | null;
  /** the Simples / MEI record of the company, null when it has none */
  simples: {
    opcao_simples: boolean | null;
    data_opcao_simples: string | null;
    data_exclusao_simples: string | null;
    opcao_mei: boolean | null;
    data_opcao_mei: string | null;
    data_exclusao_mei: string | null;
  } | null;
}

/** One row of the QSA (quadro de sócios e administradores) of a company. */
export interface PartnerRecord {
  /** the company's CNPJ básico */
  basico: string;
  /** `1` pessoa jurídica, `2` pessoa física, `3` estrangeiro */
  identificador: '1' | '2' | '3';
  nome: string;
  /**
   * a PJ partner's full CNPJ (14), a PF partner's CPF masked as published (`***456789**`),
   * null when absent (foreign partners)
   */
  documento: string | null;
  qualificacao: Coded | null;
  /** `YYYY-MM-DD` */
  data_entrada: string | null;
  pais: Coded | null;
  /** the legal representative, null when none (`***000000**` and an empty name) */
  representante: { cpf: string | null; nome: string | null; qualificacao: Coded | null } | null;
  /** `0` não se aplica, `1` 0–12 anos … `9` mais de 80 anos; null when absent */
  faixa_etaria: string | null;
}

/** Reads of one month: every call of a lookup goes to the same month, even across a swap. */
export interface RegisterView {
  readonly month: RegisterMonth;
  /** an establishment by its full CNPJ (14 characters, normalised), null when not in the register */
  establishment(cnpj: string): Promise<EstablishmentRecord | null>;
  /** the QSA of a company by its CNPJ básico (8), in file order; empty when none */
  partners(basico: string): Promise<PartnerRecord[]>;
  /** the company's razão social by its CNPJ básico, for corporate partners named only by CNPJ */
  companyName(basico: string): Promise<string | null>;
}

export interface CnpjRegister {
  /** the month being served, or null when no month was ever loaded */
  current(): Promise<RegisterView | null>;
  close(): Promise<void>;
}
