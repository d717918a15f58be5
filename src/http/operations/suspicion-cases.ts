import * as t from 'io-ts';
import { boundedString } from '../decode.js';
import { Limit, oneOf, PositionCursor, uuidParam } from './shared.js';

/** The input of the regulatory case operations (issue 30): public `/api/v1/cases`, operator suspicion cases. */

export const SUSPICION_STATUSES = ['pending_selection', 'dismissed', 'in_analysis', 'awaiting_approval', 'decided', 'closed'] as const;

const nullableString = (max: number) => t.union([boundedString(max), t.null]);

export const PartyBody = t.intersection([
  t.type({ person_type: oneOf(['PF', 'PJ'] as const, 'person_type must be PF or PJ.'), name: boundedString(150) }),
  t.partial({
    document: nullableString(20),
    tp_env: nullableString(20),
    pep: t.boolean,
    /** Siscoaf's ServPub: 0 … 4 */
    public_servant: t.unknown,
    obliged_person: t.boolean,
    branch: nullableString(20),
    account: nullableString(20),
    account_opened_on: nullableString(10),
  }),
]);
export type PartyBody = t.TypeOf<typeof PartyBody>;

/** value: whole reais, checked by the command so a string or cents is named (operation.value). */
export const OperationBody = t.type({
  type: boundedString(100),
  value: t.unknown,
  date: boundedString(10),
  channel: t.union([t.string, t.null]),
  parties: t.array(PartyBody),
});
export type OperationBody = t.TypeOf<typeof OperationBody>;

const ReasonCodes = t.array(boundedString(40));

export const CreateSuspicionCaseBody = t.intersection([
  t.type({ operation: OperationBody, reason_codes: ReasonCodes }),
  t.partial({
    occurred_at: boundedString(40),
    customer_id: t.union([uuidParam('customer_id'), t.null]),
    external_id: nullableString(100),
    other_reason: nullableString(4000),
    description: nullableString(20000),
  }),
]);

export const OperatorOpenBody = t.intersection([
  t.type({ origin: oneOf(['alert', 'run', 'analyst'] as const, 'origin must be alert, run or analyst.'), reason_codes: ReasonCodes }),
  t.partial({
    ref: t.union([uuidParam('ref'), t.null]),
    operation: OperationBody,
    occurred_at: boundedString(40),
    customer_id: t.union([uuidParam('customer_id'), t.null]),
    other_reason: nullableString(4000),
    description: nullableString(20000),
    analyst: boundedString(200),
    environment: oneOf(['live', 'sandbox'] as const, 'environment must be live or sandbox.'),
  }),
]);

export const SuspicionCaseIdParams = t.type({ case_id: uuidParam('case_id') });
export const SuspicionTenantParams = t.type({ tenant_id: uuidParam('tenant_id') });

const Overdue = oneOf(['true', 'false'] as const, 'overdue must be true or false.');
export const ListSuspicionCasesQuery = t.partial({
  status: oneOf(SUSPICION_STATUSES, `status must be one of ${SUSPICION_STATUSES.join(', ')}.`),
  overdue: Overdue,
  cursor: PositionCursor,
  limit: Limit,
});

const Analyst = t.partial({ analyst: boundedString(200) });
export const SelectBody = t.intersection([t.partial({ note: boundedString(4000) }), Analyst]);
export const DismissBody = t.intersection([t.type({ reason: boundedString(4000) }), Analyst]);
export const NoteBody = t.intersection([t.type({ text: boundedString(4000) }), Analyst]);
export const SuspicionCloseBody = t.intersection([t.type({ note: boundedString(4000) }), Analyst]);
export const DecisionBody = t.intersection([
  t.type({
    decision: oneOf(['comunicar', 'nao_comunicar'] as const, 'decision must be comunicar or nao_comunicar.'),
    rationale: boundedString(20000),
    reason_codes: ReasonCodes,
  }),
  t.partial({ other_reason: nullableString(4000) }),
  Analyst,
]);

const Digits = boundedString(20);
export const CommunicationBody = t.intersection([
  t.partial({
    reporting_cnpj: boundedString(14),
    det: boundedString(200000),
    cod_enq: t.array(boundedString(20)),
    vl_cred: Digits,
    vl_deb: Digits,
    vl_prov: Digits,
    vl_prop: Digits,
  }),
  Analyst,
]);
export const SentBody = t.intersection([t.partial({ sent_at: boundedString(40), communication_id: boundedString(100) }), Analyst]);
export const RectificationBody = t.intersection([
  t.partial({ justification: boundedString(4000), det: boundedString(200000), cod_enq: t.array(boundedString(20)), vl_cred: Digits, vl_deb: Digits, vl_prov: Digits, vl_prop: Digits }),
  Analyst,
]);
export const CancellationBody = t.intersection([t.type({ reason: boundedString(4000) }), t.partial({ justification: boundedString(4000) }), Analyst]);
export const ReceiptRequestQuery = t.intersection([t.type({ date: boundedString(10) }), t.partial({ cnpj: boundedString(14) })]);
export const XmlQuery = t.partial({ communication_id: boundedString(100) });
