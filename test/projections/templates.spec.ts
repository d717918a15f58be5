import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { templatesProjection, type TemplateDoc } from '../../src/projections/templates.js';
import { eventLog, projectionSpec } from '../helpers/projection-spec.js';

const T0 = '2026-11-22T12:00:00.000Z';
const T1 = '2026-11-22T12:01:00.000Z';
const T2 = '2026-11-22T12:02:00.000Z';
const stricter = { ...REFERENCE_PF, risk_thresholds: { medio: 20, alto: 50 } };
const created = { template_id: 'tpl1', tenant_id: 't1', version: 1, definition: REFERENCE_PF, published: true, active: true, created_at: T0 };
const createdDoc: TemplateDoc = { ...created, global: false, updated_at: T0 };

describe('templates projection', () => {
  const templates = projectionSpec(templatesProjection);

  it('a tenant template, and a global one (tenant null)', () => {
    const at = eventLog();
    templates.given([at('template-tpl1', 'TemplateCreated', created)]).then({ tpl1: createdDoc }).andReplayChangesNothing();
    templates
      .given([at('template-tpl2', 'TemplateCreated', { ...created, template_id: 'tpl2', tenant_id: null })])
      .then({ tpl2: { ...createdDoc, template_id: 'tpl2', tenant_id: null, global: true } });
  });

  it('a revision is the new version and contents; availability changes set published and active', () => {
    const at = eventLog();
    templates
      .given([
        at('template-tpl1', 'TemplateCreated', created),
        at('template-tpl1', 'TemplateRevised', { template_id: 'tpl1', version: 2, definition: stricter, revised_at: T1 }),
        at('template-tpl1', 'TemplateAvailabilityChanged', { template_id: 'tpl1', published: false, active: true, changed_at: T2 }),
      ])
      .then({ tpl1: { ...createdDoc, version: 2, definition: stricter, published: false, updated_at: T2 } })
      .andReplayChangesNothing();
  });

  it('a revision of a template never created makes no document; other streams are not read', () => {
    const at = eventLog();
    templates.given([at('template-tpl1', 'TemplateRevised', { template_id: 'tpl1', version: 2, definition: stricter, revised_at: T1 })]).then({ tpl1: null });
    templates.given([at('tenant-t1', 'TenantCreated', { tenant_id: 't1', template_id: 'tpl1' })]).then({});
  });
});
