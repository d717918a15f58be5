import { bcbImporter } from './br-bcb.js';

/** BCB Quadro Geral de Proibidos (LAYOUTS-BR-2.md section 2): auditors and companies barred, `CPF_CNPJ` a CNPJ (14 digits) or a masked CPF (11). */
export const brBcbQgpImporter = bcbImporter('br_bcb_qgp', 'CPF_CNPJ', 'PROIBIÇÃO');
