import { tcuImporter } from './br-tcu.js';

/** TCU, inabilitados para cargo em comissão ou função de confiança (Lei 8.443/1992 art. 60; LAYOUTS-BR-2.md section 3): CPF in full. */
export const brTcuInabilitadosImporter = tcuImporter({
  list_id: 'br_tcu_inabilitados',
  category: 'Inabilitação para cargo em comissão ou função de confiança na Administração Pública Federal',
  legal_basis: 'Lei 8.443/1992, art. 60',
  schema: 'person',
  documentColumn: 'CPF',
});
