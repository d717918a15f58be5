import { expect } from 'chai';
import { listAnswer } from '../../../src/adapters/sources/lists.js';
import { buildIndex, searchAll } from '../../../src/domain/screening/match/index.js';
import { customerScreeningFields, nationalityCountry, subjectScreeningQuery } from '../../../src/domain/screening/subject-query.js';
import { monitoringQuery } from '../../../src/reactors/monitoring.js';
import { listEntry, listVersion } from '../../helpers/list-version.js';

describe('subjectScreeningQuery: what the subject was registered with reaches the lists (issue 28)', () => {
  it("a person's name, document, birth date and countries (nationality, then the address's)", () => {
    expect(subjectScreeningQuery({ type: 'pf', name: 'Ana Souza', doc: '52998224725', birth_date: '1980-05-02', nationality: 'brasileira', address_country: 'BR' })).to.deep.equal({
      schema: 'person', name: 'Ana Souza', doc: '52998224725', birth_date: '1980-05-02', country: 'BR',
    });
    expect(subjectScreeningQuery({ type: 'pf', name: 'Ana', doc: null, nationality: 'pt', address_country: 'BR' })).to.deep.equal({
      schema: 'person', name: 'Ana', doc: null, birth_date: null, country: 'PT', countries: ['PT', 'BR'],
    });
  });

  it('a company has no birth date; no name (or an erased one) is nothing to search', () => {
    expect(subjectScreeningQuery({ type: 'pj', name: 'Acme', doc: '11222333000181', birth_date: '1990-01-01' })).to.include({ schema: 'company', birth_date: null, country: null });
    expect(subjectScreeningQuery({ type: 'pf', name: '' })).to.equal(null);
    expect(subjectScreeningQuery({ type: 'pf', name: '[erased]' })).to.equal(null);
  });

  it('a nationality as sent: an ISO code or a Brazilian word counts, other free text does not', () => {
    expect([nationalityCountry('BR'), nationalityCountry('Brasileiro'), nationalityCountry('us'), nationalityCountry('Argentina'), nationalityCountry(3)]).to.deep.equal(['BR', 'BR', 'US', null, null]);
  });

  it("a customer's profile gives the run's subject its screening fields; monitoring queries the same way", () => {
    const profile = { name: 'Ana', birth_date: '1980-05-02', nationality: 'BR', address: { city: 'São Paulo' }, occupation: 'x' };
    expect(customerScreeningFields('pf', profile)).to.deep.equal({ birth_date: '1980-05-02', nationality: 'BR', address_country: 'BR' });
    expect(customerScreeningFields('pj', profile)).to.deep.equal({ address_country: 'BR' });
    const fromRun = subjectScreeningQuery({ ...customerScreeningFields('pf', profile), type: 'pf', name: 'Ana', doc: '52998224725' });
    const fromMonitoring = monitoringQuery({ type: 'pf', profile: { ...profile, doc: '52998224725' }, birth_date_from_source: null } as never);
    expect(fromMonitoring).to.deep.equal(fromRun);
  });
});

describe('listAnswer with the birth date the subject was registered with (issue 28)', () => {
  const entry = { ...listEntry('ofac_sdn', 'sdn-1', 'Viktor Petrov Ivanov'), birth_dates: ['1959-03-14'] };
  const index = buildIndex([entry]);
  const search = (query: Parameters<typeof searchAll>[1], options: Parameters<typeof searchAll>[2]) => searchAll([index], query, options);
  const versions = [listVersion('ofac_sdn')];
  const candidates = (data: Record<string, unknown>) => (data['screening'] as { candidates: { entry_id: string; score: number; match: boolean; reason?: string }[] }).candidates;

  it('name only: a hit at 1,00', () => {
    const answer = listAnswer('sanctions', search, versions, { type: 'pf', doc: '52998224725', name: 'Viktor Petrov Ivanov' });
    expect(answer.checks[0]).to.include({ status: 'INVALID' });
    expect(candidates(answer.data)[0]!.score).to.equal(1);
  });

  it('a birth date that disagrees: below the threshold, a near miss whose reason names the date', () => {
    const answer = listAnswer('sanctions', search, versions, { type: 'pf', doc: '52998224725', name: 'Viktor Petrov Ivanov', birth_date: '1980-05-02' });
    expect(answer.checks[0]).to.include({ status: 'VALID', result_code: 'not_listed' });
    const [miss] = candidates(answer.data);
    expect(miss).to.include({ entry_id: 'sdn-1', match: false });
    expect(miss!.score).to.be.below(0.8);
    expect(miss!.reason).to.match(/nascimento/i);
  });

  it('a birth date that agrees: still a hit', () => {
    const answer = listAnswer('sanctions', search, versions, { type: 'pf', doc: '52998224725', name: 'Viktor Petrov Ivanov', birth_date: '1959-03-14' });
    expect(answer.checks[0]).to.include({ status: 'INVALID' });
    expect(candidates(answer.data)[0]).to.include({ entry_id: 'sdn-1', match: true });
  });
});
