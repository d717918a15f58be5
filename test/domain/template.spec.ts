import { expect } from 'chai';
import { existing, templateDecider, usableBy, visibleTo, type TemplateCommand } from '../../src/domain/template/decider.js';
import type { TemplateDefinition, TemplateEvent } from '../../src/domain/template/events.js';
import { REFERENCE_PF } from '../../src/domain/template/reference.js';
import { spec } from '../helpers/decider-spec.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-11-22T12:05:00.000Z';

const create = (definition: TemplateDefinition = REFERENCE_PF, tenantId: string | null = 't1'): TemplateCommand => ({
  type: 'CreateTemplate',
  template_id: 'tpl1',
  tenant_id: tenantId,
  definition,
  published: true,
  active: true,
  now: NOW,
});
const created: TemplateEvent = {
  type: 'TemplateCreated',
  data: { template_id: 'tpl1', tenant_id: 't1', version: 1, definition: REFERENCE_PF, published: true, active: true, created_at: NOW },
};
const stricter: TemplateDefinition = { ...REFERENCE_PF, risk_thresholds: { medio: 20, alto: 50 } };
const revised: TemplateEvent = { type: 'TemplateRevised', data: { template_id: 'tpl1', version: 2, definition: stricter, revised_at: LATER } };
const availability = (published: boolean, active: boolean): TemplateEvent => ({
  type: 'TemplateAvailabilityChanged',
  data: { template_id: 'tpl1', published, active, changed_at: LATER },
});

/** Definitions each breaking one rule, with the parameter the error names. */
const BROKEN: [string, TemplateDefinition, string][] = [
  ['empty name', { ...REFERENCE_PF, name: '  ' }, 'name'],
  ['name too long', { ...REFERENCE_PF, name: 'n'.repeat(201) }, 'name'],
  ['unknown subject parameter', { ...REFERENCE_PF, parameters: ['name', 'shoe_size'] }, 'parameters'],
  ['no sources', { ...REFERENCE_PF, sources: [], rules: [] }, 'sources'],
  ['unknown source', { ...REFERENCE_PF, sources: [...REFERENCE_PF.sources, { source_id: 'horoscope', tier: 3 }] }, 'sources'],
  ['a pj-only source in a pf template', { ...REFERENCE_PF, sources: [...REFERENCE_PF.sources, { source_id: 'partners', tier: 2 }] }, 'sources'],
  ['a source listed twice', { ...REFERENCE_PF, sources: [...REFERENCE_PF.sources, { source_id: 'pep', tier: 3 }] }, 'sources'],
  ['a rule for a check no source answers', { ...REFERENCE_PF, rules: [{ check_id: 'cnpj_active', on_invalid: 'block' }] }, 'rules'],
  ['two rules for one check', { ...REFERENCE_PF, rules: [...REFERENCE_PF.rules, { check_id: 'sanctions_hit', on_invalid: 'info' }] }, 'rules'],
  ['medio not above zero', { ...REFERENCE_PF, risk_thresholds: { medio: 0, alto: 60 } }, 'risk_thresholds'],
  ['alto not above medio', { ...REFERENCE_PF, risk_thresholds: { medio: 60, alto: 60 } }, 'risk_thresholds'],
  ['alto above 100', { ...REFERENCE_PF, risk_thresholds: { medio: 30, alto: 101 } }, 'risk_thresholds'],
];

