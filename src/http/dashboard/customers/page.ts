import { listName } from '../hits/page.js';
import { PEP_KIND_LABEL, pepRelationshipsOf } from './pep.js';
import type { StoredEvent } from '../../../adapters/event-store/event-log.js';
import type { CustomerDoc } from '../../../projections/customers.js';
import type { AlertDoc } from '../../../projections/monitoring-alerts.js';
import { alertTimeline } from '../../../reports/alert-timeline.js';
import type { RunDoc } from '../../../projections/runs.js';
import type { TimelineEntry } from '../../../queries/timeline.js';
import { ERASED } from '../../../domain/shared/personal.js';
import { date, money } from '../../../reports/html.js';
import { scoreText } from '../../../reports/screening-section.js';
import {
  ALERT_STATUS_LABEL,
  BAND_LABEL,
  CUSTOMER_STATUS_LABEL,
  DOCUMENT_STATUS_LABEL,
  DOCUMENT_TYPE_LABEL,
  ENVIRONMENT_LABEL,
  FACIAL_CHECK_LABEL,
  FACIAL_STATUS_LABEL,
  SUBJECT_TYPE_LABEL,
  FEATURE_LABEL,
  RESOLUTION_LABEL,
  DISPOSITION_LABEL,
  label,
} from '../labels.js';
import { dueText } from '../suspicion/clock-text.js';
import { actorText, maskedDoc, nameText, nextPageLink, when } from '../present.js';
import { listDisplayName } from '../../../domain/list/info.js';
import { reviewedText, runRow } from '../runs/page.js';
import { SCAN_LIMIT, type SearchTerms } from '../search.js';
import type { DashboardUserInfo } from '../queries.js';

export const CUSTOMERS_PAGE_SIZE = 50;

/** Who a customer is, as the list and the customer's page both show it. */
function identity(c: CustomerDoc) {
  return {
    id: c.customer_id,
    name: nameText(c.profile['name']),
    doc: maskedDoc(c.profile['doc']),
    type: SUBJECT_TYPE_LABEL[c.type],
    typeCode: c.type,
    status: c.status,
    statusLabel: label(CUSTOMER_STATUS_LABEL, c.status),
    environment: label(ENVIRONMENT_LABEL, c.environment),
    risk: c.latest_run?.risk_band ? label(BAND_LABEL, c.latest_run.risk_band) : '—',
    riskClass: c.latest_run?.risk_band ?? '',
  };
}

/** A text of the profile, said erased when it was, a dash when absent. */
const profileText = (value: unknown): string => (value === ERASED ? 'dados apagados' : typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : '—');

/** An amount as sent (a number, or a decimal string with a point or a comma) in reais. */
function amountText(value: unknown): string {
  if (value === undefined || value === null) return '—';
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
  return Number.isFinite(n) ? money(n) : profileText(value);
}

/** The address as registered (street, number, complement, neighbourhood, city/UF, CEP) on one line. */
function addressText(value: unknown): string {
  if (value === ERASED) return 'dados apagados';
  if (typeof value !== 'object' || value === null) return '—';
  const a = value as Record<string, unknown>;
  const part = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const zip = part(a['zip']) ?? (typeof a['zip'] === 'number' ? String(a['zip']).padStart(8, '0') : null);
  const cep = zip && /^\d{8}$/.test(zip) ? `${zip.slice(0, 5)}-${zip.slice(5)}` : zip;
  const street = [part(a['street']), part(a['number']), part(a['complement'])].filter(Boolean).join(', ');
  const city = [part(a['city']), part(a['state'])].filter(Boolean).join('/');
  return [street, part(a['neighborhood']), city, cep ? `CEP ${cep}` : null].filter(Boolean).join(' — ') || '—';
}

/**
 * Everything the customer was registered with, as GET /api/v1/customers/{id} reads it (the read
 * model's profile, opened when the events were read; erased data says so): one row per field the
 * type has, a dash for a field not sent.
 */
