import Router from '@koa/router';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { isUuid } from '../../../adapters/ids.js';
import { changeTemplate, createTemplate, setOnboardingProfile } from '../../../commands/templates.js';
import { RuleAction } from '../../../domain/template/events.js';
import { SubjectType } from '../../../domain/values/scopes.js';
import { getTemplate, type TemplateDoc } from '../../../projections/templates.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { isProfileSlug } from '../../customer-input.js';
import { boundedString, decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';

const Tier = t.union([t.literal(1), t.literal(2), t.literal(3)]);
const Definition = {
  name: boundedString(200),
  subject_type: SubjectType,
  parameters: t.array(t.string),
  sources: t.array(t.type({ source_id: t.string, tier: Tier })),
  rules: t.array(t.type({ check_id: t.string, on_invalid: RuleAction })),
  risk_thresholds: t.type({ medio: t.number, alto: t.number }),
};

const CreateTemplateBody = t.intersection([
  t.type({ name: Definition.name, subject_type: Definition.subject_type, sources: Definition.sources }),
  t.partial({
    parameters: Definition.parameters,
    rules: Definition.rules,
    risk_thresholds: Definition.risk_thresholds,
    published: t.boolean,
    active: t.boolean,
    tenant_id: t.string,
    global: t.boolean,
  }),
]);

const PatchTemplateBody = t.partial({ ...Definition, published: t.boolean, active: t.boolean });
const ProfileBody = t.type({ slug: t.string, template_id: t.string });

export function templateView(doc: TemplateDoc) {
  return {
    template_id: doc.template_id,
    object: 'template',
    tenant_id: doc.tenant_id,
    global: doc.global,
    version: doc.version,
    ...doc.definition,
    published: doc.published,
    active: doc.active,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
  };
}

/** Operator API: templates and onboarding profiles (decisions sections 2 and 4). */
export function operatorTemplatesRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const loadTemplate = async (id: string) => {
    if (!isUuid(id)) throw new ApiError('invalid_id', 'template_id must be a UUID.', 'template_id');
    const doc = await getTemplate(readStore, id);
    if (!doc) throw new ApiError('not_found', 'No such template.', 'template_id');
    return doc;
  };

  router.post('/templates', jsonBody(), async (ctx) => {
    const body = decodeBody(CreateTemplateBody, ctx.state.body);
    const global = body.global === true;
    if (global === (body.tenant_id !== undefined)) throw new ApiError('invalid_request', 'Send either tenant_id or global: true.', 'tenant_id');
    if (body.tenant_id !== undefined && (!isUuid(body.tenant_id) || !(await getTenant(readStore, body.tenant_id)))) {
      throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    }
    const created = await createTemplate(
      log,
      {
        tenant_id: global ? null : body.tenant_id!,
        definition: {
          name: body.name,
          subject_type: body.subject_type,
          parameters: body.parameters ?? [],
          sources: body.sources,
          rules: body.rules ?? [],
          risk_thresholds: body.risk_thresholds ?? { medio: 30, alto: 60 },
        },
        published: body.published ?? true,
        active: body.active ?? true,
      },
      commandContext(ctx, clock, body.tenant_id ?? null),
    );
    if (E.isLeft(created)) throw fromDomainError(created.left);
    await runner.waitFor(created.right.position);
    ctx.status = 201;
    ctx.body = templateView(await loadTemplate(created.right.template_id));
  });

  router.get('/templates/:template_id', async (ctx) => {
    ctx.body = templateView(await loadTemplate(ctx.params['template_id']!));
  });

  router.patch('/templates/:template_id', jsonBody(), async (ctx) => {
    const current = await loadTemplate(ctx.params['template_id']!);
    const body = decodeBody(PatchTemplateBody, ctx.state.body);
    const { published, active, ...contents } = body;
    const definition = Object.keys(contents).length > 0 ? { ...current.definition, ...contents } : undefined;
    const changed = await changeTemplate(
      log,
      current.template_id,
      { ...(definition ? { definition } : {}), ...(published !== undefined ? { published } : {}), ...(active !== undefined ? { active } : {}) },
      commandContext(ctx, clock, current.tenant_id),
    );
    if (E.isLeft(changed)) throw fromDomainError(changed.left);
    await runner.waitFor(changed.right);
    ctx.body = templateView(await loadTemplate(current.template_id));
  });

  router.post('/tenants/:tenant_id/onboarding-profiles', jsonBody(), async (ctx) => {
    const tenantId = ctx.params['tenant_id']!;
    if (!isUuid(tenantId)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
    const body = decodeBody(ProfileBody, ctx.state.body);
    if (!isProfileSlug(body.slug)) throw new ApiError('invalid_request', 'slug must be lower-case letters, digits and dashes, and not constructor or prototype.', 'slug');
    const template = isUuid(body.template_id) ? await getTemplate(readStore, body.template_id) : null;
    if (!template || (template.tenant_id !== null && template.tenant_id !== tenantId)) {
      throw new ApiError('template_not_found', 'No template with this id for the tenant.', 'template_id');
    }
    const result = await setOnboardingProfile(log, tenantId, body.slug, body.template_id, commandContext(ctx, clock, tenantId));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right);
    ctx.status = 201;
    ctx.body = { object: 'onboarding_profile', tenant_id: tenantId, slug: body.slug, template_id: body.template_id };
  });

  return router;
}
