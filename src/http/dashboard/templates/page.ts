import { SOURCE_IDS, SOURCES } from '../../../domain/run/catalog.js';
import { maximumCost, sourceSpec } from '../../../domain/run/evaluate.js';
import { SUBJECT_PARAMETERS } from '../../../domain/template/decider.js';
import type { TemplateDoc } from '../../../projections/templates.js';
import type { templateVersions } from '../../../queries/history.js';
import type { ApiError } from '../../errors.js';
import { ACTION_LABEL, SUBJECT_TYPE_LABEL, TIERS, label } from '../labels.js';
import { creditsText, when } from '../present.js';
import { checkLabel } from '../../../reports/source-sections.js';
import type { TemplateDraft } from './forms.js';

const RULE_ACTIONS = ['block', 'pend', 'review', 'info'] as const;

const sourceOptions = () =>
  SOURCE_IDS.map((id) => ({ id, label: SOURCES[id].label, subjects: SOURCES[id].subjects.map((s) => s.toUpperCase()).join(', '), checks: SOURCES[id].checks }));

const sourceLabel = (id: string) => (id in SOURCES ? SOURCES[id as keyof typeof SOURCES].label : id);

export type TemplateFormMode = { kind: 'new' } | { kind: 'edit'; template: TemplateDoc };

/** The form of a new template or of a revision, as typed, with the refusal of the last try. */
export function templateFormPage(mode: TemplateFormMode, draft: TemplateDraft, error: ApiError | null) {
  return {
    mode: mode.kind,
    template: mode.kind === 'edit' ? { id: mode.template.template_id, version: mode.template.version } : null,
    draft,
    error: error && { message: error.message, param: error.param },
    sources: sourceOptions(),
    tiers: TIERS,
    parameters: SUBJECT_PARAMETERS,
    actions: RULE_ACTIONS,
  };
}

export const templateFormTitle = (mode: TemplateFormMode): string => (mode.kind === 'new' ? 'Novo modelo' : 'Editar modelo');

/** The list: the tenant's own templates and the global ones. */
export function templatesPage(own: readonly TemplateDoc[], global: readonly TemplateDoc[], canEdit: boolean) {
  const row = (doc: TemplateDoc) => ({
    id: doc.template_id,
    name: doc.definition.name,
    subject_type: SUBJECT_TYPE_LABEL[doc.definition.subject_type],
    version: doc.version,
    updated: when(doc.updated_at),
    global: doc.global,
    available: doc.published && doc.active,
    maxCost: creditsText(maximumCost(doc.definition)),
  });
  return { own: own.map(row), global: global.map(row), canEdit };
}

/** One template: its definition and each version with how many runs used it. */
export function templatePage(input: {
  doc: TemplateDoc;
  versions: Awaited<ReturnType<typeof templateVersions>>;
  usage: { counts: ReadonlyMap<number, number>; capped: boolean };
  canEdit: boolean;
  /** the tenant's balance, to say how many live runs it pays for */
  balance: number | null;
}) {
  const { doc, versions, usage } = input;
  const cost = maximumCost(doc.definition);
  return {
    template: {
      id: doc.template_id,
      name: doc.definition.name,
      subject_type: SUBJECT_TYPE_LABEL[doc.definition.subject_type],
      version: doc.version,
      global: doc.global,
      published: doc.published,
      active: doc.active,
      created: when(doc.created_at),
      updated: when(doc.updated_at),
      parameters: doc.definition.parameters,
      sources: doc.definition.sources.map((s) => ({
        id: s.source_id,
        label: sourceLabel(s.source_id),
        tier: s.tier,
        tierLabel: TIERS.find(([n]) => n === s.tier)?.[1] ?? '',
        cost: creditsText(sourceSpec(s.source_id)?.cost ?? 0),
      })),
      rules: doc.definition.rules.map((r) => ({ check_id: r.check_id, on_invalid: r.on_invalid, checkLabel: ruleCheckLabel(doc, r.check_id), actionLabel: label(ACTION_LABEL, r.on_invalid) })),
      thresholds: doc.definition.risk_thresholds,
      maxCost: creditsText(cost),
      affordable: input.balance === null ? null : cost === 0 ? null : Math.floor(Math.max(0, input.balance) / cost),
      balance: input.balance === null ? null : creditsText(input.balance),
    },
    versions: versions.map((v) => ({ version: v.version, at: when(v.at), sources: v.definition.sources.length, rules: v.definition.rules.length, runs: usage.counts.get(v.version) ?? 0 })),
    capped: usage.capped,
    canEdit: input.canEdit,
  };
}

/** A rule's check by its name: the check of one of the template's sources that has that id. */
function ruleCheckLabel(doc: TemplateDoc, checkId: string): string {
  for (const s of doc.definition.sources) {
    const text = checkLabel(s.source_id, checkId);
    if (text !== checkId) return text;
  }
  return checkId;
}
