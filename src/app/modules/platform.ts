import { operationsRouter } from '../../http/routers/operations.js';
import { operatorAuditRouter } from '../../http/routers/operator/audit.js';
import { operatorProcessingRouter } from '../../http/routers/operator/processing.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** The audit trail as the operator reads it. */
export function auditModule(infra: Infrastructure): Module {
  const { log, readStore, secretKey } = infra;
  return { name: 'audit', operator: [operatorAuditRouter({ log, readStore, secretKey })] };
}

/** For the platform: health, readiness, metrics, and the processors' quarantine. */
export function platformModule(infra: Infrastructure, shared: Shared): Module {
  const { config, eventStore, readStore, metrics, operatorToken } = infra;
  return {
    name: 'platform',
    platform: [operationsRouter({ eventStore, readStore, metrics, operatorToken, config, runner: shared.runner })],
    operator: [operatorProcessingRouter({ runner: shared.runner })],
  };
}
