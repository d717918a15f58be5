import type { ListImporter } from './port.js';

/** The importer of every official list, by list id. */
export const LIST_IMPORTERS: ReadonlyMap<string, ListImporter> = new Map<string, ListImporter>([]);
