import * as t from 'io-ts';
import { RuleAction } from '../../domain/template/events.js';
import { SubjectType } from '../../domain/values/scopes.js';
import { isProfileSlug } from '../customer-input.js';
import { checkedString, displayName } from '../decode.js';
import { uuidParam } from './shared.js';

/** The input of each operator template operation, and of onboarding profiles. */

const Tier = t.union([t.literal(1), t.literal(2), t.literal(3)]);
const Definition = {
  name: displayName(200),
  subject_type: SubjectType,
  parameters: t.array(t.string),
  sources: t.array(t.intersection([t.type({ source_id: t.string, tier: Tier }), t.partial({ min_total: t.number })])),
  rules: t.array(t.type({ check_id: t.string, on_invalid: RuleAction })),
  risk_thresholds: t.type({ medio: t.number, alto: t.number }),
};

export const TemplateIdParams = t.type({ template_id: uuidParam('template_id') });

export const CreateTemplateBody = t.intersection([
  t.type({ name: Definition.name, subject_type: Definition.subject_type, sources: Definition.sources }),
  t.partial({
    parameters: Definition.parameters,
    rules: Definition.rules,
    risk_thresholds: Definition.risk_thresholds,
    published: t.boolean,
    active: t.boolean,
    tenant_id: t.string,
    global: t.boolean,
  }),
]);

export const UpdateTemplateBody = t.partial({ ...Definition, published: t.boolean, active: t.boolean });

export const OnboardingProfileParams = t.type({ tenant_id: uuidParam('tenant_id') });
export const CreateOnboardingProfileBody = t.type({
  slug: t.string.pipe(checkedString('slug', isProfileSlug, 'invalid_request', 'slug must be lower-case letters, digits and dashes, and not constructor or prototype.'), 'string'),
  template_id: t.string,
});
