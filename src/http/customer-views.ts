import { ERASED } from '../adapters/pii/port.js';
import { maskDocument } from '../domain/values/document.js';
import { qualificationOverdue } from '../domain/customer/qualification.js';
import type { CustomerDoc } from '../projections/customers.js';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

const PF_FIELDS = ['nationality', 'occupation', 'declared_income'] as const;
const PJ_FIELDS = ['trade_name', 'annual_revenue', 'business_activity', 'employee_count'] as const;

/** Fields shared by GET one and the list; type-specific ones only when they were sent. */
function base(doc: CustomerDoc, masked: string) {
  const p = doc.profile;
  return {
    customer_id: doc.customer_id,
    object: 'customer',
    status: doc.status,
    type: doc.type,
    name: str(p['name']),
    // a pj without an e-mail has none to show (never a placeholder)
    email: str(p['email']),
    ...(p['phone'] !== undefined ? { phone: p['phone'] } : {}),
    doc: masked,
    external_id: doc.external_id,
    metadata: doc.metadata,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

function typeFields(doc: CustomerDoc) {
  const fields: Record<string, unknown> = {};
  for (const field of doc.type === 'pf' ? PF_FIELDS : PJ_FIELDS) if (doc.profile[field] !== undefined) fields[field] = doc.profile[field];
  return fields;
}

const masked = (doc: unknown): string => (typeof doc === 'string' && doc !== ERASED ? maskDocument(doc) : ERASED);

/** The qualification clock as the API shows it (issue 30): what is missing, the due date, overdue when read. */
export function qualificationView(doc: CustomerDoc, now: Date) {
  const q = doc.qualification;
  if (!q) return null;
  return { status: q.missing.length === 0 ? 'completa' : 'pendente', missing: q.missing, due_at: q.due_at, completed_at: q.completed_at, overdue: qualificationOverdue(q, now) };
}

export function customerView(doc: CustomerDoc, now: Date) {
  const p = doc.profile;
  return {
    ...base(doc, masked(p['doc'])),
    ...(doc.type === 'pf' ? { birth_date: str(p['birth_date']) ?? doc.birth_date_from_source } : {}),
    ...typeFields(doc),
    ...(p['address'] !== undefined ? { address: p['address'] } : {}),
    documents: doc.documents.map((d) => ({ type: d.type, status: d.status, created_at: d.created_at })),
    latest_run: doc.latest_run,
    /** monitoring alerts awaiting an analyst (screening.md section 6) */
    open_alerts: (doc.open_alerts ?? []).length,
    /** a freeze of assets the tenant must apply (issue 29): required, or confirmed by an analyst; else null */
    sanctions_freeze: doc.sanctions_freeze ?? null,
    /** Circular 3.978 art. 23: qualification incomplete for at most 30 days from registration */
    qualification: qualificationView(doc, now),
    // absent for pj; null for a pf that never had a round
    ...(doc.type === 'pf' ? { facial_verification: doc.facial_verification ?? null } : {}),
    livemode: doc.environment === 'live',
  };
}

export function customerListItem(doc: CustomerDoc) {
  return { ...base(doc, '***'), ...typeFields(doc) };
}

/** The 201 of POST customers. */
export function customerCreatedView(doc: CustomerDoc, runId: string | null) {
  return {
    customer_id: doc.customer_id,
    object: 'customer',
    status: doc.status,
    type: doc.type,
    name: str(doc.profile['name']),
    email: str(doc.profile['email']),
    doc: masked(doc.profile['doc']),
    external_id: doc.external_id,
    metadata: doc.metadata,
    created_at: doc.created_at,
    ...(doc.profile['phone'] !== undefined ? { phone: doc.profile['phone'] } : {}),
    ...(runId ? { run_id: runId, bureau_status: 'queued' } : {}),
    livemode: doc.environment === 'live',
  };
}

/** The answer to a document upload: the document as recorded, pending review. */
export function documentView(document: { document_id: string; type: string; file_name: string; mime_type: string }, createdAt: string, livemode: boolean) {
  return {
    document_id: document.document_id,
    object: 'document',
    type: document.type,
    status: 'pendente',
    file_name: document.file_name,
    mime_type: document.mime_type,
    created_at: createdAt,
    livemode,
  };
}
