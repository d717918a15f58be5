import type { RequestState } from '../state.js';

/** compliance_officer: an analyst who also receives the escalated cases (issue 28; the COAF communication comes later) */
export type DashboardRole = 'admin' | 'analyst' | 'viewer' | 'compliance_officer';

/** The signed-in person: one tenant's user, never the platform operator. */
export interface DashboardUser {
  user_id: string;
  tenant_id: string;
  email: string;
  role: DashboardRole;
  /** the hash of the session's token (the id of its read-model document) */
  session_id: string;
}

/** What the dashboard's middleware learns about a request. */
export interface DashboardState extends RequestState {
  /** set by the session middleware when the request carries a live session */
  user?: DashboardUser;
  /** the token every form of this session carries (hidden field `_csrf`, header `X-CSRF-Token`) */
  csrf?: string;
  /** a one-time message shown at the top of the next page (set by a redirecting action) */
  flash?: string;
  /** the signed-in user's tenant's credit balance, shown in the header */
  credits?: number;
  /** the url-encoded form of a POST, once read (session.ts readForm) */
  form?: URLSearchParams;
  /** the file of a multipart form, once read (session.ts readForm) */
  upload?: DashboardUpload | null;
}

/** The one file a dashboard form may carry (issue 30: evidence, a Siscoaf response or receipt). */
export interface DashboardUpload {
  field: string;
  file_name: string;
  content_type: string;
  content: Buffer;
}
