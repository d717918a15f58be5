import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { ListEvent, type ListSource, type ListVersionFile, type ListVersionImportedData, type PollFile } from './events.js';

/**
 * `list-<list_id>`: a list's versions and refusals (and, before issue 29, its checks and failed
 * fetches; the poller now records those on `listpoll-<list_id>-<day>`, see poll.ts). A list's
 * state folds both: this stream, then its last poll record.
 */
export const listStream = (listId: string): string => `list-${listId}`;

export interface ListState {
  /** the latest imported version: the active one */
  active: ListVersionImportedData | null;
  /** the last successful check (a 304, the same content, a new version) */
  last_checked_at: string | null;
  /** the last failure (fetch or refusal) since the last success, or null */
  last_error: string | null;
  /** failed polls in a row since the last success */
  consecutive_failures: number;
  /** when the poller looks again, as the last poll record planned it */
  next_check_at: string | null;
  /** the poll period the last poll record ran under */
  poll_seconds: number | null;
  /** the last good download's validators and body hashes, per URL */
  files: readonly PollFile[];
}

/** What a poll record carries beyond the spec's fields (all optional: older records have none). */
export interface PollRecord {
  poll_seconds: number;
  next_check_at: string;
  files: readonly PollFile[];
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
  /** a failed poll: `poll` carries the failures in a row (this one included) and the last success, known to the poller */
  | { type: 'RecordFetchFailure'; list_id: string; url: string; reason: string; now: string; poll?: PollRecord & { consecutive_failures: number; last_checked_at: string | null } }
  /** fetched, and nothing changed (a 304, the same bytes), or the poll that imported `version_id` */
  | { type: 'RecordCheck'; list_id: string; now: string; poll?: PollRecord & { result: 'not_modified' | 'same_content' | 'new_version'; version_id?: string } };

/**
 * A version whose content is the active one's changes nothing but the check time (an upload's
 * check is recorded here; a poll's on its poll stream, by the poller: nothing here); a version that
 * parses to no entries, or to fewer than half the active version's, is refused (recorded, not
 * activated) unless forced.
 */
export const listDecider: Decider<ListCommand, ListState, ListEvent> = {
  initialState: { active: null, last_checked_at: null, last_error: null, consecutive_failures: 0, next_check_at: null, poll_seconds: null, files: [] },
  codec: ListEvent,
  decide(command, state) {
    switch (command.type) {
      case 'ImportVersion': {
        if (state.active?.sha256 === command.sha256) return E.right(command.source.kind === 'url' ? [] : [{ type: 'ListChecked', data: { list_id: command.list_id, at: command.now } }]);
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
      case 'RecordCheck': {
        const poll = command.poll ? { ...command.poll, files: [...command.poll.files] } : {};
        return E.right([{ type: 'ListChecked', data: { list_id: command.list_id, at: command.now, ...poll } }]);
      }
      case 'RecordFetchFailure': {
        const poll = command.poll ? { ...command.poll, files: [...command.poll.files] } : {};
        return E.right([{ type: 'ListFetchFailed', data: { list_id: command.list_id, url: command.url, reason: command.reason, at: command.now, ...poll } }]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ListVersionImported':
        return { ...state, active: event.data, last_checked_at: event.data.imported_at, last_error: null, consecutive_failures: 0 };
      case 'ListChecked':
        return { ...state, ...pollFields(state, event.data), last_checked_at: event.data.at, last_error: null, consecutive_failures: 0 };
      case 'ListVersionRefused':
        return { ...state, last_error: `refused: ${event.data.reason}` };
      case 'ListFetchFailed': {
        const d = event.data;
        const lastChecked = d.last_checked_at !== undefined ? d.last_checked_at : state.last_checked_at;
        return { ...state, ...pollFields(state, d), last_error: d.reason, consecutive_failures: d.consecutive_failures ?? state.consecutive_failures + 1, last_checked_at: lastChecked };
      }
      default: {
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};

/** A poll record's carried fields over the state's (an older record carries none). */
const pollFields = (state: ListState, data: { poll_seconds?: number; next_check_at?: string; files?: PollFile[] }) => ({
  poll_seconds: data.poll_seconds ?? state.poll_seconds,
  next_check_at: data.next_check_at ?? state.next_check_at,
  files: data.files ?? state.files,
});
