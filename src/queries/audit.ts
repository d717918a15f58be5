import type { RememberedDisposition } from '../domain/screening/disposition.js';
import type { PepContext, RelativeOutcome } from '../adapters/sources/pep.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { ListImporter } from '../adapters/lists/importers/port.js';
import { LIST_SOURCES, listAnswer } from '../adapters/sources/lists.js';
import { MATCHER_VERSION } from '../domain/screening/match/score.js';
import { listStream } from '../domain/list/decider.js';
import type { ListVersionImportedData } from '../domain/list/events.js';
import type { ListEntry } from '../domain/screening/entry.js';
import { buildIndex, searchAll } from '../domain/screening/match/index.js';
import { isTenantListId } from '../domain/list/tenant-lists.js';
import { tenantListImporter } from '../adapters/lists/importers/tenant.js';
import { DEFAULT_TOKEN_WEIGHTS } from '../domain/screening/match/weights.js';
import { listBlobKey } from '../commands/lists.js';
import { runStream } from '../domain/run/decider.js';
import { evaluate, readableAnswer, type RecordedAnswer } from '../domain/run/evaluate.js';
import { RunEvent } from '../domain/run/events.js';
import { isEventOf } from '../domain/shared/events.js';
import { subjectRef } from '../commands/runs.js';
import { streamsOf } from '../projections/subject-streams.js';

/**
 * Every event of every stream that concerns one document of a tenant (its runs, its customer,
 * in both environments), in commit order, from a position.
 */
export async function subjectHistory(
  services: { log: EventLog; readStore: ReadStore; secretKey: string },
  tenantId: string,
  doc: string,
  fromPosition: number,
  limit: number,
): Promise<StoredEvent[]> {
  const refs = (['live', 'sandbox'] as const).map((env) => subjectRef(services.secretKey, tenantId, env, doc));
  const streams = [...new Set((await streamsOf(services.readStore, refs)).filter((s) => s.tenant_id === tenantId).flatMap((s) => s.streams))];
  const events = (await Promise.all(streams.map((s) => services.log.readStream(s)))).flat();
  return events
    .filter((e) => e.position >= fromPosition)
    .sort((a, b) => a.position - b.position)
    .slice(0, limit);
}

export interface RunVerification {
  run_id: string;
  template: { template_id: string; version: number };
  recorded: Record<string, unknown> | null;
  rederived: Record<string, unknown> | null;
  /** RunCompleted / RunFailed events on the stream: exactly one for a run the service ended */
  terminal_events: number;
  /**
   * each list source's answer re-derived from the list versions it recorded (when evidence is
   * given); an answer recorded by another version of the matcher is not comparable (its scores
   * follow other rules): reported, not re-derived, and not counted against the run
   */
  lists: { source_id: string; match: boolean; comparable: boolean; matcher_version: { recorded: string | null; current: string }; recorded: unknown; rederived: unknown }[];
  match: boolean;
}

/**
 * As-of evidence: re-derives a run's outcome from its own stored events (the template version
 * it recorded and the answers it recorded) and compares it with the outcome it recorded.
 */
/** What re-deriving a list source's answer needs: the stored raw files and the importers. */
export interface ListEvidence {
  blobs: BlobStore;
  importers: ReadonlyMap<string, ListImporter>;
}

/**
 * Each list source's answer re-derived from the exact list versions it recorded (their raw files
 * from the blob store, parsed again, indexed, searched with the run's subject): the check status
 * and the candidates (ids and scores) must come out the same.
 */
