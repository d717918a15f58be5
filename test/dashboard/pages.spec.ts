import { expect } from 'chai';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DocumentIndexDoc } from '../../src/projections/customers.js';
import type { AlertDoc } from '../../src/projections/monitoring-alerts.js';
import type { QueueSection } from '../../src/queries/case-queue.js';
import { documentReviewForm, alertResolutionForm, customerStatusForm } from '../../src/http/dashboard/customers/forms.js';
import { eventText } from '../../src/http/dashboard/customers/page.js';
import { queuePage } from '../../src/http/dashboard/queue/page.js';
import { runReviewForm, reportModeForm } from '../../src/http/dashboard/runs/forms.js';
import { inviteForm, passwordForm } from '../../src/http/dashboard/auth/forms.js';
import { usersPage } from '../../src/http/dashboard/auth/page.js';
import { when } from '../../src/http/dashboard/present.js';
import { dashboardDir } from '../../src/http/dashboard/render.js';
import { VIEW_NAMES } from '../../src/http/dashboard/views.js';
import type { DashboardUser } from '../../src/http/dashboard/state.js';
import { ApiError } from '../../src/http/errors.js';

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** The refusal a form decoder throws: code, pt-BR message, field. */
function refusal(decode: () => unknown): { code: string; message: string; param: string | null } {
  try {
    decode();
  } catch (thrown) {
    if (thrown instanceof ApiError) return { code: thrown.code, message: thrown.message, param: thrown.param };
    throw thrown;
  }
  throw new Error('the form was accepted');
}

describe('dashboard forms (io-ts codecs, the screens’ own messages)', () => {
  it('a document review: the API’s statuses; a rejection needs a reason of at most 1000 characters', () => {
    expect(documentReviewForm(form({ status: 'aprovado', reason: '  ' }))).to.deep.equal({ status: 'aprovado', reason: null });
    expect(documentReviewForm(form({ status: 'rejeitado', reason: ' ilegível ' }))).to.deep.equal({ status: 'rejeitado', reason: 'ilegível' });
    expect(refusal(() => documentReviewForm(form({ status: 'pendente' })))).to.deep.equal({ code: 'invalid_request', message: 'Escolha aprovar ou rejeitar.', param: 'status' });
    expect(refusal(() => documentReviewForm(form({ status: 'rejeitado', reason: ' ' })))).to.deep.equal({ code: 'invalid_request', message: 'Informe o motivo da rejeição.', param: 'reason' });
    expect(refusal(() => documentReviewForm(form({ status: 'aprovado', reason: 'x'.repeat(1001) })))).to.deep.equal({ code: 'invalid_request', message: 'O motivo tem no máximo 1000 caracteres.', param: 'reason' });
  });

  it('a customer status and an alert resolution: one of the list; a resolution says why in up to 2000 characters', () => {
    expect(customerStatusForm(form({ status: 'aprovado' }))).to.equal('aprovado');
    expect(refusal(() => customerStatusForm(form({ status: 'toString' }))).message).to.equal('Escolha uma situação da lista.');
    expect(alertResolutionForm(form({ resolution: 'false_positive', note: ' homônimo ' }))).to.deep.equal({ resolution: 'false_positive', note: 'homônimo' });
    expect(refusal(() => alertResolutionForm(form({ resolution: 'maybe', note: 'x' }))).message).to.equal('Escolha verdadeiro positivo ou falso positivo.');
    for (const note of ['   ', 'x'.repeat(2001)]) expect(refusal(() => alertResolutionForm(form({ resolution: 'true_positive', note }))).param).to.equal('note');
  });

  it('a run review and a report mode', () => {
    // issue 28: the review form gives back what was typed with an error per field instead of throwing
    expect(runReviewForm(form({ decision: 'rejected', note: ' não confere ' }))).to.deep.equal({ review: { decision: 'rejected', note: 'não confere' } });
    expect(runReviewForm(form({ decision: 'review' }))).to.deep.equal({
      refused: { decision: 'review', note: '', errors: { decision: 'Escolha aprovar ou reprovar.', note: 'Escreva uma nota com o motivo da decisão.' } },
    });
    expect(runReviewForm(form({ decision: 'approved', note: 'x'.repeat(2001) }))).to.deep.equal({
      refused: { decision: 'approved', note: 'x'.repeat(2001), errors: { note: 'A nota tem no máximo 2000 caracteres.' } },
    });
    expect(reportModeForm(form({ mode: 'completo' }))).to.equal('completo');
    expect(refusal(() => reportModeForm(form({ mode: 'pdf' }))).message).to.equal('Escolha o relatório resumido ou o completo.');
  });

  it('an invitation: the role by the API’s codec first; a password twice the same', () => {
    expect(inviteForm(form({ role: 'analyst', email: 'a@b.com' }))).to.deep.equal({ email: 'a@b.com', role: 'analyst' });
    expect(refusal(() => inviteForm(form({ role: 'root', email: 'not an e-mail' })))).to.deep.equal({
      code: 'invalid_request',
      message: 'Escolha um papel: administrador, analista ou leitura.',
      param: 'role',
    });
    expect(passwordForm(form({ password: 'a', password_confirm: 'a' }))).to.equal('a');
    expect(passwordForm(form({ password: 'a', password_confirm: 'b' }))).to.equal(null);
  });
});

