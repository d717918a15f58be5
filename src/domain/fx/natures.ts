/**
 * The FX nature knowledge table the laudo analysis reads (decisions section 9): for each
 * five-digit nature code, what the operation is, its direction, and how it is treated for
 * IRRF, IOF-Câmbio, CIDE and the (extinct) Siscoserv, with the documents to keep and the norms.
 *
 * Rules of this table:
 * - a rate is stated only where the norm cited fixes it; where it depends on something (the
 *   year, the beneficiary's country, a treaty, the term of a loan, the current wording of the
 *   IOF decree) the entry says what it depends on, never a guess;
 * - codes follow the central bank's classification of FX operations as reorganised under Lei
 *   14.286/2021 and Resolução BCB 277/2022 (with the amendments of Resolução BCB 337/2023);
 *   the compliance team confirms each code against the BCB's published list on every revision
 *   (TABLE_REVISION), and a code missing here is analysed as not catalogued.
 */
export interface FxNature {
  code: string;
  group: string;
  description: string;
  direction: 'entrada' | 'saida' | 'ambas';
  characteristics: string;
  irrf: string;
  iof: string;
  cide: string;
  siscoserv: string;
  documents: readonly string[];
  regulations: readonly string[];
}

export const TABLE_REVISION = '2026-11';

const FX_BASE = [
  'Lei nº 14.286/2021 (marco cambial)',
  'Resolução BCB nº 277/2022 (mercado de câmbio), com as alterações da Resolução BCB nº 337/2023 (códigos de classificação)',
];
const IOF_DECREE = 'Decreto nº 6.306/2007 (Regulamento do IOF), art. 15-B, na redação vigente na data da liquidação';
const IOF_GENERAL = `Alíquota do ${IOF_DECREE}: a alíquota desta finalidade foi alterada mais de uma vez em 2025; aplicar a redação vigente no dia da liquidação do contrato, conforme a finalidade e se o remetente é pessoa física ou jurídica.`;
const SISCOSERV_GOODS = 'Não aplicável: operação com bens. O Siscoserv (serviços e intangíveis) teve os registros dispensados a partir de 1º/7/2020.';
const SISCOSERV_SERVICES =
  'Sem registro: o Siscoserv teve os registros dispensados a partir de 1º/7/2020 (Ato Declaratório Executivo Conjunto RFB/SECINT nº 1/2020). As informações da operação seguem nas obrigações acessórias vigentes (retenções na EFD-Reinf, após a extinção da DIRF).';
const SISCOSERV_NONE = 'Não aplicável: movimentação financeira ou de capital, não é prestação de serviço nem cessão de intangível.';
const HAVEN = 'beneficiário em país ou dependência com tributação favorecida ou regime fiscal privilegiado (Lei nº 9.779/1999, art. 8º; IN RFB nº 1.037/2010)';
const TREATY = 'convenção para evitar a dupla tributação com o país do beneficiário, quando houver';
const CIDE_RULE = 'CIDE-Remessas de 10% (Lei nº 10.168/2000, art. 2º, com a redação da Lei nº 10.332/2001)';
const IRRF_15_CIDE = 'IRRF de 15% sobre o valor remetido (Lei nº 10.168/2000 e Medida Provisória nº 2.159-70/2001, art. 3º), 25% se ' + HAVEN + '; observar a ' + TREATY + '.';

