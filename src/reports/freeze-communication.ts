import type { BlockedAttempt, FreezeAddressee, FreezeAsset } from '../domain/case/events.js';
import { listDisplayName } from '../domain/list/info.js';
import type { ListEntry } from '../domain/screening/entry.js';
import { badge, date, dateTime, document, documentShell, html, money, type SafeHtml } from './html.js';

/**
 * The drafts of the communications of a confirmed sanctions freeze (Lei 13.810/2019, art. 11: the
 * freeze and the transfer attempts are told to the MJSP, the regulator and COAF). The service
 * writes them from the case's and the customer's events; the institution reviews, signs and sends
 * each through its addressee's channel, then records the date and protocol on the case.
 */
export interface FreezeCommunicationModel {
  addressee: FreezeAddressee;
  version: number;
  drafted_at: string;
  institution: { tenant_id: string; name: string; cnpj: string | null };
  customer: { customer_id: string; type: string; name: string | null; doc: string | null };
  designation: {
    list_id: string;
    list_name: string;
    entry_id: string;
    version_id: string;
    /** the entry as the version read now publishes it; null when the loaded version no longer has it */
    names: string[];
    programs: string[];
    un_reference: string | null;
    listed_on: string | null;
    matched_name: string;
  };
  legal_basis: string;
  timeline: {
    list_published_at: string | null;
    fetched_at: string | null;
    imported_at: string | null;
    indexed_at: string | null;
    alerted_at: string;
    delivered_at: string[];
    confirmed_at: string;
    confirmed_by: string | null;
  };
  measures: {
    measures_id: string;
    frozen_at: string;
    assets: FreezeAsset[];
    attempts_blocked: BlockedAttempt[];
    justification: string | null;
    recorded_at: string;
    recorded_by: string;
  } | null;
  /** not done "sem demora": more than `deadline_hours` after the alert */
  late: boolean;
  deadline_hours: number;
}

export const ADDRESSEE_NAME: Record<FreezeAddressee, string> = {
  bcb: 'Banco Central do Brasil (BCB)',
  mjsp: 'Ministério da Justiça e Segurança Pública — DRCI/SNJ',
  coaf: 'Conselho de Controle de Atividades Financeiras (COAF)',
};

/** How each addressee is reached, as far as it was verified (regulatory-notes.md 2.8). */
export const ADDRESSEE_CHANNEL: Record<FreezeAddressee, { channel: string; note: string }> = {
  coaf: { channel: 'Siscoaf (sistema do COAF)', note: 'Envie pelo Siscoaf e registre aqui o número do protocolo que ele devolve.' },
  mjsp: {
    channel: 'E-mail csnu@mj.gov.br (endereço indicado na página da SUSEP sobre sanções do CSNU)',
    note: 'O DRCI/SNJ recebe as comunicações da Lei 13.810/2019; registre aqui a data do envio e a referência da mensagem.',
  },
  bcb: {
    channel: 'Canal não verificado',
    note: 'Nota à instituição: o canal de envio ao Banco Central para esta comunicação não foi verificado pelo serviço (a Resolução BCB 44/2020 não foi obtida na íntegra). Confirme o canal com o seu supervisor no BCB antes de enviar.',
  },
};

export const ASSET_KIND_TEXT: Record<string, string> = { conta: 'Conta', investimento: 'Investimento', cambio: 'Câmbio', credito: 'Crédito', bem: 'Bem', outro: 'Outro' };

/** The UN committee's reference (QDi.314) the importer keeps among the remarks. */
export function unReference(entry: Pick<ListEntry, 'remarks'> | null): string | null {
  return /Reference number: ([^\s;]+)/.exec(entry?.remarks ?? '')?.[1] ?? null;
}

