import { operatorSuspicionCasesRouter } from '../../http/routers/operator/suspicion-cases.js';
import { suspicionCasesRouter } from '../../http/routers/suspicion-cases.js';
import { readLookups } from '../../queries/lookups.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/**
 * The regulatory cases of issue 30: the public report and reading of cases, and the operator API
 * of their selection, decision and communication to COAF. Its operator routers come before the
 * customers' cases (issue 28), whose `/cases/{case_id}/close` it shares.
 */
export function suspicionModule(infra: Infrastructure, shared: Shared): Module {
  const { readStore, blobStore, secretKey } = infra;
  const deps = { ...writeDeps(infra, shared), secretKey, lookups: readLookups(readStore) };
  return {
    name: 'suspicion',
    api: [suspicionCasesRouter({ ...deps, idempotency: shared.idempotency })],
    operator: [operatorSuspicionCasesRouter({ ...deps, blobStore })],
  };
}
