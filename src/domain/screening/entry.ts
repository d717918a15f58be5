import * as t from 'io-ts';

/** The lists the service screens against (screening.md section 1). */
export const LIST_IDS = ['ofac_sdn', 'un_sc', 'eu_fsf', 'uk_fcdo', 'br_ceis', 'br_cnep', 'br_cepim', 'br_ceaf', 'br_pep', 'br_trabalho_escravo',
  'br_tcu_inabilitados', 'br_tcu_inidoneos', 'br_bcb_qgi', 'br_bcb_qgp', 'br_ibama_embargos',
] as const;
export type ListId = (typeof LIST_IDS)[number];
export const isListId = (value: unknown): value is ListId => typeof value === 'string' && (LIST_IDS as readonly string[]).includes(value);

export const EntrySchema = t.keyof({ person: null, company: null, vessel: null, aircraft: null, other: null });
export type EntrySchema = t.TypeOf<typeof EntrySchema>;

const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

export const EntryName = t.type({ name: t.string, kind: t.keyof({ primary: null, alias: null, weak_alias: null, former: null }) });
export type EntryName = t.TypeOf<typeof EntryName>;

export const EntryDocument = t.type({
  type: t.keyof({ cpf: null, cnpj: null, passport: null, national_id: null, tax_id: null, other: null }),
  /** as published, unpunctuated for cpf/cnpj (an alphanumeric CNPJ upper case); masked positions as `*` (a masked CPF: `***456789**`) */
  value: t.string,
  masked: t.boolean,
  /** ISO 3166 alpha-2 of the issuer, when known */
  country: nullable(t.string),
});
export type EntryDocument = t.TypeOf<typeof EntryDocument>;

export const EntrySanction = t.type({
  program: nullable(t.string),
  authority: nullable(t.string),
  category: nullable(t.string),
  /** YYYY-MM-DD */
  start_date: nullable(t.string),
  end_date: nullable(t.string),
  legal_basis: nullable(t.string),
});
export type EntrySanction = t.TypeOf<typeof EntrySanction>;

/**
 * One public office of a politically exposed person (Res. COAF 40/2021, Circular 3.978 art. 27):
 * the role as published, its organ, the exercise and the end of the five-year grace period
 * (`data fim carência`), after which the person is no longer a PEP. Dates YYYY-MM-DD; a null
 * `end_of_office` is an office still held (and then `end_of_grace` is null too).
 */
export const PepRole = t.type({
  role: nullable(t.string),
  sigla: nullable(t.string),
  nivel: nullable(t.string),
  organ: nullable(t.string),
  start: nullable(t.string),
  end_of_office: nullable(t.string),
  end_of_grace: nullable(t.string),
});
export type PepRole = t.TypeOf<typeof PepRole>;

/** The PEP facts of a br_pep entry, one item per office. */
export const EntryPep = t.type({ roles: t.array(PepRole) });
export type EntryPep = t.TypeOf<typeof EntryPep>;

const ListEntryFields = t.type({
  list_id: t.string,
  /** the publisher's stable id where one exists, else a hash of the fields that identify the row */
  entry_id: t.string,
  schema: EntrySchema,
  names: t.array(EntryName),
  documents: t.array(EntryDocument),
  /** YYYY or YYYY-MM-DD */
  birth_dates: t.array(t.string),
  /** ISO 3166 alpha-2 */
  countries: t.array(t.string),
  sanctions: t.array(EntrySanction),
  /** YYYY-MM-DD */
  listed_on: nullable(t.string),
  remarks: nullable(t.string),
  /** changes when anything about the entry changes */
  content_hash: t.string,
});

/** One normalized list entry (screening.md, "Entry model"), whatever the publisher's layout. */
export const ListEntry = t.intersection([
  ListEntryFields,
  // optional: entries cached before it (and every other list's) have none
  t.partial({ pep: EntryPep }),
]);
export type ListEntry = t.TypeOf<typeof ListEntry>;
