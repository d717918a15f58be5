import { expect } from 'chai';
import type { TestService } from '../helpers/service.js';
import { createRun, errorOf, getJson, pfSubject, postRun, sleep, startRunsService, waitForRun, world, type Json, type World } from './runs-support.js';

describe('POST /api/v1/bureau/runs with Idempotency-Key', () => {
  let service: TestService;
  let w: World;
  before(async () => {
    service = await startRunsService();
    w = await world(service);
  });
  after(async () => service.close());

  const runsWith = async (externalId: string) =>
    ((await (await getJson(service, w.key, `/bureau/runs?external_id=${externalId}&limit=100`)).json()) as Json).data as Json[];

  it('20 concurrent POSTs with one key make exactly one run; the others wait (409 + Retry-After) or replay it', async () => {
    const body = { template_id: w.pf, subject: pfSubject('00000000191'), external_id: 'idem-concurrent' };
    const responses = await Promise.all(Array.from({ length: 20 }, () => postRun(service, w.key, body, { 'idempotency-key': 'run-key-concurrent' })));
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Json[];
    const created = responses.map((r, i) => ({ r, body: bodies[i]! })).filter(({ r }) => r.status === 202 && r.headers.get('idempotent-replayed') === null);
    expect(created, JSON.stringify(responses.map((r) => r.status))).to.have.length(1);
    const runId = created[0]!.body.run_id as string;
    expect(created[0]!.body).to.deep.equal({ run_id: runId, status: 'queued', estimated_seconds: 12, livemode: false });
    responses.forEach((r, i) => {
      if (r === created[0]!.r) return;
      if (r.status === 409) {
        expect(bodies[i]!.error.code).to.equal('idempotency_key_in_progress');
        expect(Number(r.headers.get('retry-after'))).to.be.at.least(1);
      } else {
        expect(r.status).to.equal(202);
        expect(r.headers.get('idempotent-replayed')).to.equal('true');
        expect(bodies[i]).to.deep.equal(created[0]!.body);
      }
    });
    // a later retry replays the original answer
    const again = await postRun(service, w.key, body, { 'idempotency-key': 'run-key-concurrent' });
    expect(again.status).to.equal(202);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    expect(await again.json()).to.deep.equal(created[0]!.body);
    await waitForRun(service, w.key, runId);
    expect((await runsWith('idem-concurrent')).map((r) => r.run_id)).to.deep.equal([runId]);
  });

  it('the same key with another body: 400 idempotency_key_reused, and no second run', async () => {
    const body = { template_id: w.pf, subject: pfSubject('00000000191'), external_id: 'idem-reused' };
    const runId = await createRun(service, w.key, body, { 'idempotency-key': 'run-key-reused' });
    const reused = await postRun(service, w.key, { ...body, metadata: { other: 'body' } }, { 'idempotency-key': 'run-key-reused' });
    expect(reused.status).to.equal(400);
    expect((await errorOf(reused)).code).to.equal('idempotency_key_reused');
    await waitForRun(service, w.key, runId);
    expect(await runsWith('idem-reused')).to.have.length(1);
  });

  it('an error answer is not kept: the corrected request with the same key creates the run', async () => {
    const bad = await postRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000192'), external_id: 'idem-error' }, { 'idempotency-key': 'run-key-error' });
    expect(bad.status).to.equal(400);
    expect((await errorOf(bad)).code).to.equal('invalid_document');
    const good = await postRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000191'), external_id: 'idem-error' }, { 'idempotency-key': 'run-key-error' });
    expect(good.status).to.equal(202);
    expect(good.headers.get('idempotent-replayed')).to.equal(null);
    await waitForRun(service, w.key, ((await good.json()) as Json).run_id);
    expect(await runsWith('idem-error')).to.have.length(1);
  });

  it('without a key, two identical POSTs make two runs', async () => {
    const body = { template_id: w.pf, subject: pfSubject('00000000191'), external_id: 'idem-none' };
    const first = await createRun(service, w.key, body);
    const second = await createRun(service, w.key, body);
    expect(first).not.to.equal(second);
    for (const id of [first, second]) await waitForRun(service, w.key, id);
    expect(await runsWith('idem-none')).to.have.length(2);
  });
});

