import * as E from 'fp-ts/lib/Either.js';
import { isSourceId, SOURCES } from '../run/catalog.js';
import { DomainError, type Decider } from '../shared/decider.js';
import { TemplateEvent, type TemplateDefinition } from './events.js';

export const templateStream = (templateId: string): string => `template-${templateId}`;

/** Subject fields a template may require beyond the document. */
export const SUBJECT_PARAMETERS = ['name', 'birth_date', 'mother_name', 'email', 'phone', 'trade_name'] as const;

export type TemplateState =
  | { status: 'none' }
  | { status: 'exists'; template_id: string; tenant_id: string | null; version: number; definition: TemplateDefinition; published: boolean; active: boolean };

/** A template that exists: what a run records of it (id, version, definition) and its availability. */
export type Template = Extract<TemplateState, { status: 'exists' }>;

/** A template a tenant may run: its own or a global one, published and active. */
export function usableBy<T extends { tenant_id: string | null; published: boolean; active: boolean }>(template: T | null, tenantId: string): T | null {
  if (!template || (template.tenant_id !== null && template.tenant_id !== tenantId) || !template.published || !template.active) return null;
  return template;
}

/** A template a tenant may name (in its settings or an onboarding profile): its own or a global one, whatever its availability. */
export function visibleTo<T extends { tenant_id: string | null }>(template: T | null, tenantId: string): T | null {
  return template && (template.tenant_id === null || template.tenant_id === tenantId) ? template : null;
}

/** The template of a folded stream, or null when there is none. */
export const existing = (state: TemplateState): Template | null => (state.status === 'exists' ? state : null);

export type TemplateCommand =
  | { type: 'CreateTemplate'; template_id: string; tenant_id: string | null; definition: TemplateDefinition; published: boolean; active: boolean; now: string }
  | { type: 'ReviseTemplate'; definition: TemplateDefinition; now: string }
  | { type: 'ChangeAvailability'; published?: boolean; active?: boolean; now: string };

/** The rules a template's contents must follow; null when they do. */
export function definitionProblem(definition: TemplateDefinition): DomainError | null {
  const bad = (message: string, param: string) => new DomainError('invalid_request', message, param);
  if (definition.name.trim() === '' || definition.name.length > 200) return bad('name must have 1 to 200 characters.', 'name');
  const unknownParameter = definition.parameters.find((p) => !(SUBJECT_PARAMETERS as readonly string[]).includes(p));
  if (unknownParameter !== undefined) return bad(`Unknown subject parameter ${unknownParameter}; allowed: ${SUBJECT_PARAMETERS.join(', ')}.`, 'parameters');
  if (definition.sources.length === 0) return bad('A template needs at least one source.', 'sources');
  const seen = new Set<string>();
  for (const source of definition.sources) {
    if (!isSourceId(source.source_id)) return bad(`Unknown source ${source.source_id}.`, 'sources');
    if (!SOURCES[source.source_id].subjects.includes(definition.subject_type)) {
      return bad(`Source ${source.source_id} does not serve ${definition.subject_type} subjects.`, 'sources');
    }
    if (seen.has(source.source_id)) return bad(`Source ${source.source_id} is listed twice.`, 'sources');
    if (source.min_total !== undefined && (source.source_id !== 'tax_debts' || !Number.isFinite(source.min_total) || source.min_total < 0)) {
      return bad('min_total is a sum in reais, zero or more, and only tax_debts takes it.', 'sources');
    }
    seen.add(source.source_id);
  }
  const checks = new Set(definition.sources.flatMap((s) => (isSourceId(s.source_id) ? SOURCES[s.source_id].checks.map((c) => c.id) : [])));
  const strayRule = definition.rules.find((r) => !checks.has(r.check_id));
  if (strayRule) return bad(`Rule for ${strayRule.check_id}, which none of the template's sources answers.`, 'rules');
  if (new Set(definition.rules.map((r) => r.check_id)).size !== definition.rules.length) return bad('One rule per check.', 'rules');
  const { medio, alto } = definition.risk_thresholds;
  if (!(medio > 0 && alto > medio && alto <= 100)) return bad('risk_thresholds need 0 < medio < alto <= 100.', 'risk_thresholds');
  return null;
}

export const templateDecider: Decider<TemplateCommand, TemplateState, TemplateEvent> = {
  initialState: { status: 'none' },
  codec: TemplateEvent,
  decide(command, state) {
    switch (command.type) {
      case 'CreateTemplate': {
        if (state.status !== 'none') return E.left(new DomainError('invalid_request', 'The template already exists.'));
        const problem = definitionProblem(command.definition);
        if (problem) return E.left(problem);
        return E.right([
          {
            type: 'TemplateCreated',
            data: {
              template_id: command.template_id,
              tenant_id: command.tenant_id,
              version: 1,
              definition: command.definition,
              published: command.published,
              active: command.active,
              created_at: command.now,
            },
          },
        ]);
      }
      case 'ReviseTemplate': {
        if (state.status !== 'exists') return E.left(new DomainError('template_not_found', 'No such template.'));
        const problem = definitionProblem(command.definition);
        if (problem) return E.left(problem);
        if (command.definition.subject_type !== state.definition.subject_type) {
          return E.left(new DomainError('invalid_request', 'A template keeps its subject_type; create a new template instead.', 'subject_type'));
        }
        if (JSON.stringify(command.definition) === JSON.stringify(state.definition)) return E.right([]);
        return E.right([
          { type: 'TemplateRevised', data: { template_id: state.template_id, version: state.version + 1, definition: command.definition, revised_at: command.now } },
        ]);
      }
      case 'ChangeAvailability': {
        if (state.status !== 'exists') return E.left(new DomainError('template_not_found', 'No such template.'));
        const published = command.published ?? state.published;
        const active = command.active ?? state.active;
        if (published === state.published && active === state.active) return E.right([]);
        return E.right([{ type: 'TemplateAvailabilityChanged', data: { template_id: state.template_id, published, active, changed_at: command.now } }]);
      }
      default: {
        const _exhaustive: never = command;
        return _exhaustive;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'TemplateCreated':
        return { status: 'exists', ...event.data };
      case 'TemplateRevised':
        return state.status === 'exists' ? { ...state, version: event.data.version, definition: event.data.definition } : state;
      case 'TemplateAvailabilityChanged':
        return state.status === 'exists' ? { ...state, published: event.data.published, active: event.data.active } : state;
      default: {
        // compile-time: every known type is handled; at run time an unknown type changes nothing
        const _exhaustive: never = event;
        void _exhaustive;
        return state;
      }
    }
  },
};
