import { expect } from 'chai';
import * as E from 'fp-ts/lib/Either.js';
import { EventLog } from '../../src/adapters/event-store/event-log.js';
import type { EventStore, ExpectedRevision, NewEvent } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { PlainPiiCodec } from '../../src/adapters/pii/port.js';
import { createCustomer, documentClaimStream, externalIdClaimStream, type NewCustomer } from '../../src/commands/customers.js';
import type { CommandContext } from '../../src/commands/handle-command.js';
import { ledgerCommand } from '../../src/commands/ledger.js';
import { customerPii } from '../../src/domain/customer/events.js';
import { customerStream } from '../../src/domain/customer/decider.js';
import { ledgerStream } from '../../src/domain/ledger/decider.js';
import { runPii } from '../../src/domain/run/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { tempDir } from '../helpers/temp.js';

const SECRET = 'secret-for-claims';
const NOW = '2026-11-22T12:00:00.000Z';
const TENANT = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

const context = (id: string): CommandContext => ({
  commandId: id,
  metadata: { tenant_id: TENANT, actor: 'key:k1', request_id: id, occurred_at: NOW, correlation_id: id, causation_id: null },
});

const TEMPLATE = { template_id: 'tpl-1', tenant_id: null, global: true, version: 1, definition: REFERENCE_PF, published: true, active: true, created_at: NOW, updated_at: NOW };

const customer = (doc: string, extra: Partial<NewCustomer> = {}): NewCustomer => ({
  tenant_id: TENANT,
  environment: 'live',
  type: 'pf',
  doc,
  profile: { name: 'Maria Silva', email: 'maria@example.com' },
  external_id: null,
  metadata: {},
  onboarding_profile: null,
  webhook_url: null,
  template: null,
  run_subject: {},
  ...extra,
});

/**
 * createCustomer's steps over the claim, ledger, customer and run streams: what a refusal or a
 * failure at each point leaves behind.
 */
describe('createCustomer: the claims, the credit and the customer, undone in reverse', () => {
  let store: SqliteEventStore;
  let failRuns: boolean;
  let log: EventLog;
  beforeEach(() => {
    store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
    failRuns = false;
    // the run stream's append fails when asked: the last step of a creation with a run
    const guarded = Object.assign(Object.create(store) as EventStore, {
      append: (stream: string, events: readonly NewEvent[], expected: ExpectedRevision) => {
        if (failRuns && stream.startsWith('run-')) return Promise.reject(new Error('run store down'));
        return store.append(stream, events, expected);
      },
    });
    log = new EventLog(guarded, new PlainPiiCodec(), { ...runPii, ...customerPii });
  });
  afterEach(async () => store.close());

  const types = async (stream: string) => (await log.readStream(stream)).map((e) => e.type);
  const positions = async (stream: string) => (await log.readStream(stream)).map((e) => e.position);
  const docStream = (doc: string) => documentClaimStream(SECRET, TENANT, 'live', doc);
  const extStream = (ext: string) => externalIdClaimStream(SECRET, TENANT, 'live', ext);

  it('a conflicting external_id releases the document claimed before it, and writes no customer', async () => {
    const first = await createCustomer(log, SECRET, customer('11144477735', { external_id: 'ext-1' }), context('c1'));
    expect(E.isRight(first)).to.equal(true);
    const second = await createCustomer(log, SECRET, customer('52998224725', { external_id: 'ext-1' }), context('c2'));
    expect(E.isLeft(second) && [second.left.code, second.left.extra['existing_customer_id']]).to.deep.equal(['external_id_conflict', E.isRight(first) && first.right.customer_id]);
    expect(await types(docStream('52998224725'))).to.deep.equal(['ValueReserved', 'ValueReleased']);
    expect(await types(extStream('ext-1'))).to.deep.equal(['ValueReserved']);
  });

  it('a run refused its credit releases both claims, the last claimed first, and writes no customer', async () => {
    const refused = await createCustomer(log, SECRET, customer('11144477735', { external_id: 'ext-2', template: TEMPLATE }), context('c3'));
    expect(E.isLeft(refused) && refused.left.code).to.equal('billing_suspended');
    expect(await types(docStream('11144477735'))).to.deep.equal(['ValueReserved', 'ValueReleased']);
    expect(await types(extStream('ext-2'))).to.deep.equal(['ValueReserved', 'ValueReleased']);
    const [extReleased, docReleased] = [(await positions(extStream('ext-2')))[1]!, (await positions(docStream('11144477735')))[1]!];
    expect(extReleased).to.be.below(docReleased);
    expect(await types(ledgerStream(TENANT))).to.deep.equal([]);
  });

  it('a run that cannot be queued sends the written customer back to a draft and releases its credit; its claims stay', async () => {
    await ledgerCommand(log, { type: 'AddCredits', tenant_id: TENANT, amount: 1_000, reason: 'test', now: NOW }, context('credits'));
    failRuns = true;
    const error = await createCustomer(log, SECRET, customer('11144477735', { external_id: 'ext-3', template: TEMPLATE }), context('c4')).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as Error).message).to.equal('run store down');
    expect(await types(ledgerStream(TENANT))).to.deep.equal(['CreditsAdded', 'CreditsReserved', 'CreditsReleased']);
    expect(await types(docStream('11144477735'))).to.deep.equal(['ValueReserved']);
    expect(await types(extStream('ext-3'))).to.deep.equal(['ValueReserved']);
    const owner = (await log.readStream(docStream('11144477735')))[0]!.data['owner_id'] as string;
    const history = await log.readStream(customerStream(owner));
    expect(history.map((e) => e.type)).to.deep.equal(['CustomerRegistered', 'CustomerRunRequested', 'CustomerRunAborted']);
    expect(history[2]!.data['reason']).to.equal('internal_error');
  });
});