export function registeredData(c: CustomerDoc): { label: string; value: string; field: string }[] {
  const p = c.profile;
  const rows: [string, string, string][] = [
    ['email', 'E-mail', profileText(p['email'])],
    ['phone', 'Telefone', profileText(p['phone'])],
  ];
  if (c.type === 'pf') {
    const birth = p['birth_date'] === ERASED ? 'dados apagados' : typeof p['birth_date'] === 'string' ? date(p['birth_date']) : c.birth_date_from_source ? `${date(c.birth_date_from_source)} (informada pela fonte)` : '—';
    rows.push(['birth_date', 'Data de nascimento', birth], ['nationality', 'Nacionalidade', profileText(p['nationality'])], ['occupation', 'Ocupação', profileText(p['occupation'])], ['declared_income', 'Renda declarada', amountText(p['declared_income'])]);
  } else {
    rows.push(
      ['trade_name', 'Nome fantasia', profileText(p['trade_name'])],
      ['business_activity', 'Atividade', profileText(p['business_activity'])],
      ['annual_revenue', 'Faturamento anual', amountText(p['annual_revenue'])],
      ['employee_count', 'Funcionários', profileText(p['employee_count'])],
    );
  }
  rows.push(['address', 'Endereço', addressText(p['address'])], ['onboarding_profile', 'Perfil de onboarding', profileText(c.onboarding_profile)]);
  return rows.map(([field, label, value]) => ({ field, label, value }));
}

/** The list page: one page of customers (newest first, PAGE_SIZE + 1 found says there is more) and the filters as typed. */
export function customersPage(found: readonly CustomerDoc[], filters: { status: string; environment: string; terms: SearchTerms; truncated: boolean }) {
  const customers = found.slice(0, CUSTOMERS_PAGE_SIZE);
  const last = customers[customers.length - 1];
  const { status, environment, terms } = filters;
  const more = nextPageLink('/dashboard/customers', { status, environment, q: terms.q, from: terms.from, to: terms.to }, found.length, CUSTOMERS_PAGE_SIZE, last && { created_at: last.created_at, id: last.customer_id });
  return {
    rows: customers.map((c) => ({
      ...identity(c),
      pendingDocuments: c.documents.filter((d) => d.status === 'pendente').length,
      email: profileText(c.profile['email']),
      openAlerts: (c.open_alerts ?? []).length,
      created: when(c.created_at),
    })),
    filters: { status, environment, q: terms.q, from: terms.from, to: terms.to },
    searching: terms.q !== '' || terms.from !== '' || terms.to !== '',
    truncated: filters.truncated ? `A busca por texto compara os ${SCAN_LIMIT.toLocaleString('pt-BR')} clientes mais recentes por página; refine pelo período para ver os mais antigos.` : null,
    statuses: CUSTOMER_STATUS_LABEL,
    environments: ENVIRONMENT_LABEL,
    more,
  };
}

/** The runs and alerts a customer's stream names, in the order they came. */
export function customerLinks(history: readonly StoredEvent[]) {
  const runIds = [...new Set(history.flatMap((e) => (e.type === 'CustomerRunRequested' ? [String(e.data['run_id'])] : [])))];
  const alertIds = [...new Set(history.flatMap((e) => (e.type === 'MonitoringAlertRaised' ? [String(e.data['alert_id'])] : [])))];
  return { runIds, alertIds };
}

/** A document or alert form refused for one of its fields (`target`: the section's anchor): shown again beside it, as typed. */
export interface RefusedForm {
  target: string;
  field: string;
  message: string;
  typed: Readonly<Record<string, string>>;
}

export interface CustomerPageInput {
  customer: CustomerDoc;
  history: readonly StoredEvent[];
  runs: ReadonlyMap<string, RunDoc>;
  alerts: ReadonlyMap<string, AlertDoc>;
  users: ReadonlyMap<string, Pick<DashboardUserInfo, 'email'>>;
  keyHints: ReadonlyMap<string, string>;
  /** newest first */
  timeline: readonly TimelineEntry[];
  canAct: boolean;
  /** the clocks (qualification grace) are read against it */
  now: Date;
}

