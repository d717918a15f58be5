import { BAND_LABEL, DECISION_LABEL, date, dateTime, document, html, label, type SafeHtml } from './html.js';

/**
 * The KYC snapshots of a dossier as the PDF prints them. The snapshot is stored JSON (its shape
 * is `KycSnapshot` of src/queries/kyc-snapshot.ts, schema `kyc-snapshot/1`); it is read here
 * defensively, field by field, so an older or partial snapshot still prints what it has.
 */
export interface KycSnapshotView {
  snapshot_id: string;
  sha256: string;
  taken_at: string;
  by: string;
  content: unknown;
}

type Rec = Record<string, unknown>;
const rec = (v: unknown): Rec => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Rec) : {});
const list = (v: unknown): Rec[] => (Array.isArray(v) ? v.map(rec) : []);
const text = (v: unknown): string => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? v.toLocaleString('pt-BR') : '—');
const code = (raw: unknown): SafeHtml | string => (typeof raw === 'string' && raw !== '' ? html` <span class="small muted mono">[${raw}]</span>` : '');

const CUSTOMER_STATUS_TEXT: Record<string, string> = {
  rascunho: 'Rascunho',
  em_analise: 'Em análise',
  aprovado: 'Aprovado',
  pendencia: 'Pendência',
  recusado: 'Recusado',
  inactive: 'Inativo',
  em_monitoramento: 'Em monitoramento',
};
const STATUS_TEXT: Record<string, string> = { open: 'Aberto', delisted: 'Excluído da lista', resolved: 'Resolvido' };
const RESOLUTION_TEXT: Record<string, string> = { true_positive: 'Confirmado', false_positive: 'Falso positivo' };
const DISPOSITION_TEXT: Record<string, string> = { true_match: 'Mesma pessoa', false_positive: 'Falso positivo' };

function addressText(value: unknown): string {
  const a = rec(value);
  const parts = [a['street'], a['number'], a['complement'], a['neighborhood'], [a['city'], a['state']].filter(Boolean).join('/'), a['zip'] ? `CEP ${String(a['zip'])}` : null];
  const line = parts.filter((p) => typeof p === 'string' && p !== '').join(', ');
  return line || '—';
}

const QUALIFICATION_FIELD: Readonly<Record<string, string>> = { address: 'endereço', declared_income: 'renda', annual_revenue: 'faturamento' };

/** Complete since when, or what was missing and the 30-day deadline, at the snapshot. */
function qualificationText(q: Rec): string {
  const missing = Array.isArray(q['missing']) ? q['missing'].map((f) => QUALIFICATION_FIELD[String(f)] ?? String(f)) : [];
  if (typeof q['due_at'] !== 'string') return '—';
  if (missing.length === 0) return typeof q['completed_at'] === 'string' ? `completa em ${dateTime(q['completed_at'])}` : 'completa';
  return `incompleta (falta ${missing.join(', ')}); prazo até ${dateTime(q['due_at'])}`;
}

function identificationRows(s: Rec): SafeHtml {
  const id = rec(s['identification']);
  const q = rec(s['qualification']);
  if (id['erased'] === true) return html`<p>Dados pessoais eliminados (LGPD) antes do retrato.</p>`;
  const pj = id['type'] === 'pj';
  const rows: [string, string][] = [
    ['Nome', text(id['name'])],
    [pj ? 'CNPJ' : 'CPF', document(id['doc'])],
    [pj ? 'Data de abertura' : 'Data de nascimento', date(pj ? id['opening_date'] : id['birth_date'])],
    ...(pj ? [['Nome fantasia', text(id['trade_name'])] as [string, string]] : [['Nacionalidade', text(id['nationality'])] as [string, string]]),
    ['Endereço', addressText(q['address'])],
    [pj ? 'Atividade' : 'Ocupação', text(pj ? q['business_activity'] : q['occupation'])],
    [pj ? 'Faturamento anual declarado' : 'Renda declarada', text(pj ? q['annual_revenue'] : q['declared_income'])],
    ['Qualificação (Circular 3.978, art. 23)', qualificationText(q)],
  ];
  const status = typeof s['status'] === 'string' ? html`${label(CUSTOMER_STATUS_TEXT, s['status'])}${code(s['status'])}` : html`—`;
  return html`<table class="kv">${rows.map(([k, v]) => html`<tr><th>${k}</th><td>${v}</td></tr>`)}<tr><th>Situação do cadastro</th><td>${status}</td></tr></table>`;
}

function riskTable(s: Rec): SafeHtml {
  const risk = rec(s['risk']);
  const history = list(risk['history']);
  if (history.length === 0) return html`<p>Nenhuma análise de risco concluída.</p>`;
  return html`<p>Faixa de risco atual: <strong>${label(BAND_LABEL, risk['band'])}</strong></p>
<table class="compact"><thead><tr><th>Concluída em</th><th>Resultado</th><th>Faixa de risco</th><th>Modelo</th></tr></thead><tbody>${history.map(
    (h) => html`<tr><td>${dateTime(h['completed_at'])}</td><td>${label(DECISION_LABEL, h['decision'])}</td><td>${label(BAND_LABEL, h['risk_band'])}</td><td>${h['template_version'] ? `versão ${String(h['template_version'])}` : '—'}${code(h['run_id'])}</td></tr>`,
  )}</tbody></table>`;
}

