import { recordSensitive } from './log-privacy.js';
import type { TestService } from './service.js';

/** What a dashboard request ended on, after following its redirects. */
export interface Page {
  status: number;
  html: string;
  headers: Headers;
  /** the path (and query) of the last response */
  url: string;
  /** the Set-Cookie headers of every response on the way, as sent */
  setCookies: string[];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
const CSRF_META = /<meta name="csrf-token" content="([^"]*)">/;
/** Form fields whose values are secrets or personal data: recorded for the log-privacy check. */
const SENSITIVE_FIELDS = new Set(['email', 'password', 'password_confirm', '_csrf']);

/**
 * A browser without JavaScript over fetch: a cookie jar (one path, /dashboard, is all the
 * dashboard sets), redirects followed as GETs (up to 5), and the form token of the last page
 * that had one (its `<meta name="csrf-token">`) added to every POST.
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  private csrf: string | null = null;

  constructor(readonly base: string) {}

  /** The token the next POST carries (scraped from the last page that had one). */
  get csrfToken(): string | null {
    return this.csrf;
  }

  async get(path: string, headers: Record<string, string> = {}): Promise<Page> {
    return this.request('GET', path, undefined, headers);
  }

  /**
   * A url-encoded form POST, with `_csrf` added unless `csrf: false` (or the fields bring their
   * own); a list is a repeated field (checkboxes).
   */
  async post(path: string, fields: Record<string, string | readonly string[]> = {}, options: { csrf?: boolean; headers?: Record<string, string> } = {}): Promise<Page> {
    const form = new URLSearchParams();
    if ((options.csrf ?? true) && this.csrf !== null && !Object.hasOwn(fields, '_csrf')) form.set('_csrf', this.csrf);
    for (const [name, field] of Object.entries(fields)) {
      for (const value of typeof field === 'string' ? [field] : field) {
        if (SENSITIVE_FIELDS.has(name)) recordSensitive(value);
        form.append(name, value);
      }
    }
    return this.request('POST', path, form, { 'content-type': 'application/x-www-form-urlencoded', ...options.headers });
  }

  private async request(method: string, path: string, body: URLSearchParams | undefined, headers: Record<string, string>): Promise<Page> {
    let url = new URL(path, this.base);
    let currentMethod = method;
    let currentBody: string | undefined = body?.toString();
    const setCookies: string[] = [];
    for (let hop = 0; ; hop++) {
      recordInviteToken(url.pathname);
      const response = await fetch(url, {
        method: currentMethod,
        redirect: 'manual',
        // the caller's headers go with its own request, not with the redirects it causes
        headers: { ...(hop === 0 ? headers : {}), ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}) },
        ...(currentBody !== undefined ? { body: currentBody } : {}),
      });
      for (const line of response.headers.getSetCookie()) {
        setCookies.push(line);
        this.store(line);
      }
      const location = response.headers.get('location');
      if (REDIRECTS.has(response.status) && location && hop < MAX_REDIRECTS) {
        await response.body?.cancel();
        url = new URL(location, url);
        currentMethod = 'GET';
        currentBody = undefined;
        continue;
      }
      const html = await response.text();
      const token = CSRF_META.exec(html)?.[1];
      if (token !== undefined) this.csrf = token;
      return { status: response.status, html, headers: response.headers, url: `${url.pathname}${url.search}`, setCookies };
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps or drops a cookie as a browser would (an empty value or a past expiry deletes it). */
  private store(line: string): void {
    const [pair, ...attributes] = line.split(';');
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq).trim();
    const value = pair!.slice(eq + 1).trim();
    const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
    const expired = expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now();
    if (value === '' || expired) this.cookies.delete(name);
    else {
      if (name === 'svc_session') recordSensitive(value);
      this.cookies.set(name, value);
    }
  }
}

function recordInviteToken(pathname: string): void {
  const match = /^\/dashboard\/invite\/([^/]+)$/.exec(pathname);
  if (match) recordSensitive(match[1]!);
}

export const TEST_PASSWORD = 'uma senha de teste longa';

let users = 0;

/** The e-mail of a new test user, unique in this run. */
export function testEmail(role: string): string {
  users += 1;
  const prefix = role === 'admin' ? 'admin' : role === 'analyst' ? 'analista' : 'leitor';
  return `${prefix}-${users}-${process.pid}@example.test`;
}

export interface InvitedUser {
  user_id: string;
  invite_url: string;
}

/** Invites a person through the operator API (201 expected). */
export async function inviteThroughOperator(service: TestService, tenantId: string, email: string, role: string): Promise<InvitedUser> {
  const response = await service.operator(`/tenants/${tenantId}/users`, { method: 'POST', json: { email, role } });
  if (response.status !== 201) throw new Error(`invitation failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as InvitedUser;
}

/** Sets the password on a one-time link through its page; the answer is the page it lands on (the login). */
export async function acceptThroughPages(client: DashboardClient, inviteUrl: string, password = TEST_PASSWORD): Promise<Page> {
  const path = new URL(inviteUrl).pathname;
  const form = await client.get(path);
  if (form.status !== 200) throw new Error(`invitation page answered ${form.status}`);
  return client.post(path, { password, password_confirm: password });
}

/** Logs in through the login page; the answer is the page it lands on. */
export async function loginThroughPages(client: DashboardClient, email: string, password = TEST_PASSWORD): Promise<Page> {
  await client.get('/dashboard/login');
  return client.post('/dashboard/login', { email, password });
}

export interface SignedIn extends DashboardClient {
  user: { user_id: string; email: string; password: string; tenant_id: string };
}

/**
 * A signed-in dashboard user of the tenant: invited through the operator API, the password set
 * on the invitation page, logged in through the login page.
 */
export async function dashboardUser(service: TestService, tenantId: string, role: 'admin' | 'analyst' | 'viewer' | 'compliance_officer', email = testEmail(role)): Promise<SignedIn> {
  recordSensitive(email);
  const invited = await inviteThroughOperator(service, tenantId, email, role);
  const client = new DashboardClient(service.base);
  await acceptThroughPages(client, invited.invite_url);
  const home = await loginThroughPages(client, email);
  if (home.status !== 200 || !home.url.startsWith('/dashboard/')) throw new Error(`login failed: ${home.status} ${home.url}`);
  return Object.assign(client, { user: { user_id: invited.user_id, email, password: TEST_PASSWORD, tenant_id: tenantId } });
}
