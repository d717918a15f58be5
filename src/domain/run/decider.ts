import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { checksSummary, evaluate, isBlockHit, readableAnswer, splitTexts, type RecordedAnswer } from './evaluate.js';
import { RunEvent, type RunQueuedData } from './events.js';

export const runStream = (runId: string): string => `run-${runId}`;

export type RunStatus = 'queued' | 'running' | 'completed' | 'blocked' | 'pending_review' | 'partial' | 'failed' | 'cancelado';
export const TERMINAL: readonly RunStatus[] = ['completed', 'blocked', 'partial', 'failed', 'cancelado'];

export type RunState =
  | { status: 'none' }
  | {
      status: RunStatus;
      run: RunQueuedData;
      answers: Readonly<Record<string, RecordedAnswer>>;
      manual_review: boolean;
      risk_band: string | null;
      /** four-eyes: the decision awaiting a second analyst */
      proposal: ReviewProposal | null;
      /** the failed sources asked again, and how many times (issue 28); absent before any */
      retry?: RetriedSources;
    };

export interface RetriedSources {
  count: number;
  sources: readonly string[];
  charge_id: string;
  reserved_credits: number;
}

export interface ReviewProposal {
  decision: 'approved' | 'rejected';
  note: string;
  proposed_by: string;
}

export type RunCommand =
  | { type: 'QueueRun'; run: RunQueuedData }
  | { type: 'StartRun'; now: string }
  | { type: 'RecordSourceAnswers'; answers: readonly RecordedAnswer[]; now: string }
  | { type: 'FailRun'; reason: string; now: string }
  | { type: 'CancelRun'; now: string }
  | {
      type: 'ReviewRun';
      decision: 'approved' | 'rejected';
      note: string;
      now: string;
      /** the dashboard user deciding (`user:<id>` actors); absent for the operator API */
      reviewer?: string;
      /** the tenant's four-eyes setting, for reviews by a user */
      four_eyes?: boolean;
    }
  | { type: 'RetrySources'; sources?: readonly string[] | undefined; charge_id: string; reserved_credits: number; now: string };

const wrongState = (message: string) => E.left(new DomainError('invalid_run_state', message));

function result(run: RunQueuedData, answers: Readonly<Record<string, RecordedAnswer>>, now: string) {
  return {
    run_id: run.run_id,
    tenant_id: run.tenant_id,
    environment: run.environment,
    subject_type: run.subject_type,
    template_id: run.template.template_id,
    customer_id: run.customer_id,
    external_id: run.external_id,
    metadata: run.metadata,
    webhook_url: run.webhook_url,
    checks_summary: checksSummary(run.template.definition, answers),
    created_at: run.created_at,
    completed_at: now,
  };
}

/** The event that ends a run whose answers are all in (or that a block hit cut short). */
function finish(run: RunQueuedData, answers: Readonly<Record<string, RecordedAnswer>>, now: string): RunEvent {
  const outcome = evaluate(run.template.definition, answers);
  if (outcome.status === 'failed') {
    return { type: 'RunFailed', data: { ...result(run, answers, now), reason: 'all_sources_failed', summary_message: outcome.summary_message, cost: outcome.cost } };
  }
  return {
    type: 'RunCompleted',
    data: {
      ...result(run, answers, now),
      status: outcome.status,
      decision: outcome.decision!,
      operative_decision: outcome.operative_decision!,
      risk_band: outcome.risk_band,
      manual_review: outcome.manual_review,
      summary_message: outcome.summary_message,
      abandoned: run.template.definition.sources.map((s) => s.source_id).filter((id) => !answers[id]),
      cost: outcome.cost,
    },
  };
}

/**
 * A bureau run: queued, running while its sources answer, then terminal. Answers already
 * recorded are ignored when they come again (a resumed run asks only what is missing), and a
 * block hit ends the run at once.
 */
