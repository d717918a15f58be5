import { EsdbEventStore } from '../../src/adapters/event-store/esdb.js';
import { describeEventStoreContract } from './event-store.contract.js';

// only against a server named by SVC_TEST_ESDB, e.g. esdb://localhost:2113?tls=false
if (process.env.SVC_TEST_ESDB) {
  describeEventStoreContract('EventStoreDB', () => EsdbEventStore.connect(process.env.SVC_TEST_ESDB!));
}
