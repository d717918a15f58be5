import { parseAddress } from '../domain/values/address.js';
import { hasUnsafeNameCharacters, UNSAFE_NAME_CHARACTERS_MESSAGE } from '../domain/values/display-text.js';
import { parseDocument } from '../domain/values/document.js';
import { isValidEmail } from '../domain/values/email.js';
import { isPartialDate } from '../domain/values/partial-date.js';
import type { SubjectType } from '../domain/values/scopes.js';
import type { CustomerRequest } from '../commands/customer-onboarding.js';
import { RESERVED_KEYS } from './decode.js';
import { ApiError } from './errors.js';
import { validateExternalId, validateMetadata, validateWebhookUrl } from './operations/runs.js';

/**
 * An onboarding profile's name: a slug that cannot name something every object inherits
 * (`constructor`), since profiles are looked up by name.
 */
export const isProfileSlug = (value: string): boolean => /^[a-z0-9][a-z0-9-]{0,62}$/.test(value) && !RESERVED_KEYS.has(value);

const PF_ONLY = ['nationality', 'occupation', 'declared_income', 'birth_date'] as const;
const PJ_ONLY = ['trade_name', 'annual_revenue', 'business_activity', 'employee_count'] as const;
const COMMON = ['type', 'doc', 'name', 'email', 'phone', 'external_id', 'metadata', 'run_bureau', 'template_id', 'onboarding_profile', 'webhook_url', 'address'] as const;

type Amount = number | string;

/**
 * The request the parser reads, field by field (what the document calls CustomerCreateRequest;
 * contract-check.ts compares the two). The parser is hand-written for its order of checks and
 * messages, so this type cannot come from it: its names are tied to the parser's field lists
 * below, in both directions, and each field's type to the branch that reads it.
 */
export interface CustomerCreateRequest {
  type: SubjectType;
  doc: string;
  name: string;
  email?: string | null;
  phone?: string | null;
  external_id?: string | null;
  metadata?: Record<string, string> | null;
  run_bureau?: boolean;
  template_id?: string | null;
  onboarding_profile?: string | null;
  webhook_url?: string | null;
  address?: { street: string; number?: string | null; complement?: string | null; neighborhood?: string | null; city: string; state: string; zip: string | number } | null;
  birth_date?: string | null;
  nationality?: string | null;
  occupation?: string | null;
  declared_income?: Amount | null;
  trade_name?: string | null;
  business_activity?: string | null;
  annual_revenue?: Amount | null;
  employee_count?: number | null;
}

type ParsedField = (typeof COMMON)[number] | (typeof PF_ONLY)[number] | (typeof PJ_ONLY)[number];
// a field the parser reads that the request type lacks, or the other way round, fails tsc here
const fieldsAgree: [Exclude<ParsedField, keyof CustomerCreateRequest>, Exclude<keyof CustomerCreateRequest, ParsedField>] extends [never, never] ? true : never = true;
void fieldsAgree;

/** What the parser hands the onboarding command: its request, less what the key itself says. */
export type CustomerInput = Omit<CustomerRequest, 'tenant_id' | 'environment' | 'allowed_subject_type'>;

type Body = Record<string, unknown>;

function text(body: Body, field: string, max: number, required = false): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw new ApiError('invalid_request', `${field} is required.`, field);
    return undefined;
  }
  if (typeof value !== 'string' || value.trim() === '' || value.length > max) {
    throw new ApiError('invalid_request', `${field} must be text of 1 to ${max} characters.`, field);
  }
  if (hasUnsafeNameCharacters(value)) throw new ApiError('invalid_request', `${field} ${UNSAFE_NAME_CHARACTERS_MESSAGE}`, field);
  return value.trim();
}

