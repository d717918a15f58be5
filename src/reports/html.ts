import escapeHtml from 'escape-html';

/**
 * HTML for the PDF documents. Every interpolated value goes through escape-html unless it is
 * itself markup built by `html` (or a constant marked with `trusted`), so no data from a
 * source, a subject or an operator can open a tag.
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Fragment = SafeHtml | string | number | boolean | null | undefined | readonly Fragment[];

function render(value: Fragment): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

export function html(strings: TemplateStringsArray, ...values: Fragment[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new SafeHtml(out);
}

/** Markup written in this code base (stylesheets, icons): never data. */
export const trusted = (constant: string): SafeHtml => new SafeHtml(constant);

export const join = (parts: readonly SafeHtml[], separator = ''): SafeHtml => new SafeHtml(parts.map((p) => p.value).join(separator));

// Formatting, deterministic whatever the machine's locale or time zone

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const NUMBER = new Intl.NumberFormat('pt-BR');

export const money = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? BRL.format(value) : '—');
export const number = (value: unknown): string => (typeof value === 'number' && Number.isFinite(value) ? NUMBER.format(value) : '—');

/** Brasília time by its zone's rules (Intl, not a fixed offset): the one clock every person reads. */
const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The zone as every time printed names it. */
export const ZONE_TEXT = 'horário de Brasília';

