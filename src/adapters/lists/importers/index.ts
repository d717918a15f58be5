import { brBcbQgiImporter } from './br_bcb_qgi.js';
import { brBcbQgpImporter } from './br_bcb_qgp.js';
import { brCeafImporter } from './br_ceaf.js';
import { brCeisImporter } from './br_ceis.js';
import { brCepimImporter } from './br_cepim.js';
import { brCnepImporter } from './br_cnep.js';
import { brIbamaEmbargosImporter } from './br_ibama_embargos.js';
import { brPepImporter } from './br_pep.js';
import { brTcuInabilitadosImporter } from './br_tcu_inabilitados.js';
import { brTcuInidoneosImporter } from './br_tcu_inidoneos.js';
import { brTrabalhoEscravoImporter } from './br_trabalho_escravo.js';
import { euFsfImporter } from './eu_fsf.js';
import { ofacSdnImporter } from './ofac_sdn.js';
import type { ListImporter } from './port.js';
import { ukFcdoImporter } from './uk_fcdo.js';
import { unScImporter } from './un_sc.js';

/** The importer of every official list, by list id (each one a worker thread can build again: `officialImporter`). */
export const LIST_IMPORTERS: ReadonlyMap<string, ListImporter> = new Map<string, ListImporter>(
  [ofacSdnImporter, unScImporter, euFsfImporter, ukFcdoImporter, brCeisImporter, brCnepImporter, brCepimImporter, brCeafImporter, brPepImporter, brTrabalhoEscravoImporter, brTcuInabilitadosImporter, brTcuInidoneosImporter, brBcbQgiImporter, brBcbQgpImporter, brIbamaEmbargosImporter].map((i) => [
    i.list_id,
    { ...i, worker: { module: import.meta.url, name: 'officialImporter', args: [i.list_id] } },
  ]),
);

/** An official list's importer, by id (what a worker thread calls). */
export function officialImporter(listId: string): ListImporter {
  const importer = LIST_IMPORTERS.get(listId);
  if (!importer) throw new Error(`no importer for ${listId}`);
  return importer;
}
