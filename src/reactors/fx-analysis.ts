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
import type { FxOperationEvent } from '../domain/fx/events.js';
import { formatLaudoNumber, laudoNumbersDecider, laudoNumbersStream } from '../domain/fx/laudo-numbers.js';
import { errorText, type Logger } from '../logger.js';
import type { FxOperationDoc } from '../projections/fx-operations.js';
import { type Processor } from '../projections/runner.js';
import { laudoFileName, laudoFooter, laudoHtml } from '../reports/laudo.js';

export interface FxAnalysisDeps {
  log: EventLog;
  readStore: ReadStore;
  blobs: BlobStore;
  renderer: PdfRenderer;
  clock: Clock;
  logger: Logger;
}

/**
 * The background analysis of FX operations: on FxAnalysisRequested, the rule-based analysis of
 * the nature code, a laudo number from the tenant's sequence (kept if the analysis is retried),
 * the laudo rendered and stored, then FxAnalysisCompleted. At-least-once: an operation already
 * completed is skipped, and analyses requested but unfinished resume on start.
 */
export class FxAnalysisReactor implements Processor {
  readonly id = 'reactor:fx-analysis';
  readonly kind = 'reactor' as const;
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly deps: FxAnalysisDeps) {}

  async handle(events: StoredEvent[]): Promise<void> {
    for (const stored of events) {
      const event = stored as StoredEvent<FxOperationEvent>;
      if (event.type === 'FxAnalysisRequested') this.start(event.data.operation_id, event.id);
    }
  }

  async resumeUnfinished(): Promise<void> {
    const pending = await this.deps.readStore.find<FxOperationDoc>('fx_operations', { where: { analysis_status: 'requested' }, limit: 10_000 });
    for (const op of pending) this.start(op.operation_id, null);
  }

  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  private start(operationId: string, causation: string | null): void {
    if (this.running.has(operationId)) return;
    const job = (async () => {
      // a failed attempt (a browser crash, a store hiccup) is retried; past that, the next start resumes it
      for (let attempt = 1; ; attempt++) {
        try {
          return await this.analyse(operationId, causation);
        } catch (error) {
          this.deps.logger.error('fx analysis failed', { operation_id: operationId, attempt, error: errorText(error) });
          if (attempt >= 3) return;
          await new Promise((resolve) => setTimeout(resolve, 500 * 4 ** (attempt - 1)));
        }
      }
    })().finally(() => this.running.delete(operationId));
    this.running.set(operationId, job);
  }

  private async analyse(operationId: string, causation: string | null): Promise<void> {
    const { log, blobs, renderer, clock } = this.deps;
    const { state } = await loadState(log, fxOperationStream(operationId), fxOperationDecider);
    if (state.status === 'none' || state.analysis_status !== 'requested') return;
    const op = state.operation;
    const now = clock.now().toISOString();
    const metadata = { tenant_id: op.tenant_id, actor: 'system', request_id: null, occurred_at: now, correlation_id: operationId, causation_id: causation };
    const allocated = await handleCommand(log, laudoNumbersStream(op.tenant_id), laudoNumbersDecider, { type: 'AllocateLaudoNumber', operation_id: operationId, now }, {
      metadata,
      commandId: `fx-laudo-number:${operationId}`,
    });
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
      { metadata, commandId: `fx-analysis:${operationId}:${now}` },
    );
    // completed meanwhile by another process: its laudo stands
    if (E.isRight(completed) && completed.right.events.length === 0) {
      const winner = completed.right.state.status === 'none' ? null : completed.right.state.completed;
      if (winner?.laudo.blob_key !== blobKey) await blobs.delete(blobKey);
    }
  }
}
