/**
 * The PGFN's dívida ativa da União (open data, LAYOUTS-BR-2.md section 6) as the service reads
 * it: a register looked up by document, one quarter at a time, loaded by the importer, read by the
 * live `tax_debts` source.
 *
 * Tens of millions of rows a quarter: reference data, not events. It lives in its own store (a
 * SQLite file per quarter by default, quarter-suffixed MongoDB collections when the read models
 * are there) and an answer records the quarter it read.
 */

/** The three systems the PGFN publishes: SIDA (não previdenciário), previdenciário and FGTS. */
export const PGFN_SYSTEMS = ['nao_previdenciario', 'previdenciario', 'fgts'] as const;
export type PgfnSystem = (typeof PGFN_SYSTEMS)[number];

/** One loaded quarter of the register. */
export interface PgfnQuarter {
  /** the publication's folder, `YYYY_trimestre_0Q` */
  quarter: string;
  /** when its import finished (ISO 8601) */
  imported_at: string;
  /** rows loaded per system */
  rows: Readonly<Record<string, number>>;
  /** rows refused per system (a field missing, an unreadable document), counted and skipped */
  rejected: Readonly<Record<string, number>>;
}

/** One row of the register: an inscription as owed by one debtor (co-debtors repeat it). */
export interface Inscription {
  system: PgfnSystem;
  /** NUMERO_INSCRICAO, kept as text (FGTS numbers carry letters) */
  numero: string;
  /** a CNPJ in full (14), a CPF as published masked (`***275936**`: only the middle six digits are known) */
  documento: string;
  tipo_pessoa: 'pf' | 'pj';
  /** `principal`, `corresponsavel`, `solidario` (lower case, unaccented), or the published value */
  tipo_devedor: string;
  nome: string;
  uf_devedor: string | null;
  unidade_responsavel: string | null;
  tipo_situacao: string | null;
  situacao: string | null;
  /** RECEITA_PRINCIPAL (SIDA, FGTS) or TIPO_CREDITO (previdenciário) */
  receita: string | null;
  /** `YYYY-MM-DD` */
  data_inscricao: string | null;
  ajuizado: boolean | null;
  /** VALOR_CONSOLIDADO in reais */
  valor: number | null;
}

/** Reads of one quarter: every lookup of a view goes to the same quarter, even across a swap. */
export interface PgfnView {
  readonly quarter: PgfnQuarter;
  /**
   * The inscriptions of a document: a CNPJ finds those of its company (every establishment of its
   * CNPJ básico, as the PGFN charges the company); a CPF finds the persons published with its
   * middle six digits AND `name` (normalised as the screening matcher does): without a name a CPF
   * finds nothing, as six digits alone name thousands of people.
   */
  debtsOf(document: string, name?: string): Promise<Inscription[]>;
}

export interface PgfnRegister {
  /** the quarter being served, or null when none was ever loaded */
  current(): Promise<PgfnView | null>;
  close(): Promise<void>;
}

export interface SystemTotal {
  /** distinct inscriptions */
  count: number;
  /** their VALOR_CONSOLIDADO added once each */
  total: number;
}

/**
 * Totals per system, each inscription counted once: a co-debtor row (CORRESPONSAVEL, SOLIDARIO)
 * repeats the whole inscription with the same number and value, so adding rows would count the
 * debt once per co-debtor (LAYOUTS-BR-2.md section 6).
 */
export function totalsOf(inscriptions: readonly Inscription[]): { systems: Record<PgfnSystem, SystemTotal>; count: number; total: number } {
  const systems = Object.fromEntries(PGFN_SYSTEMS.map((s) => [s, { count: 0, total: 0 }])) as Record<PgfnSystem, SystemTotal>;
  const seen = new Set<string>();
  for (const i of inscriptions) {
    const key = `${i.system}:${i.numero}`;
    if (seen.has(key)) continue;
    seen.add(key);
    systems[i.system].count += 1;
    systems[i.system].total += i.valor ?? 0;
  }
  const cents = (n: number) => Math.round(n * 100) / 100;
  for (const s of PGFN_SYSTEMS) systems[s].total = cents(systems[s].total);
  return { systems, count: seen.size, total: cents(PGFN_SYSTEMS.reduce((sum, s) => sum + systems[s].total, 0)) };
}
