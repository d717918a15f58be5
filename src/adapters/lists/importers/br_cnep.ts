import { COMMON_REMARKS, cguRegisterImporter } from './br-cgu.js';

/** CGU CNEP, Cadastro Nacional de Empresas Punidas (LAYOUTS.md 5.2): CEIS plus the fine. */
export const brCnepImporter = cguRegisterImporter({
  list_id: 'br_cnep',
  cadastro: 'CNEP',
  required: ['NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'VALOR DA MULTA'],
  aliases: ['NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'RAZÃO SOCIAL - CADASTRO RECEITA', 'NOME FANTASIA - CADASTRO RECEITA'],
  remarks: [['multa (R$)', 'VALOR DA MULTA'], ...COMMON_REMARKS],
});
