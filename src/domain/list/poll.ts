/**
 * When an official list is looked at again (issue 29, "Polling"). Pure rules: the poller passes
 * the time and a random number in.
 *
 * - Period: every list has a poll period (LIST_INFO's default, overridden by configuration).
 * - Jitter: every next check is the period (or the backoff) times a factor drawn in [0.9, 1.1),
 *   never sooner than POLL_FLOOR_MS, so instances and lists do not poll in lockstep.
 * - Backoff: after n failures in a row, the next try waits min(period × 2^(n-1), period × 8),
 *   jittered: 1, 2, 4, then 8 periods (5, 10, 20, 40 minutes for a sanctions list). A success
 *   (a 304, the same content, a new version) resets it; the last good version serves meanwhile.
 * - Stale: no successful check within max(3 periods, 15 minutes). Three periods tolerate a
 *   failure or two and the jitter; the floor keeps a list polled every few seconds from flapping.
 */

/** The soonest a list is looked at again, whatever the period, jitter or configuration. */
export const POLL_FLOOR_MS = 1_000;
/** ± this fraction of the wait */
export const POLL_JITTER = 0.1;
/** the longest backoff, in periods */
export const MAX_BACKOFF_PERIODS = 8;
export const STALE_FLOOR_MS = 15 * 60_000;
/** how far back the poll streams are read for a list's last poll record (older ones are forgotten) */
export const POLL_HISTORY_DAYS = 31;

/** The wait before the next try after `failures` failures in a row (0 after a success), before jitter. */
export function backoffMs(periodMs: number, failures: number): number {
  if (failures <= 0) return periodMs;
  return periodMs * Math.min(2 ** (failures - 1), MAX_BACKOFF_PERIODS);
}

/** The next check's time: the backoff jittered by `random` (uniform in [0, 1)), never sooner than the floor. */
export function nextCheckAt(now: Date, periodMs: number, failures: number, random: number): Date {
  const factor = 1 - POLL_JITTER + 2 * POLL_JITTER * Math.min(Math.max(random, 0), 1);
  return new Date(now.getTime() + Math.max(POLL_FLOOR_MS, Math.round(backoffMs(periodMs, failures) * factor)));
}

/** How long a list may go without a successful check before it is stale. */
export const staleAfterMs = (periodMs: number): number => Math.max(3 * periodMs, STALE_FLOOR_MS);

export function isStale(lastCheckedAt: string | null, now: Date, periodMs: number): boolean {
  return lastCheckedAt === null || now.getTime() - Date.parse(lastCheckedAt) > staleAfterMs(periodMs);
}

/**
 * `listpoll-<list_id>-<yyyy-mm-dd>` (UTC day): the poll records (ListChecked, ListFetchFailed) of
 * one list and day. A check every 5 minutes is 288 records a day; kept off `list-<list_id>`, which
 * holds the versions and refusals and is read in full by every command and load on that list.
 */
export const pollStream = (listId: string, at: Date): string => `listpoll-${listId}-${at.toISOString().slice(0, 10)}`;

/** Today's poll stream, then the earlier days', newest first. */
export function pollStreamsBack(listId: string, today: Date, days = POLL_HISTORY_DAYS): string[] {
  return Array.from({ length: days }, (_, back) => pollStream(listId, new Date(today.getTime() - back * 86_400_000)));
}

export const isPollStream = (stream: string): boolean => stream.startsWith('listpoll-');
