import { expect } from 'chai';
import { pepClock } from '../../src/http/dashboard/customers/page.js';
import type { RunDoc } from '../../src/projections/runs.js';
import { date } from '../../src/reports/html.js';

/** A run whose `pep` source found the candidates given (the shape ListSource records). */
const runWith = (candidates: Record<string, unknown>[], invalid = true): RunDoc =>
  ({
    run_id: 'r1',
    answers: {
      pep: { status: 'ANSWERED', checks: [{ check_id: 'is_pep', status: invalid ? 'INVALID' : 'VALID' }], data: { screening: { candidates } } },
    },
  }) as unknown as RunDoc;

/** Issue 30: the PEP clock on the customer page (Circular 3.978 art. 27 §5: PEP until five years after leaving office). */
describe('dashboard: the customer PEP clock', () => {
  const now = new Date('2027-12-01T12:00:00.000Z');

  it('says until when, and how long is left, from the matched entries of the latest run', () => {
    const clock = pepClock(runWith([{ match: true, pep: { pep: true, until: '2027-12-31' } }, { match: false, pep: { pep: true, until: '2030-01-01' } }]), now)!;
    expect(clock.text).to.equal(`PEP até ${date('2027-12-31')} — termina em 30 dias`);
    expect(clock.ended).to.equal(false);
  });

  it('a PEP in office has no end; the last day of grace still counts; after it, the condition reads ended', () => {
    expect(pepClock(runWith([{ match: true, pep: { pep: true, until: '2027-12-31' } }, { match: true, pep: { pep: true, until: null } }]), now)!.text).to.equal('PEP em exercício');
    expect(pepClock(runWith([{ match: true, pep: { pep: true, until: '2027-12-01' } }]), now)!.ended).to.equal(false);
    const ended = pepClock(runWith([{ match: true, pep: { pep: true, until: '2027-11-20' } }]), now)!;
    expect(ended.ended).to.equal(true);
    expect(ended.text).to.match(new RegExp(`^Condição de PEP encerrada em ${date('2027-11-20')} \\(encerrada há 10 dias\\)`));
  });

  it('a declared relative with no listed office, and no clock without a PEP finding', () => {
    expect(pepClock(runWith([]), now)!.code).to.equal('pep_relationship');
    expect(pepClock(runWith([{ match: true, pep: { pep: true, until: '2027-12-31' } }], false), now)).to.equal(null);
    expect(pepClock(undefined, now)).to.equal(null);
  });
});
