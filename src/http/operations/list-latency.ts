import * as t from 'io-ts';
import { Limit, PositionCursor } from './shared.js';

/** The input of `GET /operator/v1/lists/{list_id}/latency`: any list id (an unknown one is list_not_found). */
export const ListLatencyParams = t.type({ list_id: t.string });
export const ListLatencyQuery = t.partial({ cursor: PositionCursor, limit: Limit });
