import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import { sha256Hex } from '../adapters/crypto.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { pdfPageCount, type PdfRenderer } from '../adapters/pdf/port.js';
import { reportDecider, reportStream, type ReportState } from '../domain/report/decider.js';
import type { ReportGeneratedData, ReportMode } from '../domain/report/events.js';
import { runStream, TERMINAL, type RunStatus } from '../domain/run/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { completoHtml, reportFooter, resumidoHtml } from '../reports/run-report.js';
import { buildRunReportModel } from '../reports/run-model.js';
import { customerAlerts } from '../reports/alert-timeline.js';
import { customerStream } from '../domain/customer/decider.js';
import { loadRun, loadUser } from './aggregates.js';
import { forTenant, handleCommand, loadState, type CommandContext } from './handle-command.js';

export interface ReportDeps {
  log: EventLog;
  blobs: BlobStore;
  renderer: PdfRenderer;
}

export interface StoredReport {
  report: ReportGeneratedData;
  pdf: Buffer;
  /** true when this call rendered and recorded it; false when it already existed */
  created: boolean;
}

export const REPORT_CONTENT_TYPE = 'application/pdf';

/** The report of a run and mode, once generated (read from its own stream). */
export async function findReport(log: EventLog, runId: string, mode: ReportMode): Promise<ReportGeneratedData | null> {
  const { state } = await loadState(log, reportStream(runId, mode), reportDecider);
  return state.status === 'generated' ? state.report : null;
}

/**
 * Report generation: once per run and mode. The PDF is rendered from the run's stored events
 * only, dated with the generation time, stored as a content-addressed blob, then claimed by
 * appending ReportGenerated to the report's own stream with `no_stream`: when two generations
 * race (here or in another process), the first append wins, the loser returns the winner's
 * document and drops its own blob. Calls for the same report in this process share one render.
 */
export class ReportGenerator {
  private readonly inFlight = new Map<string, Promise<StoredReport>>();

  constructor(private readonly deps: ReportDeps) {}

  generate(runId: string, mode: ReportMode, context: CommandContext): Promise<E.Either<DomainError, StoredReport>> {
    const stream = reportStream(runId, mode);
    const running = this.inFlight.get(stream);
    if (running) return running.then((r) => E.right({ ...r, created: false }));
    const job = this.run(runId, mode, context);
    const shared = job.then((r) => (E.isRight(r) ? r.right : Promise.reject(r.left)));
    shared.catch(() => {});
    this.inFlight.set(stream, shared);
    void shared.catch(() => {}).finally(() => this.inFlight.delete(stream));
    return job;
  }

  private async run(runId: string, mode: ReportMode, context: CommandContext): Promise<E.Either<DomainError, StoredReport>> {
    const { log, blobs, renderer } = this.deps;
    const existing = await findReport(log, runId, mode);
    if (existing) return E.right({ report: existing, pdf: await this.bytes(existing), created: false });
    const history = await log.readStream(runStream(runId));
    if (history.length === 0) return E.left(new DomainError('run_not_found', 'No such run.', 'run_id'));
    const generatedAt = context.metadata.occurred_at;
    const built = buildRunReportModel(history, mode, generatedAt, await reviewAnalysts(log, history));
    // the completo report tells the customer's monitoring alerts with their timelines (issue 29)
    const customerId = mode === 'completo' ? built.run.customer_id : null;
    const model = customerId ? { ...built, monitoring_alerts: customerAlerts(await log.readStream(customerStream(customerId))) } : built;
    if (!TERMINAL.includes(model.run.status as RunStatus)) {
      return E.left(new DomainError('run_not_terminal', `Reports exist only for terminal runs; this run is ${model.run.status}.`, 'run_id'));
    }
    const html = mode === 'resumido' ? resumidoHtml(model) : completoHtml(model);
    const pdf = await renderer.render(html, { footer: reportFooter(model), documentDate: new Date(generatedAt) });
    const sha256 = sha256Hex(pdf);
    const blobKey = `reports/${runId}/${mode}-${sha256.slice(0, 32)}.pdf`;
    await blobs.put(blobKey, pdf, REPORT_CONTENT_TYPE);
    const report: ReportGeneratedData = {
      run_id: runId,
      tenant_id: model.run.tenant_id,
      environment: model.run.environment,
      mode,
      blob_key: blobKey,
      sha256,
      byte_size: pdf.length,
      page_count: pdfPageCount(pdf),
      generated_at: generatedAt,
      history: { stream: model.history.stream, last_revision: model.history.last_revision, event_count: model.history.events.length, sha256: model.history.sha256 },
    };
    const recorded = await handleCommand(log, reportStream(runId, mode), reportDecider, { type: 'RecordReport', report }, context);
    if (E.isLeft(recorded)) return recorded;
    if (recorded.right.events.length > 0) return E.right({ report, pdf, created: true });
    // another generation recorded first: its document is the report
    const winner = (recorded.right.state as Extract<ReportState, { status: 'generated' }>).report;
    if (winner.blob_key !== blobKey) await blobs.delete(blobKey);
    return E.right({ report: winner, pdf: await this.bytes(winner), created: false });
  }

  async bytes(report: ReportGeneratedData): Promise<Buffer> {
    const blob = await this.deps.blobs.get(report.blob_key);
    if (!blob) throw new Error(`report blob missing: ${report.blob_key}`);
    return blob.data;
  }
}

export const runNotTerminal = (status: string) => new DomainError('run_not_terminal', `Reports exist only for terminal runs; this run is ${status}.`, 'run_id');

/** The operator's generation of a run's report: the run must exist and be terminal. */
export async function generateRunReport(
  deps: { log: EventLog; generator: ReportGenerator },
  runId: string,
  mode: ReportMode,
  context: CommandContext,
): Promise<E.Either<DomainError, StoredReport>> {
  const run = await loadRun(deps.log, runId);
  if (!run) return E.left(new DomainError('run_not_found', 'No such run.', 'run_id'));
  if (!TERMINAL.includes(run.status)) return E.left(runNotTerminal(run.status));
  return deps.generator.generate(runId, mode, forTenant(context, run.run.tenant_id));
}

/** The e-mails of the analysts a run's review names (decided, proposed), for the report's decision section. */
async function reviewAnalysts(log: EventLog, history: readonly { type: string; data: Record<string, unknown> }[]): Promise<Record<string, string>> {
  const ids = new Set(
    history.flatMap((e) => (e.type === 'RunReviewed' || e.type === 'RunReviewProposed' ? [e.data['reviewed_by'], e.data['proposed_by']] : [])).filter((id): id is string => typeof id === 'string'),
  );
  const found: Record<string, string> = {};
  for (const id of ids) {
    const user = await loadUser(log, id.startsWith('user:') ? id.slice(5) : id);
    if (user) found[id] = user.email;
  }
  return found;
}
