import { expect } from 'chai';
import { EsdbEventStore } from '../../src/adapters/event-store/esdb.js';
import { dashboardUser, type Page, type SignedIn } from '../helpers/dashboard.js';
import { FakeEsdbClient } from '../helpers/fake-esdb-client.js';
import { recordSensitive } from '../helpers/log-privacy.js';
import { createTenant, startService, type TenantFixture, type TestService } from '../helpers/service.js';

const rowTypes = (page: Page) => [...page.html.matchAll(/data-testid="audit-type" data-type="([^"]*)"/g)].map((m) => m[1]!);
const rowPositions = (page: Page) => [...page.html.matchAll(/<td>(\d+)<\/td>\s*<\/tr>/g)].map((m) => Number(m[1]));
const nextLink = (page: Page) => /href="([^"]*)" data-testid="audit-next"/.exec(page.html)?.[1]?.replace(/&amp;/g, '&') ?? null;

/**
 * The audit page on EventStoreDB (a fake of the 6.2.1 client that, as the server, refuses to read
 * from a position that is not an event's): it pages with positions the store handed out.
 */
describe('dashboard: audit log on EventStoreDB', function () {
  this.timeout(60_000);
  let fake: FakeEsdbClient;
  let service: TestService;
  let tenant: TenantFixture;
  let admin: SignedIn;

  before(async () => {
    fake = new FakeEsdbClient();
    service = await startService({ overrides: () => ({ eventStore: new EsdbEventStore(fake.client) }) });
    tenant = await createTenant(service, 'Banco Auditado no ESDB');
    admin = await dashboardUser(service, tenant.tenant_id, 'admin');
  });
  after(async () => service?.close());

  it('loads newest first and pages back to the oldest event without overlap, every cursor an event position', async () => {
    for (let i = 0; i < 55; i++) await tenant.key({ scopes: ['runs:read'] }).then((k) => recordSensitive(k.api_key));
    const first = await admin.get('/dashboard/audit?type=ApiKeyCreated');
    expect(first.status).to.equal(200);
    expect(rowTypes(first)).to.have.length(50);
    const positions = [...rowPositions(first)];
    let link = nextLink(first);
    while (link !== null) {
      const before = Number(new URL(link, service.base).searchParams.get('before'));
      expect(fake.log.some((e) => e.position === before), `cursor ${before} is an event's position`).to.equal(true);
      const older = await admin.get(link);
      expect(older.status).to.equal(200);
      positions.push(...rowPositions(older));
      link = nextLink(older);
    }
    const created = (await service.services.log.readStream(`tenant-${tenant.tenant_id}`)).filter((e) => e.type === 'ApiKeyCreated');
    expect(positions).to.deep.equal(created.map((e) => e.position).reverse());

    // every event of the tenant, unfiltered, the newest first
    const all = await admin.get('/dashboard/audit');
    expect(all.status).to.equal(200);
    expect(rowPositions(all)).to.deep.equal([...rowPositions(all)].sort((a, b) => b - a));
  });

  it('refuses a cursor that is no event position with 400 invalid_cursor, not a 500', async () => {
    const head = await service.services.eventStore.headPosition();
    const refused = await admin.get(`/dashboard/audit?before=${head - 1}`);
    expect(refused.status).to.equal(400);
    expect(refused.html).to.contain('Cursor de página inválido');
  });
});
