import { SOURCES } from '../../src/domain/run/catalog.js';
import { sourceCacheProjection, type CachedAnswerDoc } from '../../src/projections/source-cache.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-23T12:00:00.000Z';

const answered = (sourceId: string, overrides: Record<string, unknown> = {}) => ({
  run_id: 'r1',
  subject_ref: 'subj_x',
  source_id: sourceId,
  tier: 1,
  status: 'ANSWERED',
  checks: [{ check_id: 'cpf_regular', status: 'VALID', result_code: 'ok', result_label: 'Regular' }],
  check_texts: { cpf_regular: { title: 'CPF regular' } },
  data: { situacao: 'REGULAR' },
  error_code: null,
  error_message: null,
  cached: false,
  duration_ms: 30,
  cost: 1,
  answered_at: T0,
  ...overrides,
});
const cachedReceita: CachedAnswerDoc = {
  answer: {
    source_id: 'receita_cpf',
    tier: 1,
    status: 'ANSWERED',
    checks: [{ check_id: 'cpf_regular', status: 'VALID', result_code: 'ok', result_label: 'Regular', title: 'CPF regular' }],
    data: { situacao: 'REGULAR' },
    error_code: null,
    error_message: null,
    cached: false,
    duration_ms: 30,
    cost: 1,
  },
  answered_at: T0,
  expires_at: T1,
};

describe('source cache projection', () => {
  const cache = projectionSpec(sourceCacheProjection);

  it('a fresh answer of a cached source is kept per subject and source until its TTL ends', () => {
    const at = eventLog();
    cache.given([at('run-r1', 'SourceAnswered', answered('receita_cpf'))]).then({ 'subj_x:receita_cpf': cachedReceita }).andReplayChangesNothing();
  });

  it('never kept: errors, answers that were themselves cached, sources with no TTL', () => {
    const at = eventLog();
    cache
      .given([
        at('run-r1', 'SourceAnswered', answered('receita_cpf', { status: 'ERROR', checks: [], error_code: 'timeout' })),
        at('run-r1', 'SourceAnswered', answered('receita_cpf', { cached: true })),
        at('run-r1', 'SourceAnswered', answered('sanctions')),
        at('run-r1', 'RunStarted', { run_id: 'r1', customer_id: null, started_at: T0 }),
      ])
      .then({});
  });

  it("an erasure deletes every source's cached answer of the subject", () => {
    const at = eventLog();
    const before = cache.given([at('run-r1', 'SourceAnswered', answered('receita_cpf'))]);
    const erased = Object.fromEntries(Object.keys(SOURCES).map((source) => [`subj_x:${source}`, null]));
    cache
      .given([at('erasure-k', 'SubjectErased', { erasure_id: 'e1', tenant_id: 't1', subject_refs: ['subj_x'], customer_ids: [], run_ids: ['r1'], erased_at: T1 })], before.documents)
      .then(erased)
      .andReplayChangesNothing();
  });
});
