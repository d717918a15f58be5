import * as t from 'io-ts';
import { FreezeAssetKind } from '../../domain/case/events.js';
import { boundedString, checkedString } from '../decode.js';
import { uuidParam } from './shared.js';

/** The input of the freeze measures and communications operations (issue 29). */

const Amount = t.union([t.number, t.null]);
const MAX_ITEMS = 200;

export const FreezeAssetInput = t.intersection([t.type({ kind: FreezeAssetKind, description: boundedString(1000) }), t.partial({ amount: Amount })]);
export const BlockedAttemptInput = t.intersection([t.type({ at: boundedString(40), description: boundedString(1000) }), t.partial({ amount: Amount })]);

const bounded = <C extends t.Mixed>(codec: C, field: string) =>
  new t.Type<t.TypeOf<C>[], t.OutputOf<C>[], unknown>(
    `array(0..${MAX_ITEMS})`,
    (u): u is t.TypeOf<C>[] => Array.isArray(u) && u.length <= MAX_ITEMS && u.every(codec.is),
    (u, c) => (Array.isArray(u) && u.length > MAX_ITEMS ? t.failure(u, c, `${field}: at most ${MAX_ITEMS} items`) : t.array(codec).validate(u, c)),
    (a) => a.map(codec.encode),
  );

export const FreezeMeasuresBody = t.intersection([
  t.type({ frozen_at: boundedString(40), assets: bounded(FreezeAssetInput, 'assets') }),
  t.partial({ attempts_blocked: bounded(BlockedAttemptInput, 'attempts_blocked'), justification: t.union([boundedString(4000), t.null]) }),
]);
export type FreezeMeasuresBody = t.TypeOf<typeof FreezeMeasuresBody>;

/** `<alert id>.<measures id or "inicial">.<bcb|mjsp|coaf>` */
const DRAFT_ID = /^[0-9a-f-]{36}\.(inicial|[0-9a-f-]{36})\.(bcb|mjsp|coaf)$/;
export const CommunicationParams = t.type({
  case_id: uuidParam('case_id'),
  draft_id: checkedString('draft id', (s) => DRAFT_ID.test(s), 'invalid_id', 'draft_id must be a communication draft id (<alert>.<measures|inicial>.<bcb|mjsp|coaf>).', 'draft_id'),
});
export const CommunicationFileParams = t.intersection([CommunicationParams, t.type({ format: checkedString('format', (s) => s === 'pdf' || s === 'json', 'invalid_request', 'format must be pdf or json.', 'format') })]);

export const MarkSentBody = t.type({ sent_at: boundedString(40), protocol: boundedString(200) });
