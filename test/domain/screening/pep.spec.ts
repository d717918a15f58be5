import { expect } from 'chai';
import type { PepRole } from '../../../src/domain/screening/entry.js';
import { brasiliaDay, entryPepStatus, pepStatusOn, pepUntilText, plusYears, rolesText } from '../../../src/domain/screening/pep.js';
import { date } from '../../../src/reports/html.js';

const role = (over: Partial<PepRole>): PepRole => ({ role: 'VEREADOR', sigla: 'VEREAD', nivel: null, organ: 'MUN. DE ANÁPOLIS-GO', start: '2017-01-01', end_of_office: '2023-01-31', end_of_grace: '2028-01-31', ...over });

describe('PEP status (Res. COAF 40/2021, Circular 3.978 art. 27 §5)', () => {
  it('is PEP through the last day of grace, and not PEP the day after', () => {
    const pep = { roles: [role({})] };
    expect(pepStatusOn(pep, '2028-01-30')).to.deep.equal({ pep: true, roles: [role({})], until: '2028-01-31' });
    expect(pepStatusOn(pep, '2028-01-31')).to.deep.include({ pep: true, until: '2028-01-31' });
    expect(pepStatusOn(pep, '2028-02-01')).to.deep.equal({ pep: false, since: '2028-01-31', roles: [role({})] });
  });

  it('counts five years from the end of office when the carência is not published (29/02 -> 28/02)', () => {
    const pep = { roles: [role({ end_of_office: '2020-02-29', end_of_grace: null })] };
    expect(plusYears('2020-02-29', 5)).to.equal('2025-02-28');
    expect(pepStatusOn(pep, '2025-02-28').pep).to.equal(true);
    expect(pepStatusOn(pep, '2025-03-01').pep).to.equal(false);
  });

  it('is PEP while an office is held ("em exercício"), whatever the other roles', () => {
    const pep = { roles: [role({}), role({ role: 'DEPUTADO ESTADUAL', sigla: 'DEP_EST', start: '2023-02-01', end_of_office: null, end_of_grace: null })] };
    const status = pepStatusOn(pep, '2040-01-01');
    expect(status).to.deep.include({ pep: true, until: null });
    expect(status.roles.map((r) => r.sigla)).to.deep.equal(['DEP_EST']);
    expect(pepUntilText(null)).to.equal('em exercício');
  });

  it('keeps the latest end of grace of several past offices', () => {
    const pep = { roles: [role({}), role({ sigla: 'PREFEI', end_of_office: '2024-12-31', end_of_grace: '2029-12-31' })] };
    expect(pepStatusOn(pep, '2028-06-01')).to.deep.include({ pep: true, until: '2029-12-31' });
    expect(pepUntilText('2029-12-31')).to.equal(`PEP até ${date('2029-12-31')}`);
  });

  it('reads an entry without typed offices (cached before them) as PEP with no end known', () => {
    expect(entryPepStatus({}, '2026-11-28T12:00:00Z')).to.deep.equal({ pep: true, roles: [], until: null });
  });

  it('takes the day in Brasília: 01:00 UTC is still the day before', () => {
    expect(brasiliaDay('2028-02-01T01:00:00Z')).to.equal('2028-01-31');
    expect(entryPepStatus({ pep: { roles: [role({})] } }, '2028-02-01T01:00:00Z').pep).to.equal(true);
    expect(entryPepStatus({ pep: { roles: [role({})] } }, '2028-02-01T03:00:00Z').pep).to.equal(false);
  });

  it('names the roles and organs', () => {
    expect(rolesText([role({}), role({ role: null, sigla: 'X', organ: null })])).to.equal('VEREADOR (VEREAD) — MUN. DE ANÁPOLIS-GO; X');
  });
});
