import * as t from 'io-ts';

/** `erasure-<keyed hash of tenant and document>`: a subject's erasure, requested then carried out. */
export const ErasureRequested = t.type({
  type: t.literal('ErasureRequested'),
  data: t.type({
    erasure_id: t.string,
    tenant_id: t.string,
    /** the subject's references in both environments; never the document itself */
    subject_refs: t.array(t.string),
    legal_basis: t.union([t.string, t.null]),
    requested_at: t.string,
    /** now with a legal basis; else the end of the retention period after the last activity */
    due_at: t.string,
  }),
});

/** The subject was active after the request: retention runs from that later activity. */
export const ErasureRescheduled = t.type({
  type: t.literal('ErasureRescheduled'),
  data: t.type({ erasure_id: t.string, last_activity: t.string, due_at: t.string, rescheduled_at: t.string }),
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
