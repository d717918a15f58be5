import type { Upcaster } from '../shared/events.js';

/** Old shapes of the run stream's events, read as the current ones (see domain/upcasters.ts). */
export const runUpcasters: Readonly<Record<string, Upcaster>> = {
  /** run events before 2026-11 did not name the run's customer; null reads as "none known" */
  RunStarted: (data) => ({ type: 'RunStarted', data: { customer_id: null, ...data } }),
  RunCancelled: (data) => ({ type: 'RunCancelled', data: { customer_id: null, ...data } }),
};
