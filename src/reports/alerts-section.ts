import { LIST_INFO } from '../domain/list/info.js';
import type { AlertDoc } from '../projections/monitoring-alerts.js';
import { alertTimeline } from './alert-timeline.js';
import { badge, dateTime, html, join, type SafeHtml } from './html.js';
import type { RunReportModel } from './run-model.js';

const STATUS_TEXT: Record<AlertDoc['status'], string> = { open: 'Aberto', delisted: 'Encerrado (saiu da lista)', resolved: 'Resolvido' };
const RESOLUTION_TEXT: Record<string, string> = { true_positive: 'match confirmado', false_positive: 'falso positivo' };

function alertBlock(alert: AlertDoc): SafeHtml {
  const timeline = alertTimeline(alert);
  const status = `${STATUS_TEXT[alert.status]}${alert.resolution ? ` (${RESOLUTION_TEXT[alert.resolution] ?? alert.resolution})` : ''}`;
  const rows = timeline.steps.map(
    (s) => html`<tr><th>${s.code ? html`<span title="${s.code}">${s.label}</span>` : s.label}</th><td>${s.when}</td><td>${s.after ? `+ ${s.after}` : '—'}</td></tr>`,
  );
  return html`<div class="alert-timeline" data-section="alert-timeline" data-alert-id="${alert.alert_id}">
<h3>${alert.matched_name} — <span title="${alert.list_id}">${LIST_INFO[alert.list_id]?.name ?? 'Lista interna'}</span></h3>
<p>${badge(status, alert.status === 'open' ? 'warn' : 'neutral')} levantado em ${dateTime(alert.created_at)}</p>
<table><thead><tr><th scope="col">Etapa</th><th scope="col">Quando</th><th scope="col">Desde a etapa anterior</th></tr></thead><tbody>${join(rows)}</tbody></table>
${timeline.total ? html`<p><strong>Da publicação ao aviso entregue: ${timeline.total}</strong></p>` : ''}${
    timeline.recorded ? '' : html`<p class="muted">Alerta anterior ao registro da linha do tempo da lista: constam apenas o alerta e as entregas.</p>`
  }</div>`;
}

/**
 * The customer's monitoring alerts with their timelines (issue 29, the evidence of "sem demora"),
 * as the customer's stream recorded them when the report was generated. Nothing for a run
 * without a customer.
 */
export function monitoringAlertsSection(model: RunReportModel, heading: string): SafeHtml {
  if (!model.run.customer_id || !model.monitoring_alerts) return html``;
  const alerts = model.monitoring_alerts;
  return html`<section class="page-break" data-section="monitoring-alerts"><h2>${heading}</h2>
<p class="muted">Alertas do monitoramento contínuo do cliente registrados até a emissão deste relatório, com a linha do tempo de cada um: da publicação da lista ao aviso entregue ao sistema da instituição (Lei 13.810/2019, art. 9º; Resolução BCB 44/2020).</p>
${alerts.length === 0 ? html`<p>Nenhum alerta de monitoramento registrado para o cliente.</p>` : join(alerts.map(alertBlock))}</section>`;
}
