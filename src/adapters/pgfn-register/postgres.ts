/**
 * The PGFN register on PostgreSQL, beside the read models: a schema per quarter
 * (`pgfn_2026_trimestre_02`) holding the inscriptions table of the SQLite file, and the
 * `registers_current` row naming the quarter served. Built, resumed, swapped in and guarded (one
 * import across instances, by an advisory lock) as ../postgres/registers.ts says.
 */
import type pg from 'pg';
import { beginBuild, CurrentEdition, ident, type RegisterBuild, type RegisterLayout } from '../postgres/registers.js';
import type { FileProgress, PgfnImportBuild, PgfnImportTarget } from './importer.js';
import type { Inscription, PgfnQuarter, PgfnRegister, PgfnView } from './port.js';
import { inscriptionOf, lookupOf, type InscriptionRow } from './rows.js';

const text = (...columns: string[]) => columns.map((c) => [c, 'TEXT'] as const);

export const PGFN_LAYOUT: RegisterLayout = {
  name: 'pgfn',
  what: 'PGFN register',
  tables: {
    inscricoes: [
      ['key', 'TEXT COLLATE "C"'],
      ...text('name_key', 'system', 'numero', 'documento', 'tipo_pessoa', 'tipo_devedor', 'nome', 'uf_devedor', 'unidade_responsavel'),
      ...text('tipo_situacao', 'situacao', 'receita', 'data_inscricao'),
      ['ajuizado', 'SMALLINT'],
      ['valor', 'DOUBLE PRECISION'],
    ],
  },
  // every lookup is an equality on the key (a CNPJ básico, a CPF's middle digits), in file order
  indexes: ['CREATE INDEX IF NOT EXISTS inscricoes_key ON {s}.inscricoes (key, _row)'],
};

const COLUMNS = PGFN_LAYOUT.tables['inscricoes']!.map(([column]) => column).join(', ');

/** Builds quarters into the database, one import at a time across the instances sharing it. */
export class PostgresPgfnTarget implements PgfnImportTarget {
  constructor(private readonly pool: pg.Pool) {}

  async begin(quarter: string, fingerprint: string): Promise<PgfnImportBuild> {
    return new PostgresBuild(await beginBuild(this.pool, PGFN_LAYOUT, quarter, fingerprint));
  }
}

class PostgresBuild implements PgfnImportBuild {
  constructor(private readonly build: RegisterBuild) {}

  progress(): Promise<Map<string, FileProgress>> {
    return this.build.progress();
  }

  write(rows: InscriptionRow[], file: string, progress: FileProgress): Promise<void> {
    return this.build.write('inscricoes', rows, file, progress);
  }

  finish(): Promise<void> {
    return this.build.finish();
  }

  publish(quarter: PgfnQuarter): Promise<void> {
    return this.build.publish(quarter);
  }

  close(): Promise<void> {
    return this.build.close();
  }
}

class PostgresView implements PgfnView {
  constructor(
    readonly quarter: PgfnQuarter,
    private readonly pool: pg.Pool,
    private readonly schema: string,
  ) {}

  async debtsOf(document: string, name?: string): Promise<Inscription[]> {
    const lookup = lookupOf(document, name);
    if (!lookup) return [];
    const from = `SELECT ${COLUMNS} FROM ${ident(this.schema)}.inscricoes WHERE key = $1`;
    const { rows } =
      lookup.name_key === null
        ? await this.pool.query<InscriptionRow>(`${from} AND tipo_pessoa = 'pj' ORDER BY _row`, [lookup.key])
        : await this.pool.query<InscriptionRow>(`${from} AND tipo_pessoa = 'pf' AND name_key = $2 ORDER BY _row`, [lookup.key, lookup.name_key]);
    return rows.map(inscriptionOf);
  }
}

/** Serves the quarter `registers_current` names, looking for a swap at most every `recheckMs`. */
export class PostgresPgfnRegister implements PgfnRegister {
  private readonly edition: CurrentEdition<PostgresView>;
  private readonly ownsPool: boolean;

  constructor(
    private readonly pool: pg.Pool,
    options: { recheckMs?: number; ownsPool?: boolean } = {},
  ) {
    this.ownsPool = options.ownsPool ?? false;
    this.edition = new CurrentEdition(pool, PGFN_LAYOUT.name, options.recheckMs ?? 5_000, async (schema, quarter) => new PostgresView(quarter as PgfnQuarter, pool, schema));
  }

  current(): Promise<PgfnView | null> {
    return this.edition.current();
  }

  /** The pool belongs to the read store unless given to own. */
  async close(): Promise<void> {
    this.edition.forget();
    if (this.ownsPool && !this.pool.ended) await this.pool.end();
  }
}