/** One customer's page: identity, documents, facial checks, runs, alerts and the timeline of its stream. */
export function customerPage(input: CustomerPageInput) {
  const { customer, history } = input;
  const { runIds, alertIds } = customerLinks(history);
  const documents = documentsOf(customer, history);
  return {
    customer: {
      ...identity(customer),
      monitoring: customer.status === 'em_monitoramento' ? 'Em monitoramento contínuo' : 'Fora do monitoramento',
      externalId: customer.external_id,
      created: when(customer.created_at),
    },
    freeze: freezeBanner(customer),
    qualification: qualificationPanel(customer, input.now),
    pepClock: pepClock(customer.latest_run ? input.runs.get(customer.latest_run.run_id) : undefined, input.now),
    pepRelationships: pepRelationshipsOf(customer),
    pepKinds: PEP_KIND_LABEL,
    registered: registeredData(customer),
    metadata: Object.entries(customer.metadata ?? {}).map(([key, value]) => ({ key, value })),
    documents,
    sideBySide: sideBySide(documents),
    facial: facialOf(customer),
    runs: runIds
      .flatMap((id) => (input.runs.get(id) ? [input.runs.get(id)!] : []))
      .reverse()
      .map(runRow),
    alerts: alertIds
      .flatMap((id) => (input.alerts.get(id) ? [input.alerts.get(id)!] : []))
      .reverse()
      .map((a) => alertView(a, history)),
    timeline: input.timeline.map((e) => ({ at: when(e.at), iso: e.at, what: e.type === 'RunReviewed' ? reviewedText(e.detail, input.users) : eventText(e), code: e.type, who: actorText(e.actor, input.users, input.keyHints) })),
    statuses: CUSTOMER_STATUS_LABEL,
    canAct: input.canAct,
  };
}

/**
 * The freeze the customer shows (issue 29), as its banner says it: required (prominent, with the
 * law), or confirmed by an analyst; null when none. The list by its name, the codes as tooltips.
 */
export function freezeBanner(customer: CustomerDoc) {
  const f = customer.sanctions_freeze;
  if (!f) return null;
  return {
    status: f.status,
    title: f.status === 'required' ? 'Bloqueio de bens exigido — Lei 13.810/2019' : `Bloqueio confirmado em ${when(f.confirmed_at)}`,
    list: listDisplayName(f.list_id),
    listCode: f.list_id,
    entryId: f.entry_id,
    since: when(f.since),
    basis: f.basis,
    href: `#alerta-${f.alert_id}`,
  };
}

const QUALIFICATION_FIELD_LABEL: Readonly<Record<string, string>> = { address: 'endereço', declared_income: 'renda declarada', annual_revenue: 'faturamento anual' };
/** the other fields a qualification update may carry, as the timeline names them */
const FIELD_LABEL: Readonly<Record<string, string>> = { nationality: 'nacionalidade', occupation: 'ocupação', trade_name: 'nome fantasia', business_activity: 'atividade', employee_count: 'funcionários' };

/**
 * Qualification and its 30-day grace (Circular 3.978 art. 23), as the page shows it: complete
 * since when, or what is missing and "vence em / vencido há" against now; the form's current
 * values (the address fields and the income or revenue). Null for a document from before it.
 */
export function qualificationPanel(c: CustomerDoc, now: Date) {
  const q = c.qualification;
  if (!q) return null;
  const p = c.profile;
  const address = typeof p['address'] === 'object' && p['address'] !== null ? (p['address'] as Record<string, unknown>) : {};
  const value = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const amountField = c.type === 'pf' ? 'declared_income' : 'annual_revenue';
  const form = {
    amountField,
    amountLabel: c.type === 'pf' ? 'Renda declarada (R$)' : 'Faturamento anual (R$)',
    values: Object.fromEntries([...['street', 'number', 'complement', 'neighborhood', 'city', 'state', 'zip'].map((f) => [`address.${f}`, value(address[f])]), [amountField, value(p[amountField])]]),
  };
  const erased = p['name'] === ERASED;
  if (q.missing.length === 0) return { complete: true, missing: [], text: q.completed_at ? `Qualificação completa desde ${when(q.completed_at)}` : 'Qualificação completa', overdue: false, dueAt: when(q.due_at), form, erased };
  const due = dueText(q.due_at, now);
  const missing = q.missing.map((f) => QUALIFICATION_FIELD_LABEL[f] ?? f);
  return { complete: false, missing, text: `Qualificação incompleta — prazo ${due.text}`, overdue: due.overdue, dueAt: when(q.due_at), form, erased };
}