describe('operator review and cancellation of runs', () => {
  let service: TestService;
  let w: World;
  before(async () => {
    service = await startRunsService();
    w = await world(service);
  });
  after(async () => service.close());

  const review = (runId: string, json: unknown) => service.operator(`/runs/${runId}/review`, { method: 'POST', json });
  const cancel = (runId: string) => service.operator(`/runs/${runId}/cancel`, { method: 'POST' });
  const finished = async (doc: string) => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject(doc) });
    return { runId, run: await waitForRun(service, w.key, runId) };
  };

  it("review of a pending_review run: completed with the analyst's decision, manual_review false, and a new terminal event", async () => {
    for (const decision of ['approved', 'rejected'] as const) {
      const { runId, run } = await finished('00000000353');
      expect(run).to.include({ status: 'pending_review', decision: 'review', manual_review: true });
      const response = await review(runId, { decision, note: `analista: ${decision}` });
      const body = (await response.json()) as Json;
      expect(response.status, JSON.stringify(body)).to.equal(200);
      expect(body).to.include({ run_id: runId, status: 'completed', decision, operative_decision: decision, manual_review: false, risk_band: 'medio' });
      const after = await waitForRun(service, w.key, runId);
      expect(after).to.include({ status: 'completed', decision, operative_decision: decision, manual_review: false, risk_band: 'medio' });
      expect(Date.parse(after.completed_at)).to.be.at.least(Date.parse(run.completed_at));
      const analysis = (await (await getJson(service, w.key, `/bureau/runs/${runId}/analysis`)).json()) as Json;
      expect(analysis.analysis.decision).to.equal(decision);
      const events = await service.services.log.readStream(`run-${runId}`);
      const reviewed = events.filter((e) => e.type === 'RunReviewed');
      expect(reviewed).to.have.length(1);
      expect(reviewed[0]!.data).to.include({ decision, note: `analista: ${decision}` });
      expect(reviewed[0]!.metadata.actor).to.equal('operator');
      // decided once: a second review is refused
      const again = await review(runId, { decision: 'approved', note: 'again' });
      expect(again.status).to.equal(409);
      expect((await errorOf(again)).code).to.equal('invalid_run_state');
    }
    expect(((await (await getJson(service, w.key, '/bureau/runs?status=pending_review')).json()) as Json).data).to.deep.equal([]);
  });

  // issue 28: blocked and partial runs now await an analyst (test/http/run-review.spec.ts)
  it('review is refused (409 invalid_run_state) for completed approved and failed runs', async () => {
    for (const doc of ['00000000191', '00000000604']) {
      const { runId, run } = await finished(doc);
      const response = await review(runId, { decision: 'approved', note: 'x' });
      expect(response.status, doc).to.equal(409);
      expect(await errorOf(response)).to.include({ code: 'invalid_run_state', type: 'invalid_request_error' });
      expect(await waitForRun(service, w.key, runId)).to.deep.equal(run);
    }
  });

  it('review validates its body and the run id', async () => {
    const { runId } = await finished('00000000353');
    for (const body of [{ decision: 'review' }, { decision: 'maybe', note: 'x' }, {}, { decision: 'approved', note: 'n'.repeat(2001) }, { decision: 'approved' }, { decision: 'approved', note: ' ' }]) {
      const response = await review(runId, body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
    }
    expect((await waitForRun(service, w.key, runId)).status).to.equal('pending_review');
    const unknown = await review('3f2504e0-4f89-41d3-9a0c-0305e82c3301', { decision: 'approved', note: 'x' });
    expect(unknown.status).to.equal(404);
    expect((await errorOf(unknown)).code).to.equal('run_not_found');
    expect((await errorOf(await review('nope', { decision: 'approved', note: 'x' }))).code).to.equal('invalid_id');
    const noToken = await service.call(`/operator/v1/runs/${runId}/review`, { method: 'POST', json: { decision: 'approved' } });
    expect(noToken.status).to.equal(401);
  });

  it('cancel of a running run (00000000868): status cancelado, no answers recorded after it', async () => {
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000868'), external_id: 'to-cancel' });
    // wait until it runs (its sources take 3 s)
    for (let i = 0; ; i++) {
      const response = await getJson(service, w.key, `/bureau/runs/${runId}`);
      expect(response.status).to.equal(202);
      if (((await response.json()) as Json).status === 'running') break;
      if (i > 100) throw new Error('run never started');
      await sleep(10);
    }
    const response = await cancel(runId);
    const body = (await response.json()) as Json;
    expect(response.status, JSON.stringify(body)).to.equal(200);
    expect(body).to.include({ run_id: runId, status: 'cancelado', decision: null, risk_band: null });
    const run = await waitForRun(service, w.key, runId, 1_000); // no longer in progress: 200 at once
    expect(run).to.include({ status: 'cancelado', decision: null, operative_decision: null, risk_band: null, manual_review: false });
    const listed = ((await (await getJson(service, w.key, '/bureau/runs?status=cancelado')).json()) as Json).data as Json[];
    expect(listed.map((r) => r.run_id)).to.deep.equal([runId]);
    // the executor lets go of it: nothing is recorded after the cancellation
    await service.services.worker.idle();
    const events = await service.services.log.readStream(`run-${runId}`);
    expect(events.map((e) => e.type)).to.deep.equal(['RunQueued', 'RunStarted', 'RunCancelled']);
    expect((await waitForRun(service, w.key, runId)).status).to.equal('cancelado');
    // and it cannot be reviewed
    expect((await review(runId, { decision: 'approved', note: 'x' })).status).to.equal(409);
  });

  it('cancel of a finished run: 409 invalid_run_state, and the run is unchanged', async () => {
    for (const doc of ['00000000191', '00000000272', '00000000353', '00000000604']) {
      const { runId, run } = await finished(doc);
      const response = await cancel(runId);
      expect(response.status, doc).to.equal(409);
      expect((await errorOf(response)).code).to.equal('invalid_run_state');
      expect(await waitForRun(service, w.key, runId)).to.deep.equal(run);
    }
    const unknown = await cancel('3f2504e0-4f89-41d3-9a0c-0305e82c3301');
    expect(unknown.status).to.equal(404);
  });

  it('cancel of an already cancelled run: 409 invalid_run_state, and nothing more is recorded', async () => {
    // 00000000868 answers after 3 s: the run is still queued or running when cancelled
    const runId = await createRun(service, w.key, { template_id: w.pf, subject: pfSubject('00000000868') });
    const first = await cancel(runId);
    expect(first.status, await first.clone().text()).to.equal(200);
    const run = await waitForRun(service, w.key, runId, 1_000);
    expect(run.status).to.equal('cancelado');
    const second = await cancel(runId);
    expect(second.status).to.equal(409);
    expect(await errorOf(second)).to.include({ code: 'invalid_run_state', type: 'invalid_request_error' });
    expect((await errorOf(await cancel(runId))).message).to.include('cancelado');
    expect(await waitForRun(service, w.key, runId)).to.deep.equal(run);
    const events = await service.services.log.readStream(`run-${runId}`);
    expect(events.filter((e) => e.type === 'RunCancelled')).to.have.length(1);
  });
});
