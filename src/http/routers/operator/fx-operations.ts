import Router from '@koa/router';
import type Koa from 'koa';
import * as t from 'io-ts';
import * as E from 'fp-ts/lib/Either.js';
import { getAlpha2Codes } from 'i18n-iso-countries/index.js';
import { deterministicId, isUuid } from '../../../adapters/ids.js';
import { handleCommand } from '../../../commands/handle-command.js';
import { fxOperationDecider, fxOperationStream, type FxOperationCommand } from '../../../domain/fx/decider.js';
import { FxDirection } from '../../../domain/fx/events.js';
import { getCustomer } from '../../../projections/customers.js';
import { getFxOperation, type FxOperationDoc } from '../../../projections/fx-operations.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { fxOperationView } from '../../fx-views.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';

const FxOperationBody = t.intersection([
  t.type({
    nature_code: t.string,
    direction: FxDirection,
    currency: t.string,
    amount: t.string,
    counterparty: t.type({ name: t.string, country: t.string }),
  }),
  t.partial({ customer_id: t.union([t.string, t.null]), description: t.string }),
]);

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
/** User-assigned ranges of ISO 3166-1 (AA, QM-QZ, XA-XZ, ZZ): XK, which the package lists, is one of them. */
const USER_ASSIGNED = /^(AA|Q[M-Z]|X[A-Z]|ZZ)$/;
// Intl.DisplayNames will not do: it names ZZ "Unknown Region" and EU "European Union". The
// package's index.js is the code list alone; its main entry also loads every locale's names.
const COUNTRIES: ReadonlySet<string> = new Set(Object.keys(getAlpha2Codes()).filter((code) => !USER_ASSIGNED.test(code)));

/** Decimal places a currency has (ISO 4217 minor unit as ICU knows it): 2 for USD, 0 for JPY, 3 for KWD. */
const minorUnits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The fields of decisions section 9, checked one by one; the first problem is named in `param`. */
function validate(body: t.TypeOf<typeof FxOperationBody>) {
  if (!/^\d{5}$/.test(body.nature_code)) throw new ApiError('invalid_request', 'nature_code must be the five digits of the FX nature code.', 'nature_code');
  if (!/^[A-Z]{3}$/.test(body.currency) || !CURRENCIES.has(body.currency)) throw new ApiError('invalid_request', 'currency must be an ISO 4217 code such as USD.', 'currency');
  const decimals = minorUnits(body.currency);
  const amount = decimals > 0 ? new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${decimals}})?$`) : /^(0|[1-9]\d{0,14})$/;
  if (!amount.test(body.amount) || !/[1-9]/.test(body.amount)) {
    throw new ApiError('invalid_request', `amount must be a positive decimal string with at most ${decimals} decimal places for ${body.currency}.`, 'amount');
  }
  const name = body.counterparty.name.trim();
  if (name.length === 0 || name.length > 200) throw new ApiError('invalid_request', 'counterparty.name must have 1 to 200 characters.', 'counterparty.name');
  if (!COUNTRIES.has(body.counterparty.country)) {
    throw new ApiError('invalid_request', 'counterparty.country must be an assigned ISO 3166-1 alpha-2 code in upper case, such as US.', 'counterparty.country');
  }
  if ((body.description ?? '').length > 2000) throw new ApiError('invalid_request', 'description has at most 2000 characters.', 'description');
  if (body.customer_id !== undefined && body.customer_id !== null && !isUuid(body.customer_id)) throw new ApiError('invalid_id', 'customer_id must be a UUID.', 'customer_id');
  return { ...body, counterparty: { name, country: body.counterparty.country } };
}

/** Operator API: FX operations (decisions sections 2 and 9). */
export function operatorFxOperationsRouter(services: Services): Router<RequestState> {
  const { log, readStore, runner, clock } = services;
  const router = new Router<RequestState>();

  const load = async (id: string): Promise<FxOperationDoc> => {
    if (!isUuid(id)) throw new ApiError('invalid_id', 'id must be a UUID.', 'id');
    const op = await getFxOperation(readStore, id);
    if (!op) throw new ApiError('operation_not_found', 'No such FX operation.', 'id');
    return op;
  };

  const run = async (ctx: Koa.ParameterizedContext<RequestState>, op: FxOperationDoc, command: FxOperationCommand) => {
    const result = await handleCommand(log, fxOperationStream(op.operation_id), fxOperationDecider, command, commandContext(ctx, clock, op.tenant_id, `:${command.type}`));
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    return fxOperationView((await getFxOperation(readStore, op.operation_id))!);
  };

  router.post('/tenants/:tenant_id/fx-operations', jsonBody(), async (ctx) => {
    const tenantId = ctx.params['tenant_id']!;
    if (!isUuid(tenantId)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
    if (!(await getTenant(readStore, tenantId))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    const body = validate(decodeBody(FxOperationBody, ctx.state.body));
    if (body.customer_id) {
      const customer = await getCustomer(readStore, body.customer_id);
      if (!customer || customer.tenant_id !== tenantId) throw new ApiError('customer_not_found', 'No such customer in this tenant.', 'customer_id');
    }
    const context = commandContext(ctx, clock, tenantId);
    const operationId = deterministicId(`${context.commandId}:fxop`);
    const result = await handleCommand(
      log,
      fxOperationStream(operationId),
      fxOperationDecider,
      {
        type: 'CreateFxOperation',
        operation: {
          operation_id: operationId,
          tenant_id: tenantId,
          nature_code: body.nature_code,
          direction: body.direction,
          currency: body.currency,
          amount: body.amount,
          customer_id: body.customer_id ?? null,
          counterparty: body.counterparty,
          description: body.description ?? '',
          created_at: context.metadata.occurred_at,
        },
      },
      context,
    );
    if (E.isLeft(result)) throw fromDomainError(result.left);
    await runner.waitFor(result.right.position);
    ctx.status = 201;
    ctx.body = fxOperationView((await getFxOperation(readStore, operationId))!);
  });

  router.get('/fx-operations/:id', async (ctx) => {
    ctx.body = fxOperationView(await load(ctx.params['id']!));
  });

  router.post('/fx-operations/:id/submit', async (ctx) => {
    const op = await load(ctx.params['id']!);
    ctx.body = await run(ctx, op, { type: 'SubmitFxOperation', now: clock.now().toISOString() });
  });

  router.post('/fx-operations/:id/analysis', async (ctx) => {
    const op = await load(ctx.params['id']!);
    ctx.status = 202;
    ctx.body = await run(ctx, op, { type: 'RequestFxAnalysis', now: clock.now().toISOString() });
  });

  return router;
}
