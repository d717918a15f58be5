import { COMMON_REMARKS, cguRegisterImporter } from './br-cgu.js';

/**
 * CGU CEAF, Cadastro de Expulsões da Administração Federal (LAYOUTS.md 5.4; the zip's CSV is
 * `YYYYMMDD_Expulsoes.csv`): civil servants expelled, CPFs masked `***.ddd.ddd-**`, so an
 * entry is the masked CPF with the name. The post held goes to the remarks.
 */
export const brCeafImporter = cguRegisterImporter({
  list_id: 'br_ceaf',
  cadastro: 'CEAF',
  required: ['CARGO EFETIVO'],
  aliases: [],
  remarks: [
    ['portaria', 'NÚMERO DO DOCUMENTO'],
    ['cargo efetivo', 'CARGO EFETIVO'],
    ['função ou cargo de confiança', 'FUNÇÃO OU CARGO DE CONFIANÇA'],
    ['órgão de lotação', 'ÓRGÃO DE LOTAÇÃO'],
    ...COMMON_REMARKS,
  ],
});
