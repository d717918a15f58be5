/**
 * The CNPJ register on PostgreSQL, beside the read models: a schema per month (`cnpj_2026_05`,
 * or `…_r` when the served month itself is imported again) holding the tables of the SQLite
 * file, and the `registers_current` row naming the month served. Built, resumed, swapped in and
 * guarded (one import across instances, by an advisory lock) as ../postgres/registers.ts says.
 */
import type pg from 'pg';
import { beginBuild, CurrentEdition, ident, type RegisterBuild, type RegisterLayout } from '../postgres/registers.js';
import type { FileProgress, ImportBuild, ImportTarget } from './importer.js';
import type { CnpjRegister, EstablishmentRecord, PartnerRecord, RegisterMonth, RegisterView } from './port.js';
import { Codes, establishmentRecord, partnerRecord, type CodeRow, type CompanyRow, type EstablishmentRow, type PartnerRow, type RowsOf, type SimplesRow, type Table } from './rows.js';

const KEY = 'TEXT COLLATE "C"';
const TEXT = 'TEXT';

const text = (...columns: string[]) => columns.map((c) => [c, TEXT] as const);

export const CNPJ_LAYOUT: RegisterLayout = {
  name: 'cnpj',
  what: 'CNPJ register',
  tables: {
    empresas: [['basico', KEY], ['razao_social', TEXT], ...text('natureza', 'qualificacao'), ['capital', 'DOUBLE PRECISION'], ...text('porte', 'ente')],
    estabelecimentos: [
      ['cnpj', KEY],
      ['matriz', 'SMALLINT'],
      ...text('nome_fantasia', 'situacao', 'data_situacao', 'motivo', 'cidade_exterior', 'pais', 'inicio', 'cnae', 'cnaes'),
      ...text('tipo_logradouro', 'logradouro', 'numero', 'complemento', 'bairro', 'cep', 'uf', 'municipio', 'situacao_especial', 'data_situacao_especial'),
    ],
    socios: [
      ['seq', 'BIGINT'],
      ['basico', KEY],
      ...text('identificador', 'nome', 'documento', 'qualificacao', 'data_entrada', 'pais', 'rep_cpf', 'rep_nome', 'rep_qualificacao', 'faixa_etaria'),
    ],
    simples: [['basico', KEY], ...text('opcao_simples', 'data_opcao_simples', 'data_exclusao_simples', 'opcao_mei', 'data_opcao_mei', 'data_exclusao_mei')],
    codes: text('kind', 'code', 'description'),
  },
  indexes: [
    'CREATE INDEX IF NOT EXISTS empresas_basico ON {s}.empresas (basico)',
    'CREATE INDEX IF NOT EXISTS estabelecimentos_cnpj ON {s}.estabelecimentos (cnpj)',
    'CREATE INDEX IF NOT EXISTS socios_basico ON {s}.socios (basico, seq)',
    'CREATE INDEX IF NOT EXISTS simples_basico ON {s}.simples (basico)',
  ],
};

const columnsOf = (table: Table) => CNPJ_LAYOUT.tables[table]!.map(([column]) => column).join(', ');

/** Builds months into the database, one import at a time across the instances sharing it. */
export class PostgresRegisterTarget implements ImportTarget {
  constructor(private readonly pool: pg.Pool) {}

  async begin(month: string, fingerprint: string): Promise<ImportBuild> {
    return new PostgresBuild(await beginBuild(this.pool, CNPJ_LAYOUT, month, fingerprint));
  }
}

class PostgresBuild implements ImportBuild {
  constructor(private readonly build: RegisterBuild) {}

  progress(): Promise<Map<string, FileProgress>> {
    return this.build.progress();
  }

  write<T extends Table>(table: T, rows: RowsOf[T][], file: string, progress: FileProgress): Promise<void> {
    return this.build.write(table, rows, file, progress);
  }

  finish(): Promise<void> {
    return this.build.finish();
  }

  publish(month: RegisterMonth): Promise<void> {
    return this.build.publish(month);
  }

  close(): Promise<void> {
    return this.build.close();
  }
}

/** One month's schema, read through the pool; the lookup tables held in memory. */
class PostgresView implements RegisterView {
  private constructor(
    readonly month: RegisterMonth,
    private readonly pool: pg.Pool,
    private readonly schema: string,
    private readonly codes: Codes,
  ) {}

  static async open(pool: pg.Pool, schema: string, month: RegisterMonth): Promise<PostgresView> {
    const { rows } = await pool.query<CodeRow>(`SELECT kind, code, description FROM ${ident(schema)}.codes ORDER BY _row`);
    return new PostgresView(month, pool, schema, new Codes(rows));
  }

  private async one<R>(table: Table, column: string, value: string): Promise<R | null> {
    const { rows } = await this.pool.query(`SELECT ${columnsOf(table)} FROM ${ident(this.schema)}.${table} WHERE ${column} = $1 LIMIT 1`, [value]);
    return (rows[0] as R | undefined) ?? null;
  }

  async establishment(cnpj: string): Promise<EstablishmentRecord | null> {
    const basico = cnpj.slice(0, 8);
    const [row, company, simples] = await Promise.all([
      this.one<EstablishmentRow>('estabelecimentos', 'cnpj', cnpj),
      this.one<CompanyRow>('empresas', 'basico', basico),
      this.one<SimplesRow>('simples', 'basico', basico),
    ]);
    return row ? establishmentRecord(row, company, simples, this.codes) : null;
  }

  async partners(basico: string): Promise<PartnerRecord[]> {
    const { rows } = await this.pool.query(`SELECT ${columnsOf('socios')} FROM ${ident(this.schema)}.socios WHERE basico = $1 ORDER BY seq`, [basico]);
    return rows.map((row) => partnerRecord({ ...(row as PartnerRow), seq: Number((row as { seq: string }).seq) }, this.codes));
  }

  async companyName(basico: string): Promise<string | null> {
    return (await this.one<CompanyRow>('empresas', 'basico', basico))?.razao_social ?? null;
  }
}

/** Serves the month `registers_current` names, looking for a swap at most every `recheckMs`. */
export class PostgresCnpjRegister implements CnpjRegister {
  private readonly edition: CurrentEdition<PostgresView>;
  private readonly ownsPool: boolean;

  constructor(
    private readonly pool: pg.Pool,
    options: { recheckMs?: number; ownsPool?: boolean } = {},
  ) {
    this.ownsPool = options.ownsPool ?? false;
    this.edition = new CurrentEdition(pool, CNPJ_LAYOUT.name, options.recheckMs ?? 5_000, (schema, month) => PostgresView.open(pool, schema, month as RegisterMonth));
  }

  current(): Promise<RegisterView | null> {
    return this.edition.current();
  }

  /** The pool belongs to the read store unless given to own. */
  async close(): Promise<void> {
    this.edition.forget();
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}
