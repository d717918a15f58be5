import * as t from 'io-ts';
import { displayName } from '../decode.js';
import { uuidParam } from './shared.js';

/** The input of the operator's dossier operations on a suspicion case (issue 30). */

export const SuspicionCaseParams = t.type({ case_id: uuidParam('case_id') });
export const EvidenceParams = t.type({ case_id: uuidParam('case_id'), evidence_id: uuidParam('evidence_id') });

/** `POST …/kyc_snapshot`: who asks for it (optional: the operator otherwise). */
export const KycSnapshotBody = t.partial({ by: displayName(200) });
