import type * as E from 'fp-ts/lib/Either.js';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import type { CommandContext } from '../../../commands/handle-command.js';
import type { Caller } from '../../../commands/caller.js';
import type { DomainError } from '../../../domain/shared/decider.js';
import type { Runner } from '../../outcome.js';
import type { DashboardState } from '../state.js';
import type { CodeEntryInput, CommunicationInput, SiscoafFieldsInput, SuspicionCaseInput } from './case-page.js';
import type { typedOperation } from './forms.js';
import type { SuspicionRowInput } from './page.js';

/** A write's outcome: where it wrote (for read-your-writes) and, for a decision, whether it waits for a second person. */
export type Written<A = object> = E.Either<DomainError, A & { position: number | null }>;
type Act<I, A = object> = (caseId: string, input: I, caller: Caller, context: CommandContext) => Promise<Written<A>>;

export interface FileBody {
  file_name: string;
  content_type: string;
  body: Buffer;
}

export interface CaseDetailAnswer {
  detail: SuspicionCaseInput;
  communication: CommunicationInput | null;
  /** the Siscoaf fields pre-filled from the dossier before anything is prepared */
  draft: SiscoafFieldsInput;
  /** the manual's rules the current (or draft) occurrence breaks */
  issues: readonly { code: number; field: string; message: string }[];
}

export interface ReceiptMatch {
  matched: readonly { num_ocorrencia: string; numero_coaf: string; autenticacao: string; case_id: string }[];
  unmatched: readonly { num_ocorrencia: string; numero_coaf: string }[];
}

export interface SiscoafWorkItem {
  kind: 'rejected' | 'unmatched' | 'awaiting_receipt';
  num_ocorrencia: string;
  detail: string;
  case_id: string | null;
}

/**
 * What the COAF screens call: the case-core commands and queries and the dossier exports, for the
 * signed-in user (the composition wires them: src/app/modules). Every refusal is a DomainError whose
 * `param` names the field the page shows it beside.
 */
export interface SuspicionDashboardPort {
  listCases(tenantId: string): Promise<SuspicionRowInput[]>;
  caseDetail(caseId: string, caller: Caller): Promise<E.Either<DomainError, CaseDetailAnswer>>;
  codeTables(tenantId: string): Promise<{ cod_enq: CodeEntryInput[]; tp_env: CodeEntryInput[]; entities: { cnpj: string; name: string; default: boolean }[] }>;
  openCase(input: { kind: 'alert' | 'run'; ref: string; reason_codes: string[]; other_reason: string | null; description: string | null; operation: ReturnType<typeof typedOperation> }, caller: Caller, context: CommandContext): Promise<Written<{ case_id: string }>>;
  select: Act<{ note: string | null }>;
  dismiss: Act<{ reason: string }>;
  note: Act<{ text: string }>;
  attachEvidence: Act<{ file_name: string; content_type: string; content: Buffer }>;
  takeSnapshot: Act<object>;
  decide: Act<{ decision: string; rationale: string; reason_codes: string[]; other_reason: string | null }, { outcome: 'decided' | 'proposed' }>;
  prepare: Act<{ Det: string; VlCred: string; VlDeb: string; VlProv: string; VlProp: string; CodEnq: string[]; justification: string | null }>;
  exportXml(caseId: string, caller: Caller, context: CommandContext): Promise<Written<FileBody>>;
  markSent: Act<{ sent_at: string }>;
  recordResponse: Act<{ content: Buffer }>;
  cancel: Act<{ reason: string | null }>;
  close: Act<{ note: string }>;
  snapshotFile(caseId: string, caller: Caller): Promise<E.Either<DomainError, FileBody>>;
  dossier(caseId: string, format: 'pdf' | 'json', caller: Caller, context: CommandContext): Promise<E.Either<DomainError, FileBody>>;
  matchReceipt(tenantId: string, content: Buffer, caller: Caller, context: CommandContext): Promise<Written<ReceiptMatch>>;
  siscoafWork(tenantId: string): Promise<SiscoafWorkItem[]>;
  reciboRequest(tenantId: string, cnpj: string | null, date: string): Promise<E.Either<DomainError, FileBody>>;
}

export interface SuspicionScreenDeps {
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
  suspicion: SuspicionDashboardPort;
}

/** No tipping-off (Circular 3.978 art. 50): only the tenant's analysts, compliance officers and admins see these cases. */
export const COAF_ROLES = ['analyst', 'compliance_officer', 'admin'] as const;

/** A file answered as a download (the dashboard never lets a page be cached). */
export function sendFile(ctx: Koa.ParameterizedContext<DashboardState>, file: FileBody): void {
  ctx.type = file.content_type;
  ctx.set('Content-Disposition', `attachment; filename="${file.file_name.replace(/[^A-Za-z0-9._-]/g, '_')}"`);
  ctx.body = file.body;
}
