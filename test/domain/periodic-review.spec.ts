import { expect } from 'chai';
import { isLeft } from 'fp-ts/lib/Either.js';
import { isReviewDue, reviewDueAt, reviewRunMetadata, type ReviewCandidate } from '../../src/domain/monitoring/periodic-review.js';
import { reviewDecider } from '../../src/domain/monitoring/review-decider.js';
import type { PeriodicReviewEvent } from '../../src/domain/monitoring/review-events.js';
import { PeriodicReview } from '../../src/domain/tenant/events.js';
import { spec } from '../helpers/decider-spec.js';

const ENDED = '2026-11-01T12:00:00.000Z';
const DAY = 86_400_000;
const at = (days: number, extraMs = 0) => new Date(Date.parse(ENDED) + days * DAY + extraMs);

const monitored = (run: Partial<NonNullable<ReviewCandidate['latest_run']>> = {}, status = 'em_monitoramento'): ReviewCandidate => ({
  status,
  latest_run: { run_id: 'r1', status: 'completed', risk_band: 'baixo', completed_at: ENDED, ...run },
});

/** Given a policy and a customer, when the sweep looks at `now`, then due or not. */
const given = (policy: PeriodicReview, customer: ReviewCandidate) => ({
  when: (now: Date) => ({
    thenDue: () => expect(isReviewDue(policy, customer, now), `due at ${now.toISOString()}`).to.equal(true),
    thenNotDue: () => expect(isReviewDue(policy, customer, now), `not due at ${now.toISOString()}`).to.equal(false),
  }),
});

describe('periodic review: when a monitored customer is due', () => {
  it('is due once the days set for its latest run band have passed since the run ended, not a millisecond before', () => {
    const policy = { baixo: 365, medio: 180, alto: 30 };
    given(policy, monitored()).when(at(365, -1)).thenNotDue();
    given(policy, monitored()).when(at(365)).thenDue();
    given(policy, monitored({ risk_band: 'medio' })).when(at(179)).thenNotDue();
    given(policy, monitored({ risk_band: 'medio' })).when(at(180)).thenDue();
    given(policy, monitored({ risk_band: 'alto' })).when(at(30)).thenDue();
    expect(reviewDueAt(policy, monitored({ risk_band: 'alto' }))).to.equal(at(30).getTime());
  });

  it('is never due without a policy, for a band the policy leaves out, or for a band it does not know', () => {
    given(null, monitored()).when(at(10_000)).thenNotDue();
    given({}, monitored()).when(at(10_000)).thenNotDue();
    given({ alto: 30 }, monitored({ risk_band: 'baixo' })).when(at(10_000)).thenNotDue();
    given({ baixo: 1 }, monitored({ risk_band: 'constructor' })).when(at(10_000)).thenNotDue();
  });

  it('only a customer em_monitoramento is reviewed', () => {
    for (const status of ['em_analise', 'aprovado', 'pendencia', 'recusado', 'rascunho', 'inactive']) {
      given({ baixo: 1 }, monitored({}, status)).when(at(400)).thenNotDue();
    }
    given({ baixo: 1 }, { status: 'em_monitoramento', latest_run: null }).when(at(400)).thenNotDue();
  });

  it('a run still going, or awaiting an analyst, is not reviewed over', () => {
    for (const status of ['queued', 'running']) given({ baixo: 1 }, monitored({ status, completed_at: null, risk_band: null })).when(at(400)).thenNotDue();
    given({ baixo: 1 }, monitored({ status: 'pending_review' })).when(at(400)).thenNotDue();
    given({ baixo: 1 }, monitored({ status: 'partial' })).when(at(1)).thenDue();
    given({ baixo: 1 }, monitored({ status: 'blocked' })).when(at(1)).thenDue();
  });

  it('a run that ended without a band (failed, cancelled) is reviewed after the shortest period set', () => {
    const policy = { baixo: 365, alto: 30 };
    given(policy, monitored({ status: 'failed', risk_band: null })).when(at(30, -1)).thenNotDue();
    given(policy, monitored({ status: 'failed', risk_band: null })).when(at(30)).thenDue();
    given(policy, monitored({ status: 'cancelado', risk_band: null })).when(at(30)).thenDue();
  });
});

describe('periodic review: the setting and the run metadata', () => {
  it('the setting takes whole days from 1 to 3650 per known band, or null', () => {
    for (const good of [null, {}, { baixo: 1 }, { baixo: 365, medio: 180, alto: 3650 }]) expect(PeriodicReview.is(good), JSON.stringify(good)).to.equal(true);
    for (const bad of [{ baixo: 0 }, { medio: -5 }, { alto: 1.5 }, { baixo: 3651 }, { baixo: '30' }, { alto: null }, 30]) {
      expect(isLeft(PeriodicReview.decode(bad)), JSON.stringify(bad)).to.equal(true);
    }
  });

  it('a review run carries the reviewed run metadata plus trigger: periodic_review, at most 10 pairs', () => {
    expect(reviewRunMetadata({})).to.deep.equal({ trigger: 'periodic_review' });
    expect(reviewRunMetadata({ canal: 'app', trigger: 'client value' })).to.deep.equal({ canal: 'app', trigger: 'periodic_review' });
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, `v${i}`]));
    const metadata = reviewRunMetadata(ten);
    expect(Object.keys(metadata)).to.have.length(10);
    expect(metadata).to.include({ k0: 'v0', k8: 'v8', trigger: 'periodic_review' });
  });
});

describe('periodic review: deferrals of a review that could not start', () => {
  const review = spec(reviewDecider);
  const defer = (runId: string, reason: 'insufficient_credit' | 'billing_suspended', now = ENDED) =>
    ({ type: 'DeferReview', tenant_id: 't1', customer_id: 'c1', run_id: runId, reason, now }) as const;
  const deferred = (runId: string, reason: 'insufficient_credit' | 'billing_suspended', now = ENDED): PeriodicReviewEvent => ({
    type: 'PeriodicReviewDeferred',
    data: { tenant_id: 't1', customer_id: 'c1', run_id: runId, reason, deferred_at: now },
  });

  it('records a deferral once per attempt and reason: the hourly retries of the same refusal add nothing', () => {
    review.given([]).when(defer('r2', 'insufficient_credit')).then([deferred('r2', 'insufficient_credit')]);
    review.given([deferred('r2', 'insufficient_credit')]).when(defer('r2', 'insufficient_credit', at(1).toISOString())).thenNothing();
    review.given([deferred('r2', 'insufficient_credit')]).when(defer('r2', 'billing_suspended')).then([deferred('r2', 'billing_suspended')]);
    review.given([deferred('r2', 'insufficient_credit')]).when(defer('r3', 'insufficient_credit')).then([deferred('r3', 'insufficient_credit')]);
  });
});
