import type { EventLog, StoredEvent } from '../adapters/event-store/event-log.js';
import { evolvePepRelationships, type PepRelationship } from '../domain/customer/pep-relationship.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import { sha256Hex } from '../adapters/crypto.js';
import { customerStream } from '../domain/customer/decider.js';
import { CustomerEvent } from '../domain/customer/events.js';
import { canonicalJson } from '../domain/shared/canonical-json.js';
import { isEventOf } from '../domain/shared/events.js';
import { qualificationAfter, type QualificationState } from '../domain/customer/qualification.js';
import { ERASED } from '../domain/shared/personal.js';
import type { RunDoc } from '../projections/runs.js';

/**
 * The customer's KYC as it stood when a suspicion case was analysed (Circular 3.978 arts. 16,
 * 18, 19, 20, 24–25, 27; regulatory notes 4.2): what the dossier must show even after the
 * customer's record moves on. Built from the customer's stream (identification, qualification,
 * status and risk history, alerts, the analysts' dispositions) and its runs' recorded answers
 * (PEP screening, the QSA of the CNPJ register), never from what a source would answer today.
 */

export const KYC_SNAPSHOT_SCHEMA = 'kyc-snapshot/1';

export interface PartyAsReported {
  /** CPF/CNPJ digits, or PF/PJ when unknown */
  doc: string;
  name: string;
  role?: string | null;
}

export interface KycSnapshot {
  schema: typeof KYC_SNAPSHOT_SCHEMA;
  case_id: string;
  taken_at: string;
  /** `customer`: built from the customer's record; `parties_as_reported`: the case has no customer */
  basis: 'customer' | 'parties_as_reported';
  customer_id: string | null;
  identification: {
    type: 'pf' | 'pj' | null;
    doc: string | null;
    name: string | null;
    /** pf: birth date as sent (or as the cadastral source found it) */
    birth_date: string | null;
    /** pj: opening date (início de atividade) as the CNPJ register gave it */
    opening_date: string | null;
    nationality: string | null;
    trade_name: string | null;
    erased: boolean;
  } | null;
  qualification: {
    address: unknown;
    occupation: string | null;
    declared_income: string | null;
    business_activity: string | null;
    annual_revenue: string | null;
    employee_count: number | null;
    email: string | null;
    phone: string | null;
    /** what qualification lacked at the snapshot, its 30-day grace and when it was completed (Circular 3.978 art. 23) */
    missing: string[];
    due_at: string | null;
    completed_at: string | null;
  } | null;
  status: string | null;
  status_history: { status: string; reason: string; at: string }[];
  risk: {
    band: string | null;
    decision: string | null;
    history: { run_id: string; run_status: string; decision: string | null; risk_band: string | null; template: string | null; template_version: number | null; completed_at: string }[];
  } | null;
  pep: {
    /** true/false as the latest run's PEP screening found it; null when no run screened it */
    is_pep: boolean | null;
    run_id: string | null;
    details: Record<string, unknown> | null;
    list_hits: { list_id: string; version_id: string | null; entry_id: string; name: string; score: number; match: boolean }[];
    dispositions: { list_id: string; entry_id: string; disposition: string; reason: string; by: string; at: string }[];
    /** relatives and close associates the tenant declared (Res. COAF 40 art. 1 §1; issue 31): in force when the snapshot was taken */
    relatives_associates: PepRelationship[];
    /** the last day the customer is a PEP by the listed offices (five years after leaving office); null in office or not listed */
    pep_until: string | null;
    note: string;
  } | null;
  beneficial_owners: {
    run_id: string | null;
    source: string | null;
    partners: { doc: string | null; type: string; name: string; role: string | null; level: number; since: string | null; pep: boolean; sanctions_lists: string[] }[];
  } | null;
  alerts: { alert_id: string; list_id: string; entry_id: string; version_id: string; matched_name: string; score: number; status: 'open' | 'delisted' | 'resolved'; resolution: string | null; raised_at: string; ended_at: string | null }[];
  /** the parties the case reported, when it has no customer */
  parties: PartyAsReported[];
}

const isCustomerEvent = isEventOf(CustomerEvent);

const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : null);
const record = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

