import Router from '@koa/router';
import type Koa from 'koa';
import type { Clock } from '../../../adapters/clock.js';
import type { EventLog } from '../../../adapters/event-store/event-log.js';
import { isUuid } from '../../../adapters/ids.js';
import type { ReadStore } from '../../../adapters/read-store/port.js';
import { createTemplate, reviseTemplate } from '../../../commands/templates.js';
import type { RunDoc } from '../../../projections/runs.js';
import { getTemplate, type TemplateDoc } from '../../../projections/templates.js';
import { templateVersions } from '../../../queries/history.js';
import { ApiError } from '../../errors.js';
import { applied, type Runner } from '../../outcome.js';
import { redirectTo, renderPage } from '../render.js';
import { formField, readForm, requireRole, requireUser, userContext } from '../session.js';
import type { DashboardState } from '../state.js';
import { EMPTY_DRAFT, draftFromForm, draftOf, newTemplateDefinition, templateChange, type TemplateDraft } from './forms.js';
import { templateFormPage, templateFormTitle, templatePage, templatesPage, type TemplateFormMode } from './page.js';

type Ctx = Koa.ParameterizedContext<DashboardState>;

export interface TemplatesScreenDeps {
  log: EventLog;
  readStore: ReadStore;
  runner: Runner;
  clock: Clock;
}

/** Runs counted per version at most, per environment: the page says "or more" past it. */
const RUN_COUNT_CAP = 5000;

/** A template this user's tenant may see (its own or a global one); any other id answers the same 404. */
async function visibleTemplate(readStore: ReadStore, ctx: Ctx): Promise<TemplateDoc> {
  const id = ctx.params['template_id'] ?? '';
  const doc = isUuid(id) ? await getTemplate(readStore, id) : null;
  if (!doc || (doc.tenant_id !== null && doc.tenant_id !== ctx.state.user!.tenant_id)) throw new ApiError('not_found', 'Modelo não encontrado.', 'template_id');
  return doc;
}

/** A template this user's tenant owns: global ones are read-only here. */
async function ownTemplate(readStore: ReadStore, ctx: Ctx): Promise<TemplateDoc> {
  const doc = await visibleTemplate(readStore, ctx);
  if (doc.global) throw new ApiError('forbidden_role', 'Modelos globais são oferecidos pela plataforma e não podem ser alterados aqui.');
  return doc;
}

/** How many of the tenant's runs used each version of a template (both environments). */
async function runCountsByVersion(readStore: ReadStore, tenantId: string, templateId: string) {
  const counts = new Map<number, number>();
  let capped = false;
  for (const environment of ['live', 'sandbox'] as const) {
    const runs = await readStore.find<RunDoc>('runs', { where: { tenant_id: tenantId, environment, template_id: templateId }, limit: RUN_COUNT_CAP });
    capped ||= runs.length === RUN_COUNT_CAP;
    for (const run of runs) counts.set(run.template_version, (counts.get(run.template_version) ?? 0) + 1);
  }
  return { counts, capped };
}

const formPage = (ctx: Ctx, mode: TemplateFormMode, draft: TemplateDraft, error: ApiError | null = null) =>
  renderPage(ctx, 'template-form', templateFormPage(mode, draft, error), { title: templateFormTitle(mode), nav: 'modelos', status: error?.status ?? 200 });

/** A refusal of the form's contents comes back on the form; anything else is the error page's. */
const refusedOnForm = (thrown: unknown): ApiError | null => (thrown instanceof ApiError && thrown.status >= 400 && thrown.status < 500 ? thrown : null);

/**
 * Templates: every user reads the tenant's own and the global ones; admins create them and
 * publish new versions (a revision: runs keep the version they used).
 */
export function templatesRouter(deps: TemplatesScreenDeps): Router<DashboardState> {
  const { log, readStore, runner, clock } = deps;
  const router = new Router<DashboardState>();
  const admin = [requireUser(), requireRole('admin')] as const;

  router.get('/templates', requireUser(), async (ctx) => {
    const tenantId = ctx.state.user!.tenant_id;
    const [own, global] = await Promise.all([
      readStore.find<TemplateDoc>('templates', { where: { tenant_id: tenantId }, limit: 500 }),
      readStore.find<TemplateDoc>('templates', { where: { global: true }, limit: 500 }),
    ]);
    renderPage(ctx, 'templates', templatesPage(own, global, ctx.state.user!.role === 'admin'), { title: 'Modelos', nav: 'modelos' });
  });

  router.get('/templates/new', ...admin, (ctx) => formPage(ctx, { kind: 'new' }, EMPTY_DRAFT));

  router.post('/templates/new', ...admin, async (ctx) => {
    const form = await readForm(ctx);
    const draft = draftFromForm(form, formField(form, 'subject_type'));
    let templateId: string;
    try {
      const input = { tenant_id: ctx.state.user!.tenant_id, definition: newTemplateDefinition(draft), published: true, active: true };
      templateId = (await applied(runner, await createTemplate({ log }, input, userContext(ctx, clock)))).template_id;
    } catch (thrown) {
      const refusal = refusedOnForm(thrown);
      if (!refusal) throw thrown;
      return formPage(ctx, { kind: 'new' }, draft, refusal);
    }
    redirectTo(ctx, `/dashboard/templates/${templateId}`, 'Modelo criado (versão 1).');
  });

  router.get('/templates/:template_id', requireUser(), async (ctx) => {
    const doc = await visibleTemplate(readStore, ctx);
    const tenantId = ctx.state.user!.tenant_id;
    const [versions, usage] = await Promise.all([templateVersions(log, doc.template_id), runCountsByVersion(readStore, tenantId, doc.template_id)]);
    const canEdit = ctx.state.user!.role === 'admin' && !doc.global;
    renderPage(ctx, 'template', templatePage({ doc, versions, usage, canEdit, balance: ctx.state.credits ?? null }), { title: doc.definition.name, nav: 'modelos' });
  });

  router.get('/templates/:template_id/edit', ...admin, async (ctx) => {
    const doc = await ownTemplate(readStore, ctx);
    formPage(ctx, { kind: 'edit', template: doc }, draftOf(doc));
  });

  router.post('/templates/:template_id/edit', ...admin, async (ctx) => {
    const doc = await ownTemplate(readStore, ctx);
    // a template keeps its person type: the form cannot change it
    const draft = draftFromForm(await readForm(ctx), doc.definition.subject_type);
    const before = doc.version;
    try {
      await applied(runner, await reviseTemplate({ log }, doc.template_id, templateChange(draft), userContext(ctx, clock)));
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