function pepBlock(s: Rec): SafeHtml {
  const pep = rec(s['pep']);
  const verdict = pep['is_pep'] === true ? 'Sim' : pep['is_pep'] === false ? 'Não' : 'Não verificado';
  const details = rec(pep['details']);
  const hits = list(pep['list_hits']).filter((h) => h['match'] === true);
  const dispositions = list(pep['dispositions']);
  return html`<table class="kv"><tr><th>Pessoa exposta politicamente</th><td>${verdict}${details['role'] ? html` — ${text(details['role'])}, ${text(details['organ'])}` : ''}</td></tr>
<tr><th>Ocorrências em listas de PEP</th><td>${hits.length === 0 ? 'Nenhuma' : hits.map((h) => html`${text(h['name'])}${code(`${String(h['list_id'])}/${String(h['entry_id'])}`)}; `)}</td></tr>
<tr><th>Avaliação dos analistas</th><td>${dispositions.length === 0 ? '—' : dispositions.map((d) => html`${label(DISPOSITION_TEXT, d['disposition'])} (${dateTime(d['at'])}); `)}</td></tr>
<tr><th>Condição de PEP</th><td>${typeof pep['pep_until'] === 'string' ? `PEP até ${date(pep['pep_until'])} (cinco anos após deixar o cargo)` : pep['is_pep'] === true ? 'Em exercício ou sem data de término' : '—'}</td></tr>
<tr><th>Familiares e estreitos colaboradores</th><td>${list(pep['relatives_associates']).map((r) => html`${r['kind'] === 'familiar' ? 'familiar' : 'estreito colaborador'} (${text(r['relation'])}) de ${text(r['pep_name'])}${r['pep_role'] ? html`, ${text(r['pep_role'])}` : ''}; `)}${text(pep['note'])}</td></tr></table>`;
}

function ownersTable(s: Rec): SafeHtml | string {
  const owners = rec(s['beneficial_owners']);
  const partners = list(owners['partners']);
  if (s['beneficial_owners'] === null || s['beneficial_owners'] === undefined) return '';
  if (partners.length === 0) return html`<h4>Sócios e beneficiários finais</h4><p>Quadro societário não consultado.</p>`;
  return html`<h4>Sócios e beneficiários finais (arts. 24–25)</h4><p class="small muted">Fonte: ${typeof owners['source'] === 'string' && owners['source'].includes('publicação') ? owners['source'] : html`quadro societário registrado na consulta${code(owners['source'])}`}</p>
<table class="compact"><thead><tr><th>Nível</th><th>Nome</th><th>Documento</th><th>Qualificação</th><th>PEP</th><th>Sanções</th></tr></thead><tbody>${partners.map(
    (p) => html`<tr><td>${text(p['level'])}</td><td>${text(p['name'])}</td><td>${document(p['doc'])}</td><td>${text(p['role'])}</td><td>${p['pep'] === true ? 'Sim' : 'Não'}</td><td>${Array.isArray(p['sanctions_lists']) && p['sanctions_lists'].length > 0 ? p['sanctions_lists'].map(String).join(', ') : 'Nenhuma'}</td></tr>`,
  )}</tbody></table>`;
}

function alertsTable(s: Rec): SafeHtml {
  const alerts = list(s['alerts']);
  if (alerts.length === 0) return html`<h4>Alertas de monitoramento</h4><p>Nenhum alerta.</p>`;
  return html`<h4>Alertas de monitoramento</h4><table class="compact"><thead><tr><th>Gerado em</th><th>Nome na lista</th><th>Situação</th></tr></thead><tbody>${alerts.map(
    (a) => html`<tr><td>${dateTime(a['raised_at'])}</td><td>${text(a['matched_name'])}${code(`${String(a['list_id'])} v${String(a['version_id'])}`)}</td><td>${label(STATUS_TEXT, a['status'])}${a['resolution'] ? html` — ${label(RESOLUTION_TEXT, a['resolution'])}` : ''}</td></tr>`,
  )}</tbody></table>`;
}

function partiesTable(s: Rec): SafeHtml {
  return html`<p>Caso sem cliente cadastrado: os envolvidos como informados.</p><table class="compact"><thead><tr><th>Nome</th><th>Documento</th><th>Papel</th></tr></thead><tbody>${list(s['parties']).map(
    (p) => html`<tr><td>${text(p['name'])}</td><td>${document(p['doc'])}</td><td>${text(p['role'])}</td></tr>`,
  )}</tbody></table>`;
}

/** One snapshot: when and by whom, its hash, then its content. */
function snapshotBlock(view: KycSnapshotView): SafeHtml {
  const s = rec(view.content);
  const head = html`<div class="summary small">Registrado em ${dateTime(view.taken_at)} · SHA-256 <span class="mono">${view.sha256}</span>${code(view.snapshot_id)}</div>`;
  if (view.content === null) return html`${head}<p>Conteúdo indisponível no armazenamento.</p>`;
  if (s['basis'] === 'parties_as_reported') return html`${head}${partiesTable(s)}`;
  return html`${head}<h4>Identificação e qualificação</h4>${identificationRows(s)}<h4>Risco e seu histórico</h4>${riskTable(s)}<h4>PEP</h4>${pepBlock(s)}${ownersTable(s)}${alertsTable(s)}`;
}

export function kycSection(snapshots: readonly KycSnapshotView[]): SafeHtml {
  if (snapshots.length === 0) return html`<p>Nenhum retrato cadastral registrado.</p>`;
  return html`${snapshots.map(snapshotBlock)}`;
}
