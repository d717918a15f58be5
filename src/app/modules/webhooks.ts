import { operatorWebhooksRouter } from '../../http/routers/operator/webhooks.js';
import { AlertDeliveriesReactor } from '../../reactors/alert-deliveries.js';
import { WebhookReactor } from '../../reactors/webhooks.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/** Signed webhook deliveries and the operator's view of them. */
export function webhooksModule(infra: Infrastructure, shared: Shared): Module & { webhooks: WebhookReactor } {
  const { config, log, readStore, clock, logger, metrics, secretKey } = infra;
  const webhooks = new WebhookReactor({
    log,
    readStore,
    clock,
    logger,
    sender: shared.webhookSender,
    serviceKey: secretKey,
    allowInsecure: config.webhookAllowInsecure,
    work: shared.worker,
    metrics,
  });
  return {
    name: 'webhooks',
    webhooks,
    processors: [webhooks, new AlertDeliveriesReactor(log)],
    operator: [operatorWebhooksRouter({ ...writeDeps(infra, shared), secretKey, webhookUrlProblem: shared.webhookUrlProblem })],
  };
}
