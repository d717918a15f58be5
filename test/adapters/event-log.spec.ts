import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EventLog, UndecodableEventError } from '../../src/adapters/event-store/event-log.js';
import type { EventMetadata } from '../../src/adapters/event-store/port.js';
import { SqliteEventStore } from '../../src/adapters/event-store/sqlite.js';
import { ERASED, PlainPiiCodec, type PiiCodec } from '../../src/adapters/pii/port.js';
import { loadState } from '../../src/commands/handle-command.js';
import { runStream } from '../../src/domain/run/decider.js';
import { tenantDecider, tenantStream } from '../../src/domain/tenant/decider.js';
import { PII_POLICY } from '../../src/app/infrastructure.js';
import { tempDir } from '../helpers/temp.js';

const metadata: EventMetadata = { tenant_id: 't1', actor: 'system', request_id: null, occurred_at: '2026-11-22T12:00:00.000Z', correlation_id: 'c', causation_id: null };
const created = (tenantId: string, name: unknown) => ({ tenant_id: tenantId, name, facial_verification_master: false, created_at: '2026-11-22T12:00:00.000Z' });

const answer = (runId: string, data: unknown) => ({
  run_id: runId,
  subject_ref: 'ref-1',
  source_id: 'receita_federal',
  tier: 1,
  status: 'ANSWERED',
  checks: [],
  check_texts: {},
  data,
  error_code: null,
  error_message: null,
  cached: false,
  duration_ms: 5,
  cost: 0,
  answered_at: '2026-11-22T12:00:01.000Z',
});

/** What decoding throws, or a failure if it did not. */
async function undecodable(read: Promise<unknown>): Promise<UndecodableEventError> {
  try {
    await read;
  } catch (error) {
    expect(error).to.be.instanceOf(UndecodableEventError);
    return error as UndecodableEventError;
  }
  return expect.fail('the event was read without its codec refusing it');
}

describe('event log: stored events decoded by their codecs', () => {
  let store: SqliteEventStore;
  beforeEach(() => {
    store = new SqliteEventStore(`${tempDir()}/events.sqlite`);
  });
  afterEach(async () => store.close());

  it('a stored event its codec refuses is an UndecodableEventError naming stream, revision, position, type and the failing field, never its value', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const tenantId = randomUUID();
    const stream = tenantStream(tenantId);
    // written by something other than the service: the name is an object, not a string
    const { position } = await store.append(
      stream,
      [
        { id: randomUUID(), type: 'TenantSettingsChanged', data: { tenant_id: tenantId, changes: {}, changed_at: '2026-11-22T12:00:00.000Z' }, metadata },
        { id: randomUUID(), type: 'TenantCreated', data: created(tenantId, { first: 'Maria Aparecida' }), metadata },
      ],
      'no_stream',
    );
    const error = await undecodable(log.readStream(stream));
    expect(error).to.include({ stream, revision: 1, position, eventType: 'TenantCreated' });
    expect(error.paths).to.deep.equal(['data.name']);
    expect(error.message).to.include(stream).and.include('revision 1').and.include(`position ${position}`).and.include('TenantCreated').and.include('data.name');
    expect(error.message).not.to.include('Maria');
    // every way in refuses it: the whole log, and a command folding the stream
    await undecodable(log.readAll({ after: null, limit: 10 }));
    await undecodable(loadState(log, stream, tenantDecider));
  });

  it('decodes the current shape after upcasting: an old event its upcaster cannot complete is refused as its current type', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const tenantId = randomUUID();
    // TenantRegistered without a name: the upcaster reads it as a TenantCreated with none
    await store.append(tenantStream(tenantId), [{ id: randomUUID(), type: 'TenantRegistered', data: { tenant_id: tenantId, registered_at: '2026-06-01T00:00:00.000Z' }, metadata }], 'no_stream');
    const error = await undecodable(log.readStream(tenantStream(tenantId)));
    expect(error).to.include({ eventType: 'TenantCreated' });
    expect(error.paths).to.deep.equal(['data.name']);
  });

  it('decodes personal fields once opened: a sealed value that opens to the wrong shape is refused', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    const runId = randomUUID();
    // sealed, the field is an object like any record; opened, it is text where a record belongs
    await store.append(runStream(runId), [{ id: randomUUID(), type: 'SourceAnswered', data: answer(runId, { $pii: 1, s: 'ref-1', alg: 'none', v: 'plain text' }), metadata }], 'no_stream');
    const error = await undecodable(log.readStream(runStream(runId)));
    expect(error.paths).to.deep.equal(['data.data']);
  });

  it("an erased subject's events still decode: their personal fields read as the erased marker", async () => {
    const runId = randomUUID();
    await new EventLog(store, new PlainPiiCodec(), PII_POLICY).append(
      runStream(runId),
      [{ id: randomUUID(), type: 'SourceAnswered', data: answer(runId, { name: 'Maria Aparecida' }) }],
      metadata,
      'no_stream',
    );
    const shredded: PiiCodec = { seal: (s, v) => new PlainPiiCodec().seal(s, v), open: async () => ERASED };
    const [event] = await new EventLog(store, shredded, PII_POLICY).readStream(runStream(runId));
    expect(event!.data).to.include({ data: ERASED, check_texts: ERASED, source_id: 'receita_federal' });
  });

  it('hands on an event of a type no codec knows as it was stored', async () => {
    const log = new EventLog(store, new PlainPiiCodec(), PII_POLICY);
    await store.append('thing-1', [{ id: randomUUID(), type: 'ThingCreated', data: { thing_id: 7 }, metadata }], 'no_stream');
    const [event] = await log.readStream('thing-1');
    expect(event).to.include({ type: 'ThingCreated', stream: 'thing-1', revision: 0 });
    expect(event!.data).to.deep.equal({ thing_id: 7 });
  });
});
