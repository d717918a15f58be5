import type { EventLog, StoredEvent } from '../event-store/event-log.js';
import { ListChecked, ListFetchFailed, type ListEvent } from '../../domain/list/events.js';
import { pollStream, pollStreamsBack } from '../../domain/list/poll.js';
import { isEventOf } from '../../domain/shared/events.js';

const isPollEvent = isEventOf(ListChecked, ListFetchFailed);
export type PollEvent = StoredEvent & Extract<ListEvent, { type: 'ListChecked' | 'ListFetchFailed' }>;

/**
 * A list's last poll record: each record carries what the next poll and the status view need
 * (validators, body hashes, failures in a row, the last success), so only the last is read.
 * Today's poll stream first, then earlier days' (a stopped service, a list polled hourly).
 */
export async function lastPollRecord(log: EventLog, listId: string, today: Date): Promise<PollEvent | null> {
  for (const stream of pollStreamsBack(listId, today)) {
    const last = (await log.readStream(stream)).filter(isPollEvent).at(-1);
    if (last) return last;
  }
  return null;
}

/**
 * The poller's view of its own records: the last one read, and where in its day's stream, so the
 * next poll of the day reads only what was appended since (by this instance or another) and a
 * day of polls every few seconds is never read again in full.
 */
export class PollRecords {
  private readonly last = new Map<string, { stream: string; revision: number; event: PollEvent | null }>();

  constructor(private readonly log: EventLog) {}

  async latest(listId: string, today: Date): Promise<PollEvent | null> {
    const stream = pollStream(listId, today);
    const known = this.last.get(listId);
    if (known?.stream === stream) {
      const tail = await this.log.readStream(stream, known.revision + 1);
      const event = tail.filter(isPollEvent).at(-1) ?? known.event;
      this.last.set(listId, { stream, revision: tail.at(-1)?.revision ?? known.revision, event });
      return event;
    }
    const ofToday = await this.log.readStream(stream);
    const event = ofToday.filter(isPollEvent).at(-1) ?? (await lastPollRecord(this.log, listId, new Date(today.getTime() - 86_400_000)));
    this.last.set(listId, { stream, revision: ofToday.at(-1)?.revision ?? -1, event });
    return event;
  }
}
