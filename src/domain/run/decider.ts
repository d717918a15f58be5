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
      /** the engine's outcome (RunCompleted), kept beside the analyst's decision */
      automatic?: AutomaticOutcome | null;
      /** an analyst has decided the run (RunReviewed) */
      reviewed?: boolean;
      /** the failed sources asked again, and how many times (issue 28); absent before any */
      retry?: RetriedSources;
    };

export interface AutomaticOutcome {
  status: 'completed' | 'blocked' | 'pending_review' | 'partial';
  decision: 'approved' | 'rejected' | 'review';
  operative_decision: 'approved' | 'rejected' | 'review' | 'hold';
  risk_band: 'baixo' | 'medio' | 'alto' | null;
  manual_review: boolean;
}

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
  proposed_at?: string;
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
      /** the analyst deciding (`user:<id>`): the dashboard's user, or the operator API's `analyst` */
      reviewer?: string;
      /** the tenant's four-eyes setting */
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

type ActiveRun = Exclude<RunState, { status: 'none' }>;
type ReviewCommand = Extract<RunCommand, { type: 'ReviewRun' }>;

/**
 * decisions.md §4: `pending_review`, `blocked`, any `partial` (held or not) and a `completed` run
 * whose decision is `review` wait for an analyst; nothing else does, and a run is decided once.
 */
export function awaitsReview(state: ActiveRun): boolean {
  return awaitingAnalyst({ status: state.status, decision: state.automatic?.decision ?? null, reviewed: state.reviewed === true });
}

/**
 * decisions.md §4, the one rule the decider and the screens share: a run awaits an analyst when it
 * is pending_review, blocked, partial (held or not) or completed with decision `review`, until decided.
 */
export const awaitingAnalyst = (run: { status: string; decision: string | null; reviewed: boolean }): boolean =>
  !run.reviewed && (run.status === 'pending_review' || run.status === 'blocked' || run.status === 'partial' || (run.status === 'completed' && run.decision === 'review'));

/**
 * Four-eyes (tenant setting): two different analysts for a rejection, for any decision on an
 * `alto` run, and for an approval that overrides an automatic rejection or block (a sanctions
 * homonym cleared).
 */
export function needsTwoAnalysts(state: ActiveRun, decision: 'approved' | 'rejected'): boolean {
  if (decision === 'rejected' || state.risk_band === 'alto') return true;
  return state.status === 'blocked' || state.automatic?.decision === 'rejected';
}

const STATE_LABEL: Record<string, string> = {
  queued: 'na fila',
  running: 'em execução',
  completed: 'concluída',
  failed: 'com falha',
  cancelado: 'cancelada',
};

function reviewRun(state: ActiveRun, command: ReviewCommand) {
  if (!awaitsReview(state)) {
    const why = state.reviewed ? 'já foi decidida por um analista' : `está ${STATE_LABEL[state.status] ?? state.status}${state.status === 'completed' ? ' sem pedir revisão' : ''}`;
    return wrongState(`Esta execução não aguarda revisão: ${why}. Só execuções pendentes de revisão, bloqueadas, parciais ou concluídas com decisão "revisar" podem ser decididas.`);
  }
  const note = command.note.trim();
  if (note === '') return E.left(new DomainError('invalid_request', 'A nota é obrigatória: escreva o motivo da decisão.', 'note'));
  const reviewer = command.reviewer;
  const needsTwo = command.four_eyes === true && needsTwoAnalysts(state, command.decision);
  if (needsTwo && reviewer === undefined) {
    return E.left(new DomainError('analyst_required', 'Esta conta exige dois analistas (four-eyes): informe o analista que decide.', 'analyst'));
  }
  const proposal = state.proposal;
  const run = state.run;
  if (needsTwo && (!proposal || proposal.decision !== command.decision)) {
    // the first of two, or a different decision replacing the proposal: it waits for a second analyst
    return E.right([
      { type: 'RunReviewProposed' as const, data: { run_id: run.run_id, tenant_id: run.tenant_id, decision: command.decision, note, proposed_by: reviewer!, proposed_at: command.now } },
    ]);
  }
  if (needsTwo && proposal!.proposed_by === reviewer) {
    return E.left(new DomainError('four_eyes_required', 'Esta decisão precisa de um segundo analista: quem a propôs não pode confirmá-la.'));
  }
  const by = reviewer === undefined ? {} : { reviewed_by: reviewer };
  const proposed = needsTwo ? { proposed_by: proposal!.proposed_by, proposal_note: proposal!.note, ...(proposal!.proposed_at ? { proposed_at: proposal!.proposed_at } : {}) } : {};
  const automatic = state.automatic ? { automatic: state.automatic } : {};
  return E.right([
    {
      type: 'RunReviewed' as const,
      data: { ...result(run, state.answers, command.now), decision: command.decision, note, risk_band: state.risk_band as 'baixo' | null, reviewed_at: command.now, ...by, ...proposed, ...automatic },
    },
  ]);
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
      case 'ReviewRun':
        return reviewRun(state, command);
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
      case 'RunCompleted': {
        const { status, decision, operative_decision, risk_band, manual_review } = event.data;
        return { ...state, status, manual_review, risk_band, automatic: { status, decision, operative_decision, risk_band, manual_review } };
      }
      case 'RunFailed':
        return { ...state, status: 'failed' };
      case 'RunCancelled':
        return { ...state, status: 'cancelado' };
      case 'RunReviewed':
        return { ...state, status: 'completed', manual_review: false, proposal: null, reviewed: true };
      case 'RunReviewProposed':
        return { ...state, proposal: { decision: event.data.decision, note: event.data.note, proposed_by: event.data.proposed_by, proposed_at: event.data.proposed_at } };
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
