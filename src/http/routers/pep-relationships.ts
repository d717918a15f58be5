import Router from '@koa/router';
import type Koa from 'koa';
import { declarePepRelationship, removePepRelationship } from '../../commands/pep-relationships.js';
import type { PepRelationship } from '../../domain/customer/pep-relationship.js';
import { getCustomer, type CustomerDoc } from '../../projections/customers.js';
import type { WriteDeps } from '../deps.js';
import { decodeBody, decodeInput } from '../decode.js';
import { ApiError } from '../errors.js';
import { commandContext } from '../metadata.js';
import { assertSubjectTypeAllowed, requireScope } from '../middleware/auth.js';
import { jsonBody } from '../middleware/body.js';
import { CustomerIdParams } from '../operations/customers.js';
import { DeclarePepRelationshipBody, PepRelationshipParams } from '../operations/pep-relationships.js';
import { applied } from '../outcome.js';
import type { RequestState } from '../state.js';

export const pepRelationshipView = (r: PepRelationship) => ({ object: 'pep_relationship', ...r });

/**
 * A customer's declared relationships with PEPs (familiares, estreitos colaboradores): the public
 * API of the customers scopes; such a customer is screened as PEP by the `pep` source.
 */
export function pepRelationshipsRouter(services: WriteDeps): Router<RequestState> {
  const { readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  /** A customer of this key's tenant and environment, or 404 (another tenant's does not exist for it). */
  const loadCustomer = async (ctx: Koa.ParameterizedContext<RequestState>, id: string): Promise<CustomerDoc> => {
    const doc = await getCustomer(readStore, id);
    const principal = ctx.state.principal!;
    if (!doc || doc.tenant_id !== principal.tenant_id || doc.environment !== principal.environment) throw new ApiError('customer_not_found', 'No such customer.', 'id');
    assertSubjectTypeAllowed(ctx.state, doc.type);
    return doc;
  };

  router.get('/customers/:id/pep-relationships', requireScope('customers:read'), async (ctx) => {
    const { id } = decodeInput(CustomerIdParams, ctx.params);
    const customer = await loadCustomer(ctx, id);
    ctx.body = { data: (customer.pep_relationships ?? []).map(pepRelationshipView), livemode: ctx.state.livemode };
  });

  router.post('/customers/:id/pep-relationships', requireScope('customers:write'), jsonBody(), async (ctx) => {
    const { id } = decodeInput(CustomerIdParams, ctx.params);
    const customer = await loadCustomer(ctx, id);
    const body = decodeBody(DeclarePepRelationshipBody, ctx.state.body);
    const input = { ...body, pep_role: body.pep_role ?? null, pep_organ: body.pep_organ ?? null };
    const declared = await applied(runner, await declarePepRelationship(services, customer.customer_id, input, commandContext(ctx, clock, customer.tenant_id)));
    const held = (await getCustomer(readStore, customer.customer_id))?.pep_relationships?.find((r) => r.relationship_id === declared.relationship_id);
    if (!held) throw new ApiError('db_failed', 'The relationship was recorded but could not be read back; retry.');
    ctx.status = 201;
    ctx.body = pepRelationshipView(held);
  });

  router.delete('/customers/:id/pep-relationships/:relationship_id', requireScope('customers:write'), async (ctx) => {
    const { id, relationship_id } = decodeInput(PepRelationshipParams, ctx.params);
    const customer = await loadCustomer(ctx, id);
    await applied(runner, await removePepRelationship(services, customer.customer_id, relationship_id, commandContext(ctx, clock, customer.tenant_id)));
    ctx.status = 204;
  });

  return router;
}
