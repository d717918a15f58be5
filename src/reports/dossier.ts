import type { KycSnapshotView } from './dossier-kyc.js';
import { kycSection } from './dossier-kyc.js';
import type { Dossier, DossierClock } from './dossier-model.js';
import { badge, date, dateTime, document, documentShell, html, money, type SafeHtml } from './html.js';

/**
 * The dossier as a PDF for the supervisor (pt-BR): the same content as the JSON, every date in
 * Brasília time with its zone, the raw codes only as small footnote codes, and the JSON's content
 * hash printed so the two can be checked against each other.
 */

export const CASE_STATUS_TEXT: Record<string, string> = {
  pending_selection: 'Aguardando seleção',
  dismissed: 'Não selecionado (arquivado)',
  in_analysis: 'Em análise',
  awaiting_approval: 'Aguardando aprovação (quatro olhos)',
  decided: 'Decidido',
  closed: 'Encerrado',
};

const ORIGIN_TEXT: Record<string, string> = {
  run: 'Consulta cadastral (análise de cliente)',
  alert: 'Alerta de monitoramento de listas',
  report: 'Comunicação da própria instituição (API)',
  analyst: 'Aberto por analista',
};

const DECISION_TEXT: Record<string, string> = { comunicar: 'Comunicar ao COAF', nao_comunicar: 'Não comunicar' };

const CLOCK_TEXT: Record<DossierClock['clock'], string> = {
  selection: 'Seleção — 45 dias da ocorrência (art. 39, parágrafo único)',
  analysis: 'Análise e decisão — 45 dias da seleção (art. 43 §1º; art. 48 §1º, III)',
  communication: 'Comunicação ao COAF — até o fim do dia útil seguinte à decisão (art. 48 §2º)',
};

export const EVENT_TEXT: Record<string, string> = {
  SuspicionCaseOpened: 'Caso aberto',
  SuspicionCaseSelected: 'Selecionado para análise',
  SuspicionCaseDismissed: 'Não selecionado (arquivado)',
  SuspicionCaseNoted: 'Anotação registrada',
  SuspicionEvidenceAttached: 'Evidência anexada',
  SuspicionKycSnapshotTaken: 'Retrato cadastral (KYC) registrado',
  SuspicionDecisionProposed: 'Decisão proposta',
  SuspicionCaseDecided: 'Decisão registrada',
  SuspicionCommunicationPrepared: 'Comunicação preparada',
  SuspicionCommunicationExported: 'Arquivo Siscoaf gerado',
  SuspicionCommunicationSent: 'Comunicação enviada',
  SuspicionResponseRecorded: 'Resposta de validação registrada',
  SuspicionReceiptMatched: 'Recibo do COAF conciliado',
  SuspicionCommunicationCancelled: 'Comunicação cancelada',
  SuspicionCaseClosed: 'Caso encerrado',
};

const COMMUNICATION_KIND_TEXT: Record<string, string> = { lote: 'Comunicação (LOTE)', retificacao: 'Retificação', cancelamento: 'Cancelamento' };

/** A raw code as a small footnote code beside its text (the PDF's counterpart of a tooltip). */
const code = (raw: string): SafeHtml => html` <span class="small muted mono">[${raw}]</span>`;
const labelled = (table: Record<string, string>, raw: string): SafeHtml => html`${table[raw] ?? raw}${code(raw)}`;
const when = (iso: string | null) => (iso ? dateTime(iso) : '—');

export interface DossierPdfInput {
  dossier: Dossier;
  /** the person behind each actor id (e-mail of a user), for the names printed */
  people: Readonly<Record<string, string>>;
  kyc: readonly KycSnapshotView[];
}

const SERVICE_ACTORS: Record<string, string> = { operator: 'Operador da plataforma', system: 'Processo automático do serviço' };
const person = (input: DossierPdfInput, who: string | null): SafeHtml =>
  who === null ? html`—` : input.people[who] ? html`${input.people[who]!}${code(who)}` : SERVICE_ACTORS[who] ? html`${SERVICE_ACTORS[who]!}` : html`${who}`;

