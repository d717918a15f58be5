import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { assignCase } from '../../src/commands/assignments.js';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { reviewRun } from '../../src/commands/run-requests.js';
import { readLookups } from '../../src/queries/lookups.js';
import { assignmentStream } from '../../src/domain/assignment/decider.js';
import { getRun } from '../../src/projections/runs.js';
import { ASSIGNMENTS, assigneesOf } from '../../src/projections/assignments.js';
import type { TestService } from '../helpers/service.js';
import { createRun, pfSubject, startRunsService, waitForRun, world, type World } from '../http/runs-support.js';

// the review of a dashboard user, as the test calls it (one reviewRun with the caller as data)
const reviewRunAsUser = (deps: Parameters<typeof reviewRun>[0], runId: string, input: Parameters<typeof reviewRun>[2], reviewer: { user_id: string; tenant_id: string }, context: CommandContext) =>
  reviewRun(deps, runId, input, { kind: 'user', ...reviewer }, context);

let n = 0;
const context = (tenantId: string, actor: string): CommandContext => {
  n += 1;
  return {
    metadata: { tenant_id: tenantId, actor, request_id: `req-${n}`, occurred_at: new Date().toISOString(), correlation_id: `req-${n}`, causation_id: null },
    commandId: `cmd-${n}-${Math.random()}`,
  };
};

