import { filesRouter } from '../../http/routers/files.js';
import { operatorReportsRouter } from '../../http/routers/operator/reports.js';
import { reportsRouter } from '../../http/routers/reports.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import type { Shared } from '../shared.js';

/** Compliance reports (PDF) and the signed URLs they are downloaded from. */
export function reportsModule(infra: Infrastructure, shared: Shared): Module {
  const { config, log, readStore, blobStore, clock, secretKey } = infra;
  return {
    name: 'reports',
    api: [reportsRouter({ log, readStore, clock, config, secretKey })],
    operator: [operatorReportsRouter({ log, clock, blobStore, pdfRenderer: shared.pdfRenderer })],
    files: [filesRouter({ secretKey, clock, blobStore })],
  };
}