/** The designation as the list's version publishes it. */
export function designationOf(listId: string, entryId: string, versionId: string, matchedName: string, entry: ListEntry | null): FreezeCommunicationModel['designation'] {
  return {
    list_id: listId,
    list_name: listDisplayName(listId),
    entry_id: entryId,
    version_id: versionId,
    names: entry?.names.map((n) => n.name) ?? [matchedName],
    programs: [...new Set((entry?.sanctions ?? []).flatMap((s) => (s.program ? [s.program] : [])))],
    un_reference: unReference(entry),
    listed_on: entry?.listed_on ?? null,
    matched_name: matchedName,
  };
}

/** The JSON draft: the model, named and versioned, for the institution's systems. */
export function freezeCommunicationJson(model: FreezeCommunicationModel): Record<string, unknown> {
  return {
    object: 'freeze_communication',
    addressee_name: ADDRESSEE_NAME[model.addressee],
    channel: ADDRESSEE_CHANNEL[model.addressee].channel,
    channel_note: ADDRESSEE_CHANNEL[model.addressee].note,
    ...model,
    justification_required: model.addressee === 'mjsp' && model.late,
    status: 'rascunho',
  };
}

export const freezeCommunicationFileName = (model: Pick<FreezeCommunicationModel, 'addressee' | 'version' | 'customer'>, ext: 'pdf' | 'json') =>
  `comunicacao-bloqueio-${model.addressee}-${model.customer.customer_id.slice(0, 8)}-v${model.version}.${ext}`;

export const freezeCommunicationFooter = (model: FreezeCommunicationModel) => `Rascunho de comunicação de bloqueio (Lei 13.810/2019) · ${ADDRESSEE_NAME[model.addressee]} · versão ${model.version}`;

const when = (iso: string | null) => (iso ? dateTime(iso) : 'Não informado');

function timelineRows(model: FreezeCommunicationModel): SafeHtml {
  const t = model.timeline;
  const rows: [string, string][] = [
    ['Publicação da designação (data da versão da lista)', when(t.list_published_at)],
    ['Obtenção da lista pelo serviço', t.fetched_at ? dateTime(t.fetched_at) : 'Carregada por envio manual'],
    ['Registro da versão', when(t.imported_at)],
    ['Indexação', when(t.indexed_at)],
    ['Alerta à instituição', dateTime(t.alerted_at)],
    ['Aviso entregue ao sistema da instituição', t.delivered_at.length > 0 ? t.delivered_at.map(dateTime).join('; ') : 'Sem entrega registrada'],
    ['Confirmação por analista', `${dateTime(t.confirmed_at)}${t.confirmed_by ? ` — ${t.confirmed_by}` : ''}`],
    ['Bloqueio efetivado pela instituição', model.measures ? dateTime(model.measures.frozen_at) : 'Ainda não informado'],
  ];
  return html`<table class="kv">${rows.map(([k, v]) => html`<tr><th>${k}</th><td>${v}</td></tr>`)}</table>`;
}

function measuresSection(model: FreezeCommunicationModel): SafeHtml {
  const m = model.measures;
  if (!m) return html`<h2>Medidas adotadas</h2><p class="summary">A instituição ainda não registrou as medidas de indisponibilidade. Registre-as (data do bloqueio, ativos, tentativas bloqueadas) para gerar uma nova versão desta comunicação.</p>`;
  const amount = (a: { amount: number | null }) => (a.amount === null ? '—' : money(a.amount));
  return html`<h2>Medidas adotadas</h2>
<p>Bloqueio efetivado em ${dateTime(m.frozen_at)}; registrado em ${dateTime(m.recorded_at)} por ${m.recorded_by}.</p>
<h3>Ativos indisponíveis</h3>
${m.assets.length === 0 ? html`<p>Nenhum ativo do cliente encontrado na instituição.</p>` : html`<table><thead><tr><th>Tipo</th><th>Descrição</th><th>Valor</th></tr></thead><tbody>${m.assets.map((a) => html`<tr><td>${ASSET_KIND_TEXT[a.kind] ?? a.kind}</td><td>${a.description}</td><td>${amount(a)}</td></tr>`)}</tbody></table>`}
<h3>Tentativas de transferência bloqueadas</h3>
${m.attempts_blocked.length === 0 ? html`<p>Nenhuma tentativa registrada.</p>` : html`<table><thead><tr><th>Quando</th><th>Descrição</th><th>Valor</th></tr></thead><tbody>${m.attempts_blocked.map((a) => html`<tr><td>${dateTime(a.at)}</td><td>${a.description}</td><td>${amount(a)}</td></tr>`)}</tbody></table>`}`;
}

