import * as t from 'io-ts';
import { SubjectType } from '../values/scopes.js';

export const RuleAction = t.keyof({ block: null, pend: null, review: null, info: null });
export type RuleAction = t.TypeOf<typeof RuleAction>;

export const TemplateDefinition = t.type({
  name: t.string,
  subject_type: SubjectType,
  parameters: t.array(t.string),
  sources: t.array(
    t.intersection([
      t.type({ source_id: t.string, tier: t.union([t.literal(1), t.literal(2), t.literal(3)]) }),
      /** issue 31: tax_debts finds a total of debts above this many reais (0 when absent) */
      t.partial({ min_total: t.number }),
    ]),
  ),
  rules: t.array(t.type({ check_id: t.string, on_invalid: RuleAction })),
  risk_thresholds: t.type({ medio: t.number, alto: t.number }),
});
export type TemplateDefinition = t.TypeOf<typeof TemplateDefinition>;

export const TemplateCreated = t.type({
  type: t.literal('TemplateCreated'),
  data: t.type({
    template_id: t.string,
    /** null for a global template, offered to every tenant */
    tenant_id: t.union([t.string, t.null]),
    version: t.number,
    definition: TemplateDefinition,
    published: t.boolean,
    active: t.boolean,
    created_at: t.string,
  }),
});

/** A new version of the contents; runs record the version they used. */
export const TemplateRevised = t.type({
  type: t.literal('TemplateRevised'),
  data: t.type({ template_id: t.string, version: t.number, definition: TemplateDefinition, revised_at: t.string }),
});

export const TemplateAvailabilityChanged = t.type({
  type: t.literal('TemplateAvailabilityChanged'),
  data: t.type({ template_id: t.string, published: t.boolean, active: t.boolean, changed_at: t.string }),
});

export const TemplateEvent = t.union([TemplateCreated, TemplateRevised, TemplateAvailabilityChanged]);
export type TemplateEvent = t.TypeOf<typeof TemplateEvent>;
