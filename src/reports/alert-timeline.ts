import type { StoredEvent } from '../adapters/event-store/event-log.js';
import { monitoringAlertsProjection, type AlertDoc } from '../projections/monitoring-alerts.js';
import { dateTime } from './html.js';

/**
 * The timeline of one monitoring alert as a person reads it (issue 29, the evidence of "sem
 * demora"): when the list's publisher dated the version, when the service downloaded, imported
 * and indexed it, raised the alert and delivered its webhooks, each in Brasília time, with the
 * time since the step before in pt-BR. One formatter for the dashboard and the `completo` report.
 */
export interface TimelineStep {
  key: 'published' | 'fetched' | 'imported' | 'indexed' | 'raised' | 'delivered';
  label: string;
  /** the instant, null where nothing recorded it */
  at: string | null;
  /** the instant as printed, or why there is none */
  when: string;
  /** the time since the previous step with a time ("4 min 12 s"); null for the first or an unknown one */
  after: string | null;
  /** the raw code a tooltip shows (a delivery's webhook event) */
  code: string | null;
}

export interface AlertTimeline {
  steps: TimelineStep[];
  /** publication to the first delivery, when both are known */
  total: string | null;
  /** false on alerts raised before the evidence was recorded: only the alert and its deliveries */
  recorded: boolean;
}

/** Who publishes each official list, as the timeline names them; a tenant's list is its own. */
const PUBLISHER: Record<string, string> = {
  un_sc: 'ONU',
  ofac_sdn: 'OFAC',
  eu_fsf: 'União Europeia',
  uk_fcdo: 'Reino Unido (FCDO)',
  br_ceis: 'CGU',
  br_cnep: 'CGU',
  br_cepim: 'CGU',
  br_ceaf: 'CGU',
  br_pep: 'CGU',
  br_trabalho_escravo: 'MTE',
  br_tcu_inabilitados: 'TCU',
  br_tcu_inidoneos: 'TCU',
};

export const publishedLabel = (listId: string): string => (PUBLISHER[listId] ? `Publicado pela ${PUBLISHER[listId]}` : 'Publicado pela fonte da lista');

/** A duration in pt-BR, its two largest units: "850 ms", "12 s", "4 min 12 s", "2 h 5 min", "1 dia 3 h". */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const sign = ms < 0 ? '−' : '';
  const abs = Math.abs(ms);
  if (abs < 1000) return `${sign}${Math.round(abs)} ms`;
  const seconds = Math.floor(abs / 1000);
  const units: [number, string][] = [
    [Math.floor(seconds / 86_400), 'dia'],
    [Math.floor((seconds % 86_400) / 3600), 'h'],
    [Math.floor((seconds % 3600) / 60), 'min'],
    [seconds % 60, 's'],
  ];
  const first = units.findIndex(([n]) => n > 0);
  const shown = units.slice(first, first + 2).filter(([n]) => n > 0);
  return sign + shown.map(([n, unit]) => (unit === 'dia' ? `${n} ${n === 1 ? 'dia' : 'dias'}` : `${n} ${unit}`)).join(' ');
}

type TimelineAlert = Pick<AlertDoc, 'list_id' | 'created_at' | 'evidence' | 'deliveries'>;

export function alertTimeline(alert: TimelineAlert): AlertTimeline {
  const evidence = alert.evidence ?? null;
  const raw: Omit<TimelineStep, 'when' | 'after'>[] = [];
  const unknown: Record<string, string> = {};
  if (evidence) {
    raw.push({ key: 'published', label: publishedLabel(alert.list_id), at: evidence.list_published_at, code: null });
    raw.push({ key: 'fetched', label: 'Baixado pelo serviço', at: evidence.fetched_at, code: null });
    raw.push({ key: 'imported', label: 'Importado', at: evidence.imported_at, code: null });
    raw.push({ key: 'indexed', label: 'Indexado', at: evidence.indexed_at, code: null });
    unknown['published'] = 'a lista não informa a data';
    unknown['fetched'] = 'recebida por upload, sem download';
    unknown['indexed'] = 'não registrado';
  }
  raw.push({ key: 'raised', label: 'Alerta levantado', at: alert.created_at, code: null });
  const deliveries = [...(alert.deliveries ?? [])].sort((a, b) => a.delivered_at.localeCompare(b.delivered_at));
  for (const d of deliveries) raw.push({ key: 'delivered', label: 'Aviso entregue ao sistema da instituição', at: d.delivered_at, code: d.event });
  if (deliveries.length === 0) {
    raw.push({ key: 'delivered', label: 'Aviso entregue ao sistema da instituição', at: null, code: null });
    unknown['delivered'] = 'nenhuma entrega registrada';
  }
  let previous: string | null = null;
  const steps = raw.map((step): TimelineStep => {
    const after = step.at !== null && previous !== null ? durationText(Date.parse(step.at) - Date.parse(previous)) : null;
    if (step.at !== null) previous = step.at;
    return { ...step, when: step.at !== null ? dateTime(step.at) : (unknown[step.key] ?? '—'), after };
  });
  const published = evidence?.list_published_at ?? null;
  const firstDelivery = deliveries[0]?.delivered_at ?? null;
  return { steps, total: published && firstDelivery ? durationText(Date.parse(firstDelivery) - Date.parse(published)) : null, recorded: evidence !== null };
}

/** A customer's monitoring alerts from its stream, folded by the read model's own projection, oldest first. */
export function customerAlerts(events: readonly StoredEvent[]): AlertDoc[] {
  const alerts = new Map<string, AlertDoc | null>();
  for (const event of events) {
    for (const id of monitoringAlertsProjection.documentIds(event)) alerts.set(id, monitoringAlertsProjection.evolve(alerts.get(id) ?? null, event, id));
  }
  return [...alerts.values()].filter((a): a is AlertDoc => a !== null).sort((a, b) => a.created_at.localeCompare(b.created_at));
}