/** A number, or a decimal string, "stored as sent". */
function amount(body: Body, field: string): number | string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if ((typeof value === 'number' && Number.isFinite(value) && value >= 0) || (typeof value === 'string' && /^\d{1,15}([.,]\d{1,2})?$/.test(value))) return value;
  throw new ApiError('invalid_request', `${field} must be a non-negative number or decimal string.`, field);
}

/** A real calendar date since 1900; that it is past is the command's to check (it knows the time). */
function birthDate(body: Body): string | undefined {
  const value = body['birth_date'];
  if (value === undefined || value === null) return undefined;
  const invalid = () => new ApiError('invalid_request', 'birth_date must be a real past date as YYYY-MM-DD.', 'birth_date');
  if (!isPartialDate(value, ['day']) || value < '1900-01-01') throw invalid();
  return value;
}

/**
 * Customer creation input, checked in the order a caller fixes it: shape and type, fields of
 * the other person type, document, name, e-mail, address, then the rest.
 */
export function parseCustomerInput(raw: unknown): CustomerInput {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError('invalid_json', 'The request body must be a JSON object.');
  const body = raw as Body;
  const type = body['type'];
  if (type !== 'pf' && type !== 'pj') throw new ApiError('invalid_request', 'type must be pf or pj.', 'type');
  const own = type === 'pf' ? PF_ONLY : PJ_ONLY;
  const other = type === 'pf' ? PJ_ONLY : PF_ONLY;
  const foreign = other.find((f) => body[f] !== undefined);
  if (foreign) throw new ApiError('invalid_field_for_type', `${foreign} is a ${type === 'pf' ? 'pj' : 'pf'} field and cannot be sent for a ${type} customer.`, foreign);
  const unknown = Object.keys(body).find((k) => !(COMMON as readonly string[]).includes(k) && !(own as readonly string[]).includes(k));
  if (unknown) throw new ApiError('invalid_request', `Unknown field: ${unknown}.`, unknown);

  const document = parseDocument(type, body['doc']);
  if ('problem' in document) {
    if (document.problem === 'missing') throw new ApiError('missing_document', `doc (${type === 'pf' ? 'CPF' : 'CNPJ'}) is required.`, 'doc');
    throw new ApiError('invalid_document', `doc is not a valid ${type === 'pf' ? 'CPF (11 digits)' : 'CNPJ (14 characters: 12 letters or digits, then 2 check digits)'}.`, 'doc');
  }
  const name = text(body, 'name', 200, true)!;
  const email = body['email'];
  if (type === 'pf' ? !isValidEmail(email) : email !== undefined && email !== null && !isValidEmail(email)) {
    throw new ApiError('invalid_email', type === 'pf' ? 'A valid email is required for a pf customer.' : 'email is not a valid address.', 'email');
  }
  let address: unknown;
  if (body['address'] !== undefined && body['address'] !== null) {
    const parsed = parseAddress(body['address']);
    if ('problem' in parsed) throw new ApiError('invalid_address', parsed.problem, parsed.field);
    address = parsed.address;
  }
  const phone = body['phone'];
  if (phone !== undefined && phone !== null && (typeof phone !== 'string' || !/^\+?[\d\s().-]{8,25}$/.test(phone))) {
    throw new ApiError('invalid_request', 'phone must be a phone number of 8 to 25 digits and separators.', 'phone');
  }
  const runBureau = body['run_bureau'];
  if (runBureau !== undefined && typeof runBureau !== 'boolean') throw new ApiError('invalid_request', 'run_bureau must be a boolean.', 'run_bureau');
  const templateId = body['template_id'];
  if (templateId !== undefined && templateId !== null && typeof templateId !== 'string') throw new ApiError('invalid_request', 'template_id must be a UUID string.', 'template_id');
  const onboarding = body['onboarding_profile'];
  if (onboarding !== undefined && onboarding !== null && (typeof onboarding !== 'string' || !isProfileSlug(onboarding))) {
    throw new ApiError('invalid_request', 'onboarding_profile must be a profile slug: lower-case letters, digits and dashes, not constructor or prototype.', 'onboarding_profile');
  }

  const profile: Record<string, unknown> = { name, email: typeof email === 'string' ? email : null };
  if (typeof phone === 'string') profile['phone'] = phone;
  if (address) profile['address'] = address;
  if (type === 'pf') {
    const birth = birthDate(body);
    if (birth) profile['birth_date'] = birth;
  }
  Object.assign(profile, ownFields(body, type));
  return {
    type,
    doc: document.doc,
    profile,
    external_id: validateExternalId(body['external_id']),
    metadata: validateMetadata(body['metadata']),
    run_bureau: runBureau === true,
    template_id: typeof templateId === 'string' ? templateId : null,
    onboarding_profile: typeof onboarding === 'string' ? onboarding : null,
    webhook_url: validateWebhookUrl(body['webhook_url']),
  };
}

