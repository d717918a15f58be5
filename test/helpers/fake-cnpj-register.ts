import type { CnpjRegister, EstablishmentRecord, PartnerRecord, RegisterMonth, RegisterView } from '../../src/adapters/cnpj-register/port.js';

/**
 * An in-memory CNPJ register of one month, built from records: the sources are tested against
 * the port, not against the importer's stores (those have their own contract suite).
 */
export interface FakeRegister extends CnpjRegister {
  /** how many views were read (one per query) */
  views: number;
}

export function fakeCnpjRegister(
  contents: { month: string; establishments: readonly EstablishmentRecord[]; partners?: readonly PartnerRecord[] } | null,
): FakeRegister {
  const month: RegisterMonth | null = contents ? { month: contents.month, imported_at: `${contents.month}-20T03:00:00.000Z`, rows: {}, rejected: {} } : null;
  const register: FakeRegister = {
    views: 0,
    current: async () => {
      if (!contents || !month) return null;
      register.views++;
      const view: RegisterView = {
        month,
        establishment: async (cnpj) => contents.establishments.find((e) => e.cnpj === cnpj) ?? null,
        partners: async (basico) => (contents.partners ?? []).filter((p) => p.basico === basico),
        companyName: async (basico) => contents.establishments.find((e) => e.basico === basico)?.razao_social ?? null,
      };
      return view;
    },
    close: async () => {},
  };
  return register;
}

/** An active matriz with everything filled, overridable field by field. */
export function establishment(cnpj: string, fields: Partial<EstablishmentRecord> = {}): EstablishmentRecord {
  return {
    cnpj,
    basico: cnpj.slice(0, 8),
    matriz: cnpj.slice(8, 12) === '0001',
    razao_social: 'COMERCIAL AURORA LTDA',
    nome_fantasia: 'AURORA',
    natureza_juridica: { code: '2062', description: 'Sociedade Empresária Limitada' },
    qualificacao_responsavel: { code: '49', description: 'Sócio-Administrador' },
    capital_social: 150000,
    porte: '03',
    ente_federativo: null,
    situacao_cadastral: '02',
    data_situacao_cadastral: '2015-03-10',
    motivo_situacao: null,
    cidade_exterior: null,
    pais: null,
    inicio_atividade: '2015-03-10',
    cnae_principal: { code: '4711302', description: 'Comércio varejista de mercadorias em geral, com predominância de produtos alimentícios - supermercados' },
    cnaes_secundarios: [{ code: '4721102', description: 'Padaria e confeitaria com predominância de revenda' }],
    endereco: {
      tipo_logradouro: 'RUA',
      logradouro: 'DAS FLORES',
      numero: '120',
      complemento: 'SALA 2',
      bairro: 'CENTRO',
      cep: '01310100',
      uf: 'SP',
      municipio: { code: '7107', description: 'SAO PAULO' },
    },
    situacao_especial: null,
    data_situacao_especial: null,
    simples: { opcao_simples: true, data_opcao_simples: '2015-03-10', data_exclusao_simples: null, opcao_mei: false, data_opcao_mei: null, data_exclusao_mei: null },
    ...fields,
  };
}

/** A partner row of company `basico`: a natural person unless told otherwise. */
export function partner(basico: string, nome: string, fields: Partial<PartnerRecord> = {}): PartnerRecord {
  return {
    basico,
    identificador: '2',
    nome,
    documento: '***123456**',
    qualificacao: { code: '49', description: 'Sócio-Administrador' },
    data_entrada: '2015-03-10',
    pais: null,
    representante: null,
    faixa_etaria: '5',
    ...fields,
  };
}

/** A corporate partner (identificador 1) holding a share of `basico`. */
export const companyPartner = (basico: string, nome: string, cnpj: string, fields: Partial<PartnerRecord> = {}): PartnerRecord =>
  partner(basico, nome, { identificador: '1', documento: cnpj, qualificacao: { code: '22', description: 'Sócio' }, faixa_etaria: '0', ...fields });
