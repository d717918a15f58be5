import { tcuImporter } from './br-tcu.js';

/** TCU, licitantes inidôneos (Lei 8.443/1992 art. 46; LAYOUTS-BR-2.md section 3): mostly companies, CNPJ in full. */
export const brTcuInidoneosImporter = tcuImporter({
  list_id: 'br_tcu_inidoneos',
  category: 'Declaração de inidoneidade para licitar com a Administração Pública Federal',
  legal_basis: 'Lei 8.443/1992, art. 46',
  schema: 'company',
  documentColumn: 'CPF/CNPJ',
});