/** Each person once: an actor id and the e-mail a note's author gave are the same person. */
function analystsList(input: DossierPdfInput): SafeHtml {
  const seen = new Map<string, string | null>();
  for (const a of input.dossier.analysts) {
    const shown = input.people[a] ?? SERVICE_ACTORS[a] ?? a;
    if (!seen.has(shown) || seen.get(shown) === null) seen.set(shown, input.people[a] ? a : null);
  }
  return html`<ul>${[...seen].map(([shown, id]) => html`<li>${shown}${id ? code(id) : ''}</li>`)}</ul>`;
}

function clockRows(d: Dossier): SafeHtml {
  const verdict = (c: DossierClock) => (c.met === true ? badge('Cumprido', 'ok') : c.met === false ? badge('Descumprido', 'bad') : c.due_at === null ? badge('Não se aplica', 'neutral') : badge('Em curso', 'info'));
  return html`<table><thead><tr><th>Prazo</th><th>Vence em</th><th>Cumprido em</th><th>Situação</th></tr></thead><tbody>${d.clocks.map(
    (c) => html`<tr><td>${CLOCK_TEXT[c.clock]}</td><td>${when(c.due_at)}</td><td>${when(c.done_at)}</td><td>${verdict(c)}</td></tr>`,
  )}</tbody></table>`;
}

function originRows(d: Dossier): SafeHtml {
  const r = d.case.origin.rule;
  const rows: [string, SafeHtml | string][] = [['Origem', labelled(ORIGIN_TEXT, d.case.origin.kind)]];
  if (d.case.origin.ref) rows.push(['Referência da origem', html`<span class="mono">${d.case.origin.ref}</span>`]);
  if (r?.kind === 'list_version') {
    rows.push(['Lista e versão que dispararam', html`${r.list_id ?? '—'} · versão <span class="mono">${r.version_id ?? '—'}</span>`]);
    rows.push(['Registro da lista', html`${r.matched_name ?? '—'} · <span class="mono">${r.entry_id ?? '—'}</span>${r.score !== undefined ? ` · similaridade ${r.score.toLocaleString('pt-BR')}` : ''}`]);
  }
  if (r?.kind === 'template_version') rows.push(['Regra (modelo de análise) e versão', html`<span class="mono">${r.template_id ?? '—'}</span> · versão ${String(r.template_version ?? '—')}`]);
  return html`<table class="kv">${rows.map(([k, v]) => html`<tr><th>${k}</th><td>${v}</td></tr>`)}</table>`;
}

function operationSection(d: Dossier): SafeHtml {
  const op = d.case.operation as { type?: string; value?: number; date?: string; channel?: string; parties?: { document: string | null; person_type: string; name: string; tp_env: string | null; pep: boolean }[] } | string;
  if (typeof op !== 'object' || op === null) return html`<p>${String(op ?? '—')}</p>`;
  return html`<table class="kv"><tr><th>Tipo</th><td>${op.type ?? '—'}</td></tr><tr><th>Valor</th><td>${money(op.value)}</td></tr><tr><th>Data</th><td>${date(op.date)}</td></tr><tr><th>Canal</th><td>${op.channel ?? '—'}</td></tr></table>
${(op.parties ?? []).length === 0 ? '' : html`<table class="compact"><thead><tr><th>Envolvido</th><th>CPF/CNPJ</th><th>Tipo</th><th>PEP</th></tr></thead><tbody>${(op.parties ?? []).map(
    (p) => html`<tr><td>${p.name}</td><td>${p.document ? document(p.document) : p.person_type}</td><td>${p.tp_env ? code(p.tp_env) : '—'}</td><td>${p.pep ? 'Sim' : 'Não'}</td></tr>`,
  )}</tbody></table>`}`;
}