describe('template decider', () => {
  const template = spec(templateDecider);

  it('creates a tenant template or a global one (tenant null) at version 1', () => {
    template.given([]).when(create()).then([created]);
    template
      .given([])
      .when(create(REFERENCE_PF, null))
      .then([{ type: 'TemplateCreated', data: { ...created.data, tenant_id: null } } as TemplateEvent]);
  });

  it('refuses to create a template that exists', () => {
    template.given([created]).when(create()).thenError('invalid_request');
  });

  it('refuses a definition that breaks a rule, naming the parameter, on creation and on revision', () => {
    for (const [why, definition, param] of BROKEN) {
      template.given([]).when(create(definition)).thenError('invalid_request', (e) => expect(e.param, why).to.equal(param));
      template.given([created]).when({ type: 'ReviseTemplate', definition, now: LATER }).thenError('invalid_request', (e) => expect(e.param, why).to.equal(param));
    }
  });

  it('revises the contents into the next version; the same contents again change nothing', () => {
    template.given([created]).when({ type: 'ReviseTemplate', definition: stricter, now: LATER }).then([revised]);
    template.given([created, revised]).when({ type: 'ReviseTemplate', definition: stricter, now: LATER }).thenNothing();
    template.given([created]).when({ type: 'ReviseTemplate', definition: REFERENCE_PF, now: LATER }).thenNothing();
    template
      .given([created, revised])
      .when({ type: 'ReviseTemplate', definition: REFERENCE_PF, now: LATER })
      .then([{ type: 'TemplateRevised', data: { template_id: 'tpl1', version: 3, definition: REFERENCE_PF, revised_at: LATER } }]);
  });

  it('keeps the subject type: a revision to another type is refused', () => {
    const pj: TemplateDefinition = { ...REFERENCE_PF, subject_type: 'pj', sources: [{ source_id: 'receita_cnpj', tier: 1 }], rules: [] };
    template.given([created]).when({ type: 'ReviseTemplate', definition: pj, now: LATER }).thenError('invalid_request', (e) => expect(e.param).to.equal('subject_type'));
  });

  it('changes availability only when it differs, keeping what the command leaves out', () => {
    template.given([created]).when({ type: 'ChangeAvailability', published: false, now: LATER }).then([availability(false, true)]);
    template.given([created]).when({ type: 'ChangeAvailability', active: false, now: LATER }).then([availability(true, false)]);
    template.given([created]).when({ type: 'ChangeAvailability', published: true, active: true, now: LATER }).thenNothing();
    template.given([created]).when({ type: 'ChangeAvailability', now: LATER }).thenNothing();
    template.given([created, availability(false, false)]).when({ type: 'ChangeAvailability', published: false, active: false, now: LATER }).thenNothing();
    template.given([created, availability(false, false)]).when({ type: 'ChangeAvailability', active: true, now: LATER }).then([availability(false, true)]);
  });

  it('refuses revisions and availability changes of a template that does not exist', () => {
    template.given([]).when({ type: 'ReviseTemplate', definition: REFERENCE_PF, now: LATER }).thenError('template_not_found');
    template.given([]).when({ type: 'ChangeAvailability', published: false, now: LATER }).thenError('template_not_found');
  });
});

describe('which tenant may use a template (folded from its stream)', () => {
  const fold = (events: TemplateEvent[]) => existing(events.reduce(templateDecider.evolve, templateDecider.initialState));
  const global: TemplateEvent = { type: 'TemplateCreated', data: { ...created.data, tenant_id: null } } as TemplateEvent;

  it('runs: its own tenant or any tenant for a global one, while published and active', () => {
    expect(usableBy(fold([created]), 't1')).to.include({ template_id: 'tpl1', version: 1 });
    expect(usableBy(fold([created, revised]), 't1')).to.include({ version: 2 });
    expect(usableBy(fold([global]), 't2')).to.include({ template_id: 'tpl1', tenant_id: null });
    expect(usableBy(fold([created]), 't2')).to.equal(null);
    expect(usableBy(fold([created, availability(false, true)]), 't1')).to.equal(null);
    expect(usableBy(fold([created, availability(true, false)]), 't1')).to.equal(null);
    expect(usableBy(fold([created, availability(false, false), availability(true, true)]), 't1')).to.include({ published: true, active: true });
    expect(usableBy(fold([]), 't1')).to.equal(null);
  });

  it('is named in settings and profiles: its own tenant or a global one, whatever its availability', () => {
    expect(visibleTo(fold([created, availability(false, false)]), 't1')).to.include({ template_id: 'tpl1' });
    expect(visibleTo(fold([global, availability(false, false)]), 't2')).to.include({ template_id: 'tpl1' });
    expect(visibleTo(fold([created]), 't2')).to.equal(null);
    expect(visibleTo(fold([]), 't1')).to.equal(null);
  });
});
