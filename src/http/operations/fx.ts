import * as t from 'io-ts';
import { isUuid } from '../../adapters/ids.js';
import { FxDirection } from '../../domain/fx/events.js';
import { isCountryCode } from '../../domain/values/country.js';
import { hasUnsafeNameCharacters, UNSAFE_NAME_CHARACTERS_MESSAGE } from '../../domain/values/display-text.js';
import { withChecks } from '../decode.js';
import { ApiError } from '../errors.js';
import { uuidParam } from './shared.js';

/** The input of each FX operation (operator) and of the public laudo download. */

export const TenantFxParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const FxOperationIdParams = t.type({ id: uuidParam('id') });

const FxOperationFields = t.intersection([
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

/** Decimal places a currency has (ISO 4217 minor unit as ICU knows it): 2 for USD, 0 for JPY, 3 for KWD. */
const minorUnits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** The fields of decisions section 9, checked one by one; the first problem is named in `param`. */
function validate(body: t.TypeOf<typeof FxOperationFields>) {
  if (!/^\d{5}$/.test(body.nature_code)) throw new ApiError('invalid_request', 'nature_code must be the five digits of the FX nature code.', 'nature_code');
  if (!/^[A-Z]{3}$/.test(body.currency) || !CURRENCIES.has(body.currency)) throw new ApiError('invalid_request', 'currency must be an ISO 4217 code such as USD.', 'currency');
  const decimals = minorUnits(body.currency);
  const amount = decimals > 0 ? new RegExp(`^(0|[1-9]\\d{0,14})(\\.\\d{1,${decimals}})?$`) : /^(0|[1-9]\d{0,14})$/;
  if (!amount.test(body.amount) || !/[1-9]/.test(body.amount)) {
    throw new ApiError('invalid_request', `amount must be a positive decimal string with at most ${decimals} decimal places for ${body.currency}.`, 'amount');
  }
  const name = body.counterparty.name.trim();
  if (name.length === 0 || name.length > 200) throw new ApiError('invalid_request', 'counterparty.name must have 1 to 200 characters.', 'counterparty.name');
  if (hasUnsafeNameCharacters(name)) throw new ApiError('invalid_request', `counterparty.name ${UNSAFE_NAME_CHARACTERS_MESSAGE}`, 'counterparty.name');
  if (!isCountryCode(body.counterparty.country)) {
    throw new ApiError('invalid_request', 'counterparty.country must be an assigned ISO 3166-1 alpha-2 code in upper case, such as US.', 'counterparty.country');
  }
  if ((body.description ?? '').length > 2000) throw new ApiError('invalid_request', 'description has at most 2000 characters.', 'description');
  if (body.customer_id !== undefined && body.customer_id !== null && !isUuid(body.customer_id)) throw new ApiError('invalid_id', 'customer_id must be a UUID.', 'customer_id');
  return { ...body, counterparty: { name, country: body.counterparty.country } };
}

export const CreateFxOperationBody = withChecks(FxOperationFields, 'CreateFxOperationRequest', validate);