/** The type's own fields of a body (birth date apart), each checked: what creation and a qualification update share. */
function ownFields(body: Body, type: SubjectType): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const texts = type === 'pf' ? ([['nationality', 100], ['occupation', 100]] as const) : ([['trade_name', 200], ['business_activity', 200]] as const);
  for (const [field, max] of texts) {
    const value = text(body, field, max);
    if (value !== undefined) fields[field] = value;
  }
  const income = amount(body, type === 'pf' ? 'declared_income' : 'annual_revenue');
  if (income !== undefined) fields[type === 'pf' ? 'declared_income' : 'annual_revenue'] = income;
  if (type === 'pj') {
    const employees = body['employee_count'];
    if (employees !== undefined && employees !== null && !(Number.isSafeInteger(employees) && (employees as number) >= 0)) {
      throw new ApiError('invalid_request', 'employee_count must be a non-negative integer.', 'employee_count');
    }
    if (typeof employees === 'number') fields['employee_count'] = employees;
  }
  return fields;
}

/** The body of a qualification update (issue 30), as `QualificationUpdateRequest` in the OpenAPI document. */
export interface QualificationUpdateRequest {
  address?: CustomerCreateRequest['address'];
  nationality?: string | null;
  occupation?: string | null;
  declared_income?: Amount | null;
  trade_name?: string | null;
  business_activity?: string | null;
  annual_revenue?: Amount | null;
  employee_count?: number | null;
}

/**
 * A qualification update for a customer of `type`: the address and the type's own fields (as on
 * creation, the same checks and messages), at least one of them; the other type's fields are
 * `invalid_field_for_type`. Null or absent fields are left as they are.
 */
export function parseQualificationInput(raw: unknown, type: SubjectType): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError('invalid_json', 'The request body must be a JSON object.');
  const body = raw as Body;
  const other = type === 'pf' ? PJ_ONLY : PF_ONLY;
  const foreign = other.find((f) => body[f] !== undefined);
  if (foreign) throw new ApiError('invalid_field_for_type', `${foreign} is a ${type === 'pf' ? 'pj' : 'pf'} field and cannot be sent for a ${type} customer.`, foreign);
  const allowed = ['address', ...(type === 'pf' ? PF_ONLY.filter((f) => f !== 'birth_date') : PJ_ONLY)];
  const unknown = Object.keys(body).find((k) => !allowed.includes(k));
  if (unknown) throw new ApiError('invalid_request', `Unknown field: ${unknown}. A qualification update takes ${allowed.join(', ')}.`, unknown);
  const fields: Record<string, unknown> = {};
  if (body['address'] !== undefined && body['address'] !== null) {
    const parsed = parseAddress(body['address']);
    if ('problem' in parsed) throw new ApiError('invalid_address', parsed.problem, parsed.field);
    fields['address'] = parsed.address;
  }
  Object.assign(fields, ownFields(body, type));
  if (Object.keys(fields).length === 0) throw new ApiError('invalid_request', `Send at least one of ${allowed.join(', ')}.`);
  return fields;
}