export const runDecider: Decider<RunCommand, RunState, RunEvent> = {
  initialState: { status: 'none' },
  codec: RunEvent,

  decide(command, state) {
    if (command.type === 'QueueRun') {
      return state.status === 'none' ? E.right([{ type: 'RunQueued', data: command.run }]) : E.right([]);
    }
    if (state.status === 'none') return E.left(new DomainError('run_not_found', 'No such run.'));
    switch (command.type) {
      case 'StartRun':
        return state.status === 'queued' ? E.right([{ type: 'RunStarted', data: { run_id: state.run.run_id, customer_id: state.run.customer_id, started_at: command.now } }]) : E.right([]);
      case 'RecordSourceAnswers': {
        // answers that arrived together are recorded together, in order, until one ends the run
        if (state.status !== 'running') return E.right([]);
        const sources = state.run.template.definition.sources;
        let answers = state.answers;
        const events: RunEvent[] = [];
        for (const answer of command.answers) {
          if (!sources.some((s) => s.source_id === answer.source_id) || answers[answer.source_id]) continue;
          events.push({ type: 'SourceAnswered', data: { run_id: state.run.run_id, subject_ref: state.run.subject_ref, ...splitTexts(answer), answered_at: command.now } });
          answers = { ...answers, [answer.source_id]: answer };
          if (isBlockHit(state.run.template.definition, answer) || sources.every((s) => answers[s.source_id])) {
            events.push(finish(state.run, answers, command.now));
            break;
          }
        }
        return E.right(events);
      }
      case 'FailRun':
        if (state.status !== 'queued' && state.status !== 'running') return E.right([]);
        return E.right([
          {
            type: 'RunFailed',
            data: { ...result(state.run, state.answers, command.now), reason: command.reason, summary_message: 'Falha técnica antes de uma análise significativa; reenvie a consulta.', cost: 0 },
          },
        ]);
      case 'CancelRun':
        // a second cancel is refused like any other cancel of a finished run (decisions.md: only from queued or running)
        if (state.status !== 'queued' && state.status !== 'running') return wrongState(`A ${state.status} run cannot be cancelled; only queued or running runs can.`);
        return E.right([{ type: 'RunCancelled', data: { run_id: state.run.run_id, customer_id: state.run.customer_id, cancelled_at: command.now } }]);
      case 'ReviewRun': {
        const reviewable = state.status === 'pending_review' || (state.status === 'partial' && state.manual_review);
        if (!reviewable) return wrongState(`Only runs awaiting manual review can be reviewed; this run is ${state.status}.`);
        const reviewer = command.reviewer;
        const needsTwo = reviewer !== undefined && command.four_eyes === true && (command.decision === 'rejected' || state.risk_band === 'alto');
        const proposal = state.proposal;
        if (needsTwo && (!proposal || proposal.decision !== command.decision)) {
          // the first of two, or a different decision replacing the proposal: it waits for a second analyst
          return E.right([
            {
              type: 'RunReviewProposed',
              data: { run_id: state.run.run_id, tenant_id: state.run.tenant_id, decision: command.decision, note: command.note, proposed_by: reviewer, proposed_at: command.now },
            },
          ]);
        }
        if (needsTwo && proposal!.proposed_by === reviewer) {
          return E.left(new DomainError('four_eyes_required', 'Esta decisão precisa de um segundo analista: quem a propôs não pode confirmá-la.'));
        }
        const by = reviewer === undefined ? {} : needsTwo ? { reviewed_by: reviewer, proposed_by: proposal!.proposed_by } : { reviewed_by: reviewer };
        const note = needsTwo && command.note === '' ? proposal!.note : command.note;
        return E.right([
          {
            type: 'RunReviewed',
            data: { ...result(state.run, state.answers, command.now), decision: command.decision, note, risk_band: state.risk_band as 'baixo' | null, reviewed_at: command.now, ...by },
          },
        ]);
      }
      case 'RetrySources':
        return retrySources(command, state);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'RunQueued':
        return { status: 'queued', run: event.data, answers: {}, manual_review: false, risk_band: null, proposal: null };
      default:
        if (state.status === 'none') return state;
    }
    switch (event.type) {
      case 'RunStarted':
        return { ...state, status: 'running' };
      case 'SourceAnswered': {
        const { run_id: _r, subject_ref: _s, answered_at: _a, ...answer } = event.data;
        return { ...state, answers: { ...state.answers, [answer.source_id]: readableAnswer(answer) } };
      }
      case 'RunCompleted':
        return { ...state, status: event.data.status, manual_review: event.data.manual_review, risk_band: event.data.risk_band };
      case 'RunFailed':
        return { ...state, status: 'failed' };
      case 'RunCancelled':
        return { ...state, status: 'cancelado' };
      case 'RunReviewed':
        return { ...state, status: 'completed', manual_review: false, proposal: null };
      case 'RunReviewProposed':
        return { ...state, proposal: { decision: event.data.decision, note: event.data.note, proposed_by: event.data.proposed_by } };
      case 'RunSourcesRetried': {
        const { sources, charge_id, reserved_credits } = event.data;
        const answers = Object.fromEntries(Object.entries(state.answers).filter(([id]) => !sources.includes(id)));
        return { ...state, status: 'running', answers, retry: { count: (state.retry?.count ?? 0) + 1, sources, charge_id, reserved_credits } };
      }
      default:
        return state;
    }
  },
};

/** The sources of a run that ended ERROR (the ones a held run can ask again). */
export const failedSources = (state: Exclude<RunState, { status: 'none' }>): string[] =>
  state.run.template.definition.sources.map((s) => s.source_id).filter((id) => state.answers[id]?.status === 'ERROR');

/**
 * A held run's failed sources asked again: only a `partial` run with ERROR sources and no
 * analyst decision (nor proposal) yet; the sources named must be among the failed ones.
 */
function retrySources(command: Extract<RunCommand, { type: 'RetrySources' }>, state: Exclude<RunState, { status: 'none' }>) {
  const failed = failedSources(state);
  if (state.status !== 'partial' || failed.length === 0 || state.proposal !== null) {
    return wrongState(`Only a partial run with failed sources and no analyst decision can retry them; this run is ${state.status}.`);
  }
  const unknown = (command.sources ?? []).filter((id) => !failed.includes(id));
  if (unknown.length > 0) return E.left(new DomainError('invalid_request', `Only sources that failed can be retried: ${unknown.join(', ')} did not (failed: ${failed.join(', ')}).`, 'sources'));
  const sources = command.sources && command.sources.length > 0 ? failed.filter((id) => command.sources!.includes(id)) : failed;
  const { run_id, tenant_id, customer_id } = state.run;
  return E.right<DomainError, RunEvent[]>([
    { type: 'RunSourcesRetried', data: { run_id, tenant_id, customer_id, sources, charge_id: command.charge_id, reserved_credits: command.reserved_credits, requested_at: command.now } },
  ]);
}
