import type { HitsView } from './hits/page.js';
import type { auditPage, erasurePage } from './audit/page.js';
import type { invitePage, loginPage, usersPage } from './auth/page.js';
import type { caseQueuePage, casePage } from './cases/page.js';
import type { cnoPage } from './cno/page.js';
import type { calendarPage, coafPage } from './compliance/page.js';
import type { customerPage, customersPage, RefusedForm } from './customers/page.js';
import type { queuePage } from './queue/page.js';
import type { runPage, runsPage } from './runs/page.js';
import type { settingsPage, webhookSecretPage } from './settings/page.js';
import type { communicationView, suspicionCasePage } from './suspicion/case-page.js';
import type { newCasePage, suspicionQueuePage } from './suspicion/page.js';
import type { siscoafPage } from './suspicion/siscoaf-routes.js';
import type { templateFormPage, templatePage, templatesPage } from './templates/page.js';

/** The error page: its heading, the message (pt-BR), the request's id and the error's code. */
export interface ErrorView {
  heading: string;
  message: string;
  requestId: string;
  code: string;
}

/** A new API key, shown once in the answer to the form that made it. */
export interface KeyCreatedView {
  key: { name: string; environment: string; scopes: string[]; api_key: string };
}

/** Each view of dashboard/views/*.eta (but the layout) and the data its template reads. */
export interface Views {
  audit: ReturnType<typeof auditPage>;
  case: ReturnType<typeof casePage>;
  cases: ReturnType<typeof caseQueuePage>;
  cno: ReturnType<typeof cnoPage>;
  'compliance-calendar': ReturnType<typeof calendarPage>;
  'compliance-coaf': ReturnType<typeof coafPage>;
  customer: ReturnType<typeof customerPage> & { refused: RefusedForm | null };
  customers: ReturnType<typeof customersPage>;
  erasure: ReturnType<typeof erasurePage>;
  error: ErrorView;
  invite: ReturnType<typeof invitePage>;
  login: ReturnType<typeof loginPage>;
  queue: ReturnType<typeof queuePage>;
  /** the run page with its list hits (hits/page.ts) */
  run: ReturnType<typeof runPage> & { hits: HitsView };
  /** the run page's list hits, included by run.eta */
  'run-hits': { hits: HitsView; runId: string; csrf: string };
  runs: ReturnType<typeof runsPage>;
  settings: ReturnType<typeof settingsPage>;
  'settings-key-created': KeyCreatedView;
  'settings-webhook-secret': ReturnType<typeof webhookSecretPage>;
  template: ReturnType<typeof templatePage>;
  'template-form': ReturnType<typeof templateFormPage>;
  templates: ReturnType<typeof templatesPage>;
  users: ReturnType<typeof usersPage>;
  /** issue 30: the COAF case page, with its decision and communication sections (included by it) */
  'suspicion-case': SuspicionCaseView;
  'suspicion-decision': SuspicionCaseView;
  'suspicion-communication': SuspicionCaseView;
  'suspicion-cases': ReturnType<typeof suspicionQueuePage>;
  'suspicion-siscoaf': ReturnType<typeof siscoafPage>;
  'suspicion-new': ReturnType<typeof newCasePage>;
}

type SuspicionCaseView = ReturnType<typeof suspicionCasePage> & { comm: ReturnType<typeof communicationView> | null };

/** The view names, checked against the type both ways (a test checks them against the folder). */
export const VIEW_NAMES = {
  audit: true,
  case: true,
  cases: true,
  cno: true,
  'compliance-calendar': true,
  'compliance-coaf': true,
  customer: true,
  customers: true,
  erasure: true,
  error: true,
  invite: true,
  login: true,
  queue: true,
  run: true,
  'run-hits': true,
  runs: true,
  settings: true,
  'settings-key-created': true,
  'settings-webhook-secret': true,
  template: true,
  'template-form': true,
  templates: true,
  users: true,
  'suspicion-case': true,
  'suspicion-decision': true,
  'suspicion-communication': true,
  'suspicion-cases': true,
  'suspicion-siscoaf': true,
  'suspicion-new': true,
} as const satisfies Record<keyof Views, true>;
