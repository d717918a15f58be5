import * as E from 'fp-ts/lib/Either.js';
import { DomainError, type Decider } from '../shared/decider.js';
import type { CustomerStatus, Environment, SubjectType } from '../values/scopes.js';
import type { FacialRoundCompletedData } from '../facial/events.js';
import { judged, remember, type DispositionMemory, type DispositionOrigin, type HitDisposition } from '../screening/disposition.js';
import { CustomerEvent, type FreezeFacts } from './events.js';
import { QUALIFICATION_UPDATABLE } from './qualification.js';
import { sanctionsFreezeOf, type AlertEvidence, type SanctionsFreeze } from './freeze.js';
import { decidePepRelationship, evolvePepRelationships, type PepRelationship, type PepRelationshipCommand } from './pep-relationship.js';

export const customerStream = (customerId: string): string => `customer-${customerId}`;

export const DOCUMENT_TYPES = [
  'identidade_frente',
  'identidade_verso',
  'cnh_frente',
  'cnh_verso',
  'passaporte',
  'comprovante_endereco',
  'selfie',
  'contrato_social',
  'comprovante_cnpj',
  'procuracao',
  'balanco',
  'outro',
] as const;

export interface DocumentState {
  type: string;
  blob_key: string;
  file_name: string;
  mime_type: string;
  status: 'pendente' | 'aprovado' | 'rejeitado';
  /** replaced by a later upload of the same type: no longer listed */
  replaced: boolean;
}

export type CustomerState =
  | { status: 'none' }
  | {
      status: CustomerStatus;
      customer_id: string;
      tenant_id: string;
      environment: Environment;
      type: SubjectType;
      subject_ref: string;
      external_id: string | null;
      documents: Readonly<Record<string, DocumentState>>;
      latest_run_id: string | null;
      /** the latest run is a periodic review's: its result may move the customer out of em_monitoramento */
      review_run: boolean;
      /** the last result recorded of a run: the same result concluded again changes nothing */
      concluded: ConcludedRun | null;
      /** facial rounds by id: a round runs once for its selfie and identity pair */
      rounds: Readonly<Record<string, 'started' | 'completed'>>;
      /** monitoring alerts by id */
      alerts: Readonly<Record<string, AlertState>>;
      /** the analysts' dispositions of list entries, from runs and alerts alike: one memory (screening/disposition.ts) */
      dispositions: DispositionMemory;
      /** declared relationships with PEPs in force, by id (absent until one is declared) */
      pep_relationships?: Readonly<Record<string, PepRelationship>>;
    };

export interface AlertState {
  list_id: string;
  entry_id: string;
  content_hash: string;
  status: 'open' | 'delisted' | 'resolved';
  resolution: 'true_positive' | 'false_positive' | null;
  /** what raised it and which version delisted it: a sweep resumed after a crash counts what it did before */
  raised_by: { trigger: 'list_version' | 'customer'; version_id: string };
  delisted_by: string | null;
  /** the legal basis of the freeze it requires; null when it requires none (issue 29) */
  freeze_basis: string | null;
  raised_at: string;
  resolved_at: string | null;
  /** the webhook deliveries recorded for it (AlertWebhookDelivered), once each */
  deliveries: readonly string[];
}

export type AlertExplanation = { feature: string; score: number; query: string | null; candidate: string | null; detail: string }[];

type ConcludedRun = { run_id: string; run_status: string; decision: string | null; risk_band: string | null; completed_at: string };

const sameResult = (a: ConcludedRun | null, b: ConcludedRun): boolean =>
  a !== null && a.run_id === b.run_id && a.run_status === b.run_status && a.decision === b.decision && a.risk_band === b.risk_band && a.completed_at === b.completed_at;

type Registration = {
  profile: Record<string, unknown>;
  subject_ref: string;
  external_id: string | null;
  metadata: Record<string, string>;
  onboarding_profile: string | null;
  webhook_url: string | null;
};

