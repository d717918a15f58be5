import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { pdfPageCount, type PdfRenderer } from '../adapters/pdf/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { handleCommand, loadState } from '../commands/handle-command.js';
import { analyseFxOperation } from '../domain/fx/analysis.js';
import { fxOperationDecider, fxOperationStream } from '../domain/fx/decider.js';
import { FxAnalysisRequested } from '../domain/fx/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { formatLaudoNumber, laudoNumbersDecider, laudoNumbersStream } from '../domain/fx/laudo-numbers.js';
import type { Logger } from '../logger.js';
import type { NewWorkItem, WorkItem } from '../adapters/work-queue/port.js';
import * as t from 'io-ts';
import { causation, workKind, type Reactor } from '../processing/reactor.js';
import { systemContext } from '../processing/system-context.js';
import { DONE, type WorkResult, type Worker } from '../processing/worker.js';
import { laudoFileName, laudoFooter, laudoHtml } from '../reports/laudo.js';

export interface FxAnalysisDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  renderer: PdfRenderer;
  clock: Clock;
  logger: Logger;
  work: Pick<Worker, 'schedule'>;
}

export const FX_ANALYSIS_WORK = 'fx-analysis';
/** an operation's analysis item: the operation, and the request that (re)armed it */
const FxAnalysisWork = workKind(FX_ANALYSIS_WORK, t.intersection([t.type({ operation_id: t.string }), causation]));
type FxAnalysisWork = ReturnType<typeof FxAnalysisWork.decode>;

/** The reactor's decision, pure: a requested analysis (re)arms the operation's analysis item. */
export function fxAnalysisWorkFor(event: StoredEvent, now: number): NewWorkItem | null {
  if (!isEventOf(FxAnalysisRequested)(event)) return null;
  return FxAnalysisWork.item(`fx-analysis:${event.data.operation_id}`, { operation_id: event.data.operation_id, causation: event.id }, now, true);
}

/**
 * The background analysis of FX operations: on FxAnalysisRequested, a work item (recorded before
 * the checkpoint moves); its execution is the rule-based analysis of the nature code, a laudo
 * number from the tenant's sequence (kept if the analysis is retried), the laudo rendered and
 * stored, then FxAnalysisCompleted. At-least-once: an operation already completed is skipped, and
 * a failed execution (a browser crash, a store hiccup) is retried by the worker with backoff.
 */
export class FxAnalysisReactor implements Reactor<t.TypeOf<typeof FxAnalysisRequested>, FxAnalysisWork> {
  readonly id = 'reactor:fx-analysis';
  readonly kind = 'reactor' as const;
  readonly workKind = FX_ANALYSIS_WORK;
  readonly payload = FxAnalysisWork.payload;
  readonly canHandle = isEventOf(FxAnalysisRequested);
  readonly workFor = fxAnalysisWorkFor;
  readonly timeoutMs = 120_000;
  readonly maxAttempts = 5;

  constructor(private readonly deps: FxAnalysisDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const items: NewWorkItem[] = [];
    for (const event of events) {
      const item = fxAnalysisWorkFor(event, now);
      if (item) items.push(item);
    }
    await this.deps.work.schedule(items);
  }

  async execute(item: WorkItem): Promise<WorkResult> {
    const { operation_id: operationId, causation } = FxAnalysisWork.decode(item);
    await this.analyse(operationId, causation ?? null);
    return DONE;
  }

  private async analyse(operationId: string, causation: string | null): Promise<void> {
    const { log, blobs, renderer, clock } = this.deps;
    const { state } = await loadState(log, fxOperationStream(operationId), fxOperationDecider);
    if (state.status === 'none' || state.analysis_status !== 'requested') return;
    const op = state.operation;
    const now = clock.now().toISOString();
    const cause = { tenant_id: op.tenant_id, correlation_id: operationId, causation_id: causation, at: now };
    const allocated = await handleCommand(log, laudoNumbersStream(op.tenant_id), laudoNumbersDecider, { type: 'AllocateLaudoNumber', operation_id: operationId, now }, systemContext(cause, `fx-laudo-number:${operationId}`));
    if (E.isLeft(allocated)) throw new Error(`laudo number: ${allocated.left.code}`);
    const laudoNumber = formatLaudoNumber(allocated.right.state.byOperation[operationId]!);
    const result = analyseFxOperation(op);
    const model = { operation: op, result, laudo_number: laudoNumber, issued_at: now };
    const pdf = await renderer.render(laudoHtml(model), { footer: laudoFooter(model), documentDate: new Date(now) });
    const sha256 = sha256Hex(pdf);
    const blobKey = `laudos/${operationId}/${sha256.slice(0, 32)}.pdf`;
    await blobs.put(blobKey, pdf, 'application/pdf');
    const completed = await handleCommand(
      log,
      fxOperationStream(operationId),
      fxOperationDecider,
      {
        type: 'CompleteFxAnalysis',
        result: {
          operation_id: operationId,
          analysis: result.analysis,
          catalogued: result.catalogued,
          table_revision: result.table_revision,
          warnings: result.warnings,
          laudo_number: laudoNumber,
          laudo: { blob_key: blobKey, sha256, byte_size: pdf.length, page_count: pdfPageCount(pdf), file_name: laudoFileName(op.nature_code, now, laudoNumber) },
          completed_at: now,
        },
      },
      systemContext(cause, `fx-analysis:${operationId}:${now}`),
    );
    // completed meanwhile by another process: its laudo stands
    if (E.isRight(completed) && completed.right.events.length === 0) {
      const winner = completed.right.state.status === 'none' ? null : completed.right.state.completed;
      if (winner?.laudo.blob_key !== blobKey) await blobs.delete(blobKey);
    }
  }
}
