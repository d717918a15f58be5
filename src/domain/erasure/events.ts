import * as t from 'io-ts';

/**
 * A retention clock of Circular BCB 3.978 art. 67 that holds the erasure until `until`, as told to
 * the data subject: the customer's or the operation's record, never a dossier (art. 50).
 */
export const ErasureLegalHold = t.type({ basis: t.string, record_class: t.keyof({ customer_kyc: null, operation: null }), until: t.string });
export type ErasureLegalHold = t.TypeOf<typeof ErasureLegalHold>;

/** `erasure-<keyed hash of tenant and document>`: a subject's erasure, requested then carried out. */
export const ErasureRequested = t.type({
  type: t.literal('ErasureRequested'),
  data: t.intersection([t.type({
    erasure_id: t.string,
    tenant_id: t.string,
    /** the subject's references in both environments; never the document itself */
    subject_refs: t.array(t.string),
    legal_basis: t.union([t.string, t.null]),
    requested_at: t.string,
    /** now with a legal basis; else the end of the retention period after the last activity; never before a legal hold ends */
    due_at: t.string,
  }),
  // issue 30: requests recorded before it carry no hold
  t.partial({ legal_hold: ErasureLegalHold }),
  ]),
});

/** The subject was active after the request (retention runs from that later activity), or its legal hold moved later. */
export const ErasureRescheduled = t.type({
  type: t.literal('ErasureRescheduled'),
  data: t.intersection([t.type({ erasure_id: t.string, last_activity: t.string, due_at: t.string, rescheduled_at: t.string }), t.partial({ legal_hold: ErasureLegalHold })]),
});

/** Keys destroyed and files deleted; read models scrub what they hold of these records. */
export const SubjectErased = t.type({
  type: t.literal('SubjectErased'),
  data: t.type({
    erasure_id: t.string,
    tenant_id: t.string,
    subject_refs: t.array(t.string),
    customer_ids: t.array(t.string),
    run_ids: t.array(t.string),
    erased_at: t.string,
  }),
});

export const ErasureEvent = t.union([ErasureRequested, ErasureRescheduled, SubjectErased]);
export type ErasureEvent = t.TypeOf<typeof ErasureEvent>;
export const erasureStream = (key: string): string => `erasure-${key}`;