async function verifyListAnswers(log: EventLog, evidence: ListEvidence, subject: Record<string, unknown>, answers: Record<string, RecordedAnswer>) {
  const results: RunVerification['lists'] = [];
  for (const [sourceId, answer] of Object.entries(answers)) {
    const screening = (answer.data as { screening?: { threshold: number; matcher_version?: string; lists: { list_id: string; version_id: string }[]; candidates: { entry_id: string; score: number }[]; memory?: RememberedDisposition[]; pep_as_of?: string; pep_relationships?: RelativeOutcome[] } }).screening;
    if (!LIST_SOURCES[sourceId] || !screening) continue;
    const matcher_version = { recorded: screening.matcher_version ?? null, current: MATCHER_VERSION };
    if (matcher_version.recorded !== MATCHER_VERSION) {
      results.push({ source_id: sourceId, match: false, comparable: false, matcher_version, recorded: null, rederived: null });
      continue;
    }
    const versions: ListVersionImportedData[] = [];
    /** entries grouped as the service indexes them: the official lists together, each tenant list apart */
    const groups = new Map<string, ListEntry[]>();
    let complete = true;
    for (const used of screening.lists) {
      const imported = (await log.readStream(listStream(used.list_id))).find((e) => e.type === 'ListVersionImported' && e.data['version_id'] === used.version_id);
      const importer = isTenantListId(used.list_id) ? tenantListImporter(used.list_id) : evidence.importers.get(used.list_id);
      const version = imported?.data as ListVersionImportedData | undefined;
      const blobs = version ? await Promise.all(version.files.map(async (f) => ({ name: f.name, blob: await evidence.blobs.get(listBlobKey(f.sha256)) }))) : [];
      // a version whose record or raw files are gone cannot be screened again: no re-derivation
      if (!version || !importer || blobs.some((b) => !b.blob)) {
        complete = false;
        continue;
      }
      const group = isTenantListId(used.list_id) ? used.list_id : 'official';
      const parsed = (await importer.parse(blobs.map((b) => ({ name: b.name, data: b.blob!.data })))).entries;
      groups.set(group, (groups.get(group) ?? []).concat(parsed));
      versions.push(version);
    }
    const indexes = [...groups.values()].map((entries) => buildIndex(entries, { weights: DEFAULT_TOKEN_WEIGHTS }));
    const rederived = complete && indexes.length > 0 ? listAnswer(sourceId, (query, options) => searchAll(indexes, query, options), versions, subject as never, screening.threshold, new Map(), screening.memory ?? [], recordedPep(screening)) : null;
    const summary = (a: { checks: { status: string }[]; data: Record<string, unknown> } | null) =>
      a && {
        status: a.checks[0]?.status ?? null,
        candidates: ((a.data as { screening?: { candidates: { entry_id: string; score: number }[] } }).screening?.candidates ?? []).map((c) => `${c.entry_id}:${c.score}`),
      };
    const recorded = summary(answer);
    const again = summary(rederived);
    results.push({ source_id: sourceId, match: JSON.stringify(recorded) === JSON.stringify(again), comparable: true, matcher_version, recorded, rederived: again });
  }
  return results;
}

export async function verifyRun(log: EventLog, runId: string, evidence?: ListEvidence): Promise<RunVerification | null> {
  const events = (await log.readStream(runStream(runId))).filter(isEventOf(RunEvent));
  const queued = events.find((e) => e.type === 'RunQueued');
  if (!queued || queued.type !== 'RunQueued') return null;
  const answers: Record<string, RecordedAnswer> = {};
  for (const e of events) {
    if (e.type !== 'SourceAnswered') continue;
    const { run_id: _r, subject_ref: _s, answered_at: _a, ...answer } = e.data;
    answers[answer.source_id] = readableAnswer(answer);
  }
  // the decider ends a run once: a second terminal event was not written by the service (tampering)
  // a held run's retried sources end it again (issue 28): the terminal events counted are the last round's
  const lastRetry = events.map((e) => e.type).lastIndexOf('RunSourcesRetried');
  const terminals = events.slice(lastRetry + 1).filter((e) => e.type === 'RunCompleted' || e.type === 'RunFailed');
  const terminal = terminals[terminals.length - 1];
  const pick = (o: Record<string, unknown>) => ({
    status: o['status'],
    decision: o['decision'] ?? null,
    operative_decision: o['operative_decision'] ?? null,
    risk_band: o['risk_band'] ?? null,
    manual_review: o['manual_review'] ?? false,
    checks_summary: o['checks_summary'],
    cost: o['cost'],
  });
  const outcome = terminal ? evaluate(queued.data.template.definition, answers) : null;
  const recorded = terminal ? pick(terminal.type === 'RunFailed' ? { ...terminal.data, status: 'failed' } : terminal.data) : null;
  const rederived = outcome ? pick({ ...outcome }) : null;
  const lists = evidence ? await verifyListAnswers(log, evidence, queued.data.subject as Record<string, unknown>, answers) : [];
  return {
    run_id: runId,
    template: { template_id: queued.data.template.template_id, version: queued.data.template.version },
    recorded,
    rederived,
    terminal_events: terminals.length,
    lists,
    match: recorded !== null && terminals.length === 1 && JSON.stringify(recorded) === JSON.stringify(rederived) && lists.every((l) => l.match || !l.comparable),
  };
}

/** The PEP rule as the answer applied it: its day, and the declared relationships with the outcome they had. */
function recordedPep(screening: { pep_as_of?: string; pep_relationships?: RelativeOutcome[] }): PepContext | undefined {
  return screening.pep_as_of ? { as_of: screening.pep_as_of, relationships: screening.pep_relationships ?? [] } : undefined;
}
