import { expect } from 'chai';
import { dashboardUser, type SignedIn } from '../helpers/dashboard.js';
import type { TenantFixture, TestService } from '../helpers/service.js';
import { createCustomer } from '../http/customers-support.js';
import { createRun, eventually, pfSubject, waitForRun, world, type Json } from '../http/runs-support.js';

/** Shared by test/dashboard/{queue,runs,customers}.spec.ts: a tenant with its team, and cases to work. */

export const XSS_SCRIPT = '<script>alert(1)</script>';
export const XSS_IMG = '"><img src=x onerror=alert(1)>';
/** What no page may contain raw: the markup of the values above. */
export const RAW_MARKUP = /<script>alert\(1\)<\/script>|<img src=x onerror/;

export interface Team {
  tenant: TenantFixture;
  /** sandbox key with every scope */
  key: string;
  pf: string;
  pj: string;
  analyst: SignedIn;
  viewer: SignedIn;
}

export async function team(service: TestService, name: string): Promise<Team> {
  const w = await world(service, name);
  const [analyst, viewer] = [await dashboardUser(service, w.tenant.tenant_id, 'analyst'), await dashboardUser(service, w.tenant.tenant_id, 'viewer')];
  return { tenant: w.tenant, key: w.key, pf: w.pf, pj: w.pj, analyst, viewer };
}

/** One signed-in user of each role in a tenant. */
export async function signedIn(service: TestService, tenantId: string): Promise<{ admin: SignedIn; analyst: SignedIn; viewer: SignedIn }> {
  return { admin: await dashboardUser(service, tenantId, 'admin'), analyst: await dashboardUser(service, tenantId, 'analyst'), viewer: await dashboardUser(service, tenantId, 'viewer') };
}

/** A sandbox run of the fixture CPF that ends pending_review (medio). */
export async function pendingRun(service: TestService, t: Team, name = 'Maria da Silva'): Promise<string> {
  const runId = await createRun(service, t.key, { template_id: t.pf, subject: pfSubject('00000000353', name) });
  expect((await waitForRun(service, t.key, runId))['status']).to.equal('pending_review');
  return runId;
}

/** A customer registered without a bureau run (it stays a draft). */
export async function draftCustomer(service: TestService, t: Team, name: string, doc: string): Promise<string> {
  return (await createCustomer(service, t.key, { type: 'pf', doc, name, email: 'cliente@example.com', run_bureau: false }))['customer_id'] as string;
}

/** A tenant list with one CSV version (name,schema,doc,birth_date,country,aliases,notes). */
export async function tenantList(service: TestService, tenantId: string, rows: string[]): Promise<string> {
  const created = await service.operator(`/tenants/${tenantId}/lists`, { method: 'POST', json: { name: 'Bloqueio interno' } });
  expect([200, 201]).to.include(created.status);
  const listId = ((await created.json()) as Json)['list_id'] as string;
  const form = new FormData();
  form.append('file', new Blob([['name,schema,doc,birth_date,country,aliases,notes', ...rows].join('\n')]), 'bloqueio.csv');
  const uploaded = await service.operator(`/tenants/${tenantId}/lists/${listId}/versions`, { method: 'POST', body: form });
  expect([200, 201], await uploaded.clone().text()).to.include(uploaded.status);
  return listId;
}

/** A customer put under monitoring who matches the tenant's list: one open alert. */
export async function openAlert(service: TestService, t: Team, customerName: string, doc: string): Promise<{ alertId: string; customerId: string }> {
  const customerId = await draftCustomer(service, t, customerName, doc);
  const patched = await service.operator(`/customers/${customerId}`, { method: 'PATCH', json: { status: 'em_monitoramento' } });
  expect(patched.status, await patched.clone().text()).to.equal(200);
  let alertId = '';
  await eventually(async () => {
    const alerts = ((await (await service.operator(`/tenants/${t.tenant.tenant_id}/alerts?status=open&limit=100`)).json()) as Json)['data'] as Json[];
    const alert = alerts.find((a) => a['customer_id'] === customerId);
    expect(alert, 'alert raised').to.not.equal(undefined);
    alertId = alert!['alert_id'];
  }, 15_000);
  return { alertId, customerId };
}

/** The value of one `data-*` attribute of every element carrying a data-testid. */
export function attributesOf(html: string, testId: string, attribute: string): string[] {
  const tags = html.match(new RegExp(`<[a-z]+ [^>]*data-testid="${testId}"[^>]*>`, 'g')) ?? [];
  return tags.map((tag) => new RegExp(`${attribute}="([^"]*)"`).exec(tag)?.[1] ?? '');
}

/** The markup from an element with this data-testid to the end of its section (or the page). */
export function sectionOf(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) return '';
  const end = html.indexOf('</section>', start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** The text of the first element with this data-testid (to its closing tag; the same tag is not nested inside). */
export function textOf(html: string, testId: string): string {
  const match = new RegExp(`<([a-z0-9]+) [^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html);
  return match?.[2]?.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim() ?? '';
}