export const FX_NATURES: Readonly<Record<string, FxNature>> = Object.fromEntries(
  (
    [
      {
        code: '10101',
        group: 'Exportação',
        description: 'Exportação de bens — recebimento em geral',
        direction: 'entrada',
        characteristics: 'Ingresso de divisas pela venda de mercadorias a não residente, vinculado à exportação registrada no Siscomex (DU-E). O exportador pode manter os recursos no exterior.',
        irrf: 'Não incide: o ingresso é receita de exportação do residente, tributada na apuração do exportador.',
        iof: `Alíquota zero nas operações de câmbio de ingresso de receitas de exportação de bens e serviços (${IOF_DECREE}).`,
        cide: 'Não incide: não há remessa ao exterior.',
        siscoserv: SISCOSERV_GOODS,
        documents: ['Fatura comercial (commercial invoice)', 'Número da Declaração Única de Exportação (DU-E)', 'Conhecimento de embarque', 'Contrato ou pedido de compra do importador'],
        regulations: [...FX_BASE, 'Lei nº 11.371/2006, art. 1º (manutenção de recursos de exportação no exterior)'],
      },
      {
        code: '10102',
        group: 'Exportação',
        description: 'Exportação de bens — recebimento antecipado',
        direction: 'entrada',
        characteristics: 'Ingresso antes do embarque das mercadorias. Acima dos limites de valor e prazo da regulamentação de capitais estrangeiros, o pagamento antecipado passa a ser informado também como crédito externo.',
        irrf: 'Não incide sobre o principal. Se houver encargos financeiros pagos ao importador, aplicar a regra de juros remetidos ao exterior.',
        iof: `Alíquota zero para ingresso de receita de exportação (${IOF_DECREE}).`,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_GOODS,
        documents: ['Contrato ou pedido de compra com previsão de pagamento antecipado', 'Fatura pró-forma', 'Comprovação posterior do embarque (DU-E averbada)'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022 (capitais estrangeiros no País: crédito externo)'],
      },
      {
        code: '15101',
        group: 'Importação',
        description: 'Importação de bens — pagamento em geral',
        direction: 'saida',
        characteristics: 'Pagamento ao exportador estrangeiro por mercadorias importadas, à vista ou a prazo, vinculado à declaração de importação (DI ou DUIMP).',
        irrf: 'Não incide: pagamento do preço de bens não é rendimento do vendedor estrangeiro. Juros de financiamento da importação seguem a regra de juros.',
        iof: IOF_GENERAL,
        cide: 'Não incide sobre bens.',
        siscoserv: SISCOSERV_GOODS,
        documents: ['Fatura comercial', 'Declaração de importação (DI) ou DUIMP', 'Conhecimento de transporte internacional'],
        regulations: [...FX_BASE],
      },
      {
        code: '15102',
        group: 'Importação',
        description: 'Importação de bens — pagamento antecipado',
        direction: 'saida',
        characteristics: 'Pagamento antes do desembaraço. A instituição acompanha a comprovação da importação dentro do prazo acordado.',
        irrf: 'Não incide sobre o preço dos bens.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_GOODS,
        documents: ['Fatura pró-forma ou contrato de compra', 'Comprovação posterior do desembaraço (DI/DUIMP)'],
        regulations: [...FX_BASE],
      },
      {
        code: '20101',
        group: 'Transportes',
        description: 'Fretes e afretamentos internacionais',
        direction: 'saida',
        characteristics: 'Remuneração de transporte internacional de carga ou de afretamento de embarcação ou aeronave estrangeira.',
        irrf: `Alíquota zero para fretes, afretamentos e arrendamentos de embarcações e aeronaves estrangeiras (Lei nº 9.481/1997, art. 1º, I), exceto ${HAVEN}, caso em que se aplica 25%.`,
        iof: IOF_GENERAL,
        cide: 'Não incide: transporte não é serviço técnico nem royalty.',
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Conhecimento de transporte (BL/AWB) ou contrato de afretamento', 'Fatura do transportador'],
        regulations: [...FX_BASE, 'Lei nº 9.481/1997, art. 1º'],
      },
      {
        code: '32101',
        group: 'Viagens internacionais',
        description: 'Viagens internacionais — turismo (gastos pessoais e pacotes)',
        direction: 'saida',
        characteristics: 'Pagamento a operadores e prestadores no exterior de despesas de turismo de residentes, inclusive por agências e operadoras de turismo.',
        irrf: 'Regime de alíquota reduzida sobre remessas para cobertura de gastos pessoais em viagens de turismo, até o limite mensal por viajante (Lei nº 12.249/2010, art. 60, com a redação da Lei nº 14.355/2022): a alíquota sobe ano a ano; aplicar a do ano da remessa. Acima do limite, ou fora do regime, 25%.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Comprovantes dos serviços turísticos contratados', 'Identificação dos viajantes', 'Fatura da operadora estrangeira'],
        regulations: [...FX_BASE, 'Lei nº 12.249/2010, art. 60', 'Lei nº 14.355/2022'],
      },
      {
        code: '37101',
        group: 'Rendas — juros',
        description: 'Juros de empréstimo ou financiamento externo',
        direction: 'saida',
        characteristics: 'Remessa de juros e encargos de crédito externo tomado por residente e informado ao Banco Central (SCE-Crédito, quando exigido).',
        irrf: `IRRF de 15% sobre os juros (Decreto nº 9.580/2018, RIR/2018), 25% se ${HAVEN}; observar a ${TREATY} e o gross-up quando o contrato prevê que o tomador arca com o imposto.`,
        iof: IOF_GENERAL,
        cide: 'Não incide sobre juros.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Contrato de empréstimo', 'Registro no SCE-Crédito', 'Demonstrativo de cálculo dos juros do período'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022 (capitais estrangeiros no País)', 'Decreto nº 9.580/2018 (RIR/2018)'],
      },
      {
        code: '37201',
        group: 'Rendas — lucros e dividendos',
        description: 'Lucros e dividendos de investimento estrangeiro direto — remessa',
        direction: 'saida',
        characteristics: 'Distribuição de lucros da investida brasileira ao investidor não residente, compatível com o capital registrado no SCE-IED.',
        irrf: 'Depende do exercício dos lucros: lucros apurados até 2025 seguem a isenção do art. 10 da Lei nº 9.249/1995; para lucros pagos a partir de 2026, a Lei nº 15.270/2025 instituiu retenção na fonte sobre dividendos remetidos ao exterior, com regras de transição. Verificar a alíquota, a transição e eventual convenção antes da liquidação.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Ata de aprovação das demonstrações e da distribuição', 'Balanço do período de apuração', 'Registro do investimento no SCE-IED'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022', 'Lei nº 9.249/1995, art. 10', 'Lei nº 15.270/2025'],
      },
      {
        code: '37202',
        group: 'Rendas — lucros e dividendos',
        description: 'Lucros e dividendos recebidos de participação no exterior',
        direction: 'entrada',
        characteristics: 'Ingresso de lucros de controlada, coligada ou participação de residente no exterior.',
        irrf: 'Não incide na fonte: tributação na apuração do residente (Lei nº 12.973/2014 para pessoas jurídicas; Lei nº 14.754/2023 para pessoas físicas).',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Deliberação de distribuição da investida', 'Demonstrações financeiras da investida'],
        regulations: [...FX_BASE, 'Resolução BCB nº 279/2022 (capitais brasileiros no exterior)', 'Lei nº 12.973/2014', 'Lei nº 14.754/2023'],
      },
      {
        code: '37301',
        group: 'Rendas — juros sobre capital próprio',
        description: 'Juros sobre capital próprio pagos a acionista não residente',
        direction: 'saida',
        characteristics: 'Remuneração do capital próprio calculada sobre o patrimônio líquido, paga ao investidor estrangeiro registrado.',
        irrf: `IRRF de 15% (Lei nº 9.249/1995, art. 9º, § 2º), 25% se ${HAVEN}; verificar alterações da legislação vigente na data do crédito.`,
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Ata de deliberação dos juros sobre capital próprio', 'Memória de cálculo sobre o patrimônio líquido', 'Registro do investimento no SCE-IED'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022', 'Lei nº 9.249/1995, art. 9º'],
      },
      {
        code: '45201',
        group: 'Royalties e licenças',
        description: 'Royalties pela licença de uso de marca',
        direction: 'saida',
        characteristics: 'Remuneração pelo uso de marca de titular estrangeiro. Dedutibilidade e remessa dependem do contrato averbado ou registrado no INPI.',
        irrf: IRRF_15_CIDE,
        iof: IOF_GENERAL,
        cide: `Incide ${CIDE_RULE}, recolhida pela fonte pagadora.`,
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato de licença averbado ou registrado no INPI', 'Fatura do licenciante', 'Memória de cálculo dos royalties', 'Comprovante de recolhimento do IRRF e da CIDE'],
        regulations: [...FX_BASE, 'Lei nº 10.168/2000', 'Lei nº 9.279/1996 (propriedade industrial), art. 211'],
      },
      {
        code: '45202',
        group: 'Royalties e licenças',
        description: 'Fornecimento de tecnologia e transferência de tecnologia (know-how)',
        direction: 'saida',
        characteristics: 'Remuneração por conhecimentos técnicos transferidos ao residente, com contrato averbado no INPI.',
        irrf: IRRF_15_CIDE,
        iof: IOF_GENERAL,
        cide: `Incide ${CIDE_RULE}.`,
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato de fornecimento de tecnologia averbado no INPI', 'Fatura do fornecedor', 'Comprovante de recolhimento do IRRF e da CIDE'],
        regulations: [...FX_BASE, 'Lei nº 10.168/2000', 'Lei nº 9.279/1996, art. 211'],
      },
      {
        code: '45301',
        group: 'Royalties e licenças',
        description: 'Licença de uso ou direito de comercialização de software, sem transferência de tecnologia',
        direction: 'saida',
        characteristics: 'Pagamento pela licença de programa de computador, sem entrega do código-fonte nem transferência de tecnologia. Software como serviço (SaaS) tem sido tratado pela Receita Federal como serviço técnico (Solução de Consulta Cosit nº 191/2017), o que muda o enquadramento.',
        irrf: `IRRF de 15% como royalties (25% se ${HAVEN}); se a operação for serviço técnico (SaaS, customização), aplicar a regra de serviços técnicos. Observar a ${TREATY}.`,
        iof: IOF_GENERAL,
        cide: 'Não incide sobre a licença de uso ou de comercialização de software sem transferência de tecnologia (Lei nº 10.168/2000, art. 2º, § 1º-A, incluído pela Lei nº 11.452/2007).',
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato ou termos de licença', 'Fatura do licenciante', 'Declaração de que não há transferência de tecnologia'],
        regulations: [...FX_BASE, 'Lei nº 10.168/2000, art. 2º, § 1º-A', 'Lei nº 9.609/1998 (software)'],
      },
      {
        code: '45401',
        group: 'Serviços técnicos',
        description: 'Serviços técnicos especializados e assistência técnica prestados por não residente',
        direction: 'saida',
        characteristics: 'Serviços que dependem de conhecimento técnico especializado (IN RFB nº 1.455/2014, art. 17), prestados no País ou do exterior.',
        irrf: IRRF_15_CIDE,
        iof: IOF_GENERAL,
        cide: `Incide ${CIDE_RULE}, que alcança serviços técnicos e de assistência técnica e administrativa.`,
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato de prestação de serviços', 'Fatura do prestador', 'Comprovantes de recolhimento de IRRF, CIDE, PIS/COFINS-Importação e ISS'],
        regulations: [...FX_BASE, 'Lei nº 10.168/2000', 'IN RFB nº 1.455/2014', 'Lei nº 10.865/2004 (PIS/COFINS-Importação)', 'Lei Complementar nº 116/2003 (ISS na importação de serviços)'],
      },
      {
        code: '45402',
        group: 'Serviços técnicos',
        description: 'Exportação de serviços técnicos e profissionais (recebimento)',
        direction: 'entrada',
        characteristics: 'Ingresso de divisas pela prestação de serviço de residente a tomador no exterior, com resultado verificado no exterior.',
        irrf: 'Não incide: receita do prestador residente, tributada na sua apuração.',
        iof: `Alíquota zero para ingresso de receitas de exportação de serviços (${IOF_DECREE}).`,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato ou proposta aceita pelo tomador estrangeiro', 'Fatura de exportação de serviços', 'Evidência de que o resultado se verifica no exterior (para a não incidência de ISS)'],
        regulations: [...FX_BASE, 'Lei Complementar nº 116/2003, art. 2º, I (não incidência de ISS)', 'Lei nº 10.637/2002, art. 5º, e Lei nº 10.833/2003, art. 6º (PIS/COFINS na exportação de serviços)'],
      },
      {
        code: '45501',
        group: 'Serviços profissionais',
        description: 'Serviços profissionais e de consultoria empresarial (assistência administrativa)',
        direction: 'saida',
        characteristics: 'Consultoria de gestão, jurídica, contábil ou administrativa prestada por não residente.',
        irrf: `Depende do enquadramento: serviços técnicos e de assistência administrativa sujeitos à CIDE têm IRRF de 15% (Medida Provisória nº 2.159-70/2001, art. 3º); demais serviços, 25% (Lei nº 9.779/1999, art. 7º). 25% se ${HAVEN}. Observar a ${TREATY}.`,
        iof: IOF_GENERAL,
        cide: `Incide ${CIDE_RULE} quando o serviço é técnico ou de assistência administrativa.`,
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato de prestação de serviços com descrição do escopo', 'Fatura do prestador', 'Relatórios ou entregáveis do serviço'],
        regulations: [...FX_BASE, 'Lei nº 9.779/1999, art. 7º', 'Lei nº 10.168/2000', 'Lei nº 10.865/2004', 'Lei Complementar nº 116/2003'],
      },
      {
        code: '47501',
        group: 'Serviços diversos',
        description: 'Serviços de publicidade e promoção no exterior',
        direction: 'saida',
        characteristics: 'Veiculação de propaganda e promoção comercial contratadas com prestador estrangeiro.',
        irrf: `IRRF de 25% sobre serviços não técnicos (Lei nº 9.779/1999, art. 7º), salvo enquadramento como serviço técnico (15% com CIDE) ou hipótese de redução prevista em lei para o tipo de serviço; 25% se ${HAVEN}.`,
        iof: IOF_GENERAL,
        cide: 'Em regra não incide sobre veiculação de publicidade; incide se houver serviço técnico ou de assistência administrativa associado.',
        siscoserv: SISCOSERV_SERVICES,
        documents: ['Contrato ou ordem de inserção', 'Fatura do veículo ou agência', 'Comprovação da veiculação'],
        regulations: [...FX_BASE, 'Lei nº 9.779/1999, art. 7º'],
      },
      {
        code: '50101',
        group: 'Transferências pessoais',
        description: 'Manutenção de residentes e transferências a familiares no exterior',
        direction: 'saida',
        characteristics: 'Envio de recursos próprios de pessoa física para sustento próprio ou de familiar no exterior, sem contraprestação.',
        irrf: 'Não incide quando se trata de transferência de recursos próprios sem natureza de rendimento do beneficiário; se a remessa remunerar serviço ou for rendimento, aplicar a regra do rendimento.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Identificação do remetente e do beneficiário e do vínculo entre eles', 'Declaração da finalidade', 'Comprovação da origem dos recursos quando o valor ou o perfil do cliente exigir (Circular BCB nº 3.978/2020)'],
        regulations: [...FX_BASE, 'Circular BCB nº 3.978/2020 (prevenção à lavagem de dinheiro)'],
      },
      {
        code: '50201',
        group: 'Transferências pessoais',
        description: 'Doações',
        direction: 'ambas',
        characteristics: 'Transferência gratuita entre residente e não residente. A doação pode ser fato gerador do ITCMD estadual, conforme a lei do estado e a residência do doador e do donatário.',
        irrf: 'Não incide sobre doação sem contraprestação; verificar o ITCMD estadual aplicável.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Instrumento ou declaração de doação', 'Identificação de doador e donatário', 'Comprovação da origem dos recursos'],
        regulations: [...FX_BASE, 'Circular BCB nº 3.978/2020'],
      },
      {
        code: '65101',
        group: 'Capitais estrangeiros',
        description: 'Investimento estrangeiro direto — ingresso de capital',
        direction: 'entrada',
        characteristics: 'Aporte de não residente em capital de empresa brasileira (integralização ou aumento de capital), a declarar no SCE-IED quando exigido.',
        irrf: 'Não incide sobre o aporte de capital.',
        iof: `Alíquota zero para o ingresso de investimento estrangeiro direto, conforme o ${IOF_DECREE}.`,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Ato societário de aumento de capital ou subscrição', 'Registro do investidor e da operação no SCE-IED', 'Identificação do investidor e do beneficiário final'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022 (capitais estrangeiros no País)'],
      },
      {
        code: '65102',
        group: 'Capitais estrangeiros',
        description: 'Investimento estrangeiro direto — retorno de capital ou alienação',
        direction: 'saida',
        characteristics: 'Remessa ao investidor não residente por redução de capital, liquidação ou venda da participação.',
        irrf: `Incide sobre o ganho de capital, quando houver, pelas alíquotas progressivas da Lei nº 13.259/2016, ou 25% se ${HAVEN}; o retorno do capital registrado, sem ganho, não é tributado.`,
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Ato societário de redução de capital ou contrato de compra e venda', 'Apuração do ganho de capital', 'Registro no SCE-IED'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022', 'Lei nº 13.259/2016'],
      },
      {
        code: '67101',
        group: 'Capitais estrangeiros',
        description: 'Empréstimo externo direto — ingresso',
        direction: 'entrada',
        characteristics: 'Ingresso de crédito tomado por residente junto a não residente, informado no SCE-Crédito conforme valor e prazo.',
        irrf: 'Não incide sobre o ingresso do principal; os juros futuros seguem a regra de juros remetidos.',
        iof: `Depende do prazo médio mínimo do empréstimo, conforme o ${IOF_DECREE}.`,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Contrato de empréstimo', 'Registro no SCE-Crédito', 'Cronograma de pagamentos'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022'],
      },
      {
        code: '67102',
        group: 'Capitais estrangeiros',
        description: 'Empréstimo externo direto — amortização do principal',
        direction: 'saida',
        characteristics: 'Pagamento de principal de crédito externo registrado.',
        irrf: 'Não incide sobre o principal.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Contrato de empréstimo', 'Registro no SCE-Crédito', 'Demonstrativo do saldo devedor'],
        regulations: [...FX_BASE, 'Resolução BCB nº 278/2022'],
      },
      {
        code: '55101',
        group: 'Capitais brasileiros no exterior',
        description: 'Investimento brasileiro direto no exterior',
        direction: 'saida',
        characteristics: 'Aporte de residente em empresa no exterior. Participações acima dos limites regulamentares são declaradas ao Banco Central (capitais brasileiros no exterior).',
        irrf: 'Não incide sobre o aporte.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Ato constitutivo ou de aumento de capital da investida', 'Identificação da investida e de sua cadeia societária', 'Comprovação da origem dos recursos'],
        regulations: [...FX_BASE, 'Resolução BCB nº 279/2022 (capitais brasileiros no exterior)'],
      },
      {
        code: '90101',
        group: 'Disponibilidades no exterior',
        description: 'Transferência de recursos próprios para conta de mesma titularidade no exterior',
        direction: 'saida',
        characteristics: 'Residente remete recursos para conta de que é titular no exterior. Saldos acima dos limites regulamentares são declarados ao Banco Central.',
        irrf: 'Não incide: não há rendimento de terceiro.',
        iof: IOF_GENERAL,
        cide: 'Não incide.',
        siscoserv: SISCOSERV_NONE,
        documents: ['Comprovante de titularidade da conta no exterior', 'Declaração da finalidade', 'Comprovação da origem dos recursos'],
        regulations: [...FX_BASE, 'Resolução BCB nº 279/2022', 'Circular BCB nº 3.978/2020'],
      },
    ] satisfies FxNature[]
  ).map((nature) => [nature.code, nature]),
);

export const natureOf = (code: string): FxNature | null => FX_NATURES[code] ?? null;
