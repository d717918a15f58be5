import type { CheckStatus } from './answers.js';
import type { TemplateDefinition } from '../template/events.js';
import { isSourceId, SOURCES } from './catalog.js';
import { hitsOf, riskDimensions, sourceStatus, type RecordedAnswer } from './evaluate.js';

export const ANALYSIS_SCHEMA_VERSION = '2026-09-23';

export interface RunFacts {
  template: TemplateDefinition;
  subject_type: 'pf' | 'pj';
  answers: Readonly<Record<string, RecordedAnswer>>;
  abandoned: readonly string[];
  decision: string | null;
  operative_decision: string | null;
  completed_at: string | null;
}

const DIMENSION_LABELS: Record<string, string> = {
  cadastral: 'Cadastral',
  sanctions: 'Sanções',
  reputational: 'Reputacional',
  corporate: 'Societário',
  legal: 'Jurídico',
};

const sourceLabel = (id: string) => (isSourceId(id) ? SOURCES[id].label : id);
const checkLabel = (sourceId: string, checkId: string) =>
  (isSourceId(sourceId) ? SOURCES[sourceId].checks.find((c) => c.id === checkId)?.label : undefined) ?? checkId;

/** Group status: INVALID if any source is, else ERROR if any, else VALID if any, else NO_DATA. */
function groupStatus(statuses: CheckStatus[]): CheckStatus {
  for (const s of ['INVALID', 'ERROR', 'VALID'] as const) if (statuses.includes(s)) return s;
  return 'NO_DATA';
}

