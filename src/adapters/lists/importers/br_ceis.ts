import { COMMON_REMARKS, cguRegisterImporter } from './br-cgu.js';

/** CGU CEIS, Cadastro de Empresas Inidôneas e Suspensas (LAYOUTS.md 5.1): full CPFs and CNPJs. */
export const brCeisImporter = cguRegisterImporter({
  list_id: 'br_ceis',
  cadastro: 'CEIS',
  required: ['NOME INFORMADO PELO ÓRGÃO SANCIONADOR'],
  // the organ's spelling and the Receita's registered and trade names: other ways to write the party
  aliases: ['NOME INFORMADO PELO ÓRGÃO SANCIONADOR', 'RAZÃO SOCIAL - CADASTRO RECEITA', 'NOME FANTASIA - CADASTRO RECEITA'],
  remarks: COMMON_REMARKS,
});
