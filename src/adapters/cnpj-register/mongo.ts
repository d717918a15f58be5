/**
 * The CNPJ register on MongoDB, beside the read models: collections `cnpj_<YYYYMM>_<table>` per
 * month, and `cnpj_register` holding `{ _id: 'current', … }` (the month served) and the progress
 * of the import under way.
 *
 * Rows and progress cannot commit together here, so replays are made harmless instead: every row
 * has a deterministic `_id` (the CNPJ, the básico, the partner's place in the dump) and is
 * upserted, and the progress is saved after its batch; a crash between the two replays that
 * batch onto the same documents. The swap is the single-document update of `current`.
 */
import type { AnyBulkWriteOperation, Collection, Db } from 'mongodb';
import type { FileProgress, ImportBuild, ImportTarget } from './importer.js';
import type { CnpjRegister, EstablishmentRecord, PartnerRecord, RegisterMonth, RegisterView } from './port.js';
import { Codes, establishmentRecord, partnerRecord, type CodeRow, type CompanyRow, type EstablishmentRow, type PartnerRow, type RowsOf, type SimplesRow, type Table } from './rows.js';

const DURABLE = { writeConcern: { w: 'majority' as const, j: true } };
const TABLES: readonly Table[] = ['empresas', 'estabelecimentos', 'socios', 'simples', 'codes'];

/** The document id of a row: what makes a replayed batch land on the same documents. */
const ID_OF: { [T in Table]: (row: RowsOf[T]) => string | number } = {
  empresas: (row) => row.basico,
  estabelecimentos: (row) => row.cnpj,
  socios: (row) => row.seq,
  simples: (row) => row.basico,
  codes: (row) => `${row.kind}:${row.code}`,
};

interface CurrentDoc {
  _id: 'current';
  month: RegisterMonth;
  /** the collections' prefix, `cnpj_<YYYYMM>` (or `…_r` when the served month itself was imported again) */
  prefix: string;
  /** the month served before, kept until the next swap for the views still reading it */
  previous: string | null;
}

interface BuildDoc {
  _id: string;
  kind: 'build';
  month: string;
  prefix: string;
  fingerprint: string;
}

interface ProgressDoc extends FileProgress {
  _id: string;
  kind: 'progress';
  month: string;
  file: string;
}

type RegisterDoc = CurrentDoc | BuildDoc | ProgressDoc;
/** a row as stored: its fields and the deterministic id */
type Stored = { _id: string | number } & Record<string, unknown>;

const collectionName = (prefix: string, table: Table) => `${prefix}_${table}`;

const NAMESPACE_NOT_FOUND = 26;

/** Drops a month's collections; one that was never created is fine. */
async function dropMonth(db: Db, prefix: string): Promise<void> {
  for (const table of TABLES) {
    await db
      .collection(collectionName(prefix, table))
      .drop(DURABLE)
      .catch((error: { code?: number }) => {
        if (error.code !== NAMESPACE_NOT_FOUND) throw error;
      });
  }
}

export class MongoRegisterTarget implements ImportTarget {
  constructor(private readonly db: Db) {}

  private get register(): Collection<RegisterDoc> {
    return this.db.collection<RegisterDoc>('cnpj_register');
  }

  async begin(month: string, fingerprint: string): Promise<ImportBuild> {
    const current = (await this.register.findOne({ _id: 'current' })) as CurrentDoc | null;
    const base = `cnpj_${month.replace('-', '')}`;
    const previous = (await this.register.findOne({ _id: `build:${month}` })) as BuildDoc | null;
    // importing the served month again builds beside it, never over the collections being read
    const prefix = current?.prefix === base ? `${base}_r` : current?.prefix === `${base}_r` ? base : (previous?.prefix ?? base);
    if (!previous || previous.fingerprint !== fingerprint || previous.prefix !== prefix) {
      await this.discard(month, prefix);
      await this.register.updateOne({ _id: `build:${month}` }, { $set: { kind: 'build', month, prefix, fingerprint } }, { upsert: true, ...DURABLE });
    }
    return new MongoBuild(this.db, this.register, month, prefix);
  }

  /** Forgets a build that cannot be resumed (other files, or its collections now serve). */
  private async discard(month: string, prefix: string): Promise<void> {
    await dropMonth(this.db, prefix);
    await this.register.deleteMany({ kind: 'progress', month }, DURABLE);
  }
}

class MongoBuild implements ImportBuild {
  constructor(
    private readonly db: Db,
    private readonly register: Collection<RegisterDoc>,
    private readonly month: string,
    private readonly prefix: string,
  ) {}

  private rows(table: Table): Collection<Stored> {
    return this.db.collection(collectionName(this.prefix, table));
  }

  async progress(): Promise<Map<string, FileProgress>> {
    const docs = (await this.register.find({ kind: 'progress', month: this.month }).toArray()) as ProgressDoc[];
    return new Map(docs.map((d) => [d.file, { read: d.read, loaded: d.loaded, rejected: d.rejected, done: d.done }]));
  }

