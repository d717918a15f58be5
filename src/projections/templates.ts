import type { ReadStore } from '../adapters/read-store/port.js';
import { isEventOf } from '../domain/shared/events.js';
import { usableBy } from '../domain/template/decider.js';
import { TemplateEvent, type TemplateDefinition } from '../domain/template/events.js';
import type { Projection } from './projector.js';

export interface TemplateDoc extends Record<string, unknown> {
  template_id: string;
  tenant_id: string | null;
  global: boolean;
  version: number;
  definition: TemplateDefinition;
  published: boolean;
  active: boolean;
  created_at: string;
  updated_at: string;
}

const isTemplateEvent = isEventOf(TemplateEvent);

export const templatesProjection: Projection<TemplateDoc> = {
  name: 'templates',
  collection: 'templates',
  // the global templates every tenant may use are listed too (test/projections/list-query-plans.spec.ts)
  indexes: [{ fields: ['tenant_id'] }, { fields: ['global'] }],
  documentIds: (event) => (isTemplateEvent(event) ? [event.data.template_id] : []),
  evolve(doc, event) {
    if (!isTemplateEvent(event)) return doc;
    switch (event.type) {
      case 'TemplateCreated':
        return { ...event.data, global: event.data.tenant_id === null, updated_at: event.data.created_at };
      case 'TemplateRevised':
        return doc && { ...doc, version: event.data.version, definition: event.data.definition, updated_at: event.data.revised_at };
      case 'TemplateAvailabilityChanged':
        return doc && { ...doc, published: event.data.published, active: event.data.active, updated_at: event.data.changed_at };
      default:
        return doc;
    }
  },
};

export const getTemplate = async (store: ReadStore, templateId: string): Promise<TemplateDoc | null> =>
  (await store.get<TemplateDoc>('templates', templateId))?.doc ?? null;

/** A template a tenant may run (the rule is the domain's: usableBy). */
export const usableTemplate = async (store: ReadStore, tenantId: string, templateId: string): Promise<TemplateDoc | null> => usableBy(await getTemplate(store, templateId), tenantId);
