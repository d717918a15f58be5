import { expect } from 'chai';
import { dueText } from '../../src/http/dashboard/suspicion/clock-text.js';

describe('dashboard: a legal clock as a phrase (vence em / vencido há)', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const H = 3_600_000;
  const D = 24 * H;

  it('days left, rounded down', () => {
    expect(dueText(at(3 * D), now)).to.deep.equal({ text: 'vence em 3 dias', overdue: false });
    expect(dueText(at(2 * D + 23 * H), now).text).to.equal('vence em 2 dias');
    expect(dueText(at(D), now).text).to.equal('vence em 1 dia');
  });

  it('hours and minutes left under a day', () => {
    expect(dueText(at(23 * H + 59 * 60_000), now).text).to.equal('vence em 23 h');
    expect(dueText(at(H), now).text).to.equal('vence em 1 h');
    expect(dueText(at(5 * 60_000), now).text).to.equal('vence em 5 min');
    expect(dueText(at(10_000), now).text).to.equal('vence agora');
  });

  it('overdue by days, hours and minutes', () => {
    expect(dueText(at(-2 * D), now)).to.deep.equal({ text: 'vencido há 2 dias', overdue: true });
    expect(dueText(at(-D - 3 * H), now).text).to.equal('vencido há 1 dia');
    expect(dueText(at(-3 * H), now).text).to.equal('vencido há 3 h');
    expect(dueText(at(-90_000), now).text).to.equal('vencido há 1 min');
    expect(dueText(at(-1), now)).to.deep.equal({ text: 'vencido agora', overdue: true });
  });
});
