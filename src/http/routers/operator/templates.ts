import Router from '@koa/router';
import { createTemplate, reviseTemplate, setOnboardingProfile, templateNotFound } from '../../../commands/templates.js';
import { getTemplate } from '../../../projections/templates.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CreateOnboardingProfileBody, CreateTemplateBody, OnboardingProfileParams, TemplateIdParams, UpdateTemplateBody } from '../../operations/templates.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';
import { templateView } from '../../views.js';

/** Operator API: templates and onboarding profiles (decisions sections 2 and 4). */
export function operatorTemplatesRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const templateOf = async (id: string) => {
    const doc = await getTemplate(readStore, id);
    if (!doc) throw fromDomainError(templateNotFound());
    return templateView(doc);
  };

  router.post('/templates', jsonBody(), async (ctx) => {
    const body = decodeBody(CreateTemplateBody, ctx.state.body);
    const global = body.global === true;
    if (global === (body.tenant_id !== undefined)) throw new ApiError('invalid_request', 'Send either tenant_id or global: true.', 'tenant_id');
    const template = {
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
    };
    const created = await applied(runner, await createTemplate(services, template, commandContext(ctx, clock, body.tenant_id ?? null)));
    ctx.status = 201;
    ctx.body = await templateOf(created.template_id);
  });

  router.get('/templates/:template_id', async (ctx) => {
    ctx.body = await templateOf(decodeInput(TemplateIdParams, ctx.params).template_id);
  });

  router.patch('/templates/:template_id', jsonBody(), async (ctx) => {
    const { template_id: id } = decodeInput(TemplateIdParams, ctx.params);
    const body = decodeBody(UpdateTemplateBody, ctx.state.body);
    await applied(runner, await reviseTemplate(services, id, body, commandContext(ctx, clock, null)));
    ctx.body = await templateOf(id);
  });

  router.post('/tenants/:tenant_id/onboarding-profiles', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(OnboardingProfileParams, ctx.params);
    const body = decodeBody(CreateOnboardingProfileBody, ctx.state.body);
    await applied(runner, await setOnboardingProfile(services, tenantId, body.slug, body.template_id, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = { object: 'onboarding_profile', tenant_id: tenantId, slug: body.slug, template_id: body.template_id };
  });

  return router;
}
