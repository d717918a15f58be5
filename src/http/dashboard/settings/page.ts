import { LIST_IDS } from '../../../domain/screening/entry.js';
import { listDisplayName } from '../../../domain/list/info.js';
import { UN_LIST_ID } from '../../../domain/customer/freeze.js';
import { freezeListsOf } from '../../../domain/tenant/decider.js';
import type { CnpjRegister } from '../../../adapters/cnpj-register/port.js';
import { withoutInvisibleCharacters } from '../../../domain/values/display-text.js';
import { CustomerStatus, SCOPES } from '../../../domain/values/scopes.js';
import type { WebhookEndpoint } from '../../../domain/webhook/endpoints.js';
import { ALWAYS_DELIVERED, WEBHOOK_EVENT_TYPES } from '../../../domain/webhook/events.js';
import type { ApiKeyDoc } from '../../../projections/api-keys.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import type { TenantDoc } from '../../../projections/tenants.js';
import type { WebhookDeliveryDoc } from '../../../projections/webhook-deliveries.js';
import type { ApiError } from '../../errors.js';
import type { listStatusView, tenantListView } from '../../screening-views.js';
import { ageText, when } from '../present.js';
import { BANDS } from './forms.js';

/** The Receita publishes monthly on no fixed day: a month loaded more than this long ago is late. */
const REGISTER_LATE_DAYS = 45;
const CUSTOMER_STATUSES = Object.keys(CustomerStatus.keys);

type ListView = ReturnType<typeof listStatusView> | ReturnType<typeof tenantListView>;

export interface SettingsPageInput {
  tenant: TenantDoc;
  keys: readonly ApiKeyDoc[];
  endpoints: Readonly<Partial<Record<'live' | 'sandbox', WebhookEndpoint>>>;
  deliveries: readonly WebhookDeliveryDoc[];
  templates: readonly TemplateDoc[];
  lists: readonly ListView[];
  register: Awaited<ReturnType<CnpjRegister['current']>>;
  canEdit: boolean;
  /** a refused form's message, shown in its own section */
  problem: SettingsProblem | null;
  now: Date;
}

/** A refused form: its section, the error (whose `param` names the field) and the fields as typed. */
export interface SettingsProblem {
  section: string;
  error: ApiError;
  typed?: URLSearchParams | null;
}

/** The key form's refusals as the screen says them (the operator API's codec words them for developers, in English). */
const KEY_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  name: 'Dê um nome à chave (até 200 caracteres).',
  environment: 'Escolha o ambiente: sandbox ou live.',
  scopes: 'Escolha ao menos um escopo.',
  subject_type: 'Escolha PF, PJ ou as duas.',
};

const problemMessage = (problem: SettingsProblem): string =>
  (problem.section === 'keys' && problem.error.code === 'invalid_request' && problem.error.param !== null ? KEY_FIELD_MESSAGES[problem.error.param] : undefined) ?? problem.error.message;

/** What was typed in the key and webhook forms, so a refusal loses none of it. */
const typedView = (form: URLSearchParams | null | undefined) => {
  if (!form) return null;
  // a refused name or URL comes back without the invisible characters it was refused for (a bidi override echoed would reorder the page)
  const typed = (field: string) => withoutInvisibleCharacters(form.get(field) ?? '');
  return { name: typed('name'), environment: form.get('environment') ?? '', scopes: form.getAll('scopes'), subject_type: form.get('subject_type') ?? '', url: typed('url'), events: form.getAll('events') };
};

const keyRow = (k: ApiKeyDoc) => ({ id: k.key_id, name: k.name, hint: k.key_hint, environment: k.environment, scopes: k.scopes, subject_type: k.subject_type, created: when(k.created_at), revoked: k.revoked_at ? when(k.revoked_at) : null });

const deliveryRow = (d: WebhookDeliveryDoc) => ({
  id: d.delivery_id,
  event: d.event,
  environment: d.environment,
  url: d.url,
  status: d.status,
  created: when(d.created_at),
  failure: d.failure_reason,
  attempts: d.attempts.map((a) => ({ when: when(a.attempted_at), http_status: a.http_status, error: a.error })),
});

