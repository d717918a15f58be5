import Router from '@koa/router';
import { inviteUser, issuePasswordReset, reissueInvite } from '../../../commands/users.js';
import { listTenantUsers, type DashboardUserDoc } from '../../../projections/users.js';
import type { Config } from '../../../config.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { InviteUserBody, UserParams } from '../../operations/users.js';
import { TenantIdParams } from '../../operations/tenants.js';
import { applied } from '../../outcome.js';
import { oneTimeLinkUrl } from '../../dashboard/session.js';
import type { RequestState } from '../../state.js';

export interface OperatorUsersRouterDeps extends WriteDeps {
  config: Pick<Config, 'publicBaseUrl'>;
}

/** A dashboard user as the operator sees it: never a hash (of a password, a link or a session). */
export const operatorUserView = (user: DashboardUserDoc) => ({
  user_id: user.id,
  email: user.email,
  role: user.role,
  status: user.status,
  invite_expires_at: user.invite_expires_at,
  locked_until: user.locked_until,
  created_at: user.created_at,
});

/**
 * Operator API: a tenant's dashboard users (listed without secrets), invitations (re-issued while
 * not accepted, so a lost first-start link is no dead end) and password resets; a link is shown
 * in the answer that made it only.
 */
export function operatorUsersRouter(services: OperatorUsersRouterDeps): Router<RequestState> {
  const { log, readStore, runner, clock, config } = services;
  const router = new Router<RequestState>();

  router.post('/tenants/:tenant_id/users', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    const body = decodeBody(InviteUserBody, ctx.state.body);
    await existingTenant(readStore, tenantId);
    const written = await applied(runner, await inviteUser(log, { tenant_id: tenantId, email: body.email, role: body.role }, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = { user_id: written.value.user_id, invite_url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token) };
  });

  router.get('/tenants/:tenant_id/users', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantIdParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const users = [...(await listTenantUsers(readStore, tenantId))].sort((a, b) => a.email.localeCompare(b.email));
    ctx.body = { data: users.map(operatorUserView) };
  });

  router.post('/tenants/:tenant_id/users/:user_id/invite', async (ctx) => {
    const { tenant_id: tenantId, user_id: userId } = decodeInput(UserParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const written = await applied(runner, await reissueInvite(log, tenantId, userId, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = { user_id: userId, invite_url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token) };
  });

  router.post('/tenants/:tenant_id/users/:user_id/password-reset', async (ctx) => {
    const { tenant_id: tenantId, user_id: userId } = decodeInput(UserParams, ctx.params);
    await existingTenant(readStore, tenantId);
    const written = await applied(runner, await issuePasswordReset(log, tenantId, userId, commandContext(ctx, clock, tenantId)));
    ctx.status = 201;
    ctx.body = { invite_url: oneTimeLinkUrl(config.publicBaseUrl, written.value.token) };
  });

  return router;
}
