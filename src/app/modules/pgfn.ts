import { importQuarter } from '../../adapters/pgfn-register/importer.js';
import { PgfnRefresher } from '../../reactors/pgfn-refresh.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** The PGFN dívida ativa register (issue 31): its scheduled quarter import (off unless SVC_PGFN_FETCH=on). */
export function pgfnModule(infra: Infrastructure, shared: Shared): Module {
  const { config, clock, logger } = infra;
  const { register, target } = shared.pgfn;
  const refresher = target
    ? new PgfnRefresher({
        config: config.pgfn,
        clock,
        logger,
        work: shared.worker,
        currentQuarter: async () => (await register?.current())?.quarter.quarter ?? null,
        importDir: (dir, quarter) => importQuarter(dir, target, { quarter }),
      })
    : null;
  return {
    name: 'pgfn',
    work: refresher ? [refresher] : [],
    ...(refresher ? { start: () => refresher.schedule() } : {}),
    // the register opened here is closed here; one given by a test is its owner's
    ...(target && register ? { close: () => register.close() } : {}),
  };
}
