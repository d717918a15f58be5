import { operatorCasesRouter } from '../../http/routers/operator/cases.js';
import { CasesReactor } from '../../reactors/cases.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** A case per customer: the reactor that keeps each case's items, and the operator API on cases. */
export function casesModule(infra: Infrastructure, shared: Shared): Module {
  return {
    name: 'cases',
    processors: [new CasesReactor(infra.log)],
    operator: [operatorCasesRouter(writeDeps(infra, shared))],
  };
}