describe('dashboard cases: four-eyes reviews and assignments', () => {
  let service: TestService;
  let a: World;
  let b: World;

  before(async () => {
    service = await startRunsService();
    a = await world(service, 'Casa A');
    b = await world(service, 'Casa B');
    // the users read model as the dashboard writes it
    const users = [
      ['u-analyst-a', a.tenant.tenant_id, 'analyst', 'active'],
      ['u-viewer-a', a.tenant.tenant_id, 'viewer', 'active'],
      ['u-gone-a', a.tenant.tenant_id, 'analyst', 'deactivated'],
      ['u-analyst-b', b.tenant.tenant_id, 'analyst', 'active'],
    ] as const;
    await service.services.readStore.ensureCollection('dashboard_users', []);
    await service.services.readStore.commit({
      writes: users.map(([id, tenant_id, role, status]) => ({ op: 'put', collection: 'dashboard_users', id, doc: { tenant_id, role, status, created_at: new Date().toISOString() }, position: 0 })),
    });
  });
  after(async () => service.close());

  async function pendingRun(world: World): Promise<string> {
    const runId = await createRun(service, world.key, { template_id: world.pf, subject: pfSubject('00000000353') });
    expect((await waitForRun(service, world.key, runId))['status']).to.equal('pending_review');
    return runId;
  }

  const setFourEyes = async (tenantId: string, on: boolean) => {
    const response = await service.operator(`/tenants/${tenantId}`, { method: 'PATCH', json: { four_eyes: on } });
    expect(response.status, await response.clone().text()).to.equal(200);
    expect(((await response.json()) as { settings: { four_eyes: boolean } }).settings.four_eyes).to.equal(on);
  };

  it('holds a rejection for a second analyst under four-eyes and never lets the proposer confirm it', async () => {
    await setFourEyes(a.tenant.tenant_id, true);
    const runId = await pendingRun(a);
    const deps = service.services;
    const first = await reviewRunAsUser(deps, runId, { decision: 'rejected', note: 'Vínculo PEP não explicado' }, { user_id: 'user:one', tenant_id: a.tenant.tenant_id }, context(a.tenant.tenant_id, 'user:one'));
    if (E.isLeft(first)) return expect.fail(first.left.code);
    expect(first.right.outcome).to.equal('proposed');
    await deps.runner.waitFor(first.right.position!);
    const proposed = (await getRun(deps.readStore, runId))!;
    expect(proposed.status).to.equal('pending_review');
    expect(proposed.review_proposal).to.deep.include({ decision: 'rejected', proposed_by: 'user:one' });

    const again = await reviewRunAsUser(deps, runId, { decision: 'rejected', note: 'Eu mesmo' }, { user_id: 'user:one', tenant_id: a.tenant.tenant_id }, context(a.tenant.tenant_id, 'user:one'));
    expect(E.isLeft(again) && again.left.code).to.equal('four_eyes_required');

    const second = await reviewRunAsUser(deps, runId, { decision: 'rejected', note: 'Confirmo' }, { user_id: 'user:two', tenant_id: a.tenant.tenant_id }, context(a.tenant.tenant_id, 'user:two'));
    if (E.isLeft(second)) return expect.fail(second.left.code);
    expect(second.right.outcome).to.equal('reviewed');
    await deps.runner.waitFor(second.right.position!);
    const done = (await getRun(deps.readStore, runId))!;
    expect(done.status).to.equal('completed');
    expect(done.review).to.deep.include({ decision: 'rejected', reviewed_by: 'user:two', proposed_by: 'user:one', note: 'Confirmo', proposal_note: 'Vínculo PEP não explicado' });
    expect(done.review_proposal).to.equal(null);
    await setFourEyes(a.tenant.tenant_id, false);
  });

  it('decides at once without four-eyes, and answers another tenant run_not_found', async () => {
    const runId = await pendingRun(a);
    const deps = service.services;
    const foreign = await reviewRunAsUser(deps, runId, { decision: 'approved', note: 'x' }, { user_id: 'user:b', tenant_id: b.tenant.tenant_id }, context(b.tenant.tenant_id, 'user:b'));
    expect(E.isLeft(foreign) && foreign.left.code).to.equal('run_not_found');
    const decided = await reviewRunAsUser(deps, runId, { decision: 'rejected', note: 'ok' }, { user_id: 'user:one', tenant_id: a.tenant.tenant_id }, context(a.tenant.tenant_id, 'user:one'));
    if (E.isLeft(decided)) return expect.fail(decided.left.code);
    expect(decided.right.outcome).to.equal('reviewed');
  });

  it("assigns a case to an active analyst of the case's tenant only, once", async () => {
    const runId = await pendingRun(a);
    const deps = { ...service.services, lookups: readLookups(service.services.readStore) };
    const tenantA = a.tenant.tenant_id;
    const ok = await assignCase(deps, { kind: 'run', case_id: runId, assignee: 'u-analyst-a' }, tenantA, context(tenantA, 'user:lead'));
    if (E.isLeft(ok)) return expect.fail(ok.left.code);
    await deps.runner.waitFor(ok.right!);
    expect(Object.fromEntries(await assigneesOf(deps.readStore, 'run', [runId]))).to.deep.equal({ [runId]: 'u-analyst-a' });
    const same = await assignCase(deps, { kind: 'run', case_id: runId, assignee: 'u-analyst-a' }, tenantA, context(tenantA, 'user:lead'));
    expect(E.isRight(same) && same.right).to.equal(null);
    expect(await deps.log.readStream(assignmentStream('run', runId))).to.have.length(1);

    for (const assignee of ['u-viewer-a', 'u-gone-a', 'u-analyst-b', 'nobody']) {
      const refused = await assignCase(deps, { kind: 'run', case_id: runId, assignee }, tenantA, context(tenantA, 'user:lead'));
      expect(E.isLeft(refused) && refused.left.code, assignee).to.equal('invalid_request');
    }
    const foreign = await assignCase(deps, { kind: 'run', case_id: runId, assignee: 'u-analyst-b' }, b.tenant.tenant_id, context(b.tenant.tenant_id, 'user:b'));
    expect(E.isLeft(foreign) && foreign.left.code).to.equal('run_not_found');
    for (const kind of ['alert', 'document'] as const) {
      const missing = await assignCase(deps, { kind, case_id: runId, assignee: null }, tenantA, context(tenantA, 'user:lead'));
      expect(E.isLeft(missing) && missing.left.code).to.equal(`${kind}_not_found`);
    }
    const back = await assignCase(deps, { kind: 'run', case_id: runId, assignee: null }, tenantA, context(tenantA, 'user:lead'));
    if (E.isLeft(back)) return expect.fail(back.left.code);
    await deps.runner.waitFor(back.right!);
    expect((await deps.readStore.get<{ assignee: string | null }>(ASSIGNMENTS, `run:${runId}`))!.doc.assignee).to.equal(null);
  });
});
