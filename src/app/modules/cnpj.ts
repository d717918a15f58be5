import { importDump } from '../../adapters/cnpj-register/importer.js';
import { CnpjRefresher } from '../../reactors/cnpj-refresh.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** The Receita Federal CNPJ register: its monthly import (off unless SVC_CNPJ_FETCH=on: gigabytes a month). */
export function cnpjModule(infra: Infrastructure, shared: Shared): Module {
  const { config, clock, logger } = infra;
  const { register, target } = shared.cnpj;
  const refresher = target
    ? new CnpjRefresher({
        config: config.cnpj,
        clock,
        logger,
        work: shared.worker,
        currentMonth: async () => (await register?.current())?.month.month ?? null,
        importDir: (dir, month) => importDump(dir, target, { month }),
      })
    : null;
  return {
    name: 'cnpj',
    work: refresher ? [refresher] : [],
    ...(refresher ? { start: () => refresher.schedule() } : {}),
    // the register opened here is closed here; one given by a test is its owner's
    ...(target && register ? { close: () => register.close() } : {}),
  };
}
