/**
 * Imports one month of the CNPJ dump (a directory of the Receita's zips) into a register store.
 *
 * Streaming and resumable: rows go to the store in batches, each committed together with the
 * progress of its file (or, on MongoDB, made harmless to replay), so a killed import started
 * again skips the finished files and the committed rows of the unfinished one. The month is
 * built beside the one being served and swapped in only once complete: a failed or killed
 * import leaves the previous month serving.
 */
import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { date, money, openDump, text, type DumpFile } from './dump.js';
import type { RegisterMonth } from './port.js';
import { LOOKUP_TABLES, MAIN_TABLES, type LookupTable, type MainTable, type RowsOf, type Table } from './rows.js';

/** How far the import of one file got: records read (skipped on a resume), loaded and refused. */
export interface FileProgress {
  read: number;
  loaded: number;
  rejected: number;
  done: boolean;
}

/** A store the importer builds a month into. */
export interface ImportTarget {
  /**
   * Opens the build of `month`, resuming a previous attempt on the same files (`fingerprint`);
   * a build from other files is thrown away and started afresh.
   */
  begin(month: string, fingerprint: string): Promise<ImportBuild>;
}

export interface ImportBuild {
  /** the progress of every file the build has seen, by file name */
  progress(): Promise<Map<string, FileProgress>>;
  /** stores rows with their file's progress: after a crash the progress never claims rows the store lacks */
  write<T extends Table>(table: T, rows: RowsOf[T][], file: string, progress: FileProgress): Promise<void>;
  /** creates the indexes of the loaded month; safe to repeat after a crash */
  finish(): Promise<void>;
  /** serves this month instead of the previous one, atomically, and drops the previous one */
  publish(month: RegisterMonth): Promise<void>;
  /** stops without publishing; the build stays for a resume */
  close(): Promise<void>;
}

export interface ImportOptions {
  /** `YYYY-MM`; by default the directory's name */
  month?: string;
  /** records per committed batch */
  batchRows?: number;
  signal?: AbortSignal;
  onProgress?: (progress: { file: string; table: string } & FileProgress) => void;
}

/** A dump that cannot be imported as given: missing files, no month, too many unreadable rows. */
export class DumpImportError extends Error {
  override name = 'DumpImportError';
}

type Kind = MainTable | LookupTable;

/** The dump's files by kind; the main kinds come split in numbered parts. */
const FILE_KINDS: readonly { kind: Kind; pattern: RegExp; label: string }[] = [
  { kind: 'empresas', pattern: /^empresas.*\.zip$/i, label: 'Empresas*.zip' },
  { kind: 'estabelecimentos', pattern: /^estabelecimentos.*\.zip$/i, label: 'Estabelecimentos*.zip' },
  { kind: 'socios', pattern: /^socios.*\.zip$/i, label: 'Socios*.zip' },
  { kind: 'simples', pattern: /^simples.*\.zip$/i, label: 'Simples.zip' },
  ...LOOKUP_TABLES.map((kind) => ({ kind, pattern: new RegExp(`^${kind}\\.zip$`, 'i'), label: `${kind[0]!.toUpperCase()}${kind.slice(1)}.zip` })),
];

/** Lookup tables first (small), then the companies, the establishments, the partners. */
const IMPORT_ORDER: readonly Kind[] = [...LOOKUP_TABLES, 'empresas', 'simples', 'estabelecimentos', 'socios'];

const COLUMNS: Record<Kind, number> = {
  empresas: 7,
  estabelecimentos: 30,
  socios: 11,
  simples: 7,
  ...(Object.fromEntries(LOOKUP_TABLES.map((t) => [t, 2])) as Record<LookupTable, number>),
};

/** More refused rows than this share of a table fails the import: the file is not what we think it is. */
const MAX_REJECTED_SHARE = 0.01;
/** rows of a file after which its share of refused rows is checked as it goes */
const EARLY_CHECK_ROWS = 10_000;
/** A partner's seq: file ordinal in the high bits, record number below (2^32 records a file is ample). */
const SEQ_FILE = 2 ** 32;

const BASICO = /^[0-9A-Z]{8}$/;
const ORDEM = /^[0-9A-Z]{4}$/;
const DV = /^\d{2}$/;
/** the masked CPF the Receita writes for "no legal representative" and "foreign partner" */
const NO_CPF = new Set(['***000000**', '***999999**']);

