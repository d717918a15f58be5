import * as E from 'fp-ts/lib/Either.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { complianceDecider, complianceStream, currentVersion, versionOf, type ComplianceState } from '../domain/compliance/decider.js';
import type { ComplianceContent, ComplianceSettings, ComplianceVersion } from '../domain/compliance/settings.js';
import { DomainError } from '../domain/shared/decider.js';
import { loadTenant } from './aggregates.js';
import { handleCommand, loadState, type CommandContext } from './handle-command.js';

export type { CodeEntry, ComplianceContent, ComplianceSettings, ComplianceVersion, ReportingEntity } from '../domain/compliance/settings.js';

/** A version as the history lists it. */
export interface VersionSummary {
  version: number;
  changed_by: string;
  changed_at: string | null;
  note: string;
}

const loadComplianceState = async (log: EventLog, tenantId: string): Promise<ComplianceState> => (await loadState(log, complianceStream(tenantId), complianceDecider)).state;

const settingsOf = (v: ComplianceVersion): ComplianceSettings => ({
  version: v.version,
  holidays: v.holidays,
  reporting_entities: v.reporting_entities,
  tp_env: v.tp_env,
  cod_enq: v.cod_enq,
  cc4001_cod_enq: v.cc4001_cod_enq,
  cos_four_eyes: v.cos_four_eyes,
});

/** The tenant's current compliance settings: the last version recorded on `compliance-<tenant_id>`, or the seed. */
export async function loadComplianceSettings(log: EventLog, tenantId: string): Promise<ComplianceSettings> {
  return settingsOf(currentVersion(await loadComplianceState(log, tenantId)));
}

/** Every holiday date of the tenant's current calendar, all years: what the business-day clocks skip. */
export async function loadHolidays(log: EventLog, tenantId: string): Promise<string[]> {
  return (await loadComplianceSettings(log, tenantId)).holidays.map((h) => h.date);
}

const summary = (v: ComplianceVersion): VersionSummary => ({ version: v.version, changed_by: v.changed_by, changed_at: v.changed_at, note: v.note });

/** The current version with who made it, and the summary of every version (newest first, the seed last). */
export async function complianceHistory(log: EventLog, tenantId: string): Promise<{ current: ComplianceVersion; versions: VersionSummary[] }> {
  const state = await loadComplianceState(log, tenantId);
  const all = [versionOf(state, 0)!, ...state.versions];
  return { current: currentVersion(state), versions: all.map(summary).reverse() };
}

/** One version by its number (0: the seed), or null. */
export async function loadComplianceVersion(log: EventLog, tenantId: string, version: number): Promise<ComplianceVersion | null> {
  return versionOf(await loadComplianceState(log, tenantId), version);
}

export interface ComplianceChange {
  content: ComplianceContent;
  base_version: number | null;
  note: string;
  /** who changes: `operator`, `user:<id>` */
  by: string;
}

/**
 * Records a new version of a tenant's compliance settings (the whole document), after the
 * decider's checks: the tenant must exist (another tenant's id is unknown: 404).
 */
export async function updateComplianceSettings(log: EventLog, tenantId: string, change: ComplianceChange, context: CommandContext) {
  if (!(await loadTenant(log, tenantId))) return E.left(new DomainError('tenant_not_found', 'No such tenant.'));
  const command = { type: 'VersionComplianceSettings' as const, tenant_id: tenantId, ...change, now: context.metadata.occurred_at };
  const result = await handleCommand(log, complianceStream(tenantId), complianceDecider, command, context);
  return E.map((r: { position: number | null; state: ComplianceState }) => ({ value: currentVersion(r.state), position: r.position }))(result);
}
