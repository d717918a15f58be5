import { decodeBody } from '../../decode.js';
import { CreateTemplateBody, UpdateTemplateBody } from '../../operations/templates.js';
import { ApiError } from '../../errors.js';
import { formField } from '../session.js';
import { typedNumber } from '../present.js';
import type { TemplateDoc } from '../../../projections/templates.js';

/** What the form shows: the fields as typed, so a refused form comes back as it was sent. */
export interface TemplateDraft {
  name: string;
  subject_type: string;
  parameters: string[];
  /** source id -> tier as typed ('' when the source is not chosen) */
  sources: Record<string, string>;
  rules_json: string;
  medio: string;
  alto: string;
}

export const draftOf = (doc: TemplateDoc): TemplateDraft => ({
  name: doc.definition.name,
  subject_type: doc.definition.subject_type,
  parameters: doc.definition.parameters,
  sources: Object.fromEntries(doc.definition.sources.map((s) => [s.source_id, String(s.tier)])),
  rules_json: JSON.stringify(doc.definition.rules, null, 2),
  medio: String(doc.definition.risk_thresholds.medio),
  alto: String(doc.definition.risk_thresholds.alto),
});

export const EMPTY_DRAFT: TemplateDraft = { name: '', subject_type: 'pf', parameters: ['name'], sources: {}, rules_json: '[]', medio: '30', alto: '60' };

export function draftFromForm(form: URLSearchParams, subjectType: string): TemplateDraft {
  const chosen = new Set(form.getAll('source'));
  return {
    name: formField(form, 'name'),
    subject_type: subjectType,
    parameters: form.getAll('parameters'),
    sources: Object.fromEntries([...chosen].map((id) => [id, formField(form, `tier_${id}`)])),
    rules_json: formField(form, 'rules'),
    medio: formField(form, 'medio'),
    alto: formField(form, 'alto'),
  };
}

/**
 * The definition the form describes, as the operator API's body: the same codec decodes it, so
 * the form and the API refuse the same things with the same messages.
 */
export function definitionBody(draft: TemplateDraft): Record<string, unknown> {
  let rules: unknown;
  try {
    rules = draft.rules_json.trim() === '' ? [] : JSON.parse(draft.rules_json);
  } catch (error) {
    throw new ApiError('invalid_json', `As regras não são um JSON válido: ${(error as Error).message}`, 'rules');
  }
  return {
    name: draft.name,
    subject_type: draft.subject_type,
    parameters: draft.parameters,
    sources: Object.entries(draft.sources).map(([source_id, tier]) => ({ source_id, tier: typedNumber(tier) })),
    rules,
    risk_thresholds: { medio: typedNumber(draft.medio), alto: typedNumber(draft.alto) },
  };
}

/** A new template's definition, decoded by the operator API's codec (the same refusals, the same messages). */
export function newTemplateDefinition(draft: TemplateDraft) {
  const body = decodeBody(CreateTemplateBody, definitionBody(draft));
  return { name: body.name, subject_type: body.subject_type, parameters: body.parameters ?? [], sources: body.sources, rules: body.rules ?? [], risk_thresholds: body.risk_thresholds ?? { medio: 30, alto: 60 } };
}

/** A revision's changes, decoded by the operator API's codec. */
export const templateChange = (draft: TemplateDraft) => decodeBody(UpdateTemplateBody, definitionBody(draft));
