import * as E from 'fp-ts/lib/Either.js';
import { subjectRef } from '../src/commands/runs.js';
import { customerDecider, type CustomerState } from '../src/domain/customer/decider.js';
import type { CustomerEvent } from '../src/domain/customer/events.js';

/**
 * A sandbox PF customer registered and put under monitoring, as the customer decider decides it:
 * the events the benchmarks append to its stream themselves (faster than the API at 100,000).
 */
export function monitoredCustomerEvents(person: { customer_id: string; name: string; doc: string }, tenantId: string, secret: string, at: string): CustomerEvent[] {
  let state: CustomerState = customerDecider.initialState;
  const events: CustomerEvent[] = [];
  for (const command of [
    {
      type: 'Register' as const,
      customer_id: person.customer_id,
      tenant_id: tenantId,
      environment: 'sandbox' as const,
      subject_type: 'pf' as const,
      run_id: null,
      now: at,
      profile: { name: person.name, doc: person.doc, email: 'cliente@example.com' },
      subject_ref: subjectRef(secret, tenantId, 'sandbox', person.doc),
      external_id: null,
      metadata: {},
      onboarding_profile: null,
      webhook_url: null,
    },
    { type: 'ChangeStatus' as const, status: 'em_monitoramento' as const, reason: 'operator', now: at },
  ]) {
    const decided = customerDecider.decide(command, state);
    if (E.isLeft(decided)) throw new Error(decided.left.message);
    events.push(...decided.right);
    state = decided.right.reduce(customerDecider.evolve, state);
  }
  return events;
}
