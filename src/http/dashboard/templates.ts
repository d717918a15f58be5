import Router from '@koa/router';
import type Koa from 'koa';
import { isUuid } from '../../adapters/ids.js';
import { createTemplate, reviseTemplate } from '../../commands/templates.js';
import { SOURCE_IDS, SOURCES } from '../../domain/run/catalog.js';
import { isEventOf } from '../../domain/shared/events.js';
import { SUBJECT_PARAMETERS, templateStream } from '../../domain/template/decider.js';
import { TemplateEvent } from '../../domain/template/events.js';
import type { RunDoc } from '../../projections/runs.js';
import { getTemplate, type TemplateDoc } from '../../projections/templates.js';
import type { App as Services } from '../../app/compose.js';
import { decodeBody } from '../decode.js';
import { ApiError } from '../errors.js';
import { CreateTemplateBody, UpdateTemplateBody } from '../operations/templates.js';
import { applied } from '../outcome.js';
import { redirectTo, renderPage } from './render.js';
import { formField, readForm, requireRole, requireUser, userContext } from './session.js';
import { typedNumber, when } from './present.js';
import type { DashboardState } from './state.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;
type TemplateServices = Pick<Services, 'log' | 'readStore' | 'runner' | 'clock'>;

const TIERS = [
  [1, 'Crítica'],
  [2, 'Importante'],
  [3, 'Informativa'],
] as const;
const RULE_ACTIONS = ['block', 'pend', 'review', 'info'] as const;
/** Runs counted per version at most, per environment: the page says "or more" past it. */
const RUN_COUNT_CAP = 5000;

/** What the form shows: the fields as typed, so a refused form comes back as it was sent. */
interface TemplateDraft {
  name: string;
  subject_type: string;
  parameters: string[];
  /** source id -> tier as typed ('' when the source is not chosen) */
  sources: Record<string, string>;
  rules_json: string;
  medio: string;
  alto: string;
}

const draftOf = (doc: TemplateDoc): TemplateDraft => ({
  name: doc.definition.name,
  subject_type: doc.definition.subject_type,
  parameters: doc.definition.parameters,
  sources: Object.fromEntries(doc.definition.sources.map((s) => [s.source_id, String(s.tier)])),
  rules_json: JSON.stringify(doc.definition.rules, null, 2),
  medio: String(doc.definition.risk_thresholds.medio),
  alto: String(doc.definition.risk_thresholds.alto),
});

const EMPTY_DRAFT: TemplateDraft = { name: '', subject_type: 'pf', parameters: ['name'], sources: {}, rules_json: '[]', medio: '30', alto: '60' };

function draftFromForm(form: URLSearchParams, subjectType: string): TemplateDraft {
  const chosen = new Set(form.getAll('source'));
  return {
    name: formField(form, 'name'),
    subject_type: subjectType,
    parameters: form.getAll('parameters'),
    sources: Object.fromEntries([...chosen].map((id) => [id, formField(form, `tier_${id}`)])),
    rules_json: formField(form, 'rules'),
    medio: formField(form, 'medio'),
    alto: formField(form, 'alto'),
  };
}

/**
 * The definition the form describes, as the operator API's body: the same codec decodes it, so
 * the form and the API refuse the same things with the same messages.
 */
function definitionBody(draft: TemplateDraft): Record<string, unknown> {
  let rules: unknown;
  try {
    rules = draft.rules_json.trim() === '' ? [] : JSON.parse(draft.rules_json);
  } catch (error) {
    throw new ApiError('invalid_json', `As regras não são um JSON válido: ${(error as Error).message}`, 'rules');
  }
  return {
    name: draft.name,
    subject_type: draft.subject_type,
    parameters: draft.parameters,
    sources: Object.entries(draft.sources).map(([source_id, tier]) => ({ source_id, tier: typedNumber(tier) })),
    rules,
    risk_thresholds: { medio: typedNumber(draft.medio), alto: typedNumber(draft.alto) },
  };
}

