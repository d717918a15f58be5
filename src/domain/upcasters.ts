import { runUpcasters } from './run/upcasters.js';
import type { Upcaster } from './shared/events.js';
import { tenantUpcasters } from './tenant/upcasters.js';

export type { Upcaster };

/**
 * Upcasters: stored events are never rewritten, so an event type that was renamed or reshaped
 * is read through a function from its old shape to the current one. Each aggregate keeps its
 * own beside its codecs; this merges them. Each entry names the old type it reads; the result
 * is what the rest of the service sees, and what its codec decodes.
 */
export const UPCASTERS: Readonly<Record<string, Upcaster>> = { ...tenantUpcasters, ...runUpcasters };
