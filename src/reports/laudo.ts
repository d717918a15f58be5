import type { FxAnalysisResult } from '../domain/fx/analysis.js';
import type { FxOperationData } from '../domain/fx/events.js';
import { badge, dateTime, documentShell, html } from './html.js';

export interface LaudoModel {
  operation: FxOperationData;
  result: FxAnalysisResult;
  laudo_number: string;
  issued_at: string;
}

/** laudo-{nature_code}-{YYYYMMDD}-{laudo_number}.pdf (decisions section 9); the date is the issue date, UTC. */
export const laudoFileName = (natureCode: string, issuedAt: string, laudoNumber: string): string =>
  `laudo-${natureCode}-${issuedAt.slice(0, 10).replaceAll('-', '')}-${laudoNumber}.pdf`;

export const laudoFooter = (model: LaudoModel) => `Laudo de operação de câmbio nº ${model.laudo_number} · Operação ${model.operation.operation_id}`;

const DIRECTION = { entrada: 'Entrada (ingresso de divisas)', saida: 'Saída (remessa ao exterior)' } as const;

/** The laudo: the operation as registered, then the eight generated fields, each under its own heading. */
export function laudoHtml(model: LaudoModel): string {
  const { operation: op, result } = model;
  const a = result.analysis;
  const field = (title: string, key: string, body: ReturnType<typeof html>) =>
    html`<section class="keep"><h3>${title} <span class="muted small">(${key})</span></h3>${body}</section>`;
  return documentShell(
    `Laudo ${model.laudo_number}`,
    html`<div class="masthead"><div><div class="brand">Câmbio · Análise de conformidade</div><h1>Laudo de operação de câmbio nº ${model.laudo_number}</h1></div>
<div class="meta">Emitido em ${dateTime(model.issued_at)}<br>Tabela de naturezas: revisão ${result.table_revision}</div></div>
<h2>Operação analisada</h2>
<table class="kv">
<tr><th>Operação</th><td>${op.operation_id}</td></tr>
<tr><th>Código de natureza</th><td>${op.nature_code} ${result.catalogued ? badge('Catalogado', 'ok') : badge('Não catalogado — classificação manual', 'warn')}</td></tr>
<tr><th>Direção</th><td>${DIRECTION[op.direction]}</td></tr>
<tr><th>Moeda e valor</th><td>${op.currency} ${op.amount}</td></tr>
<tr><th>Contraparte no exterior</th><td>${op.counterparty.name} (${op.counterparty.country})</td></tr>
<tr><th>Cliente</th><td>${op.customer_id ?? 'Não vinculado'}</td></tr>
<tr><th>Descrição</th><td>${op.description || '—'}</td></tr>
<tr><th>Registrada em</th><td>${dateTime(op.created_at)}</td></tr>
</table>
${result.warnings.length > 0 ? html`<div class="summary"><strong>Pontos de atenção</strong><ul>${result.warnings.map((w) => html`<li>${w}</li>`)}</ul></div>` : ''}
<h2>Análise</h2>
${field('Natureza da operação', 'operation_nature', html`<p>${a.operation_nature}</p>`)}
${field('Principais características', 'main_characteristics', html`<p>${a.main_characteristics}</p>`)}
${field('Tributação — IRRF', 'taxation_irrf', html`<p>${a.taxation_irrf}</p>`)}
${field('Tributação — IOF-Câmbio', 'taxation_iof', html`<p>${a.taxation_iof}</p>`)}
${field('CIDE-Remessas', 'cide', html`<p>${a.cide}</p>`)}
${field('Siscoserv', 'siscoserv', html`<p>${a.siscoserv}</p>`)}
${field('Documentos exigidos', 'required_documents', html`<ul>${a.required_documents.map((d) => html`<li>${d}</li>`)}</ul>`)}
${field('Regulamentação', 'regulations', html`<ul>${a.regulations.map((r) => html`<li>${r}</li>`)}</ul>`)}
<p class="small muted">Análise automatizada por regras sobre a tabela de naturezas do serviço. Indica o tratamento previsto nas normas citadas e, onde a alíquota depende de fatos da operação ou da redação vigente da norma, o que deve ser verificado; não substitui o parecer tributário ou jurídico da instituição.</p>
<div class="signoff"><h3 style="margin-top:0">Conferência</h3>
<div class="row"><div><div class="line"></div><div class="caption">Responsável pela conferência (nome e matrícula)</div></div><div><div class="line"></div><div class="caption">Data</div></div></div>
<div class="row"><div><div class="line"></div><div class="caption">Assinatura</div></div><div></div></div></div>`,
  );
}
