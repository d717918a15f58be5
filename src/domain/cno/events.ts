import * as t from 'io-ts';

/**
 * `cno-<tenant_id>-<cnpj>-<year>`: the annual negative communication ("comunicação de não
 * ocorrência", Circular BCB 3.978 art. 54; regulatory notes 1.12, 4.1 "CNO clock") of one
 * reporting CNPJ for one calendar year. Opened once, on 1 January after the year (claimed with
 * expectedRevision no_stream); a communication sent later never changes it.
 */
export const cnoStream = (tenantId: string, cnpj: string, year: number): string => `cno-${tenantId}-${cnpj}-${year}`;

/** A communication of the year that makes the CNO not required: its Siscoaf receipt as proof. */
export const CnoReceipt = t.type({
  case_id: t.string,
  num_ocorrencia: t.string,
  /** NUMEROCOAF of the receipt, once matched */
  numero_coaf: t.union([t.string, t.null]),
  /** when the communication was recorded as sent to Siscoaf */
  sent_at: t.string,
  /** when its receipt was matched, if it was */
  receipt_matched_at: t.union([t.string, t.null]),
});
export type CnoReceipt = t.TypeOf<typeof CnoReceipt>;

export const CnoTaskOpened = t.type({
  type: t.literal('CnoTaskOpened'),
  data: t.type({
    tenant_id: t.string,
    /** the reporting entity: 14 digits */
    cnpj: t.string,
    entity_name: t.string,
    year: t.number,
    /** required: nothing was communicated in the year; not_required: the receipts prove something was */
    requirement: t.keyof({ required: null, not_required: null }),
    /** end (23:59:59.999 Brasília) of the 10th business day of January after the year; null when not required */
    due_at: t.union([t.string, t.null]),
    receipts: t.array(CnoReceipt),
    opened_at: t.string,
  }),
});

/** The institution sent the CNO in Siscoaf's web interface (there is no XML route) and recorded its protocol. */
export const CnoSentRecorded = t.type({
  type: t.literal('CnoSentRecorded'),
  data: t.type({
    protocol: t.string,
    sent_at: t.string,
    by: t.string,
    note: t.union([t.string, t.null]),
    recorded_at: t.string,
  }),
});

export const CnoEvent = t.union([CnoTaskOpened, CnoSentRecorded]);
export type CnoEvent = t.TypeOf<typeof CnoEvent>;