describe('dashboard pages (pure view models)', () => {
  const NOW = new Date('2026-03-02T12:00:00.000Z');
  const user: DashboardUser = { user_id: 'u1', tenant_id: 't1', email: 'ana@example.com', role: 'analyst', session_id: 's' };
  const users = new Map([
    ['u1', { id: 'u1', email: 'ana@example.com', role: 'analyst' as const, status: 'active' as const }],
    ['u2', { id: 'u2', email: 'leo@example.com', role: 'viewer' as const, status: 'active' as const }],
  ]);
  const alert = { alert_id: 'a1', customer_id: 'c1', environment: 'live', list_id: 'ofac', matched_name: 'Fulano', score: 0.91, created_at: '2026-03-02T11:55:00.000Z' } as AlertDoc;
  const document = { document_id: 'd1', customer_id: 'c2', tenant_id: 't1', type: 'cnh_frente', created_at: '2026-02-28T12:00:00.000Z' } as DocumentIndexDoc;

  it('the queue: counts capped at 1000+, rows with subject, age and assignee, the older link of a section that has more', () => {
    const sections: QueueSection[] = [
      { kind: 'alert', cases: [{ kind: 'alert', doc: alert }], total: 1001, next: { created_at: alert.created_at, id: 'a1' }, subjects: new Map([['a1', { name: 'Maria', doc: '12345678909', environment: 'live' }]]), assignees: new Map([['a1', 'u1']]) },
      { kind: 'document', cases: [{ kind: 'document', doc: document }], total: 1, next: null, subjects: new Map([['d1', { name: 'Loja', doc: 'not a document', environment: 'sandbox' }]]), assignees: new Map() },
    ];
    const page = queuePage({ sections, filters: { kind: '', assignee: '', environment: 'live' }, users, user, now: NOW, back: '/dashboard/' });
    expect(page.sections.map((s) => [s.filter, s.count])).to.deep.equal([
      ['alertas', '1000+'],
      ['documentos', '1'],
    ]);
    const [alertRow] = page.sections[0]!.rows;
    expect(alertRow).to.include({ kind: 'alert', id: 'a1', environment: 'Produção', name: 'Maria', age: 'há 5 min', assignee: 'u1', assigneeEmail: 'ana@example.com' });
    expect(alertRow!.what).to.match(/^Alerta: Fulano \(Lista interna, pontuação /);
    expect(alertRow!.href).to.equal('/dashboard/customers/c1#alerta-a1');
    expect(page.sections[0]!.more).to.match(/^\/dashboard\/\?kind=alertas&environment=live&cursor=/);
    expect(page.sections[1]!.rows[0]).to.include({ environment: 'Sandbox', doc: '***', age: 'há 2 dias', assigneeEmail: null, what: 'Documento cnh_frente' });
    expect(page.sections[1]!.more).to.equal(null);
    // viewers are no assignees; an analyst may assign
    expect(page.assignable.map((u) => u.id)).to.deep.equal(['u1']);
    expect(page).to.include({ canAssign: true, roleLabel: 'Analista' });
  });

  it('the timeline names each customer event in pt-BR, a rejection with its reason', () => {
    const event = (type: string, detail: Record<string, string | null>) => ({ type, detail });
    expect(eventText(event('DocumentReviewed', { status: 'rejeitado', reason: 'ilegível' }))).to.equal('Documento rejeitado: ilegível');
    expect(eventText(event('CustomerStatusChanged', { status: 'em_monitoramento' }))).to.equal('Situação alterada para Em monitoramento');
    expect(eventText(event('MonitoringAlertResolved', { resolution: 'false_positive' }))).to.equal('Alerta resolvido como falso positivo');
    expect(eventText(event('SomethingNew', {}))).to.equal('Outro registro'); // the raw type only as the row's tooltip
  });

  it('the users screen lists the team by e-mail without reordering what it was given', () => {
    const given = [{ email: 'zé@example.com' }, { email: 'ana@example.com' }] as unknown as Parameters<typeof usersPage>[0];
    expect(usersPage(given, {}, new Date()).users.map((u) => u.email)).to.deep.equal(['ana@example.com', 'zé@example.com']);
    expect(given.map((u) => u.email)).to.deep.equal(['zé@example.com', 'ana@example.com']);
  });

  it('the users screen says each one\'s situation: convidado, ativo, bloqueado while a lockout lasts (issue 28)', () => {
    const now = new Date('2026-11-27T12:00:00.000Z');
    const user = (email: string, status: string, locked_until: string | null) => ({ email, status, locked_until, invite_expires_at: null });
    const given = [
      user('e@example.com', 'invited', null),
      user('a@example.com', 'active', null),
      user('b@example.com', 'active', '2026-11-27T12:15:00.000Z'),
      user('c@example.com', 'active', '2026-11-27T11:00:00.000Z'),
      user('d@example.com', 'deactivated', null),
    ] as unknown as Parameters<typeof usersPage>[0];
    const labels = usersPage(given, {}, now).users.map((u) => [u.situation.label, u.situation.until]);
    expect(labels).to.deep.equal([
      ['Ativo', null],
      ['Bloqueado', when('2026-11-27T12:15:00.000Z')],
      ['Ativo', null],
      ['Desativado', null],
      ['Convidado', null],
    ]);
  });

  it('every template of dashboard/views (but the layout) has its typed data in Views', () => {
    const files = readdirSync(join(dashboardDir(), 'views')).filter((f) => f.endsWith('.eta')).map((f) => f.slice(0, -4)).filter((f) => f !== 'layout');
    expect(Object.keys(VIEW_NAMES).sort()).to.deep.equal(files.sort());
  });
});