export type CustomerCommand =
  | ({ type: 'Register'; customer_id: string; tenant_id: string; environment: Environment; subject_type: SubjectType; run_id: string | null; now: string } & Registration)
  | ({ type: 'CompleteDraft'; run_id: string | null; now: string } & Registration)
  | { type: 'AbortRun'; run_id: string; reason: string; now: string }
  /** a periodic review's run of a monitored customer whose latest run is one of `after_run_ids` (the run reviewed, then attempts never queued) */
  | { type: 'RequestReviewRun'; run_id: string; after_run_ids: readonly string[]; now: string }
  | {
      type: 'ConcludeRun';
      run_id: string;
      run_status: string;
      decision: string | null;
      risk_band: string | null;
      completed_at: string;
      source_birth_date: string | null;
      /** the status the tenant's auto_decision_policy maps the run's risk band to, if any */
      policy_status: CustomerStatus | null;
      /** set when an analyst decided the run (RunReviewed): the customer's status follows it */
      analyst_decision?: 'approved' | 'rejected';
      /**
       * an approval's list hits (entries at or above the threshold the run did not already clear)
       * with the analyst and the note: each one the customer's memory has not judged becomes a
       * false positive, so later runs and monitoring do not raise the cleared homonym again
       */
      approved_hits?: { hits: readonly { list_id: string; entry_id: string; content_hash: string }[]; by: string; note: string };
      now: string;
    }
  | { type: 'ChangeStatus'; status: CustomerStatus; reason: string; now: string }
  /** qualification completed after registration: the fields of the customer's type only (qualification.ts) */
  | { type: 'UpdateQualification'; fields: Record<string, unknown>; by: string; now: string }
  | { type: 'UploadDocument'; document_id: string; document_type: string; file_name: string; mime_type: string; size: number; sha256: string; blob_key: string; now: string }
  | { type: 'ReviewDocument'; document_id: string; status: 'aprovado' | 'rejeitado'; reason: string | null; now: string }
  | { type: 'StartFacialRound'; round_id: string; selfie_document_id: string; identity_document_id: string; now: string }
  | { type: 'CompleteFacialRound'; round_id: string; checks: FacialRoundCompletedData['checks']; cost: number; now: string }
  | {
      type: 'RaiseAlert';
      alert_id: string;
      list_id: string;
      entry_id: string;
      version_id: string;
      content_hash: string;
      matched_name: string;
      score: number;
      explanation: AlertExplanation;
      trigger: 'list_version' | 'customer';
      /** a hit on a freeze list: the basis of the freeze; it is raised on an active (aprovado) customer too */
      freeze_basis?: string | null;
      /** the version's timeline, for the evidence of "sem demora" */
      evidence?: AlertEvidence;
      now: string;
    }
  | { type: 'DelistAlert'; alert_id: string; version_id: string; now: string }
  /** a webhook about the alert was delivered (2xx) */
  | { type: 'RecordAlertDelivery'; alert_id: string; event: string; delivery_id: string; now: string }
  /** `by`: the analyst, as the caller names them (the alert's disposition of its entry records it) */
  | { type: 'ResolveAlert'; alert_id: string; resolution: 'true_positive' | 'false_positive'; note: string; by?: string; now: string }
  | { type: 'DisposeListHit'; list_id: string; entry_id: string; content_hash: string; disposition: HitDisposition; reason: string; by: string; from: DispositionOrigin; now: string }
  | PepRelationshipCommand;

const notFound = () => E.left(new DomainError('customer_not_found', 'No such customer.'));

function registration(command: Registration) {
  return {
    profile: command.profile,
    subject_ref: command.subject_ref,
    external_id: command.external_id,
    metadata: command.metadata,
    onboarding_profile: command.onboarding_profile,
    webhook_url: command.webhook_url,
  };
}

type Registered = Exclude<CustomerState, { status: 'none' }>;
type CommandOf<T extends CustomerCommand['type']> = Extract<CustomerCommand, { type: T }>;
type Decision = E.Either<DomainError, CustomerEvent[]>;

