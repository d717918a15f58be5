import { natureOf, TABLE_REVISION } from './natures.js';

/** The eight generated fields of the laudo (interface: FX operation laudo). */
export interface FxAnalysis {
  operation_nature: string;
  taxation_irrf: string;
  taxation_iof: string;
  main_characteristics: string;
  required_documents: string[];
  cide: string;
  siscoserv: string;
  regulations: string[];
}

export interface FxAnalysisResult {
  analysis: FxAnalysis;
  /** the code is in the knowledge table */
  catalogued: boolean;
  table_revision: string;
  /** points for the analyst: a direction that contradicts the nature, a missing field */
  warnings: string[];
}

export interface AnalysedOperation {
  nature_code: string;
  direction: 'entrada' | 'saida';
  currency: string;
  amount: string;
  counterparty: { name: string; country: string };
}

const MANUAL = 'Classificação manual obrigatória';

/**
 * The rule-based analysis: the knowledge table's entry for the nature code, with the operation's
 * own facts checked against it. A code outside the table still gets a complete answer: it says
 * the nature is not catalogued and what each treatment depends on, and states no rate.
 */
export function analyseFxOperation(op: AnalysedOperation): FxAnalysisResult {
  const nature = natureOf(op.nature_code);
  if (!nature) {
    return {
      catalogued: false,
      table_revision: TABLE_REVISION,
      warnings: [`Código de natureza ${op.nature_code} não catalogado: ${MANUAL.toLowerCase()} antes da liquidação.`],
      analysis: {
        operation_nature: `Código ${op.nature_code}: natureza não catalogada na tabela de naturezas do serviço (revisão ${TABLE_REVISION}). ${MANUAL}: confirmar o código na classificação vigente do Banco Central.`,
        taxation_irrf: 'Não determinado sem a classificação: o IRRF depende de a remessa ser rendimento (serviço, royalty, juros, lucros) ou pagamento de bem ou capital, do país do beneficiário e de convenção para evitar a dupla tributação. Nenhuma alíquota é indicada.',
        taxation_iof: 'Não determinado sem a classificação: a alíquota do IOF-Câmbio depende da finalidade da operação, conforme o Decreto nº 6.306/2007, art. 15-B, na redação vigente na data da liquidação. Nenhuma alíquota é indicada.',
        main_characteristics: `Operação de ${op.direction === 'entrada' ? 'ingresso' : 'saída'} de ${op.amount} ${op.currency} com ${op.counterparty.name} (${op.counterparty.country}). Natureza não catalogada: a instituição deve classificar a finalidade com o cliente (Resolução BCB nº 277/2022) antes de prosseguir.`,
        required_documents: ['Documento que comprove a finalidade declarada (contrato, fatura ou equivalente)', 'Identificação do pagador ou recebedor no exterior', 'Documentos específicos conforme a natureza definida na classificação manual'],
        cide: 'Não determinado sem a classificação: a CIDE-Remessas (Lei nº 10.168/2000) incide apenas sobre royalties, transferência de tecnologia e serviços técnicos e de assistência administrativa.',
        siscoserv: 'Sem registro: o Siscoserv teve os registros dispensados a partir de 1º/7/2020; verificar as obrigações acessórias da natureza definida na classificação manual.',
        regulations: ['Lei nº 14.286/2021 (marco cambial)', 'Resolução BCB nº 277/2022, com as alterações da Resolução BCB nº 337/2023 (classificação das operações de câmbio)'],
      },
    };
  }
  const warnings: string[] = [];
  if (nature.direction !== 'ambas' && nature.direction !== op.direction) {
    warnings.push(`A direção informada (${op.direction}) diverge da natureza ${nature.code}, que é de ${nature.direction}: rever a classificação.`);
  }
  if (op.counterparty.country === 'BR') warnings.push('Contraparte informada com país Brasil: operações de câmbio têm pagador ou recebedor no exterior; confirmar.');
  return {
    catalogued: true,
    table_revision: TABLE_REVISION,
    warnings,
    analysis: {
      operation_nature: `${nature.code} — ${nature.group}: ${nature.description}.`,
      taxation_irrf: nature.irrf,
      taxation_iof: nature.iof,
      main_characteristics: [
        nature.characteristics,
        `Operação de ${op.direction === 'entrada' ? 'ingresso' : 'saída'} de ${op.amount} ${op.currency} com ${op.counterparty.name} (${op.counterparty.country}).`,
        ...warnings,
      ].join(' '),
      required_documents: [...nature.documents],
      cide: nature.cide,
      siscoserv: nature.siscoserv,
      regulations: [...nature.regulations],
    },
  };
}
