import type { EventLog } from '../adapters/event-store/event-log.js';
import { isEventOf } from '../domain/shared/events.js';
import { SuspicionCaseClosed, SuspicionCaseOpened } from '../domain/suspicion/events.js';
import {
  dossierRetentionUntil,
  kycRetentionUntil,
  legalHold,
  operationRetentionUntil,
  RETENTION_BASIS,
  statedRecordClass,
  type RecordClass,
} from '../domain/retention/clocks.js';
import { date } from '../reports/html.js';
import { loadComplianceSettings } from './compliance-settings.js';

/** What the data subject is told holds the erasure: never the dossier (art. 50, no tipping-off). */
export interface StatedLegalHold {
  basis: typeof RETENTION_BASIS;
  record_class: 'customer_kyc' | 'operation';
  until: string;
}

/** The streams of one data subject with their last activity (the subject_streams read model). */
type Known = readonly { streams: readonly string[]; last_activity: string }[];

const caseId = (stream: string): string => stream.slice('suspicion-'.length);

/** The clocks of one suspicion case the subject is a party of: its operation, and its dossier. */
async function caseClocks(log: EventLog, stream: string, kycUntil: string | null, now: string): Promise<{ record_class: RecordClass; until: string }[]> {
  const events = await log.readStream(stream);
  const opened = events.find(isEventOf(SuspicionCaseOpened));
  if (!opened || opened.data.case_id !== caseId(stream)) return [];
  const closed = events.find(isEventOf(SuspicionCaseClosed));
  const operationUntil = operationRetentionUntil(opened.data.occurred_at);
  const dossierUntil = dossierRetentionUntil({ closed_at: closed?.data.closed_at ?? null, now, kyc_until: kycUntil, operation_until: operationUntil });
  return [
    { record_class: 'operation', until: operationUntil },
    { record_class: 'dossier', until: dossierUntil },
  ];
}

/**
 * The legal hold (Circular BCB 3.978 art. 67) on a data subject's erasure at `now`, or null:
 * a customer of a tenant that reports to COAF (its compliance settings name a reporting CNPJ:
 * an institution of art. 1) is kept ten years from 1 January after the relationship ends, here
 * its last activity; a party of a suspicion case (any tenant) until its operation's and its
 * dossier's clocks run out. The class stated is the customer's or the operation's record.
 */
export async function legalHoldOf(log: EventLog, tenantId: string, known: Known, now: string): Promise<StatedLegalHold | null> {
  const streams = known.flatMap((k) => k.streams);
  const lastActivity = known.map((k) => k.last_activity).sort().pop() ?? now;
  const isCustomer = streams.some((s) => s.startsWith('customer-'));
  const cases = [...new Set(streams.filter((s) => s.startsWith('suspicion-')))];
  const reports = cases.length > 0 || (isCustomer && (await loadComplianceSettings(log, tenantId)).reporting_entities.length > 0);
  const kycUntil = isCustomer && reports ? kycRetentionUntil(lastActivity) : null;
  const clocks: { record_class: RecordClass; until: string }[] = kycUntil ? [{ record_class: 'customer_kyc', until: kycUntil }] : [];
  for (const stream of cases) clocks.push(...(await caseClocks(log, stream, kycUntil, now)));
  const hold = legalHold(clocks, now);
  return hold && { basis: RETENTION_BASIS, record_class: statedRecordClass(hold.record_class, isCustomer), until: hold.until };
}

const CLASS_TEXT: Record<StatedLegalHold['record_class'], string> = {
  customer_kyc: 'as informações cadastrais do seu relacionamento com a instituição devem ser conservadas',
  operation: 'os registros das operações realizadas devem ser conservados',
};

/** The answer to the data subject: recorded, held until the date, and why, in pt-BR. */
export const heldMessage = (hold: { basis: string; record_class: StatedLegalHold['record_class']; until: string }): string =>
  `Seu pedido de eliminação de dados foi registrado. Por obrigação legal de guarda (${hold.basis}), ${CLASS_TEXT[hold.record_class]} ` +
  `até ${date(hold.until)}; a eliminação será feita automaticamente a partir dessa data.`;