/**
 * The PEP clock (issue 30; Circular 3.978 art. 27 §5, Res. COAF 40): as the latest run found it,
 * PEP in office, or until the end of the five-year grace ("termina em / encerrada há" against now);
 * null when the latest run found no PEP.
 */
export function pepClock(run: RunDoc | undefined, now: Date) {
  const answer = run?.answers['pep'];
  if (answer?.status !== 'ANSWERED' || !answer.checks.some((c) => c.check_id === 'is_pep' && c.status === 'INVALID')) return null;
  const screening = (answer.data as Record<string, unknown> | null)?.['screening'] as { candidates?: Record<string, unknown>[] } | undefined;
  const offices = (screening?.candidates ?? [])
    .filter((c) => c['match'] === true)
    .map((c) => c['pep'] as { pep?: boolean; until?: string | null } | undefined)
    .filter((p): p is { pep: true; until: string | null } => p?.pep === true);
  if (offices.length === 0) return { text: 'PEP por relacionamento declarado (familiar ou estreito colaborador)', ended: false, code: 'pep_relationship' };
  if (offices.some((p) => p.until === null)) return { text: 'PEP em exercício', ended: false, code: 'in_office' };
  const until = offices.map((p) => p.until!).sort().pop()!;
  // the last day of grace counts whole (Brasília): it ends at 24:00 that day
  const due = dueText(new Date(Date.parse(`${until}T00:00:00-03:00`) + 86_400_000).toISOString(), now);
  const text = due.overdue ? `Condição de PEP encerrada em ${date(until)} (${due.text.replace('vencido', 'encerrada')}); a próxima consulta não o apontará como PEP` : `PEP até ${date(until)} — ${due.text.replace('vence', 'termina')}`;
  return { text, ended: due.overdue, code: 'until' };
}

export const customerTitle = (customer: CustomerDoc): string => `Cliente ${nameText(customer.profile['name'])}`;

/** The customer's current documents with what their upload recorded (file name, type of file). */
function documentsOf(customer: CustomerDoc, history: readonly StoredEvent[]) {
  const uploads = new Map(history.filter((e) => e.type === 'DocumentUploaded').map((e) => [String(e.data['document_id']), e.data]));
  const reasons = new Map(history.filter((e) => e.type === 'DocumentReviewed').map((e) => [String(e.data['document_id']), e.data['reason']]));
  return customer.documents.map((d) => {
    const upload = uploads.get(d.document_id);
    const fileName = typeof upload?.['file_name'] === 'string' ? upload['file_name'] : null;
    const reason = reasons.get(d.document_id);
    return {
      id: d.document_id,
      type: label(DOCUMENT_TYPE_LABEL, d.type),
      typeCode: d.type,
      status: d.status,
      statusLabel: label(DOCUMENT_STATUS_LABEL, d.status),
      fileName: nameText(fileName),
      image: String(upload?.['mime_type'] ?? '').startsWith('image/'),
      url: upload ? `/dashboard/customers/${customer.customer_id}/documents/${d.document_id}/file` : null,
      reason: typeof reason === 'string' ? reason : null,
      created: when(d.created_at),
    };
  });
}

const IDENTITY_FRONTS = ['identidade_frente', 'cnh_frente', 'passaporte'];

/** The selfie beside the identity document's picture (the newest image of each), when both were sent. */
function sideBySide(documents: ReturnType<typeof documentsOf>) {
  const newest = (types: readonly string[]) => [...documents].reverse().find((d) => types.includes(d.typeCode) && d.image && d.url);
  const identity = newest(IDENTITY_FRONTS);
  const selfie = newest(['selfie']);
  return identity && selfie ? { identity, selfie } : null;
}

function facialOf(customer: CustomerDoc) {
  const round = customer.facial_verification;
  if (!round) return null;
  return Object.entries(round.checks).map(([check, r]) => ({
    check: FACIAL_CHECK_LABEL[check] ?? check,
    checkCode: check,
    status: r.status,
    statusLabel: label(FACIAL_STATUS_LABEL, r.status),
    score: r.score === null ? '—' : scoreText(r.score),
    at: when(r.completed_at),
  }));
}