/** A customer registered once: a second registration of the same id changes nothing. */
function register(command: CommandOf<'Register'>, state: CustomerState): Decision {
  if (state.status !== 'none') return E.right([]);
  const registered: CustomerEvent = {
    type: 'CustomerRegistered',
    data: { customer_id: command.customer_id, tenant_id: command.tenant_id, environment: command.environment, type: command.subject_type, ...registration(command), created_at: command.now },
  };
  return E.right(command.run_id ? [registered, { type: 'CustomerRunRequested', data: { customer_id: command.customer_id, run_id: command.run_id, requested_at: command.now } }] : [registered]);
}

/** Every command on a registered customer (exhaustive over the commands). */
function decideOnCustomer(command: Exclude<CustomerCommand, { type: 'Register' }>, state: Registered): Decision {
  const id = state.customer_id;
  switch (command.type) {
    case 'CompleteDraft': {
      if (state.status !== 'rascunho') return E.left(new DomainError('customer_already_exists', 'A customer with this document already exists.', 'doc', { existing_customer_id: id }));
      const completed: CustomerEvent = { type: 'CustomerDraftCompleted', data: { customer_id: id, ...registration(command), completed_at: command.now } };
      return E.right(command.run_id ? [completed, { type: 'CustomerRunRequested', data: { customer_id: id, run_id: command.run_id, requested_at: command.now } }] : [completed]);
    }
    case 'RequestReviewRun':
      // the run id derives from the period reviewed: asked again, nothing changes
      if (state.latest_run_id === command.run_id) return E.right([]);
      if (state.status !== 'em_monitoramento' || state.latest_run_id === null || !command.after_run_ids.includes(state.latest_run_id)) {
        return E.left(new DomainError('concurrent_update', 'The customer is no longer monitored, or ran again, since it was found due for review.'));
      }
      return E.right([{ type: 'CustomerRunRequested', data: { customer_id: id, run_id: command.run_id, requested_at: command.now, trigger: 'periodic_review' } }]);
    case 'AbortRun':
      if (state.latest_run_id !== command.run_id || state.status !== 'em_analise') return E.right([]);
      return E.right([{ type: 'CustomerRunAborted', data: { customer_id: id, run_id: command.run_id, reason: command.reason, aborted_at: command.now } }]);
    case 'ConcludeRun':
      return concludeRun(command, state);
    case 'ChangeStatus':
      if (state.status === command.status) return E.right([]);
      return E.right([{ type: 'CustomerStatusChanged', data: { customer_id: id, status: command.status, reason: command.reason, changed_at: command.now } }]);
    case 'UpdateQualification': {
      const names = Object.keys(command.fields);
      const foreign = names.find((f) => !QUALIFICATION_UPDATABLE[state.type].includes(f));
      if (foreign) return E.left(new DomainError('invalid_field_for_type', `${foreign} cannot be set on a ${state.type} customer's qualification.`, foreign));
      if (names.length === 0) return E.left(new DomainError('invalid_request', 'Send at least one qualification field.'));
      const data = { customer_id: id, subject_ref: state.subject_ref, fields: command.fields, field_names: names, by: command.by, updated_at: command.now };
      return E.right([{ type: 'CustomerQualificationUpdated', data }]);
    }
    case 'UploadDocument':
      return uploadDocument(command, state);
    case 'ReviewDocument': {
      const document = state.documents[command.document_id];
      if (!document || document.replaced) return E.left(new DomainError('document_not_found', 'No such document.'));
      if (document.status === command.status) return E.right([]);
      return E.right([{ type: 'DocumentReviewed', data: { customer_id: id, document_id: command.document_id, status: command.status, reason: command.reason, reviewed_at: command.now } }]);
    }
    case 'StartFacialRound':
      if (state.rounds[command.round_id]) return E.right([]);
      return E.right([
        {
          type: 'FacialRoundStarted',
          data: { customer_id: id, round_id: command.round_id, selfie_document_id: command.selfie_document_id, identity_document_id: command.identity_document_id, started_at: command.now },
        },
      ]);
    case 'CompleteFacialRound':
      if (state.rounds[command.round_id] !== 'started') return E.right([]);
      return E.right([
        {
          type: 'FacialRoundCompleted',
          data: { customer_id: id, round_id: command.round_id, tenant_id: state.tenant_id, environment: state.environment, checks: command.checks, cost: command.cost, completed_at: command.now },
        },
      ]);
    case 'RaiseAlert':
      return raiseAlert(command, state);
    case 'DelistAlert': {
      const alert = state.alerts[command.alert_id];
      // an open alert ends; so does a confirmed freeze, whose designation the UN withdrew
      const confirmedFreeze = alert?.status === 'resolved' && alert.resolution === 'true_positive' && alert.freeze_basis !== null;
      if (!alert || (alert.status !== 'open' && !confirmedFreeze)) return E.right([]);
      const data = { customer_id: id, alert_id: command.alert_id, list_id: alert.list_id, entry_id: alert.entry_id, version_id: command.version_id, delisted_at: command.now };
      return E.right([{ type: 'MonitoringAlertDelisted', data: { ...data, ...freezeEnded(state, alert) } }]);
    }
    case 'RecordAlertDelivery': {
      const alert = state.alerts[command.alert_id];
      if (!alert || alert.deliveries.includes(command.delivery_id)) return E.right([]);
      return E.right([{ type: 'AlertWebhookDelivered', data: { customer_id: id, alert_id: command.alert_id, event: command.event, delivery_id: command.delivery_id, delivered_at: command.now } }]);
    }
    case 'ResolveAlert':
      return resolveAlert(command, state);
    case 'DisposeListHit':
      return disposeListHit(command, state);
    case 'DeclarePepRelationship':
    case 'RemovePepRelationship':
      return decidePepRelationship(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/**
 * The customer's status after an analyst decided their latest run (issue 28): an approval gives
 * the status the tenant's auto_decision_policy maps the run's risk band to when that status
 * accepts the customer (aprovado or em_monitoramento), else aprovado; a rejection gives recusado.
 * Either way the change carries reason `analyst_review`. (A run still awaiting an analyst leaves
 * the customer em_analise: the automatic path does not decide it.)
 */
export function analystStatus(decision: 'approved' | 'rejected', policyStatus: CustomerStatus | null): CustomerStatus {
  if (decision === 'rejected') return 'recusado';
  return policyStatus === 'aprovado' || policyStatus === 'em_monitoramento' ? policyStatus : 'aprovado';
}

/** A run's result recorded, and the status the tenant's auto-decision policy (or the analyst) gives it. */
function concludeRun(command: CommandOf<'ConcludeRun'>, state: Registered): Decision {
  const id = state.customer_id;
  // a review ends a run a second time with another result, which is recorded too
  if (state.latest_run_id !== command.run_id || sameResult(state.concluded, command)) return E.right([]);
  const concluded: CustomerEvent = {
    type: 'CustomerRunConcluded',
    data: {
      customer_id: id,
      subject_ref: state.subject_ref,
      run_id: command.run_id,
      run_status: command.run_status,
      decision: command.decision,
      risk_band: command.risk_band,
      completed_at: command.completed_at,
      source_birth_date: command.source_birth_date,
    },
  };
  const byAnalyst = command.analyst_decision ? analystStatus(command.analyst_decision, command.policy_status) : null;
  if (byAnalyst) {
    const changed: CustomerEvent = { type: 'CustomerStatusChanged', data: { customer_id: id, status: byAnalyst, reason: 'analyst_review', changed_at: command.now } };
    return E.right([...(byAnalyst === state.status ? [concluded] : [concluded, changed]), ...approvalClears(command, state)]);
  }
  // a periodic review's result is decided like an onboarding one, from em_monitoramento
  const awaitingDecision = state.status === 'em_analise' || (state.review_run && state.status === 'em_monitoramento');
  const policyApplies = command.policy_status !== null && awaitingDecision && command.policy_status !== state.status;
  return E.right(
    policyApplies
      ? [concluded, { type: 'CustomerStatusChanged', data: { customer_id: id, status: command.policy_status!, reason: 'auto_decision_policy', changed_at: command.now } }]
      : [concluded],
  );
}

/**
 * An analyst approved a run despite its list hits: each hit this customer's memory has not judged
 * (at this content) is remembered as a false positive, with the approval's note as the reason. A
 * hit judged before (either way) keeps its own disposition.
 */
function approvalClears(command: CommandOf<'ConcludeRun'>, state: Registered): CustomerEvent[] {
  const approved = command.analyst_decision === 'approved' ? command.approved_hits : undefined;
  if (!approved) return [];
  const reason = `Execução ${command.run_id} aprovada pelo analista: ${approved.note}`;
  return approved.hits
    .filter((h) => judged(state.dispositions, h.list_id, h.entry_id, h.content_hash) === null)
    .map((h) => disposed(state, { ...h, disposition: 'false_positive', reason, by: approved.by, from: { run_id: command.run_id }, now: command.now }));
}

/** A document recorded; it replaces the earlier one of its type unless that one was rejected. */
function uploadDocument(command: CommandOf<'UploadDocument'>, state: Registered): Decision {
  const id = state.customer_id;
  if (state.documents[command.document_id]) return E.right([]);
  const previous = Object.entries(state.documents).find(([, d]) => d.type === command.document_type && !d.replaced && d.status !== 'rejeitado');
  return E.right([
    {
      type: 'DocumentUploaded',
      data: {
        customer_id: id,
        subject_ref: state.subject_ref,
        document_id: command.document_id,
        type: command.document_type,
        file_name: command.file_name,
        mime_type: command.mime_type,
        size: command.size,
        sha256: command.sha256,
        blob_key: command.blob_key,
        replaces: previous ? previous[0] : null,
        created_at: command.now,
      },
    },
  ]);
}

/** A monitoring alert, raised only while monitored, once per entry at a time, never again for content an analyst already judged. */
function raiseAlert(command: CommandOf<'RaiseAlert'>, state: Registered): Decision {
  const id = state.customer_id;
  // raised only while monitored, once per entry at a time, and never again for content an analyst already judged
  const alerts = Object.values(state.alerts);
  const known =
    state.alerts[command.alert_id] !== undefined ||
    alerts.some((a) => a.list_id === command.list_id && a.entry_id === command.entry_id && (a.status === 'open' || (a.status === 'resolved' && a.content_hash === command.content_hash)));
  // an entry an analyst judged for this customer (on a run or an alert) is not raised again until it changes
  const disposed = judged(state.dispositions, command.list_id, command.entry_id, command.content_hash) !== null;
  // a freeze list's hit is raised on an active customer too: the assets of any customer are frozen
  const screened = state.status === 'em_monitoramento' || (state.status === 'aprovado' && Boolean(command.freeze_basis));
  if (!screened || known || disposed) return E.right([]);
  const { type: _type, now, freeze_basis, evidence, ...alert } = command;
  const data = { customer_id: id, tenant_id: state.tenant_id, environment: state.environment, subject_ref: state.subject_ref, ...alert, raised_at: now };
  return E.right([{ type: 'MonitoringAlertRaised', data: { ...data, ...(freeze_basis ? { freeze_required: true, legal_basis: freeze_basis } : {}), ...(evidence ? { evidence } : {}) } }]);
}

/** What the end of a freeze alert records for the tenant's systems; nothing for another alert. */
function freezeEnded(state: Registered, alert: AlertState): { freeze_required?: true; freeze?: FreezeFacts } {
  if (alert.freeze_basis === null) return {};
  const freeze = { tenant_id: state.tenant_id, environment: state.environment, list_id: alert.list_id, entry_id: alert.entry_id, legal_basis: alert.freeze_basis, since: alert.raised_at };
  return { freeze_required: true, freeze };
}

/** An analyst's resolution of an alert; the same resolution again changes nothing, another is refused. */
function resolveAlert(command: CommandOf<'ResolveAlert'>, state: Registered): Decision {
  const id = state.customer_id;
  const alert = state.alerts[command.alert_id];
  if (!alert) return E.left(new DomainError('alert_not_found', 'No such alert.'));
  if (alert.status === 'resolved') {
    if (alert.resolution === command.resolution) return E.right([]);
    return E.left(new DomainError('alert_already_resolved', `The alert was already resolved as ${alert.resolution}.`, 'resolution'));
  }
  return E.right([
    {
      type: 'MonitoringAlertResolved',
      data: {
        customer_id: id,
        alert_id: command.alert_id,
        subject_ref: state.subject_ref,
        resolution: command.resolution,
        note: command.note,
        resolved_at: command.now,
        ...freezeEnded(state, alert),
      },
    },
    // the same memory a run's hit writes: later runs and alerts honour it
    disposed(state, {
      list_id: alert.list_id,
      entry_id: alert.entry_id,
      content_hash: alert.content_hash,
      disposition: command.resolution === 'true_positive' ? 'true_match' : 'false_positive',
      reason: command.note,
      by: command.by ?? 'analista',
      from: { alert_id: command.alert_id },
      now: command.now,
    }),
  ]);
}

const disposed = (state: Registered, d: Omit<CommandOf<'DisposeListHit'>, 'type'>): CustomerEvent => ({
  type: 'ListHitDisposed',
  data: {
    customer_id: state.customer_id,
    subject_ref: state.subject_ref,
    list_id: d.list_id,
    entry_id: d.entry_id,
    content_hash: d.content_hash,
    disposition: d.disposition,
    reason: d.reason,
    by: d.by,
    from: d.from,
    disposed_at: d.now,
  },
});

/**
 * An analyst's disposition of a list entry for this customer: a reason is required; the same
 * verdict with the same reason on the same content again changes nothing; another one replaces it
 * (the earlier stays in the history).
 */
function disposeListHit(command: CommandOf<'DisposeListHit'>, state: Registered): Decision {
  if (command.reason.trim() === '') return E.left(new DomainError('invalid_request', 'reason is required: a disposition must say why.', 'reason'));
  const current = judged(state.dispositions, command.list_id, command.entry_id, command.content_hash);
  if (current && current.disposition === command.disposition && current.reason === command.reason) return E.right([]);
  return E.right([disposed(state, command)]);
}

/**
 * A customer: registered as a draft or with a bureau run (em_analise); its runs' results,
 * status changes and documents. The resubmission rule lives here: a new document of a type
 * replaces the earlier one of that type unless that one was rejected, which stays beside it.
 */
export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: { status: 'none' },
  codec: CustomerEvent,
  decide(command, state) {
    if (command.type === 'Register') return register(command, state);
    if (state.status === 'none') return notFound();
    return decideOnCustomer(command, state);
  },
  evolve(state, event) {
    if (event.type === 'CustomerRegistered') {
      const d = event.data;
      return {
        status: 'rascunho',
        customer_id: d.customer_id,
        tenant_id: d.tenant_id,
        environment: d.environment,
        type: d.type,
        subject_ref: d.subject_ref,
        external_id: d.external_id,
        documents: {},
        latest_run_id: null,
        review_run: false,
        concluded: null,
        rounds: {},
        alerts: {},
        dispositions: {},
      };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CustomerDraftCompleted':
        return { ...state, external_id: event.data.external_id };
      case 'CustomerRunRequested':
        return event.data.trigger === 'periodic_review'
          ? { ...state, latest_run_id: event.data.run_id, review_run: true }
          : { ...state, status: 'em_analise', latest_run_id: event.data.run_id, review_run: false };
      case 'CustomerRunAborted':
        return { ...state, status: 'rascunho' };
      case 'CustomerRunConcluded': {
        const { run_id, run_status, decision, risk_band, completed_at } = event.data;
        return { ...state, concluded: { run_id, run_status, decision, risk_band, completed_at } };
      }
      case 'CustomerStatusChanged':
        return { ...state, status: event.data.status };
      case 'DocumentUploaded': {
        const documents: Record<string, DocumentState> = { ...state.documents };
        if (event.data.replaces) documents[event.data.replaces] = { ...documents[event.data.replaces]!, replaced: true };
        documents[event.data.document_id] = {
          type: event.data.type,
          blob_key: event.data.blob_key,
          file_name: String(event.data.file_name),
          mime_type: event.data.mime_type,
          status: 'pendente',
          replaced: false,
        };
        return { ...state, documents };
      }
      case 'DocumentReviewed': {
        const document = state.documents[event.data.document_id];
        return document ? { ...state, documents: { ...state.documents, [event.data.document_id]: { ...document, status: event.data.status } } } : state;
      }
      case 'FacialRoundStarted':
        return { ...state, rounds: { ...state.rounds, [event.data.round_id]: 'started' } };
      case 'FacialRoundCompleted':
        return { ...state, rounds: { ...state.rounds, [event.data.round_id]: 'completed' } };
      case 'MonitoringAlertRaised':
        return { ...state, alerts: { ...state.alerts, [event.data.alert_id]: raisedAlert(event.data) } };
      case 'MonitoringAlertDelisted': {
        const alert = state.alerts[event.data.alert_id];
        return alert ? { ...state, alerts: { ...state.alerts, [event.data.alert_id]: { ...alert, status: 'delisted', delisted_by: event.data.version_id } } } : state;
      }
      case 'MonitoringAlertResolved': {
        const alert = state.alerts[event.data.alert_id];
        return alert ? { ...state, alerts: { ...state.alerts, [event.data.alert_id]: { ...alert, status: 'resolved', resolution: event.data.resolution, resolved_at: event.data.resolved_at } } } : state;
      }
      case 'AlertWebhookDelivered': {
        const alert = state.alerts[event.data.alert_id];
        return alert ? { ...state, alerts: { ...state.alerts, [event.data.alert_id]: { ...alert, deliveries: [...alert.deliveries, event.data.delivery_id] } } } : state;
      }
      case 'ListHitDisposed':
        return { ...state, dispositions: remember(state.dispositions, event.data) };
      case 'CustomerPepRelationshipDeclared':
      case 'CustomerPepRelationshipRemoved':
        return { ...state, pep_relationships: evolvePepRelationships(state.pep_relationships, event) };
      default:
        return state;
    }
  },
};

export const IDENTITY_TYPES = ['identidade_frente', 'cnh_frente', 'passaporte'] as const;

/** The current selfie and identity image of a customer (latest, not replaced, not rejected), if both exist. */
export function facialPair(state: CustomerState): { selfie: string; identity: string } | null {
  if (state.status === 'none') return null;
  const current = (types: readonly string[]) =>
    Object.entries(state.documents)
      .filter(([, d]) => types.includes(d.type) && !d.replaced && d.status !== 'rejeitado')
      .map(([id]) => id)
      .pop();
  const selfie = current(['selfie']);
  const identity = current(IDENTITY_TYPES);
  return selfie && identity ? { selfie, identity } : null;
}

/** An alert as raised: open, with the freeze it requires (issue 29). */
function raisedAlert(d: Extract<CustomerEvent, { type: 'MonitoringAlertRaised' }>['data']): AlertState {
  const { list_id, entry_id, content_hash, trigger, version_id, raised_at } = d;
  const freeze_basis = d.freeze_required ? (d.legal_basis ?? '') : null;
  return { list_id, entry_id, content_hash, status: 'open', resolution: null, raised_by: { trigger, version_id }, delisted_by: null, freeze_basis, raised_at, resolved_at: null, deliveries: [] };
}

/** The freeze a customer shows (issue 29): a freeze alert awaiting an analyst or confirmed by one; null otherwise. */
export function customerFreeze(state: CustomerState): SanctionsFreeze | null {
  return state.status === 'none' ? null : sanctionsFreezeOf(state.alerts);
}