/** The snapshot of a case with no customer: the parties as the report gave them, nothing else known. */
export function partiesSnapshot(caseId: string, parties: readonly PartyAsReported[], takenAt: string): KycSnapshot {
  return {
    schema: KYC_SNAPSHOT_SCHEMA,
    case_id: caseId,
    taken_at: takenAt,
    basis: 'parties_as_reported',
    customer_id: null,
    identification: null,
    qualification: null,
    status: null,
    status_history: [],
    risk: null,
    pep: null,
    beneficial_owners: null,
    alerts: [],
    parties: parties.map((p) => ({ doc: p.doc, name: p.name, role: p.role ?? null })),
  };
}

/**
 * The snapshot from the customer's events (oldest first) and its runs' documents. Pure: the
 * same history gives the same snapshot, so its hash proves what the analysts saw.
 */
export function buildKycSnapshot(caseId: string, customerId: string, history: readonly StoredEvent[], runs: readonly RunDoc[], takenAt: string): KycSnapshot {
  const events = history.filter(isCustomerEvent);
  const snapshot = partiesSnapshot(caseId, [], takenAt);
  snapshot.basis = 'customer';
  snapshot.customer_id = customerId;
  let person: Person = { profile: {}, type: null, created_at: takenAt, grace: null };
  let sourceBirthDate: string | null = null;
  const alerts = new Map<string, KycSnapshot['alerts'][number]>();
  const dispositions: NonNullable<KycSnapshot['pep']>['dispositions'] = [];
  let relationships: Record<string, PepRelationship> = {};
  const riskHistory: NonNullable<KycSnapshot['risk']>['history'] = [];
  const runById = new Map(runs.map((r) => [r.run_id, r]));
  for (const event of events) {
    switch (event.type) {
      case 'CustomerRegistered':
      case 'CustomerDraftCompleted':
      case 'CustomerQualificationUpdated':
        if (event.type === 'CustomerRegistered') snapshot.status = 'rascunho';
        person = foldPerson(person, event);
        break;
      case 'CustomerRunRequested':
      case 'CustomerRunAborted':
        // as the customers read model: a run under way is em_analise (a periodic review's keeps the status)
        if (event.type === 'CustomerRunAborted') snapshot.status = 'rascunho';
        else if (event.data.trigger !== 'periodic_review') snapshot.status = 'em_analise';
        break;
      case 'CustomerStatusChanged':
        snapshot.status = event.data.status;
        snapshot.status_history.push({ status: event.data.status, reason: event.data.reason, at: event.data.changed_at });
        break;
      case 'CustomerRunConcluded': {
        const run = runById.get(event.data.run_id);
        if (typeof event.data.source_birth_date === 'string') sourceBirthDate = event.data.source_birth_date;
        riskHistory.push({
          run_id: event.data.run_id,
          run_status: event.data.run_status,
          decision: event.data.decision,
          risk_band: event.data.risk_band,
          template: run?.template_id ?? null,
          template_version: run?.template_version ?? null,
          completed_at: event.data.completed_at,
        });
        break;
      }
      case 'MonitoringAlertRaised':
      case 'MonitoringAlertDelisted':
      case 'MonitoringAlertResolved':
        foldAlert(alerts, event);
        break;
      case 'CustomerPepRelationshipDeclared':
      case 'CustomerPepRelationshipRemoved':
        relationships = evolvePepRelationships(relationships, event);
        break;
      case 'ListHitDisposed':
        dispositions.push({ list_id: event.data.list_id, entry_id: event.data.entry_id, disposition: event.data.disposition, reason: String(event.data.reason), by: event.data.by, at: event.data.disposed_at });
        break;
      default:
        break;
    }
  }
  const latest = [...riskHistory].reverse().map((h) => runById.get(h.run_id)).find((r): r is RunDoc => r !== undefined) ?? null;
  const { type, profile, grace } = person;
  snapshot.identification = identification(type, profile, sourceBirthDate, latest);
  snapshot.qualification = profile === ERASED ? null : qualification(profile, grace);
  const last = riskHistory[riskHistory.length - 1];
  snapshot.risk = { band: last?.risk_band ?? null, decision: last?.decision ?? null, history: riskHistory };
  snapshot.pep = pepOf(latest, dispositions, Object.values(relationships));
  snapshot.beneficial_owners = type === 'pj' ? beneficialOwners(latest) : null;
  snapshot.alerts = [...alerts.values()];
  return snapshot;
}

