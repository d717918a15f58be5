import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { brasiliaDate } from '../domain/calendar/business-days.js';
import { cnoDecider, cnoStream } from '../domain/cno/decider.js';
import type { CnoReceipt } from '../domain/cno/events.js';
import { startOfBrasiliaYear } from '../domain/retention/clocks.js';
import { DomainError } from '../domain/shared/decider.js';
import { handleCommand, type CommandContext } from './handle-command.js';
import { loadComplianceSettings } from './compliance-settings.js';

/** A communication of a reporting CNPJ as the CNO reads it (the cno_communications read model). */
export interface SentCommunication {
  case_id: string;
  num_ocorrencia: string;
  numero_coaf: string | null;
  sent_at: string | null;
  receipt_matched_at: string | null;
  cancelled_at: string | null;
}

/** The communications a tenant sent for one reporting CNPJ (any year). */
export interface CommunicationsLookup {
  sentBy(tenantId: string, cnpj: string): Promise<readonly SentCommunication[]>;
}

export interface CnoDeps {
  log: EventLog;
  communications: CommunicationsLookup;
}

/** The year that ended last at `now`, in Brasília. */
export const lastEndedYear = (now: string): number => Number(brasiliaDate(now).slice(0, 4)) - 1;

/** The receipts of the communications sent in `year` (Brasília), not cancelled since: proof that the CNO is not required. */
export function receiptsOfYear(communications: readonly SentCommunication[], year: number): CnoReceipt[] {
  return communications
    .filter((c) => c.sent_at !== null && c.cancelled_at === null && brasiliaDate(c.sent_at).startsWith(`${year}-`))
    .map((c) => ({ case_id: c.case_id, num_ocorrencia: c.num_ocorrencia, numero_coaf: c.numero_coaf, sent_at: c.sent_at!, receipt_matched_at: c.receipt_matched_at }))
    .sort((a, b) => a.sent_at.localeCompare(b.sent_at) || a.num_ocorrencia.localeCompare(b.num_ocorrencia));
}

/**
 * Opens the CNO task of the year just ended for every reporting CNPJ of the tenant's compliance
 * settings, when the tenant existed before that year ended. Each task is its own stream, claimed
 * with no_stream: two instances (or a run at start-up after 1 January) open it once, and a task
 * open already is left as it was. Returns how many were opened now, and the last position written.
 */
export async function openCnoTasks(deps: CnoDeps, tenant: { tenant_id: string; created_at: string }, context: CommandContext): Promise<{ opened: number; position: number | null }> {
  const now = context.metadata.occurred_at;
  const year = lastEndedYear(now);
  let opened = 0;
  let position: number | null = null;
  if (tenant.created_at >= startOfBrasiliaYear(year + 1)) return { opened, position };
  const settings = await loadComplianceSettings(deps.log, tenant.tenant_id);
  const holidays = settings.holidays.map((h) => h.date);
  for (const entity of settings.reporting_entities) {
    const receipts = receiptsOfYear(await deps.communications.sentBy(tenant.tenant_id, entity.cnpj), year);
    const command = { type: 'OpenCnoTask' as const, tenant_id: tenant.tenant_id, cnpj: entity.cnpj, entity_name: entity.name, year, receipts, holidays, now };
    const stream = cnoStream(tenant.tenant_id, entity.cnpj, year);
    const result = await handleCommand(deps.log, stream, cnoDecider, command, { ...context, commandId: `cno:${stream}` });
    if (E.isRight(result) && result.right.position !== null) {
      opened++;
      position = result.right.position;
    }
  }
  return { opened, position };
}

export interface RecordCnoSentInput {
  tenant_id: string;
  year: number;
  cnpj: string;
  protocol: string;
  sent_at: string;
  by: string;
  note: string | null;
}

/** Records the Siscoaf protocol of a CNO the institution sent in Siscoaf's web interface (no XML route exists). */
export async function recordCnoSent(deps: Pick<CnoDeps, 'log'>, input: RecordCnoSentInput, context: CommandContext) {
  if (!/^\d{14}$/.test(input.cnpj)) return E.left(new DomainError('not_found', 'No annual negative communication task for this CNPJ and year.', 'cnpj'));
  const command = { type: 'RecordCnoSent' as const, protocol: input.protocol, sent_at: input.sent_at, by: input.by, note: input.note, now: context.metadata.occurred_at };
  return handleCommand(deps.log, cnoStream(input.tenant_id, input.cnpj, input.year), cnoDecider, command, context);
}
