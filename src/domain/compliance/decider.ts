import * as E from 'fp-ts/lib/Either.js';
import { isDeepStrictEqual } from 'node:util';
import { DomainError, type Decider } from '../shared/decider.js';
import { ComplianceEvent } from './events.js';
import { checkContent, checkNote, contentOf, seedVersion, type ComplianceContent, type ComplianceVersion } from './settings.js';

export const complianceStream = (tenantId: string): string => `compliance-${tenantId}`;

/** Every recorded version, oldest first (the seed, version 0, is not recorded). */
export interface ComplianceState {
  versions: readonly ComplianceVersion[];
}

export type ComplianceCommand = {
  type: 'VersionComplianceSettings';
  tenant_id: string;
  content: ComplianceContent;
  /** the version the change was made on: another change since then is a conflict; null: whatever is current */
  base_version: number | null;
  note: string;
  by: string;
  now: string;
};

/** The current version: the last recorded, or the seed. */
export const currentVersion = (state: ComplianceState): ComplianceVersion => state.versions[state.versions.length - 1] ?? seedVersion();

/** A version by its number (0: the seed), or null. */
export const versionOf = (state: ComplianceState, version: number): ComplianceVersion | null =>
  version === 0 ? seedVersion() : (state.versions.find((v) => v.version === version) ?? null);

/**
 * A new version of the whole settings, checked field by field. A change on a version that is no
 * longer current is refused (two people editing the calendar at once must not undo each other),
 * and one that changes nothing records nothing.
 */
export const complianceDecider: Decider<ComplianceCommand, ComplianceState, ComplianceEvent> = {
  initialState: { versions: [] },
  codec: ComplianceEvent,
  decide(command, state) {
    const current = currentVersion(state);
    if (command.base_version !== null && command.base_version !== current.version) {
      return E.left(new DomainError('concurrent_update', `As configurações mudaram desde a versão ${command.base_version} (atual: ${current.version}); recarregue e refaça a alteração.`, 'base_version'));
    }
    const content = checkContent(command.content);
    if (content instanceof DomainError) return E.left(content);
    const note = checkNote(command.note);
    if (note instanceof DomainError) return E.left(note);
    if (isDeepStrictEqual(content, contentOf(current))) return E.right([]);
    return E.right([
      { type: 'ComplianceSettingsVersioned', data: { tenant_id: command.tenant_id, version: current.version + 1, ...content, changed_by: command.by, changed_at: command.now, note } },
    ]);
  },
  evolve(state, event) {
    const { tenant_id: _tenant, ...version } = event.data;
    return { versions: [...state.versions, version] };
  },
};