function alertView(alert: AlertDoc, history: readonly StoredEvent[]) {
  const raised = history.find((e) => e.type === 'MonitoringAlertRaised' && e.data['alert_id'] === alert.alert_id);
  const explanation = Array.isArray(raised?.data['explanation']) ? (raised.data['explanation'] as { feature: string; score: number; query: string | null; candidate: string | null; detail: string }[]) : [];
  return {
    id: alert.alert_id,
    name: alert.matched_name,
    list: alert.list_id,
    // issue 28: the list by its name (a tenant list's id reads as "Lista interna"), the id a tooltip
    listLabel: listName(alert.list_id, null),
    score: scoreText(alert.score),
    status: alert.status,
    statusLabel: label(ALERT_STATUS_LABEL, alert.status),
    // a hit on a freeze list (issue 29): marked, its legal basis as the tooltip
    freeze: alert.freeze_required ? { basis: alert.legal_basis ?? '' } : null,
    resolution: alert.resolution ? RESOLUTION_LABEL[alert.resolution] : null,
    created: when(alert.created_at),
    // issue 29: publication, download, index, alert and delivery, in Brasília time, with the time between
    timeline: alertTimeline(alert),
    explanation: explanation.map((e) => ({ feature: FEATURE_LABEL[e.feature] ?? e.feature, score: scoreText(e.score), query: e.query ?? '—', candidate: e.candidate ?? '—', detail: e.detail })),
  };
}

/** An event of the customer's stream as the timeline says it. */
export function eventText(event: Pick<TimelineEntry, 'type' | 'detail'>): string {
  const d = event.detail;
  switch (event.type) {
    case 'CustomerRegistered':
      return 'Cliente cadastrado';
    case 'CustomerDraftCompleted':
      return 'Cadastro completado';
    case 'CustomerQualificationUpdated':
      return `Qualificação atualizada (${(d['field_names'] ?? '').split(',').map((f) => QUALIFICATION_FIELD_LABEL[f] ?? FIELD_LABEL[f] ?? f).join(', ')})`;
    case 'CustomerRunRequested':
      return d['trigger'] === 'periodic_review' ? 'Revisão periódica: consulta solicitada' : 'Consulta solicitada';
    case 'CustomerRunAborted':
      return 'Consulta interrompida';
    case 'CustomerRunConcluded':
      return 'Consulta concluída';
    case 'CustomerStatusChanged':
      return `Situação alterada para ${label(CUSTOMER_STATUS_LABEL, d['status'])}${d['reason'] === 'analyst_review' ? ' (decisão do analista)' : ''}`;
    case 'DocumentUploaded':
      return `Documento enviado (${label(DOCUMENT_TYPE_LABEL, d['type'])})`;
    case 'DocumentReviewed':
      return d['status'] === 'aprovado' ? 'Documento aprovado' : `Documento rejeitado${typeof d['reason'] === 'string' ? `: ${d['reason']}` : ''}`;
    case 'FacialRoundStarted':
      return 'Verificação facial iniciada';
    case 'FacialRoundCompleted':
      return 'Verificação facial concluída';
    case 'MonitoringAlertRaised':
      return `${d['legal_basis'] ? 'Bloqueio de bens exigido — alerta' : 'Alerta'} de monitoramento: ${String(d['matched_name'])} (${listName(String(d['list_id']), null)})`;
    case 'MonitoringAlertDelisted':
      return 'Alerta encerrado: a entrada saiu da lista';
    case 'MonitoringAlertResolved':
      return `Alerta resolvido como ${label(RESOLUTION_LABEL, d['resolution'])}`;
    case 'ListHitDisposed':
      return `Resultado em lista (${listName(String(d['list_id']), null)}): ${label(DISPOSITION_LABEL, d['disposition'])}`;
    default:
      return EVENT_NAME[event.type] ?? 'Outro registro';
  }
}

/** Events of a customer's stream the timeline names without detail (never the raw event type). */
const EVENT_NAME: Record<string, string> = {
  SubjectErased: 'Dados pessoais eliminados',
  CustomerDocumentsRequested: 'Documentos solicitados',
  AlertWebhookDelivered: 'Aviso do alerta entregue ao sistema da instituição',
  CustomerPepRelationshipDeclared: 'Relacionamento com PEP declarado',
  CustomerPepRelationshipRemoved: 'Relacionamento com PEP retirado',
};