/** A template this user's tenant may see (its own or a global one); any other id answers the same 404. */
async function visibleTemplate(services: TemplateServices, ctx: Ctx): Promise<TemplateDoc> {
  const id = ctx.params['template_id'] ?? '';
  const doc = isUuid(id) ? await getTemplate(services.readStore, id) : null;
  if (!doc || (doc.tenant_id !== null && doc.tenant_id !== ctx.state.user!.tenant_id)) throw new ApiError('not_found', 'Modelo não encontrado.', 'template_id');
  return doc;
}

/** A template this user's tenant owns: global ones are read-only here. */
async function ownTemplate(services: TemplateServices, ctx: Ctx): Promise<TemplateDoc> {
  const doc = await visibleTemplate(services, ctx);
  if (doc.global) throw new ApiError('forbidden_role', 'Modelos globais são oferecidos pela plataforma e não podem ser alterados aqui.');
  return doc;
}

/** Each version of the template from its own stream: number, date, definition. */
async function versionsOf(services: TemplateServices, templateId: string) {
  const events = (await services.log.readStream(templateStream(templateId))).filter(isEventOf(TemplateEvent));
  const versions = [];
  for (const event of events) {
    if (event.type === 'TemplateCreated') versions.push({ version: event.data.version, at: event.data.created_at, definition: event.data.definition });
    if (event.type === 'TemplateRevised') versions.push({ version: event.data.version, at: event.data.revised_at, definition: event.data.definition });
  }
  return versions.reverse();
}

/** How many of the tenant's runs used each version of a template (both environments). */
async function runCountsByVersion(services: TemplateServices, tenantId: string, templateId: string) {
  const counts = new Map<number, number>();
  let capped = false;
  for (const environment of ['live', 'sandbox'] as const) {
    const runs = await services.readStore.find<RunDoc>('runs', { where: { tenant_id: tenantId, environment, template_id: templateId }, limit: RUN_COUNT_CAP });
    capped ||= runs.length === RUN_COUNT_CAP;
    for (const run of runs) counts.set(run.template_version, (counts.get(run.template_version) ?? 0) + 1);
  }
  return { counts, capped };
}

const sourceOptions = () =>
  SOURCE_IDS.map((id) => ({ id, label: SOURCES[id].label, subjects: SOURCES[id].subjects.map((s) => s.toUpperCase()).join(', '), checks: SOURCES[id].checks }));

/**
 * Templates: every user reads the tenant's own and the global ones; admins create them and
 * publish new versions (a revision: runs keep the version they used).
 */
