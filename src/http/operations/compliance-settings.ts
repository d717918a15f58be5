import * as t from 'io-ts';
import { CodeEntryRecord, HolidayRecord, ReportingEntityRecord } from '../../domain/compliance/events.js';
import { ApiError } from '../errors.js';
import { parsed } from '../decode.js';
import { uuidParam } from './shared.js';

/** The input of the operator's compliance settings operations (issue 30): the whole document and a version number. */

export const ComplianceTenantParams = t.type({ tenant_id: uuidParam('tenant_id') });

/** `version` in the path: a whole number from 0 (the seed). */
const VersionNumber = parsed('version', (raw) => {
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new ApiError('invalid_request', 'version must be a whole number from 0.', 'version');
  return Number(raw);
});

export const ComplianceVersionParams = t.type({ tenant_id: uuidParam('tenant_id'), version: VersionNumber });

const VersionOrNull = t.union([t.null, t.refinement(t.number, (n) => Number.isSafeInteger(n) && n >= 0, 'version number')]);

/**
 * The whole settings document and why it changes; field rules (CNPJ check digits, UF, lengths,
 * numeric codes, Carta Circular 4.001 keys) are the decider's, which names the field it refuses.
 */
export const PutComplianceSettingsBody = t.intersection([
  t.type({
    holidays: t.array(t.exact(HolidayRecord)),
    reporting_entities: t.array(t.exact(ReportingEntityRecord)),
    tp_env: t.array(t.exact(CodeEntryRecord)),
    cod_enq: t.array(t.exact(CodeEntryRecord)),
    cc4001_cod_enq: t.record(t.string, t.string),
    cos_four_eyes: t.boolean,
    note: t.string,
  }),
  t.partial({ base_version: VersionOrNull }),
]);
export type PutComplianceSettingsBody = t.TypeOf<typeof PutComplianceSettingsBody>;