  async write<T extends Table>(table: T, rows: RowsOf[T][], file: string, progress: FileProgress): Promise<void> {
    if (rows.length) {
      const id = ID_OF[table] as (row: RowsOf[T]) => string | number;
      const operations: AnyBulkWriteOperation<Stored>[] = rows.map((row) => ({ replaceOne: { filter: { _id: id(row) }, replacement: { ...row } as unknown as Stored, upsert: true } }));
      await this.rows(table).bulkWrite(operations, { ordered: false, ...DURABLE });
    }
    // after the rows: a crash in between replays the batch onto the same ids
    await this.register.updateOne(
      { _id: `progress:${this.month}:${file}` },
      { $set: { kind: 'progress', month: this.month, file, ...progress } },
      { upsert: true, ...DURABLE },
    );
  }

  async finish(): Promise<void> {
    // the other lookups go by _id; createIndex of an existing index is a no-op, so a resume repeats it safely
    await this.rows('socios').createIndex({ basico: 1, _id: 1 });
  }

  async publish(month: RegisterMonth): Promise<void> {
    const current = (await this.register.findOne({ _id: 'current' })) as CurrentDoc | null;
    const previous = current && current.prefix !== this.prefix ? current.prefix : null;
    await this.register.updateOne({ _id: 'current' }, { $set: { month, prefix: this.prefix, previous } }, { upsert: true, ...DURABLE });
    await this.register.deleteMany({ $or: [{ kind: 'progress', month: this.month }, { _id: `build:${this.month}` }] }, DURABLE);
    // the month before the previous one: no view can still be reading it
    const stale = current?.previous;
    if (stale && stale !== this.prefix && stale !== previous) await dropMonth(this.db, stale);
  }

  async close(): Promise<void> {}
}

class MongoView implements RegisterView {
  private constructor(
    readonly month: RegisterMonth,
    private readonly db: Db,
    private readonly prefix: string,
    private readonly codes: Codes,
  ) {}

  static async open(db: Db, current: CurrentDoc): Promise<MongoView> {
    const codes = await db.collection<CodeRow>(collectionName(current.prefix, 'codes')).find({}, { projection: { _id: 0 } }).toArray();
    return new MongoView(current.month, db, current.prefix, new Codes(codes));
  }

  private rows<T extends Table>(table: T): Collection<Stored> {
    return this.db.collection(collectionName(this.prefix, table));
  }

  async establishment(cnpj: string): Promise<EstablishmentRecord | null> {
    const basico = cnpj.slice(0, 8);
    const [row, company, simples] = await Promise.all([
      this.rows('estabelecimentos').findOne({ _id: cnpj }, { projection: { _id: 0 } }),
      this.rows('empresas').findOne({ _id: basico }, { projection: { _id: 0 } }),
      this.rows('simples').findOne({ _id: basico }, { projection: { _id: 0 } }),
    ]);
    if (!row) return null;
    return establishmentRecord(row as unknown as EstablishmentRow, company as unknown as CompanyRow | null, simples as unknown as SimplesRow | null, this.codes);
  }

  async partners(basico: string): Promise<PartnerRecord[]> {
    const rows = await this.rows('socios').find({ basico }, { projection: { _id: 0 } }).sort({ _id: 1 }).toArray();
    return rows.map((row) => partnerRecord(row as unknown as PartnerRow, this.codes));
  }

  async companyName(basico: string): Promise<string | null> {
    const company = await this.rows('empresas').findOne({ _id: basico }, { projection: { razao_social: 1 } });
    return (company?.['razao_social'] as string | undefined) ?? null;
  }
}

/** Serves the month `cnpj_register.current` names, looking for a swap at most every `recheckMs`. */
export class MongoCnpjRegister implements CnpjRegister {
  private view: MongoView | null = null;
  private prefix: string | null = null;
  private checkedAt = -Infinity;
  private readonly recheckMs: number;

  constructor(
    private readonly db: Db,
    options: { recheckMs?: number } = {},
  ) {
    this.recheckMs = options.recheckMs ?? 5_000;
  }

  async current(): Promise<RegisterView | null> {
    const now = Date.now();
    if (now - this.checkedAt < this.recheckMs) return this.view;
    this.checkedAt = now;
    const current = (await this.db.collection<RegisterDoc>('cnpj_register').findOne({ _id: 'current' })) as CurrentDoc | null;
    if (current && current.prefix !== this.prefix) {
      this.view = await MongoView.open(this.db, current);
      this.prefix = current.prefix;
    } else if (current && this.view && current.month.imported_at !== this.view.month.imported_at) {
      this.view = await MongoView.open(this.db, current);
    }
    return this.view;
  }

  /** The database belongs to the read store, which closes it. */
  async close(): Promise<void> {
    this.view = null;
    this.prefix = null;
  }
}
