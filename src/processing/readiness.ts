import type { EventStore } from '../adapters/event-store/port.js';
import type { ReadStore } from '../adapters/read-store/port.js';

export type CheckResult = 'ok' | 'failing';

export interface Readiness {
  ready: boolean;
  checks: { event_store: CheckResult; read_store: CheckResult; processors: CheckResult };
}

export interface ReadinessDeps {
  eventStore: Pick<EventStore, 'headPosition'>;
  readStore: Pick<ReadStore, 'getCheckpoint'>;
  /** each processor's position in this instance */
  progress: () => ReadonlyMap<string, number>;
  /** the most positions a processor may be behind the head */
  maxLag: number;
  /** a store that does not answer within this is failing (a driver may wait far longer) */
  timeoutMs?: number;
}

/**
 * Whether this instance should get traffic: both stores answer a trivial read, and every
 * processor is within `maxLag` of the log's head (a processor stuck or far behind serves stale
 * read models, or holds back side effects). Only the outcome of each check is kept: a store's
 * error message can quote data.
 */
export async function readiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? 2_000;
  const [head, readStore] = await Promise.all([
    answersWithin(deps.eventStore.headPosition(), timeoutMs),
    answersWithin(deps.readStore.getCheckpoint('readiness'), timeoutMs),
  ]);
  const lagging = head === null || [...deps.progress().values()].some((position) => head.value - position > deps.maxLag);
  const checks = {
    event_store: head === null ? 'failing' : 'ok',
    read_store: readStore === null ? 'failing' : 'ok',
    processors: lagging ? 'failing' : 'ok',
  } as const;
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}

/** The value, or null when the call fails or takes longer than `ms`. */
async function answersWithin<T>(call: Promise<T>, ms: number): Promise<{ value: T } | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ms)));
  try {
    return await Promise.race([call.then((value) => ({ value })), timeout]);
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