function reasonsSection(d: Dossier): SafeHtml {
  return html`${d.reason_codes.map((r) => html`<div class="card"><div>${r.text ?? 'Código não encontrado na Carta Circular 4.001'}${code(r.code)}</div>${r.heading ? html`<div class="small muted">${r.heading}</div>` : ''}</div>`)}
${d.other_reason ? html`<p><strong>Outra situação:</strong> ${d.other_reason}</p>` : ''}`;
}

function decisionSection(input: DossierPdfInput): SafeHtml {
  const dec = input.dossier.decision;
  if (!dec) return html`<p class="summary">Nenhuma decisão registrada até ${when(input.dossier.audit_trail[input.dossier.audit_trail.length - 1]?.at ?? null)}.</p>`;
  return html`<table class="kv">
<tr><th>Decisão</th><td>${badge(DECISION_TEXT[dec.decision] ?? dec.decision, dec.decision === 'comunicar' ? 'bad' : 'ok')}${code(dec.decision)}</td></tr>
<tr><th>Fundamentação</th><td>${dec.rationale}</td></tr>
<tr><th>Proposta por</th><td>${person(input, dec.proposed_by)}${dec.proposed_at ? html` em ${dateTime(dec.proposed_at)}` : ''}</td></tr>
<tr><th>Decidida por</th><td>${person(input, dec.decided_by)} em ${dateTime(dec.decided_at)}</td></tr>
<tr><th>Aprovada por (quatro olhos)</th><td>${dec.approved_by ? person(input, dec.approved_by) : 'Sem segunda aprovação'}</td></tr>
<tr><th>Prazo de comunicação</th><td>${when(dec.communication_due_at)}</td></tr>
</table>`;
}

function communicationsSection(d: Dossier): SafeHtml {
  if (d.communications.length === 0) return html`<p>Nenhuma comunicação ao COAF registrada.</p>`;
  return html`${d.communications.map(
    (m) => html`<div class="card"><div class="head"><span>${labelled(COMMUNICATION_KIND_TEXT, m.kind)}</span><span class="mono">NumOcorrencia ${m.num_ocorrencia}</span></div>
<div class="grid2"><div class="k">CNPJ comunicante</div><div>${document(m.reporting_cnpj)}</div>
<div class="k">Preparada em</div><div>${dateTime(m.prepared_at)}</div>
<div class="k">Enviada em</div><div>${when(m.sent_at)}</div>
<div class="k">Validação</div><div>${m.validation ? (m.validation.status === 1 ? 'Aceita (STATUS 1)' : html`Rejeitada (STATUS 2): ${m.validation.errors.map((e) => html`${e.description}${code(String(e.code))}`)}`) : '—'}</div>
<div class="k">Recibo (NUMEROCOAF / AUTENTICACAO)</div><div>${m.receipt ? html`<span class="mono">${m.receipt.numero_coaf} / ${m.receipt.autenticacao}</span>` : '—'}</div>
${m.cancelled ? html`<div class="k">Cancelada em</div><div>${dateTime(m.cancelled.cancelled_at)} — ${m.cancelled.reason}</div>` : ''}</div>
${m.files.map((f) => html`<div class="small">Arquivo ${f.batch_id} gerado em ${dateTime(f.exported_at)} · SHA-256 <span class="mono">${f.sha256}</span></div>`)}</div>`,
  )}`;
}

function filesTable(d: Dossier): SafeHtml {
  const kind: Record<string, string> = { evidence: 'Evidência', kyc_snapshot: 'Retrato cadastral (KYC)', siscoaf_lote: 'Arquivo Siscoaf', siscoaf_response: 'Resposta de validação', siscoaf_receipt: 'Recibo' };
  const names = new Map(d.evidence.map((e) => [e.evidence_id, e.file_name]));
  return html`<table class="compact"><thead><tr><th>Arquivo</th><th>Tamanho</th><th>SHA-256</th></tr></thead><tbody>${d.files.map(
    (f) => html`<tr><td>${kind[f.kind] ?? f.kind}${names.has(f.id) ? html`: ${names.get(f.id)!}` : ''}${code(f.id)}</td><td>${f.byte_size === null ? '—' : `${f.byte_size.toLocaleString('pt-BR')} bytes`}</td><td class="mono">${f.sha256}</td></tr>`,
  )}</tbody></table>`;
}

