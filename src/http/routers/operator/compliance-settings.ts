import Router from '@koa/router';
import { complianceHistory, loadComplianceVersion, updateComplianceSettings, type ComplianceVersion, type VersionSummary } from '../../../commands/compliance-settings.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { ComplianceTenantParams, ComplianceVersionParams, PutComplianceSettingsBody } from '../../operations/compliance-settings.js';
import { applied } from '../../outcome.js';
import type { RequestState } from '../../state.js';

export type ComplianceSettingsRouterDeps = WriteDeps;

const versionView = (tenantId: string, v: ComplianceVersion) => ({
  object: 'compliance_settings' as const,
  tenant_id: tenantId,
  version: v.version,
  holidays: v.holidays,
  reporting_entities: v.reporting_entities,
  tp_env: v.tp_env,
  cod_enq: v.cod_enq,
  cc4001_cod_enq: v.cc4001_cod_enq,
  cos_four_eyes: v.cos_four_eyes,
  changed_by: v.changed_by,
  changed_at: v.changed_at,
  note: v.note,
});

const currentView = (tenantId: string, history: { current: ComplianceVersion; versions: VersionSummary[] }) => ({ ...versionView(tenantId, history.current), versions: history.versions });

/**
 * Operator API: a tenant's compliance settings (issue 30), the business-day calendar and the
 * Siscoaf tables, as versioned data on `compliance-<tenant_id>`: read the current version with
 * the history's summary, replace it whole (a new version, with a note), read any past version.
 */
export function operatorComplianceSettingsRouter(deps: ComplianceSettingsRouterDeps): Router<RequestState> {
  const { log, readStore, runner, clock } = deps;
  const router = new Router<RequestState>();

  router.get('/tenants/:tenant_id/compliance_settings', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(ComplianceTenantParams, ctx.params);
    await existingTenant(readStore, tenantId);
    ctx.body = currentView(tenantId, await complianceHistory(log, tenantId));
  });

  router.put('/tenants/:tenant_id/compliance_settings', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(ComplianceTenantParams, ctx.params);
    const { note, base_version: baseVersion, ...content } = decodeBody(PutComplianceSettingsBody, ctx.state.body);
    const change = { content, note, base_version: baseVersion ?? null, by: 'operator' };
    await applied(runner, await updateComplianceSettings(log, tenantId, change, commandContext(ctx, clock, tenantId)));
    ctx.body = currentView(tenantId, await complianceHistory(log, tenantId));
  });

  router.get('/tenants/:tenant_id/compliance_settings/versions/:version', async (ctx) => {
    const { tenant_id: tenantId, version } = decodeInput(ComplianceVersionParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const found = await loadComplianceVersion(log, tenantId, version);
    if (!found) throw new ApiError('compliance_version_not_found', `No version ${version} of this tenant's compliance settings.`, 'version');
    ctx.body = { ...versionView(tenantId, found), object: 'compliance_settings_version' as const };
  });

  return router;
}
