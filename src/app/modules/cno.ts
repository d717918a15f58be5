import type { CommunicationsLookup } from '../../commands/cno.js';
import { operatorCnoRouter } from '../../http/routers/operator/cno.js';
import type { CnoCommunicationDoc } from '../../projections/cno-communications.js';
import { CnoScheduler } from '../../reactors/cno-scheduler.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** The annual negative communication to COAF (Circular 3.978 art. 54): its yearly tasks, their clock and protocol. */
export function cnoModule(infra: Infrastructure, shared: Shared): Module & { cno: CnoScheduler } {
  const { log, readStore, clock, logger } = infra;
  const communications: CommunicationsLookup = {
    sentBy: (tenantId, cnpj) => readStore.find<CnoCommunicationDoc>('cno_communications', { where: { tenant_id: tenantId, reporting_cnpj: cnpj }, limit: 100_000 }),
  };
  const cno = new CnoScheduler({ log, readStore, communications }, shared.runner, clock, logger);
  return {
    name: 'cno',
    cno,
    schedules: [cno.schedule],
    // 1 January missed while no instance ran: the tasks open at start
    start: async () => void (await cno.runDue()),
    operator: [operatorCnoRouter(writeDeps(infra, shared))],
  };
}
