import { AssignmentEvent } from './assignment/events.js';
import { CaseEvent } from './case/events.js';
import { ComplianceEvent } from './compliance/events.js';
import { CustomerEvent } from './customer/events.js';
import { ErasureEvent } from './erasure/events.js';
import { FacialVerificationPerformed } from './facial/events.js';
import { FxOperationEvent, LaudoNumberEvent } from './fx/events.js';
import { IdempotencyEvent } from './idempotency/events.js';
import { LedgerEvent } from './ledger/events.js';
import { PeriodicReviewEvent } from './monitoring/review-events.js';
import { ListEvent } from './list/events.js';
import { TenantListEvent } from './list/tenant-lists.js';
import { MonitoringSweepEvent } from './monitoring/sweep.js';
import { ReportEvent } from './report/events.js';
import { ReservationEvent } from './reservation/events.js';
import { RunEvent } from './run/events.js';
import { RunHitDisposed } from './screening/disposition.js';
import { SiscoafReceiptItemsUnmatched, SuspicionEvent } from './suspicion/events.js';
import { eventRegistry, type EventCodecs } from './shared/events.js';
import { TemplateEvent } from './template/events.js';
import { TenantEvent } from './tenant/events.js';
import { UserEvent } from './user/events.js';
import { DeliveryEvent, WebhookEndpointEvent } from './webhook/events.js';

/**
 * The codec of every event type the service writes, from each aggregate's events.ts: the event
 * log decodes each stored event with its type's codec (after upcasting) before anything reads it.
 */
export const EVENT_CODECS: EventCodecs = eventRegistry(
  TenantEvent,
  IdempotencyEvent,
  LedgerEvent,
  TemplateEvent,
  RunEvent,
  CustomerEvent,
  FacialVerificationPerformed,
  ReservationEvent,
  ErasureEvent,
  ReportEvent,
  WebhookEndpointEvent,
  DeliveryEvent,
  FxOperationEvent,
  LaudoNumberEvent,
  ListEvent,
  TenantListEvent,
  MonitoringSweepEvent,
  PeriodicReviewEvent,
  AssignmentEvent,
  UserEvent,
  CaseEvent,
  RunHitDisposed,
  SuspicionEvent,
  SiscoafReceiptItemsUnmatched,
  ComplianceEvent,
);
