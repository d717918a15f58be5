import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { verifyRun } from '../../src/queries/audit.js';
import { evaluate, type RecordedAnswer } from '../../src/domain/run/evaluate.js';
import type { TemplateDefinition } from '../../src/domain/template/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { getRun } from '../../src/projections/runs.js';
import type { TestService } from '../helpers/service.js';
import { formatCpf } from '../http/customers-support.js';
import { ISO, UUID, type Json } from '../http/runs-support.js';
import { apiCall, FIXTURE_RUNS, OTHER, runWorkload, startCountedService, SUBJECT, type FixtureRun, type Workload } from './workload.js';
import { nodeArgs } from '../helpers/node-child.js';

const exec = promisify(execFile);
const METADATA_KEYS = ['tenant_id', 'actor', 'request_id', 'occurred_at', 'correlation_id', 'causation_id'];

/** Issue 8, points 1 and 2: audit reading through the operator API and the CLI, and as-of evidence of runs. */
describe('audit trail: streams by tenant, category and subject; export; verify-run', function () {
  this.timeout(60_000);
  let service: TestService;
  let w: Workload;
  let dataDir: string;
  let open = true;
  /** the tenant's full history, read page by page through the API */
  let tenantEvents: Json[] = [];
  let subjectEvents: Json[] = [];

  before(async () => {
    service = (await startCountedService()).service;
    dataDir = service.dataDir;
    w = await runWorkload(service);
  });
  after(async () => {
    if (open) await service.close();
  });

  const audit = async (query: Record<string, string>) => {
    const r = await apiCall(service.operator(`/audit/streams?${new URLSearchParams(query)}`));
    expect(r.status, JSON.stringify(r.body)).to.equal(200);
    return r.body as { data: Json[]; next_cursor: string | null };
  };
  /** every page of a query, following next_cursor; fails on a repeated position */
  const allPages = async (query: Record<string, string>, limit: number) => {
    const out: Json[] = [];
    let cursor: string | null = query['from'] ?? null;
    let pages = 0;
    for (;;) {
      const page = await audit({ ...query, limit: String(limit), ...(cursor !== null ? { from: cursor } : {}) });
      expect(page.data.length).to.be.at.most(limit);
      out.push(...page.data);
      pages++;
      if (page.next_cursor === null) break;
      cursor = page.next_cursor;
    }
    const positions = out.map((e) => e.position as number);
    expect(new Set(positions).size, 'no event twice').to.equal(positions.length);
    expect(positions, 'commit order').to.deep.equal([...positions].sort((x, y) => x - y));
    return { events: out, pages };
  };
  const storeEvents = async () => service.services.log.readAll({ after: null, limit: 1_000_000 });
  const eventOf = (events: Json[], stream: string, type: string) => {
    const found = events.find((e) => e.stream === stream && e.type === type);
    expect(found, `${type} on ${stream}`).to.not.equal(undefined);
    return found!;
  };

  it('by tenant, paged: every event of the tenant exactly once, in commit order, and nothing of another tenant', async () => {
    const { events, pages } = await allPages({ tenant_id: w.a.tenant_id }, 25);
    tenantEvents = events;
    expect(pages).to.be.greaterThan(3);
    const all = await storeEvents();
    const ofA = all.filter((e) => e.metadata.tenant_id === w.a.tenant_id).map((e) => e.position);
    expect(events.map((e) => e.position)).to.deep.equal(ofA);
    expect(all.some((e) => e.metadata.tenant_id === w.b.tenant_id), 'the other tenant has events').to.equal(true);
    expect(events.every((e) => e.metadata.tenant_id === w.a.tenant_id)).to.equal(true);
    // the whole life of the tenant: its record, ledger, templates, runs, customers, idempotency keys
    const categories = new Set(events.map((e) => String(e.stream).split('-')[0]));
    for (const c of ['tenant', 'ledger', 'template', 'run', 'customer', 'idempotency']) expect(categories, c).to.include(c);
    // one page of everything is the same listing
    expect((await audit({ tenant_id: w.a.tenant_id, limit: '1000' })).data).to.deep.equal(events);
    // personal fields are read opened, as the auditor needs them
    expect(eventOf(events, `customer-${w.subject.customer_id}`, 'CustomerRegistered').data.profile).to.include({ name: SUBJECT.name, email: SUBJECT.email, doc: SUBJECT.doc });
  });

  it('by category: only that category of streams, with or without a tenant', async () => {
    for (const category of ['run', 'customer', 'ledger']) {
      const { events } = await allPages({ tenant_id: w.a.tenant_id, category }, 20);
      expect(events.length, category).to.be.greaterThan(0);
      expect(events).to.deep.equal(tenantEvents.filter((e) => String(e.stream).startsWith(`${category}-`)));
    }
    const tenants = (await allPages({ category: 'tenant' }, 1000)).events;
    expect(new Set(tenants.map((e) => e.stream))).to.deep.equal(new Set([`tenant-${w.a.tenant_id}`, `tenant-${w.b.tenant_id}`]));
    const bad = await apiCall(service.operator('/audit/streams?category=Run%20X'));
    expect(bad.status).to.equal(400);
  });

  it('by subject: every stream concerning the CPF (its runs, its customer and its case) in full, and nothing of another document or tenant', async () => {
    const { events } = await allPages({ tenant_id: w.a.tenant_id, subject: formatCpf(SUBJECT.doc) }, 1000);
    subjectEvents = events;
    const streams = new Set(events.map((e) => e.stream));
    expect(streams).to.deep.equal(new Set([`customer-${w.subject.customer_id}`, `case-${w.subject.customer_id}`, `run-${w.subject.run_id}`, `run-${w.subject.direct_run}`]));
    // each of those streams in full, in commit order
    const expected = (await Promise.all([...streams].map((s) => service.services.log.readStream(s)))).flat().sort((x, y) => x.position - y.position);
    expect(events.map((e) => [e.position, e.stream, e.revision, e.type])).to.deep.equal(expected.map((e) => [e.position, e.stream, e.revision, e.type]));
    expect(events.every((e) => e.metadata.tenant_id === w.a.tenant_id)).to.equal(true);
    const queued = events.filter((e) => e.type === 'RunQueued');
    expect(queued.map((e) => e.data.subject.doc)).to.deep.equal([SUBJECT.doc, SUBJECT.doc]);
    // the facial round and the document reviews of the customer are part of it
    for (const type of ['CustomerRegistered', 'DocumentUploaded', 'DocumentReviewed', 'FacialRoundCompleted', 'SourceAnswered', 'RunCompleted']) {
      expect(events.map((e) => e.type), type).to.include(type);
    }
    const text = JSON.stringify(events);
    expect(text).not.to.include(OTHER.doc);
    expect(text).not.to.include(w.b_customer.customer_id);
    expect(text).not.to.include(w.other.customer_id);
    // the same document in the other tenant is that tenant's subject
    const inB = (await allPages({ tenant_id: w.b.tenant_id, subject: SUBJECT.doc }, 1000)).events;
    expect(new Set(inB.map((e) => e.stream))).to.deep.equal(new Set([`customer-${w.b_customer.customer_id}`, `run-${w.b_customer.run_id}`]));
    // paged and from a position
    expect((await allPages({ tenant_id: w.a.tenant_id, subject: SUBJECT.doc }, 4)).events).to.deep.equal(events);
    const middle = events[Math.floor(events.length / 2)]!.position as number;
    expect((await allPages({ tenant_id: w.a.tenant_id, subject: SUBJECT.doc, from: String(middle) }, 1000)).events).to.deep.equal(events.filter((e) => e.position >= middle));
    // a subject needs its tenant
    expect((await apiCall(service.operator(`/audit/streams?subject=${SUBJECT.doc}`))).status).to.equal(400);
    expect((await apiCall(service.operator(`/audit/streams?subject=123&tenant_id=${w.a.tenant_id}`))).status).to.equal(400);
  });

  it('from a position: the events at and after it, and nothing past the head', async () => {
    const k = Math.floor(tenantEvents.length / 3);
    const from = tenantEvents[k]!.position as number;
    expect((await allPages({ tenant_id: w.a.tenant_id, from: String(from) }, 30)).events).to.deep.equal(tenantEvents.slice(k));
    const head = await service.services.eventStore.headPosition();
    expect(await audit({ tenant_id: w.a.tenant_id, from: String(head + 1) })).to.deep.equal({ data: [], next_cursor: null });
    expect((await apiCall(service.operator('/audit/streams?from=-1'))).status).to.equal(400);
    // a cursor the API never handed out (one past no event) is refused, on every store, never a 500
    const invented = await apiCall(service.operator(`/audit/streams?from=${head + 2}`));
    expect(invented.status).to.equal(400);
    expect((invented.body as { error: { code: string; param: string } }).error).to.include({ code: 'invalid_cursor', param: 'from' });
  });

  it('each event carries actor, request id, time, correlation and causation; API writes carry the response X-Request-Id', async () => {
    for (const e of tenantEvents) {
      const m = e.metadata as Json;
      expect(Object.keys(m).sort(), `${e.type}`).to.deep.equal([...METADATA_KEYS].sort());
      expect(m.actor, e.type).to.match(new RegExp(`^(api_key:(${w.a.key_id}|${w.live_key.key_id})|operator|system)$`));
      expect(m.occurred_at, e.type).to.match(ISO);
      expect(e.recorded_at, e.type).to.be.a('string');
      expect(m.correlation_id, e.type).to.be.a('string').that.is.not.empty;
      expect(m.causation_id === null || typeof m.causation_id === 'string', e.type).to.equal(true);
      if (m.actor === 'system') expect(m.request_id, e.type).to.equal(null);
      else expect(m.request_id, e.type).to.match(UUID);
    }
    const actors = new Set(tenantEvents.map((e) => String(e.metadata.actor)));
    expect(actors).to.include.members([`api_key:${w.a.key_id}`, `api_key:${w.live_key.key_id}`, 'operator', 'system']);

    // API writes: the request id of the HTTP answer, the key as actor
    for (const name of Object.keys(FIXTURE_RUNS) as FixtureRun[]) {
      const queued = eventOf(tenantEvents, `run-${w.fixtures[name].run_id}`, 'RunQueued');
      expect(queued.metadata).to.include({ actor: `api_key:${w.a.key_id}`, request_id: w.fixtures[name].request_id, correlation_id: w.fixtures[name].request_id, causation_id: null });
    }
    const registered = eventOf(tenantEvents, `customer-${w.subject.customer_id}`, 'CustomerRegistered');
    expect(registered.metadata).to.include({ actor: `api_key:${w.a.key_id}`, request_id: w.subject.request_id });
    expect(eventOf(tenantEvents, `run-${w.subject.direct_run}`, 'RunQueued').metadata).to.include({ request_id: w.subject.direct_request_id });
    // operator writes
    expect(eventOf(tenantEvents, `run-${w.fixtures.pending_review.run_id}`, 'RunReviewed').metadata).to.include({ actor: 'operator', request_id: w.review_request_id });
    expect(eventOf(tenantEvents, `ledger-${w.a.tenant_id}`, 'CreditsAdded').metadata).to.include({ actor: 'operator', request_id: w.credits_request_id });
    // the system's own work: correlated with the run, caused by the event it reacts to
    const started = eventOf(tenantEvents, `run-${w.fixtures.completed.run_id}`, 'RunStarted');
    expect(started.metadata).to.include({ actor: 'system', request_id: null, correlation_id: w.fixtures.completed.run_id });
    const liveCompleted = (await service.services.log.readStream(`run-${w.live_run}`)).find((e) => e.type === 'RunCompleted')!;
    const captured = tenantEvents.find((e) => e.type === 'CreditsCaptured' && e.data.charge_id === w.live_run)!;
    expect(captured, 'the live run was billed').to.not.equal(undefined);
    expect(captured.metadata).to.include({ actor: 'system', request_id: null, correlation_id: liveCompleted.metadata.correlation_id, causation_id: liveCompleted.id });
  });

  it('as-of evidence: each run re-derives its recorded decision from its own events, with the template version it used', async () => {
    // revise the PF template so that its current version would decide the blocked run otherwise
    const revised: Partial<TemplateDefinition> = { rules: [{ check_id: 'sanctions_hit', on_invalid: 'info' }, { check_id: 'civil_proceedings', on_invalid: 'info' }] };
    const patched = await apiCall(service.operator(`/templates/${w.a.pf}`, { method: 'PATCH', json: revised }));
    expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
    expect(patched.body.version).to.equal(2);
    const runs = [...Object.values(w.fixtures).map((f) => f.run_id), w.live_run, w.subject.run_id, w.subject.direct_run];
    for (const runId of runs) {
      const doc = (await getRun(service.services.readStore, runId))!;
      const result = (await verifyRun(service.services.log, runId))!;
      expect(result.match, `${runId} ${JSON.stringify(result)}`).to.equal(true);
      expect(result.template).to.deep.equal({ template_id: doc.template_id, version: 1 });
      expect(result.recorded).to.deep.equal(result.rederived);
    }
    const blocked = (await verifyRun(service.services.log, w.fixtures.blocked.run_id))!;
    expect(blocked.recorded).to.include({ status: 'blocked', decision: 'rejected' });
    // under the current (revised) template the same answers would not block: the recorded version is what counts
    const events = await service.services.log.readStream(`run-${w.fixtures.blocked.run_id}`);
    const answers: Record<string, RecordedAnswer> = {};
    for (const e of events) {
      if (e.type !== 'SourceAnswered') continue;
      const { run_id: _r, subject_ref: _s, answered_at: _a, ...answer } = e.data as Json;
      answers[answer.source_id] = answer as RecordedAnswer;
    }
    expect(evaluate({ ...REFERENCE_PF, ...revised } as TemplateDefinition, answers).decision).not.to.equal('rejected');
    expect(await verifyRun(service.services.log, randomUUID())).to.equal(null);
  });

  it('CLI export writes the same events as JSON lines: by tenant, by subject, from a position (service closed)', async () => {
    expect(tenantEvents.length).to.be.greaterThan(0);
    // the template revision above is part of the history now
    tenantEvents = (await allPages({ tenant_id: w.a.tenant_id }, 1000)).events;
    await service.close();
    open = false;
    const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'test-secret-key', SVC_OPERATOR_TOKEN: 'x' };
    const from = tenantEvents[Math.floor(tenantEvents.length / 2)]!.position as number;
    const cli = (args: string[]) => exec('npx', ['tsx', 'scripts/audit.ts', 'export', ...args], { env, maxBuffer: 64 * 1024 * 1024 });
    const [all, subject, tail] = await Promise.all([
      cli(['--tenant', w.a.tenant_id]),
      cli(['--tenant', w.a.tenant_id, '--subject', formatCpf(SUBJECT.doc)]),
      cli(['--tenant', w.a.tenant_id, '--from', String(from)]),
    ]);
    const lines = (out: string) => out.trim().split('\n').map((l) => JSON.parse(l) as Json);
    expect(lines(all.stdout)).to.deep.equal(tenantEvents);
    expect(lines(subject.stdout)).to.deep.equal(subjectEvents);
    expect(lines(tail.stdout)).to.deep.equal(tenantEvents.filter((e) => e.position >= from));
  });

  it('CLI verify-run: match for completed, pending_review and partial runs; a forged terminal event on the blocked and failed runs is a mismatch (exit 1)', async () => {
    expect(open, 'runs after the export closed the service').to.equal(false);
    // tampering: a terminal event with another decision appended straight to the store
    // (both runs matched before, through the same verifyRun: see the as-of test above)
    const store = new SqliteEventStore(join(dataDir, 'events.sqlite'));
    try {
      for (const name of ['blocked', 'failed'] as const) {
        const stream = `run-${w.fixtures[name].run_id}`;
        const terminal = (await store.readStream(stream)).find((e) => e.type === 'RunCompleted' || e.type === 'RunFailed')!;
        const data = { ...terminal.data, status: 'completed', decision: 'approved', operative_decision: 'approved', risk_band: 'baixo', manual_review: false, abandoned: [], cost: 0, summary_message: 'Aprovado.' };
        await store.append(stream, [{ id: randomUUID(), type: 'RunCompleted', data, metadata: { ...terminal.metadata, occurred_at: new Date().toISOString() } }], 'any');
      }
    } finally {
      await store.close();
    }
    const env = { ...process.env, SVC_DATA_DIR: dataDir, SVC_SECRET_KEY: 'test-secret-key', SVC_OPERATOR_TOKEN: 'x' };
    const verify = async (runId: string) => {
      try {
        const { stdout } = await exec(process.execPath, [...nodeArgs('scripts/audit.ts'), 'verify-run', runId], { env });
        return { code: 0, result: JSON.parse(stdout) as Json };
      } catch (error) {
        const e = error as { code: number; stdout: string };
        return { code: e.code, result: JSON.parse(e.stdout) as Json };
      }
    };
    const expected: Record<FixtureRun, { status: string; decision: string | null }> = {
      completed: { status: 'completed', decision: 'approved' },
      blocked: { status: 'blocked', decision: 'rejected' },
      pending_review: { status: 'pending_review', decision: 'review' },
      partial: { status: 'partial', decision: 'approved' },
      failed: { status: 'failed', decision: null },
      pj: { status: 'completed', decision: 'approved' },
    };
    const names = ['completed', 'pending_review', 'partial', 'blocked', 'failed'] as const;
    const results = await Promise.all(names.map((name) => verify(w.fixtures[name].run_id)));
    names.forEach((name, i) => {
      const { code, result } = results[i]!;
      expect(result.template, name).to.deep.equal({ template_id: w.a.pf, version: 1 });
      expect(result.rederived, name).to.include(expected[name]);
      if (name === 'blocked' || name === 'failed') {
        expect(code, `${name}: ${JSON.stringify(result)}`).to.equal(1);
        expect(result, name).to.include({ match: false, terminal_events: 2 });
        expect(result.recorded, name).to.include({ status: 'completed', decision: 'approved' });
      } else {
        expect(code, `${name}: ${JSON.stringify(result)}`).to.equal(0);
        expect(result, name).to.include({ run_id: w.fixtures[name].run_id, match: true, terminal_events: 1 });
        expect(result.recorded, name).to.include(expected[name]);
        expect(result.rederived, name).to.deep.equal(result.recorded);
      }
    });
  });
});