function lateSection(model: FreezeCommunicationModel): SafeHtml | string {
  if (!model.late || model.addressee !== 'mjsp') return '';
  return html`<h2>Falta de cumprimento imediato (Decreto 9.825/2019, art. 6º)</h2>
<p>O bloqueio não foi efetivado sem demora — "imediatamente ou dentro de algumas horas" (Lei 13.810/2019, art. 2º, V); o serviço considera o prazo de ${model.deadline_hours} horas após o alerta.</p>
<p><strong>Justificativa da instituição:</strong> ${model.measures?.justification ?? 'Não informada'}</p>`;
}

/** The PDF draft: addressee, institution, customer, designation, the timeline of "sem demora", the measures. */
export function freezeCommunicationHtml(model: FreezeCommunicationModel): string {
  const d = model.designation;
  const channel = ADDRESSEE_CHANNEL[model.addressee];
  return documentShell(
    `Comunicação de bloqueio — ${ADDRESSEE_NAME[model.addressee]}`,
    html`<div class="masthead"><div><div class="brand">Sanções do CSNU · Lei 13.810/2019</div><h1>Comunicação de indisponibilidade de ativos</h1></div>
<div class="meta">Rascunho versão ${model.version}<br>Gerado em ${dateTime(model.drafted_at)}</div></div>
<div class="summary"><strong>Destinatário:</strong> ${ADDRESSEE_NAME[model.addressee]}<br><strong>Canal:</strong> ${channel.channel}<br><span class="small">${channel.note}</span></div>
${model.late ? html`<p>${badge(`Bloqueio fora do prazo de ${model.deadline_hours} horas`, 'bad')}</p>` : ''}
<h2>Instituição comunicante</h2>
<table class="kv"><tr><th>Razão social</th><td>${model.institution.name}</td></tr><tr><th>CNPJ</th><td>${model.institution.cnpj ? document(model.institution.cnpj) : 'Não informado ao serviço — preencha antes de enviar'}</td></tr></table>
<h2>Cliente titular dos ativos</h2>
<table class="kv"><tr><th>Nome</th><td>${model.customer.name ?? 'Não informado'}</td></tr><tr><th>${model.customer.type === 'pj' ? 'CNPJ' : 'CPF'}</th><td>${document(model.customer.doc)}</td></tr></table>
<h2>Designação</h2>
<table class="kv">
<tr><th>Lista</th><td>${d.list_name}</td></tr>
<tr><th>Registro na lista</th><td>${d.entry_id}${d.un_reference ? ` (referência ONU ${d.un_reference})` : ''}</td></tr>
<tr><th>Nomes publicados</th><td>${d.names.join('; ')}</td></tr>
<tr><th>Regime de sanções</th><td>${d.programs.length > 0 ? d.programs.join('; ') : 'Não informado na lista'}</td></tr>
<tr><th>Incluído na lista em</th><td>${d.listed_on ? date(d.listed_on) : 'Não informado'}</td></tr>
<tr><th>Fundamento</th><td>${model.legal_basis}</td></tr>
</table>
<h2>Cronologia (evidência de cumprimento sem demora)</h2>
${timelineRows(model)}
${measuresSection(model)}
${lateSection(model)}
<div class="signoff"><h3 style="margin-top:0">Envio</h3>
<div class="row"><div><div class="line"></div><div class="caption">Responsável pela comunicação (nome e cargo)</div></div><div><div class="line"></div><div class="caption">Data do envio e protocolo</div></div></div></div>`,
  );
}

