import type { ReadStore } from '../adapters/read-store/port.js';
import { customerTimeline, type TimelineEntry } from '../projections/customer-timeline.js';

export type { TimelineEntry };

/** A customer's history as its page tells it, newest first, from the `customer_timeline` read model. */
export async function customerTimelineNewestFirst(store: ReadStore, customerId: string): Promise<TimelineEntry[]> {
  return (await customerTimeline(store, customerId)).slice().reverse();
}
