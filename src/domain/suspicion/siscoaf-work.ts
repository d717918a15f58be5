import * as E from 'fp-ts/lib/Either.js';
import type { Decider } from '../shared/decider.js';
import { SiscoafReceiptItemsUnmatched, type SiscoafWorkEvent, type UnmatchedReceiptItem } from './events.js';

export const siscoafWorkStream = (tenantId: string): string => `siscoaf-${tenantId}`;

/** The tenant's Siscoaf work that belongs to no case: receipt items no communication claims, by the receipt's hash. */
export interface SiscoafWorkState {
  receipts: Record<string, { items: UnmatchedReceiptItem[]; recorded_at: string }>;
}

export type SiscoafWorkCommand = { type: 'RecordUnmatchedReceiptItems'; tenant_id: string; receipt_sha256: string; items: UnmatchedReceiptItem[]; by: string; now: string };

export const siscoafWorkDecider: Decider<SiscoafWorkCommand, SiscoafWorkState, SiscoafWorkEvent> = {
  initialState: { receipts: {} },
  codec: SiscoafReceiptItemsUnmatched,
  decide(command, state) {
    if (state.receipts[command.receipt_sha256] || command.items.length === 0) return E.right([]);
    const { tenant_id, receipt_sha256, items, by } = command;
    return E.right([{ type: 'SiscoafReceiptItemsUnmatched', data: { tenant_id, receipt_sha256, items, by, recorded_at: command.now } }]);
  },
  evolve(state, event) {
    return { receipts: { ...state.receipts, [event.data.receipt_sha256]: { items: event.data.items, recorded_at: event.data.recorded_at } } };
  },
};
