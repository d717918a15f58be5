import { operatorSuspicionDossierRouter } from '../../http/routers/operator/suspicion-dossier.js';
import { caseKycSnapshot } from '../../queries/dossier.js';
import { snapshotBlob } from '../../queries/kyc-snapshot.js';
import { KycSnapshotsReactor } from '../../reactors/kyc-snapshots.js';
import type { Infrastructure } from '../infrastructure.js';
import type { Module } from '../module.js';
import { writeDeps, type Shared } from '../shared.js';

/**
 * The dossier of a suspicion case (issue 30): the KYC snapshot taken when a case is selected,
 * and the operator API on notes, evidence, snapshots and the dossier's JSON and PDF export.
 */
export function dossierModule(infra: Infrastructure, shared: Shared): Module {
  const { log, readStore, blobStore, clock } = infra;
  const snapshot = async (caseId: string, takenAt: string) => {
    const built = await caseKycSnapshot({ log, readStore }, caseId, takenAt);
    return built && snapshotBlob(built);
  };
  const snapshots = new KycSnapshotsReactor({ log, blobs: blobStore, clock, work: shared.worker, snapshot });
  return {
    name: 'dossier',
    processors: [snapshots],
    operator: [operatorSuspicionDossierRouter({ ...writeDeps(infra, shared), blobStore, pdfRenderer: shared.pdfRenderer })],
  };
}
