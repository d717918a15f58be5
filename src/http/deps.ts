import type { BlobStore } from '../adapters/blob-store/port.js';
import type { Clock } from '../adapters/clock.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import type { ReadStore } from '../adapters/read-store/port.js';
import type { Runner } from './outcome.js';

/**
 * What most routers are built from. Each router names its own dependencies with an interface
 * extending these (`RunsRouterDeps`), so what a router can touch is read in its file, and the
 * composition (src/app) hands each exactly that.
 */
export interface ReadDeps {
  readStore: ReadStore;
  clock: Clock;
}

/** A router whose actions append events and answer once the read models applied them. */
export interface WriteDeps extends ReadDeps {
  log: EventLog;
  /** read-your-writes: waits until the read models reached a command's position */
  runner: Runner;
}

export interface FileDeps {
  blobStore: BlobStore;
  /** signs file URLs and hashes documents */
  secretKey: string;
}
