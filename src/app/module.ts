import type Koa from 'koa';
import type Router from '@koa/router';
import type { Processor } from '../processing/runner.js';
import type { Schedule } from '../processing/schedule.js';
import type { WorkHandler } from '../processing/worker.js';
import type { DashboardState } from '../http/dashboard/state.js';
import type { RequestState } from '../http/state.js';

/**
 * One area of the service (runs, customers, screening, …): what it adds to the processing runtime
 * and to the HTTP app. Modules are built by `compose.ts` from the infrastructure and the few
 * shared policies; nothing else sees a module.
 */
export interface Module {
  name: string;
  /** projections and reactors, fed by the shared reader (a reactor that records work also executes it) */
  processors?: readonly (Processor & Partial<WorkHandler>)[];
  /** executors of work items no reactor records (scheduled fetches, sweeps) */
  work?: readonly WorkHandler[];
  /** what it does every so often, as durable recurring work items (one instance at a time) */
  schedules?: readonly Schedule[];
  /** once the processors caught up: records the first item of its own recurring work, sweeps what is due */
  start?(): Promise<void>;
  /** public routers under /api/v1 */
  api?: readonly Router<RequestState>[];
  /** operator routers under /operator/v1 */
  operator?: readonly Router<RequestState>[];
  /** signed file URLs under /files (no key) */
  files?: readonly Router<RequestState>[];
  /** /healthz, /readyz, /metrics: for the platform, outside both APIs */
  platform?: readonly Router<RequestState>[];
  /** the dashboard: its routes and the middleware around them under /dashboard */
  dashboard?: { router: Router<DashboardState>; middleware: Koa.Middleware<DashboardState> };
  /** after the processors stopped, before the stores close */
  close?(): Promise<void>;
}
