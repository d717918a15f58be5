import * as t from 'io-ts';
import { boundedString } from '../decode.js';

/** POST /operator/v1/runs/{run_id}/hits/disposition: an analyst's verdict on one of the run's list hits. */
export const DisposeRunHitBody = t.intersection([
  t.type({
    list_id: boundedString(200),
    entry_id: boundedString(500),
    disposition: t.keyof({ true_match: null, false_positive: null }),
    // blank is refused too: a disposition must say why
    reason: boundedString(2000),
  }),
  t.partial({ analyst: boundedString(200) }),
]);
