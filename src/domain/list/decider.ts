import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { ListEvent, type ListSource, type ListVersionFile, type ListVersionImportedData } from './events.js';

/** `list-<list_id>`: a list's versions, refusals and fetches. */
export const listStream = (listId: string): string => `list-${listId}`;

export interface ListState {
  /** the latest imported version: the active one */
  active: ListVersionImportedData | null;
  last_checked_at: string | null;
  /** the last failure (fetch or refusal) since the last success, or null */
  last_error: string | null;
}

export type ListCommand =
  | {
      type: 'ImportVersion';
      list_id: string;
      version_id: string;
      sha256: string;
      bytes: number;
      source: ListSource;
      published_at: string | null;
      entries: number;
      delta: { added: number; removed: number; changed: number };
      files: readonly ListVersionFile[];
      /** an operator accepts a version the refusal rule would refuse */
      force: boolean;
      now: string;
    }
  | { type: 'RecordFetchFailure'; list_id: string; url: string; reason: string; now: string }
  /** fetched, and the publisher says nothing changed (304) */
  | { type: 'RecordCheck'; list_id: string; now: string };

/**
 * A version whose content is the active one's changes nothing but the check time; a version that
 * parses to no entries, or to fewer than half the active version's, is refused (recorded, not
 * activated) unless forced.
 */
export const listDecider: Decider<ListCommand, ListState, ListEvent> = {
  initialState: { active: null, last_checked_at: null, last_error: null },
  codec: ListEvent,
  decide(command, state) {
    switch (command.type) {
      case 'ImportVersion': {
        if (state.active?.sha256 === command.sha256) return E.right([{ type: 'ListChecked', data: { list_id: command.list_id, at: command.now } }]);
        const reason =
          command.entries === 0
            ? 'the file parses to no entries'
            : state.active && command.entries < state.active.entries / 2
              ? `the file parses to ${command.entries} entries, fewer than half of the active version's ${state.active.entries}`
              : null;
        if (reason && !command.force) {
          return E.right([{ type: 'ListVersionRefused', data: { list_id: command.list_id, sha256: command.sha256, reason, entries: command.entries, refused_at: command.now } }]);
        }
        const { type: _type, force, now, files, ...version } = command;
        return E.right([{ type: 'ListVersionImported', data: { ...version, files: [...files], imported_at: now, forced: force && reason !== null } }]);
      }
      case 'RecordCheck':
        return E.right([{ type: 'ListChecked', data: { list_id: command.list_id, at: command.now } }]);
      case 'RecordFetchFailure':
        return E.right([{ type: 'ListFetchFailed', data: { list_id: command.list_id, url: command.url, reason: command.reason, at: command.now } }]);
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ListVersionImported':
        return { active: event.data, last_checked_at: event.data.imported_at, last_error: null };
      case 'ListChecked':
        return { ...state, last_checked_at: event.data.at, last_error: null };
      case 'ListVersionRefused':
        return { ...state, last_error: `refused: ${event.data.reason}` };
      case 'ListFetchFailed':
        return { ...state, last_error: event.data.reason };
      default: {
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