export function templatesRouter(services: TemplateServices): Router<DashboardState> {
  const { readStore, runner, clock } = services;
  const router = new Router<DashboardState>();

  const formPage = (ctx: Ctx, mode: { kind: 'new' } | { kind: 'edit'; template: TemplateDoc }, draft: TemplateDraft, error: ApiError | null = null) =>
    renderPage(
      ctx,
      'template-form',
      {
        mode: mode.kind,
        template: mode.kind === 'edit' ? { id: mode.template.template_id, version: mode.template.version } : null,
        draft,
        error: error && { message: error.message, param: error.param },
        sources: sourceOptions(),
        tiers: TIERS,
        parameters: SUBJECT_PARAMETERS,
        actions: RULE_ACTIONS,
      },
      { title: mode.kind === 'new' ? 'Novo modelo' : 'Editar modelo', nav: 'modelos', status: error?.status ?? 200 },
    );

  /** A refusal of the form's contents comes back on the form; anything else is the error page's. */
  const refusedOnForm = (thrown: unknown): ApiError | null => (thrown instanceof ApiError && thrown.status >= 400 && thrown.status < 500 ? thrown : null);

  router.get('/templates', requireUser(), async (ctx) => {
    const tenantId = ctx.state.user!.tenant_id;
    const [own, global] = await Promise.all([
      readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 500 }),
      readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
    ]);
    const row = (doc: TemplateDoc) => ({
      id: doc.template_id,
      name: doc.definition.name,
      subject_type: doc.definition.subject_type.toUpperCase(),
      version: doc.version,
      updated: when(doc.updated_at),
      global: doc.global,
      available: doc.published && doc.active,
    });
    renderPage(ctx, 'templates', { own: own.map(row), global: global.map(row), canEdit: ctx.state.user!.role === 'admin' }, { title: 'Modelos', nav: 'modelos' });
  });

  router.get('/templates/new', requireUser(), requireRole('admin'), (ctx) => formPage(ctx, { kind: 'new' }, EMPTY_DRAFT));

  router.post('/templates/new', requireUser(), requireRole('admin'), async (ctx) => {
    const form = await readForm(ctx);
    const draft = draftFromForm(form, formField(form, 'subject_type'));
    let templateId: string;
    try {
      const body = decodeBody(CreateTemplateBody, definitionBody(draft));
      const definition = { name: body.name, subject_type: body.subject_type, parameters: body.parameters ?? [], sources: body.sources, rules: body.rules ?? [], risk_thresholds: body.risk_thresholds ?? { medio: 30, alto: 60 } };
      const input = { tenant_id: ctx.state.user!.tenant_id, definition, published: true, active: true };
      templateId = (await applied(runner, await createTemplate(services, input, userContext(ctx, clock)))).template_id;
    } catch (thrown) {
      const refusal = refusedOnForm(thrown);
      if (!refusal) throw thrown;
      return formPage(ctx, { kind: 'new' }, draft, refusal);
    }
    redirectTo(ctx, `/dashboard/templates/${templateId}`, 'Modelo criado (versão 1).');
  });

  router.get('/templates/:template_id', requireUser(), async (ctx) => {
    const doc = await visibleTemplate(services, ctx);
    const tenantId = ctx.state.user!.tenant_id;
    const [versions, usage] = await Promise.all([versionsOf(services, doc.template_id), runCountsByVersion(services, tenantId, doc.template_id)]);
    const sourceLabel = (id: string) => (id in SOURCES ? SOURCES[id as keyof typeof SOURCES].label : id);
    renderPage(
      ctx,
      'template',
      {
        template: {
          id: doc.template_id,
          name: doc.definition.name,
          subject_type: doc.definition.subject_type.toUpperCase(),
          version: doc.version,
          global: doc.global,
          published: doc.published,
          active: doc.active,
          created: when(doc.created_at),
          updated: when(doc.updated_at),
          parameters: doc.definition.parameters,
          sources: doc.definition.sources.map((s) => ({ id: s.source_id, label: sourceLabel(s.source_id), tier: s.tier, tierLabel: TIERS.find(([n]) => n === s.tier)?.[1] ?? '' })),
          rules: doc.definition.rules,
          thresholds: doc.definition.risk_thresholds,
        },
        versions: versions.map((v) => ({ version: v.version, at: when(v.at), sources: v.definition.sources.length, rules: v.definition.rules.length, runs: usage.counts.get(v.version) ?? 0 })),
        capped: usage.capped,
        canEdit: ctx.state.user!.role === 'admin' && !doc.global,
      },
      { title: doc.definition.name, nav: 'modelos' },
    );
  });

  router.get('/templates/:template_id/edit', requireUser(), requireRole('admin'), async (ctx) => {
    const doc = await ownTemplate(services, ctx);
    formPage(ctx, { kind: 'edit', template: doc }, draftOf(doc));
  });

  router.post('/templates/:template_id/edit', requireUser(), requireRole('admin'), async (ctx) => {
    const doc = await ownTemplate(services, ctx);
    // a template keeps its person type: the form cannot change it
    const draft = draftFromForm(await readForm(ctx), doc.definition.subject_type);
    const before = doc.version;
    try {
      const change = decodeBody(UpdateTemplateBody, definitionBody(draft));
      await applied(runner, await reviseTemplate(services, doc.template_id, change, userContext(ctx, clock)));
    } catch (thrown) {
      const refusal = refusedOnForm(thrown);
      if (!refusal) throw thrown;
      return formPage(ctx, { kind: 'edit', template: doc }, draft, refusal);
    }
    const after = (await getTemplate(readStore, doc.template_id))?.version ?? before;
    redirectTo(ctx, `/dashboard/templates/${doc.template_id}`, after > before ? `Versão ${after} publicada.` : 'Nada mudou: a versão continua a mesma.');
  });

  return router;
}