/** Who the customer is as the history has it so far: the profile, its type, the qualification clock. */
interface Person {
  profile: Record<string, unknown> | typeof ERASED;
  type: 'pf' | 'pj' | null;
  created_at: string;
  grace: QualificationState | null;
}

type ProfileEvent = Extract<CustomerEvent, { type: 'CustomerRegistered' | 'CustomerDraftCompleted' | 'CustomerQualificationUpdated' }>;

/** The person after an event that sets or changes the profile (an erased side reads as erased). */
function foldPerson(person: Person, event: ProfileEvent): Person {
  if (event.type === 'CustomerRegistered') {
    const d = event.data;
    const profile = d.profile === ERASED ? ERASED : d.profile;
    return { profile, type: d.type, created_at: d.created_at, grace: profile === ERASED ? null : qualificationAfter(d.type, profile, d.created_at, d.created_at, null) };
  }
  const draft = event.type === 'CustomerDraftCompleted';
  const changed = draft ? event.data.profile : event.data.fields;
  const at = draft ? event.data.completed_at : event.data.updated_at;
  const profile = draft ? (changed === ERASED ? ERASED : changed) : mergedProfile(person.profile, changed);
  const grace = profile === ERASED || person.type === null ? null : qualificationAfter(person.type, profile, person.created_at, at, person.grace);
  return { ...person, profile, grace };
}

type AlertEvent = StoredEvent<Extract<CustomerEvent, { type: 'MonitoringAlertRaised' | 'MonitoringAlertDelisted' | 'MonitoringAlertResolved' }>>;

/** The customer's alerts as each of their events leaves them. */
function foldAlert(alerts: Map<string, KycSnapshot['alerts'][number]>, event: AlertEvent): void {
  if (event.type === 'MonitoringAlertRaised') {
    const d = event.data;
    alerts.set(d.alert_id, { alert_id: d.alert_id, list_id: d.list_id, entry_id: d.entry_id, version_id: d.version_id, matched_name: d.matched_name, score: d.score, status: 'open', resolution: null, raised_at: d.raised_at, ended_at: null });
    return;
  }
  const alert = alerts.get(event.data.alert_id);
  if (!alert) return;
  if (event.type === 'MonitoringAlertDelisted') alerts.set(alert.alert_id, { ...alert, status: 'delisted', ended_at: event.data.delisted_at });
  else alerts.set(alert.alert_id, { ...alert, status: 'resolved', resolution: event.data.resolution, ended_at: event.data.resolved_at });
}

function identification(type: 'pf' | 'pj' | null, profile: Record<string, unknown> | typeof ERASED, sourceBirthDate: string | null, latest: RunDoc | null): KycSnapshot['identification'] {
  if (profile === ERASED) return { type, doc: null, name: null, birth_date: null, opening_date: null, nationality: null, trade_name: null, erased: true };
  const cadastral = record(latest?.answers['receita_cnpj']?.data);
  return {
    type,
    doc: str(profile['doc']),
    name: str(profile['name']),
    birth_date: type === 'pf' ? (str(profile['birth_date']) ?? sourceBirthDate) : null,
    opening_date: type === 'pj' ? (str(profile['opening_date']) ?? str(cadastral['abertura']) ?? str(cadastral['inicio_atividade'])) : null,
    nationality: str(profile['nationality']),
    trade_name: str(profile['trade_name']),
    erased: false,
  };
}

/** A qualification update over the profile (an erased side reads as erased). */
function mergedProfile(profile: Record<string, unknown> | typeof ERASED, fields: Record<string, unknown> | typeof ERASED): Record<string, unknown> | typeof ERASED {
  return profile === ERASED || fields === ERASED ? ERASED : { ...profile, ...fields };
}

/** An amount "stored as sent": a number or a decimal string, as text. */
const amountText = (value: unknown): string | null => (typeof value === 'number' ? String(value) : str(value));

function qualification(profile: Record<string, unknown>, grace: QualificationState | null): KycSnapshot['qualification'] {
  return {
    missing: grace?.missing ?? [],
    due_at: grace?.due_at ?? null,
    completed_at: grace?.completed_at ?? null,
    address: profile['address'] ?? null,
    occupation: str(profile['occupation']),
    declared_income: amountText(profile['declared_income']),
    business_activity: str(profile['business_activity']),
    annual_revenue: amountText(profile['annual_revenue']),
    employee_count: typeof profile['employee_count'] === 'number' ? profile['employee_count'] : null,
    email: str(profile['email']),
    phone: str(profile['phone']),
  };
}

