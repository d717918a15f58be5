import { expect } from 'chai';
import { alertOfDelivery, deliveredAt } from '../../src/reactors/alert-deliveries.js';

describe('alert deliveries reactor (issue 29)', () => {
  const body = JSON.stringify({ id: 'evt_1', object: 'event', data: { object: 'monitoring_alert', alert_id: 'a1', customer_id: 'c1' } });

  it('reads the alert of an alert webhook, by event name (customer.sanctions_freeze too); any other webhook or body is none', () => {
    expect(alertOfDelivery('customer.monitoring_alert', body)).to.deep.equal({ alert_id: 'a1', customer_id: 'c1' });
    expect(alertOfDelivery('customer.sanctions_freeze', body)).to.deep.equal({ alert_id: 'a1', customer_id: 'c1' });
    expect(alertOfDelivery('run.completed', body)).to.equal(null);
    expect(alertOfDelivery('customer.monitoring_alert', '{')).to.equal(null);
    expect(alertOfDelivery('customer.monitoring_alert', JSON.stringify({ data: { alert_id: 'a1' } }))).to.equal(null);
  });

  it('dates the delivery when the receiver answered: the attempt plus its latency', () => {
    expect(deliveredAt({ attempted_at: '2026-11-27T10:00:00.000Z', latency_ms: 1234.4 })).to.equal('2026-11-27T10:00:01.234Z');
  });
});
