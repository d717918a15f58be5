import { bcbImporter } from './br-bcb.js';

/** BCB Quadro Geral de Inabilitados (LAYOUTS-BR-2.md section 2): people barred from managing supervised institutions, CPF masked. */
export const brBcbQgiImporter = bcbImporter('br_bcb_qgi', 'CPF', 'INABILITAÇÃO');