const upper = (value: string | undefined) => (value ?? '').trim().toUpperCase();

/** One CSV record as a stored row, or null when unreadable (counted as rejected). */
function rowOf(kind: Kind, r: string[], seq: number): RowsOf[Table] | null {
  if (r.length !== COLUMNS[kind]) return null;
  if (kind !== 'empresas' && kind !== 'estabelecimentos' && kind !== 'socios' && kind !== 'simples') {
    const code = text(r[0]);
    return code === null ? null : { kind, code, description: text(r[1]) ?? '' };
  }
  const basico = upper(r[0]);
  if (!BASICO.test(basico)) return null;
  switch (kind) {
    case 'empresas':
      return { basico, razao_social: text(r[1]) ?? '', natureza: text(r[2]), qualificacao: text(r[3]), capital: money(r[4]), porte: text(r[5]), ente: text(r[6]) };
    case 'simples':
      return {
        basico,
        opcao_simples: text(r[1]),
        data_opcao_simples: date(r[2]),
        data_exclusao_simples: date(r[3]),
        opcao_mei: text(r[4]),
        data_opcao_mei: date(r[5]),
        data_exclusao_mei: date(r[6]),
      };
    case 'estabelecimentos': {
      const ordem = upper(r[1]);
      const dv = (r[2] ?? '').trim();
      if (!ORDEM.test(ordem) || !DV.test(dv)) return null;
      // columns 22 to 28 (phones, fax, e-mail) are deliberately not kept: see rows.ts
      return {
        cnpj: `${basico}${ordem}${dv}`,
        matriz: text(r[3]) === '1' ? 1 : 0,
        nome_fantasia: text(r[4]),
        situacao: text(r[5]) ?? '',
        data_situacao: date(r[6]),
        motivo: text(r[7]),
        cidade_exterior: text(r[8]),
        pais: text(r[9]),
        inicio: date(r[10]),
        cnae: text(r[11]),
        cnaes: text(r[12]),
        tipo_logradouro: text(r[13]),
        logradouro: text(r[14]),
        numero: text(r[15]),
        complemento: text(r[16]),
        bairro: text(r[17]),
        cep: text(r[18]),
        uf: text(r[19]),
        municipio: text(r[20]),
        situacao_especial: text(r[28]),
        data_situacao_especial: date(r[29]),
      };
    }
    case 'socios': {
      const identificador = text(r[1]);
      if (identificador !== '1' && identificador !== '2' && identificador !== '3') return null;
      const documento = text(r[3]);
      const repCpf = text(r[7]);
      return {
        seq,
        basico,
        identificador,
        nome: text(r[2]) ?? '',
        documento: documento === null || NO_CPF.has(documento) ? null : identificador === '1' ? documento.toUpperCase() : documento,
        qualificacao: text(r[4]),
        data_entrada: date(r[5]),
        pais: text(r[6]),
        rep_cpf: repCpf === null || NO_CPF.has(repCpf) ? null : repCpf,
        rep_nome: text(r[8]),
        rep_qualificacao: text(r[9]),
        faixa_etaria: text(r[10]),
      };
    }
  }
}

const tableOf = (kind: Kind): Table => (MAIN_TABLES.includes(kind as MainTable) ? (kind as MainTable) : 'codes');

interface DumpPart {
  kind: Kind;
  name: string;
  ordinal: number;
  dump: DumpFile;
}

/** The dump's files in `dir` by kind; fails naming every kind that is missing. */
async function findFiles(dir: string): Promise<{ kind: Kind; name: string }[]> {
  const names = (await readdir(dir)).sort();
  const found = names.flatMap((name) => {
    const kind = FILE_KINDS.find(({ pattern }) => pattern.test(name))?.kind;
    return kind ? [{ kind, name }] : [];
  });
  const missing = IMPORT_ORDER.filter((kind) => !found.some((f) => f.kind === kind));
  if (missing.length) throw new DumpImportError(`${dir}: the dump lacks ${missing.map((k) => FILE_KINDS.find((f) => f.kind === k)!.label).join(', ')}`);
  return IMPORT_ORDER.flatMap((kind) => found.filter((f) => f.kind === kind));
}