function summaryLabel(status: CheckStatus, answer: RecordedAnswer | undefined, abandoned: boolean): string {
  if (abandoned) return 'Não executada (análise interrompida)';
  if (status === 'ERROR') return `Falha técnica${answer?.error_code ? ` (${answer.error_code})` : ''}`;
  if (status === 'INVALID') return `${answer?.checks.filter((c) => c.status === 'INVALID').length ?? 0} apontamento(s)`;
  if (status === 'NO_DATA') return 'Sem registros para o titular';
  return 'Nada consta';
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A cadastral source's `endereco` on one line: "RUA X, 120, SALA 2 — CENTRO — SÃO PAULO/SP — CEP 01310-100"; null when it has none. */
export function addressLine(endereco: unknown): string | null {
  if (typeof endereco !== 'object' || endereco === null) return null;
  const a = endereco as Record<string, unknown>;
  const street = [a['logradouro'], a['numero'], a['complemento']].map(text).filter(Boolean).join(', ');
  const city = [a['municipio'], a['uf']].map(text).filter(Boolean).join('/');
  const cep = text(a['cep']);
  const line = [street, text(a['bairro']), city, cep ? `CEP ${cep}` : null, text(a['pais'])].filter(Boolean).join(' — ');
  return line || null;
}

/** "Receita Federal — Dados abertos do CNPJ, publicação 2026-05" for an answer read from the CNPJ register. */
export function registerPublication(register: unknown): string | null {
  if (typeof register !== 'object' || register === null) return null;
  const r = register as Record<string, unknown>;
  return text(r['source']) && text(r['month']) ? `${String(r['source'])}, publicação ${String(r['month'])}` : null;
}

/**
 * The subject as the cadastral source describes it: its plain fields, the address on one line
 * (a nested object would otherwise be dropped) and, for the CNPJ register, the month read.
 */
function subjectProfile(facts: RunFacts) {
  const data = (facts.answers['receita_cpf'] ?? facts.answers['receita_cnpj'])?.data ?? {};
  const fields = Object.entries(data)
    .filter(([, v]) => typeof v === 'string' || typeof v === 'number')
    .map(([label, value]) => ({ label, value: String(value) }));
  const address = addressLine(data['endereco']);
  if (address) fields.push({ label: 'endereco', value: address });
  const publication = registerPublication(data['register']);
  if (publication) fields.push({ label: 'fonte', value: publication });
  const cnaes = Array.isArray(data['cnaes'])
    ? (data['cnaes'] as { code?: unknown; description?: unknown }[]).map((c) => [c.code, c.description].filter(Boolean).join(' - '))
    : [];
  return { type: facts.subject_type, fields, cnaes };
}

/** GET analysis: findings, blocks, groups, review reasons, risk dimensions, profile, gaps. */
export function buildAnalysis(facts: RunFacts) {
  const answers = Object.values(facts.answers);
  const executed = answers.filter((a) => !facts.abandoned.includes(a.source_id));
  const statuses = executed.map((a) => sourceStatus(a));
  const confidence = statuses.includes('ERROR') ? 'low' : statuses.includes('NO_DATA') ? 'medium' : 'high';
  const hits = answers.flatMap((a) => hitsOf(facts.template, a));
  const groups = new Map<string, { id: string; label: string; sources: { source_id: string; tier: number }[] }>();
  for (const s of facts.template.sources) {
    if (!isSourceId(s.source_id)) continue;
    const group = SOURCES[s.source_id].group;
    const entry = groups.get(group.id) ?? { id: group.id, label: group.label, sources: [] };
    entry.sources.push(s);
    groups.set(group.id, entry);
  }
  return {
    schema_version: ANALYSIS_SCHEMA_VERSION,
    built_at: facts.completed_at,
    decision: facts.decision,
    operative_decision: facts.operative_decision,
    confidence,
    findings: hits.map((h) => ({
      check_id: h.check.check_id,
      source_id: h.source_id,
      source_label: sourceLabel(h.source_id),
      severity: h.check.severity ?? 'medium',
      title: h.check.title ?? checkLabel(h.source_id, h.check.check_id),
      detail: h.check.detail ?? h.check.result_label,
    })),
    blocked_by: hits
      .filter((h) => h.action === 'block')
      .map((h) => ({ tier: h.tier, check_id: h.check.check_id, source_id: h.source_id, check_label: checkLabel(h.source_id, h.check.check_id), source_label: sourceLabel(h.source_id) })),
    source_groups: [...groups.values()].map((g) => {
      const sources = g.sources.map((s) => {
        const answer = facts.answers[s.source_id];
        const abandoned = facts.abandoned.includes(s.source_id);
        const status = sourceStatus(answer);
        return { source_id: s.source_id, label: sourceLabel(s.source_id), status, duration_ms: answer?.duration_ms ?? 0, summary_label: summaryLabel(status, answer, abandoned) };
      });
      return {
        id: g.id,
        label: g.label,
        status: groupStatus(sources.map((s) => s.status)),
        sources_count: sources.length,
        findings_count: hits.filter((h) => g.sources.some((s) => s.source_id === h.source_id)).length,
        sources,
      };
    }),
    review_reasons: hits
      .filter((h) => h.action === 'pend' || h.action === 'review')
      .map((h) => ({ check_id: h.check.check_id, source_id: h.source_id, reason: h.check.title ?? `${checkLabel(h.source_id, h.check.check_id)}: ${h.check.result_label}` })),
    risk_dimensions: riskDimensions(facts.template, facts.answers).map((d) => ({
      id: d.id,
      label: DIMENSION_LABELS[d.id] ?? d.id,
      band: d.band,
      score: d.score,
      detail: `${hits.filter((h) => isSourceId(h.source_id) && SOURCES[h.source_id].dimension === d.id).length} apontamento(s) nesta dimensão`,
    })),
    subject_profile: subjectProfile(facts),
    incomplete_sources: answers
      .filter((a) => a.status === 'ERROR')
      // the message names what to do (an unconfigured source: the setting and the command that checks it)
      .map((a) => ({ source_id: a.source_id, label: sourceLabel(a.source_id), tier: a.tier, error_code: a.error_code ?? 'error', error_message: a.error_message ?? null })),
  };
}

/** GET detail: every source with its checks (normalised, never raw payloads). */
export function buildDetail(facts: RunFacts) {
  return facts.template.sources.map(({ source_id }) => {
    const answer = facts.answers[source_id];
    const abandoned = facts.abandoned.includes(source_id);
    const checks = isSourceId(source_id) ? SOURCES[source_id].checks : [];
    return {
      source_id,
      status: sourceStatus(answer),
      cached: answer?.cached ?? false,
      duration_ms: answer?.duration_ms ?? 0,
      checks: checks.map((spec) => {
        const check = answer?.checks.find((c) => c.check_id === spec.id);
        if (abandoned || !answer) return { check_id: spec.id, check_label: spec.label, status: 'NO_DATA', result_code: 'not_executed', result_label: 'Não executada' };
        if (answer.status === 'ERROR') return { check_id: spec.id, check_label: spec.label, status: 'ERROR', result_code: answer.error_code ?? 'error', result_label: 'Falha técnica' };
        return check
          ? { check_id: spec.id, check_label: spec.label, status: check.status, result_code: check.result_code, result_label: check.result_label }
          : { check_id: spec.id, check_label: spec.label, status: 'NO_DATA', result_code: 'no_record', result_label: 'Sem registro' };
      }),
      error_code: answer?.status === 'ERROR' ? answer.error_code : null,
      error_message: answer?.status === 'ERROR' ? answer.error_message : null,
    };
  });
}