function notesSection(input: DossierPdfInput): SafeHtml {
  const d = input.dossier;
  if (d.notes.length === 0) return html`<p>Nenhuma anotação.</p>`;
  return html`${d.notes.map((n) => html`<div class="card"><div class="head"><span>${person(input, n.author)}</span><span class="small">${dateTime(n.noted_at)}</span></div><div>${n.text}</div></div>`)}`;
}

function trailTable(input: DossierPdfInput): SafeHtml {
  return html`<table class="compact"><thead><tr><th>#</th><th>Quando</th><th>O quê</th><th>Quem</th></tr></thead><tbody>${input.dossier.audit_trail.map(
    (e) => html`<tr><td>${String(e.revision)}</td><td>${dateTime(e.at)}</td><td>${labelled(EVENT_TEXT, e.type)}</td><td>${person(input, e.by)}</td></tr>`,
  )}</tbody></table>`;
}

export const dossierFooter = (d: Dossier) => `Dossiê de análise (Circular BCB 3.978/2020, art. 43 §2º) · caso ${d.case.case_id} · SHA-256 do JSON ${d.content_sha256.slice(0, 16)}…`;

export const dossierFileName = (d: Dossier, ext: 'pdf' | 'json') => `dossie-${d.case.case_id}.${ext}`;

/** The dossier's HTML for the PDF. */
export function dossierHtml(input: DossierPdfInput): string {
  const d = input.dossier;
  return documentShell(
    `Dossiê de análise — caso ${d.case.case_id}`,
    html`<div class="masthead"><div><div class="brand">Circular BCB 3.978/2020 · arts. 43 e 48</div><h1>Dossiê de análise de operação suspeita</h1></div>
<div class="meta">Caso <span class="mono">${d.case.case_id}</span><br>Conteúdo até o evento nº ${String(d.through_revision)}</div></div>
${d.case.environment === 'sandbox' ? html`<div class="sandbox">Ambiente de testes (sandbox)</div>` : ''}
<div class="summary"><strong>Situação:</strong> ${labelled(CASE_STATUS_TEXT, d.case.status)}<br><strong>SHA-256 do conteúdo (JSON):</strong> <span class="mono">${d.content_sha256}</span></div>
<h2>Identificação e origem</h2>${originRows(d)}
<h2>Operação ou situação</h2>${operationSection(d)}${d.case.description ? html`<p>${d.case.description}</p>` : ''}
<h2>Datas e prazos</h2>
<table class="kv"><tr><th>Ocorrência</th><td>${dateTime(d.dates.occurred_at)}</td></tr><tr><th>Abertura</th><td>${dateTime(d.dates.opened_at)}</td></tr><tr><th>Seleção</th><td>${when(d.dates.selected_at)}</td></tr><tr><th>Decisão</th><td>${when(d.dates.decided_at)}</td></tr><tr><th>Encerramento</th><td>${when(d.dates.closed_at)}</td></tr></table>
${clockRows(d)}
<h2>Indícios (Carta Circular BCB 4.001/2020)</h2>${reasonsSection(d)}
<h2>Analistas</h2>${analystsList(input)}
<h2>Decisão</h2>${decisionSection(input)}
<h2>Anotações</h2>${notesSection(input)}
<h2>Retrato cadastral do cliente (KYC) na análise</h2>${kycSection(input.kyc)}
<h2>Comunicações ao COAF</h2>${communicationsSection(d)}
<h2>Arquivos e seus hashes</h2>${filesTable(d)}
<h2 class="page-break">Trilha de auditoria</h2>${trailTable(input)}`,
  );
}