function monthOf(dir: string, month: string | undefined): string {
  const value = month ?? basename(dir);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) {
    throw new DumpImportError(month ? `month must be YYYY-MM, not ${month}` : `cannot tell the month from the directory name ${basename(dir)}: name it YYYY-MM or give the month`);
  }
  return value;
}

/** Imports the dump in `dir` into `target` and serves it; returns the month loaded. */
export async function importDump(dir: string, target: ImportTarget, options: ImportOptions = {}): Promise<RegisterMonth> {
  const month = monthOf(dir, options.month);
  const batchRows = options.batchRows ?? 5_000;
  const files = await findFiles(dir);
  // every zip's central directory is read before a row is written: a broken download fails now
  const parts: DumpPart[] = [];
  try {
    for (const [ordinal, file] of files.entries()) parts.push({ ...file, ordinal, dump: await openDump(join(dir, file.name)) });
  } catch (error) {
    for (const part of parts) part.dump.close();
    throw error;
  }
  const fingerprint = createHash('sha256')
    .update(parts.map((p) => `${p.name}:${p.dump.crc32}:${p.dump.uncompressedSize}`).join('\n'))
    .digest('hex');
  const build = await target.begin(month, fingerprint);
  try {
    const progress = await build.progress();
    // Every file still to load is read whole against its CRC-32 before a row of it is written: a
    // corrupt file found at its end would leave rows from the corrupt stream committed, and a
    // resume on a good copy (same central directory, same fingerprint) would keep them.
    for (const part of parts) if (!progress.get(part.name)?.done) await part.dump.verify();
    for (const part of parts) {
      const done = progress.get(part.name);
      if (done?.done) continue;
      progress.set(part.name, await importFile(build, part, done, batchRows, options));
      checkRejected(part.kind, parts, progress);
    }
    await build.finish();
    const rows: Record<string, number> = {};
    const rejected: Record<string, number> = {};
    for (const part of parts) {
      const p = progress.get(part.name)!;
      rows[part.kind] = (rows[part.kind] ?? 0) + p.loaded;
      rejected[part.kind] = (rejected[part.kind] ?? 0) + p.rejected;
    }
    const loaded: RegisterMonth = { month, imported_at: new Date().toISOString(), rows, rejected };
    await build.publish(loaded);
    return loaded;
  } finally {
    for (const part of parts) part.dump.close();
    await build.close();
  }
}

function checkRejected(kind: Kind, parts: DumpPart[], progress: Map<string, FileProgress>): void {
  let read = 0;
  let rejected = 0;
  for (const part of parts.filter((p) => p.kind === kind)) {
    read += progress.get(part.name)?.read ?? 0;
    rejected += progress.get(part.name)?.rejected ?? 0;
  }
  checkShare(kind, read, rejected);
}

function checkShare(kind: Kind, read: number, rejected: number): void {
  if (rejected > read * MAX_REJECTED_SHARE) {
    throw new DumpImportError(`${kind}: ${rejected} of ${read} rows unreadable (wrong column count or CNPJ), more than ${MAX_REJECTED_SHARE * 100}%`);
  }
}

async function importFile(build: ImportBuild, part: DumpPart, resumed: FileProgress | undefined, batchRows: number, options: ImportOptions): Promise<FileProgress> {
  const table = tableOf(part.kind);
  const progress: FileProgress = { read: 0, loaded: 0, rejected: 0, done: false, ...resumed };
  const skip = progress.read;
  let batch: RowsOf[Table][] = [];
  let index = 0;
  const commit = async () => {
    options.signal?.throwIfAborted();
    await build.write(table, batch, part.name, { ...progress });
    batch = [];
    options.onProgress?.({ file: part.name, table: part.kind, ...progress });
  };
  for await (const record of part.dump.rows()) {
    // the records a previous attempt committed: the parser is deterministic, so their count is enough
    if (index++ < skip) continue;
    const row = rowOf(part.kind, record, part.ordinal * SEQ_FILE + index - 1);
    progress.read++;
    if (row) {
      batch.push(row);
      progress.loaded++;
    } else progress.rejected++;
    if (progress.read % batchRows === 0) {
      // a file of the wrong layout fails within its first rows, not after gigabytes
      if (progress.read >= EARLY_CHECK_ROWS) checkShare(part.kind, progress.read, progress.rejected);
      await commit();
    }
  }
  progress.done = true;
  await commit();
  return progress;
}