function brasiliaParts(iso: string): Record<string, string> | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  return Object.fromEntries(BRASILIA.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** 2026-11-22T12:00:00.000Z -> 22/11/2026 09:00:00 (horário de Brasília) */
export function dateTime(iso: unknown): string {
  if (typeof iso !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(iso)) return '—';
  const p = brasiliaParts(iso);
  if (!p) return '—';
  return `${p['day']}/${p['month']}/${p['year']} ${p['hour']}:${p['minute']}:${p['second']} (${ZONE_TEXT})`;
}

/** 2026-11-22 -> 22/11/2026; an instant -> its day in Brasília */
export function date(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return typeof value === 'string' && value ? value : '—';
  const p = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? brasiliaParts(value) : null;
  if (p) return `${p['day']}/${p['month']}/${p['year']}`;
  return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
}

/** CPF 000.000.000-00, CNPJ 00.000.000/0000-00 (letters of an alphanumeric one kept); anything else as it came. */
/** The prefix of the key partnersOf gives a partner without a document. */
export const NO_DOCUMENT = 'sem-documento-';

export function document(doc: unknown): string {
  if (typeof doc !== 'string') return '—';
  // a partner without a document (a foreigner) keys the graph by a placeholder (partnersOf): never shown
  if (doc.startsWith(NO_DOCUMENT)) return 'Não informado';
  // a CPF masked as the Receita publishes it (`***456789**`), punctuated like a full one
  if (/^\*{3}\d{6}\*{2}$/.test(doc)) return `***.${doc.slice(3, 6)}.${doc.slice(6, 9)}-**`;
  if (/^\d{11}$/.test(doc)) return `${doc.slice(0, 3)}.${doc.slice(3, 6)}.${doc.slice(6, 9)}-${doc.slice(9)}`;
  if (/^[0-9A-Z]{12}\d{2}$/.test(doc)) return `${doc.slice(0, 2)}.${doc.slice(2, 5)}.${doc.slice(5, 8)}/${doc.slice(8, 12)}-${doc.slice(12)}`;
  return doc;
}

export const DECISION_LABEL: Record<string, string> = { approved: 'Aprovado', rejected: 'Reprovado', review: 'Em revisão', hold: 'Retido (fontes críticas pendentes)' };
export const BAND_LABEL: Record<string, string> = { baixo: 'Baixo', medio: 'Médio', alto: 'Alto' };
export const STATUS_LABEL: Record<string, string> = {
  queued: 'Na fila',
  running: 'Em execução',
  completed: 'Concluída',
  blocked: 'Bloqueada',
  pending_review: 'Aguardando revisão manual',
  partial: 'Parcial (fontes com falha técnica)',
  failed: 'Falha técnica',
  cancelado: 'Cancelada',
};
export const CHECK_STATUS_LABEL: Record<string, string> = { VALID: 'Regular', INVALID: 'Apontamento', NO_DATA: 'Sem dados', ERROR: 'Falha técnica' };
export const SEVERITY_LABEL: Record<string, string> = { info: 'Informativa', low: 'Baixa', medium: 'Média', high: 'Alta', critical: 'Crítica' };
export const CONFIDENCE_LABEL: Record<string, string> = { high: 'Alta', medium: 'Média', low: 'Baixa' };
export const TIER_LABEL: Record<number, string> = { 1: 'Crítica (1)', 2: 'Importante (2)', 3: 'Informativa (3)' };
export const ACTION_LABEL: Record<string, string> = { block: 'Bloquear', pend: 'Pendência (revisão manual)', review: 'Revisão', info: 'Informativa' };

export const label = (table: Record<string | number, string>, key: unknown): string =>
  ((typeof key === 'string' || typeof key === 'number') && table[key]) || (typeof key === 'string' || typeof key === 'number' ? String(key) : '—');

/** A coloured pill for a decision, band, status or severity. */
export function badge(text: string, tone: 'ok' | 'warn' | 'bad' | 'neutral' | 'info'): SafeHtml {
  return html`<span class="badge badge-${tone}">${text}</span>`;
}

export const bandTone = (band: unknown) => (band === 'alto' ? 'bad' : band === 'medio' ? 'warn' : band === 'baixo' ? 'ok' : 'neutral');
export const decisionTone = (decision: unknown) => (decision === 'approved' ? 'ok' : decision === 'rejected' ? 'bad' : decision ? 'warn' : 'neutral');
export const checkTone = (status: unknown) => (status === 'VALID' ? 'ok' : status === 'INVALID' ? 'bad' : status === 'ERROR' ? 'warn' : 'neutral');
export const severityTone = (severity: unknown) => (severity === 'critical' || severity === 'high' ? 'bad' : severity === 'medium' ? 'warn' : 'info');

/** The whole document: one stylesheet, A4 pages, Portuguese. */
export function documentShell(title: string, body: SafeHtml): string {
  return html`<!DOCTYPE html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title><style>${STYLES}</style></head>
<body>${body}</body></html>`.value;
}

const STYLES = trusted(`
@page { size: A4; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { font-family: 'Open Sans', 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9pt; line-height: 1.38; color: #1d2733; margin: 0; }
h1 { font-size: 17pt; margin: 0 0 2mm; color: #0b2e4f; }
h2 { font-size: 12.5pt; color: #0b2e4f; border-bottom: 1.6pt solid #0b2e4f; padding-bottom: 1mm; margin: 7mm 0 3mm; break-after: avoid; }
h3 { font-size: 10.5pt; color: #173f66; margin: 5mm 0 2mm; break-after: avoid; }
h4 { font-size: 9.5pt; margin: 3mm 0 1.5mm; break-after: avoid; }
p { margin: 0 0 2mm; }
.muted { color: #5b6470; }
.small { font-size: 7.8pt; }
.mono { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; font-size: 7.6pt; word-break: break-all; }
.page-break { break-before: page; }
.keep { break-inside: avoid; }
.masthead { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3pt solid #0b2e4f; padding-bottom: 3mm; margin-bottom: 4mm; }
.masthead .brand { font-size: 8pt; letter-spacing: 0.12em; text-transform: uppercase; color: #5b6470; }
.masthead h1 { font-size: 15pt; }
.masthead .meta { text-align: right; font-size: 7.5pt; color: #5b6470; max-width: 62mm; }
.sandbox { background: #fff4d6; border: 1pt solid #e0b43c; color: #6b4d00; padding: 2mm 3mm; margin-bottom: 4mm; font-weight: 600; }
table { width: 100%; border-collapse: collapse; margin: 0 0 3mm; }
th, td { text-align: left; vertical-align: top; padding: 1.3mm 1.8mm; border-bottom: 0.5pt solid #d5dbe3; }
th { background: #eef2f7; color: #0b2e4f; font-weight: 600; font-size: 8pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
table.kv th { width: 34%; background: #f5f7fa; }
table.compact td, table.compact th { padding: 0.9mm 1.4mm; font-size: 7.8pt; }
.badge { display: inline-block; padding: 0.4mm 2.2mm; border-radius: 8pt; font-weight: 600; font-size: 8pt; }
.badge-ok { background: #dff3e4; color: #1b6b33; }
.badge-warn { background: #fff0cc; color: #7a5300; }
.badge-bad { background: #fbe0e0; color: #9b1c1c; }
.badge-info { background: #e3edfa; color: #1d4f8c; }
.badge-neutral { background: #eceff3; color: #4a5563; }
.panel { display: flex; gap: 3mm; margin: 2mm 0 4mm; }
.panel .cell { flex: 1; border: 0.8pt solid #c9d2dd; border-radius: 2mm; padding: 2.5mm 3mm; }
.panel .cell .k { font-size: 7.5pt; text-transform: uppercase; letter-spacing: 0.06em; color: #5b6470; }
.panel .cell .v { font-size: 12pt; font-weight: 700; margin-top: 1mm; }
.summary { border-left: 3pt solid #0b2e4f; background: #f5f7fa; padding: 2.5mm 3.5mm; margin: 0 0 4mm; }
.finding { border: 0.6pt solid #d5dbe3; border-left: 3pt solid #9b1c1c; padding: 2mm 3mm; margin-bottom: 2mm; break-inside: avoid; }
.finding.sev-medium { border-left-color: #d49a00; }
.finding.sev-low, .finding.sev-info { border-left-color: #1d4f8c; }
.finding .title { font-weight: 700; }
.card { border: 0.6pt solid #d5dbe3; border-radius: 1.5mm; padding: 2.2mm 3mm; margin-bottom: 2.2mm; break-inside: avoid; }
.card .head { display: flex; justify-content: space-between; gap: 3mm; font-weight: 700; color: #0b2e4f; margin-bottom: 1mm; }
.grid2 { display: grid; grid-template-columns: 1fr 1fr; gap: 0.6mm 6mm; }
.grid2 .k { color: #5b6470; font-size: 7.6pt; }
.signoff { border: 1pt solid #0b2e4f; padding: 3.5mm 4mm; margin-top: 5mm; break-inside: avoid; }
.signoff .line { border-bottom: 0.6pt solid #1d2733; height: 7mm; margin-bottom: 1mm; }
.signoff .lines .line { height: 6mm; }
.signoff .row { display: flex; gap: 6mm; margin-top: 3mm; }
.signoff .row > div { flex: 1; }
.signoff .caption { font-size: 7.5pt; color: #5b6470; }
.checkbox { display: inline-block; width: 3.2mm; height: 3.2mm; border: 0.8pt solid #1d2733; margin: 0 1.2mm -0.6mm 0; }
.toc li { margin-bottom: 1mm; }
.cover { min-height: 240mm; display: flex; flex-direction: column; }
.cover .title { margin-top: 30mm; }
.cover .title h1 { font-size: 24pt; }
.cover .facts { margin-top: 12mm; }
.graph { border: 0.6pt solid #d5dbe3; border-radius: 1.5mm; padding: 2mm; margin: 2mm 0 4mm; break-inside: avoid; }
.graph svg { width: 100%; height: auto; display: block; }
.legend { font-size: 7.5pt; color: #5b6470; margin-top: 1mm; }
.legend span { margin-right: 5mm; }
.swatch { display: inline-block; width: 3mm; height: 3mm; border-radius: 0.6mm; margin-right: 1mm; vertical-align: -0.4mm; }
.digest { background: #f5f7fa; border: 0.8pt solid #c9d2dd; padding: 2.5mm 3mm; margin: 2mm 0 3mm; break-inside: avoid; }
.event { border-top: 0.5pt solid #d5dbe3; padding: 1.6mm 0; break-inside: avoid; }
pre.json { white-space: pre-wrap; margin: 1mm 0 0; background: #fafbfc; border: 0.5pt solid #e3e7ed; padding: 1.5mm 2mm; }
`);