/** "a cada 5 min", "a cada 1 h": how often a list is checked (issue 29) */
export const everyText = (seconds: number): string =>
  seconds % 3600 === 0 ? `a cada ${seconds / 3600} h` : seconds % 60 === 0 ? `a cada ${seconds / 60} min` : `a cada ${seconds} s`;

/** The last failure of a list in a few words; the recorded reason stays in the tooltip. A refused API key needs the operator: said so. */
export const failureSummary = (error: string): string =>
  /API key was refused/.test(error) ? 'chave da API do Portal da Transparência recusada' : 'última falha registrada';

export const listRow = (l: ListView, now: Date) => ({
  id: l.list_id,
  name: 'name' in l ? l.name : listDisplayName(l.list_id),
  publisher: l.publisher,
  version: l.version_id,
  loaded: when(l.imported_at),
  age: l.imported_at ? ageText(l.imported_at, now) : '—',
  entries: l.entries,
  stale: l.stale,
  error: l.last_error,
  errorSummary: l.last_error ? failureSummary(l.last_error) : null,
  // an official list is polled; a tenant's own list is uploaded, never checked
  polled: 'poll_seconds' in l,
  checked: when(l.last_checked_at),
  next: 'next_check_at' in l ? when(l.next_check_at) : '—',
  every: 'poll_seconds' in l ? everyText(l.poll_seconds) : '',
  failures: 'consecutive_failures' in l ? l.consecutive_failures : 0,
});

function registerView(register: SettingsPageInput['register'], now: Date) {
  if (!register) return null;
  return {
    month: register.month.month,
    loaded: when(register.month.imported_at),
    age: ageText(register.month.imported_at, now),
    establishments: register.month.rows['estabelecimentos'] ?? 0,
    late: now.getTime() - Date.parse(register.month.imported_at) > REGISTER_LATE_DAYS * 86_400_000,
  };
}

/** Settings: API keys, webhook endpoints and their delivery log, the decision policy, the lists' freshness. */
export function settingsPage(input: SettingsPageInput) {
  const { now, problem } = input;
  const settings = input.tenant.settings;
  return {
    canEdit: input.canEdit,
    problem: problem && { section: problem.section, message: problemMessage(problem), field: problem.error.param, typed: typedView(problem.typed) },
    keys: input.keys.map(keyRow),
    scopes: SCOPES,
    endpoints: (['live', 'sandbox'] as const).map((environment) => {
      const endpoint = input.endpoints[environment];
      const overlap = endpoint?.previous && now.getTime() < Date.parse(endpoint.previous.valid_until) ? when(endpoint.previous.valid_until) : null;
      return { environment, url: endpoint?.url ?? null, events: endpoint?.events ?? [], set: endpoint ? when(endpoint.set_at) : null, previousSecretUntil: overlap };
    }),
    eventTypes: WEBHOOK_EVENT_TYPES.map((type) => ({ type, always: ALWAYS_DELIVERED.includes(type) })),
    deliveries: input.deliveries.map(deliveryRow),
    policy: Object.fromEntries(BANDS.map((band) => [band, settings.auto_decision_policy?.[band] ?? ''])),
    review: Object.fromEntries(BANDS.map((band) => [band, settings.periodic_review?.[band] ?? ''])),
    fourEyes: settings.four_eyes ?? false,
    // issue 29: the lists whose hits require a freeze of assets; the UN's always
    freezeLists: [UN_LIST_ID, ...LIST_IDS.filter((id) => id !== UN_LIST_ID)].map((id) => ({ id, name: listDisplayName(id), always: id === UN_LIST_ID, checked: freezeListsOf(settings).includes(id) })),
    defaults: settings.default_templates,
    templates: input.templates.map((t) => ({ id: t.template_id, name: t.definition.name, subject_type: t.definition.subject_type, global: t.global })),
    customerStatuses: CUSTOMER_STATUSES,
    bands: BANDS,
    lists: input.lists.map((l) => listRow(l, now)),
    register: registerView(input.register, now),
  };
}

/** A secret shown once: a webhook endpoint's (its first save, or a rotation). */
export const webhookSecretPage = (environment: string, url: string, secret: string, previousValidUntil: string | null) => ({ environment, url, secret, previousValidUntil });