/** PEP as the latest run's `pep` source recorded it: its verdict, its details and the list candidates. */
function pepOf(latest: RunDoc | null, dispositions: NonNullable<KycSnapshot['pep']>['dispositions'], relatives: PepRelationship[]): KycSnapshot['pep'] {
  const answer = latest?.answers['pep'];
  const data = record(answer?.data);
  const screening = record(data['screening']);
  const candidates = Array.isArray(screening['candidates']) ? (screening['candidates'] as Record<string, unknown>[]) : [];
  const isPep = answer?.status === 'ANSWERED' ? answer.checks.some((c) => c.check_id === 'is_pep' && c.status === 'INVALID') : null;
  const details = Object.fromEntries(Object.entries(data).filter(([k, v]) => k !== 'screening' && (typeof v !== 'object' || v === null)));
  return {
    is_pep: isPep,
    run_id: answer ? latest!.run_id : null,
    details: Object.keys(details).length > 0 ? details : null,
    list_hits: candidates.map((c) => ({
      list_id: String(c['list_id']),
      version_id: str(c['version_id']),
      entry_id: String(c['entry_id']),
      name: String(c['name']),
      score: typeof c['score'] === 'number' ? c['score'] : 0,
      match: c['match'] === true,
    })),
    dispositions: dispositions.filter((d) => d.list_id.includes('pep')),
    relatives_associates: relatives,
    pep_until: candidates.map((c) => record(c['pep'])).find((p) => p['pep'] === true && typeof p['until'] === 'string')?.['until'] as string | undefined ?? null,
    note: relatives.length > 0 ? 'Familiares e estreitos colaboradores de PEP declarados pela instituição (Res. COAF 40/2021, art. 1º, §1º).' : 'Nenhum familiar ou estreito colaborador de PEP declarado pela instituição.',
  };
}

/** The QSA the latest run's `partners` source read from the CNPJ register (arts. 24–25). */
function beneficialOwners(latest: RunDoc | null): KycSnapshot['beneficial_owners'] {
  const answer = latest?.answers['partners'];
  const data = record(answer?.data);
  const register = record(data['register']);
  const partners = Array.isArray(data['partners']) ? (data['partners'] as Record<string, unknown>[]) : [];
  return {
    run_id: answer ? latest!.run_id : null,
    source: str(register['source']) && str(register['month']) ? `${String(register['source'])}, publicação ${String(register['month'])}` : answer ? 'partners' : null,
    partners: partners.map((p) => ({
      doc: str(p['doc']),
      type: String(p['type'] ?? ''),
      name: String(p['name'] ?? ''),
      role: str(p['role']),
      level: typeof p['level'] === 'number' ? p['level'] : 1,
      since: str(p['since']),
      pep: p['pep'] === true,
      sanctions_lists: Array.isArray(p['sanctions_lists']) ? p['sanctions_lists'].map(String) : [],
    })),
  };
}

/** The snapshot's stored bytes and their hash: canonical JSON, so the same snapshot always hashes the same. */
export function snapshotBlob(snapshot: KycSnapshot): { data: Buffer; sha256: string } {
  const data = Buffer.from(canonicalJson(snapshot), 'utf8');
  return { data, sha256: sha256Hex(data) };
}

/** Reads the customer's stream and its runs, and builds the snapshot (null: no such customer). */
export async function customerKycSnapshot(deps: { log: EventLog; readStore: ReadStore }, caseId: string, customerId: string, takenAt: string): Promise<KycSnapshot | null> {
  const history = await deps.log.readStream(customerStream(customerId));
  if (history.length === 0) return null;
  const runIds = history.filter((e) => e.type === 'CustomerRunConcluded' || e.type === 'CustomerRunRequested').map((e) => String(e.data['run_id']));
  const runs = await deps.readStore.getMany<RunDoc>('runs', [...new Set(runIds)]);
  return buildKycSnapshot(caseId, customerId, history, [...runs.values()].map((r) => r.doc), takenAt);
}
