import * as t from 'io-ts';

/**
 * The storage contract of `compliance-<tenant_id>`: a tenant's compliance settings for the
 * regulatory loop (issue 30), each change one event carrying the whole new version, so the
 * stream is the history (who changed what, when, and why). Change with care: add, never reshape.
 */

export const HolidayKind = t.keyof({ nacional: null, bancario: null, institucional: null });

export const HolidayRecord = t.type({ date: t.string, name: t.string, kind: HolidayKind });

/** A CNPJ that communicates to Coaf (`CPFCNPJCom`) with the branch fields of its occurrences (M18 C05–C08). */
export const ReportingEntityRecord = t.type({
  cnpj: t.string,
  name: t.string,
  ag_num: t.string,
  ag_nome: t.string,
  ag_mun: t.string,
  ag_uf: t.string,
  default: t.boolean,
});

/** One code of a Siscoaf table (`TpEnv`, `CodEnq`) and where the value comes from. */
export const CodeEntryRecord = t.type({ code: t.string, label: t.string, segment: t.string, known_from: t.string });

export const ComplianceContentRecord = t.type({
  holidays: t.array(HolidayRecord),
  reporting_entities: t.array(ReportingEntityRecord),
  tp_env: t.array(CodeEntryRecord),
  cod_enq: t.array(CodeEntryRecord),
  /** Carta Circular 4.001 reason code (`CC4001-IV.e`) → the `CodEnq` it is communicated under */
  cc4001_cod_enq: t.record(t.string, t.string),
  /** a decision to communicate needs a second person's approval (four-eyes) */
  cos_four_eyes: t.boolean,
});

export const ComplianceSettingsVersioned = t.type({
  type: t.literal('ComplianceSettingsVersioned'),
  data: t.intersection([
    t.type({ tenant_id: t.string, version: t.number }),
    ComplianceContentRecord,
    t.type({ changed_by: t.string, changed_at: t.string, note: t.string }),
  ]),
});

export const ComplianceEvent = ComplianceSettingsVersioned;
export type ComplianceEvent = t.TypeOf<typeof ComplianceEvent>;
