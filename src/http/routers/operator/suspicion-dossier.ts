import Router from '@koa/router';
import type { BlobStore } from '../../../adapters/blob-store/port.js';
import { sha256Hex } from '../../../adapters/crypto.js';
import { EVIDENCE_MAX_BYTES, evidenceFormat } from '../../../adapters/evidence-format.js';
import { newId } from '../../../adapters/ids.js';
import type { PdfRenderer } from '../../../adapters/pdf/port.js';
import { OPERATOR } from '../../../commands/caller.js';
import { attachSuspicionEvidence, recordKycSnapshot, visibleCase } from '../../../commands/dossier.js';
import { caseEvidenceFile, caseKycSnapshot, exportDossier } from '../../../queries/dossier.js';
import { snapshotBlob } from '../../../queries/kyc-snapshot.js';
import type { WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { EvidenceParams, KycSnapshotBody, SuspicionCaseParams } from '../../operations/dossier.js';
import { applied, orThrow } from '../../outcome.js';
import type { RequestState } from '../../state.js';
import { assertMultipart, cleanFileName, multipartParser, parseMultipart } from '../../uploads.js';

export interface SuspicionDossierRouterDeps extends WriteDeps {
  blobStore: BlobStore;
  pdfRenderer: PdfRenderer;
}

type UploadedFile = { buffer: Buffer; originalname: string };

const evidenceUrl = (caseId: string, evidenceId: string) => `/operator/v1/cases/${caseId}/evidence/${evidenceId}`;

function multipartError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'LIMIT_FILE_SIZE') return new ApiError('evidence_too_large', `The file exceeds 10 MB (${EVIDENCE_MAX_BYTES.toLocaleString('en')} bytes).`, 'file');
  if (code === 'LIMIT_UNEXPECTED_FILE' || code === 'LIMIT_FILE_COUNT') return new ApiError('invalid_file', 'Send exactly one file, in the part named file.', 'file');
  if (typeof code === 'string' && code.startsWith('LIMIT_')) return new ApiError('invalid_multipart', 'The multipart body has too many or too large parts.');
  return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data.');
}

/**
 * Operator API on a suspicion case's dossier (issue 30; Circular 3.978 arts. 43 §2, 48 §1):
 * evidence files (sniffed, hashed, stored like customer documents), the KYC snapshot on
 * demand, and the dossier itself as JSON and PDF, each export recorded on the case.
 */
export function operatorSuspicionDossierRouter(services: SuspicionDossierRouterDeps): Router<RequestState> {
  const { log, runner, clock, blobStore, readStore, pdfRenderer } = services;
  const deps = { log, readStore, blobStore };
  const router = new Router<RequestState>();
  evidenceRoutes(router, services);

  router.post('/cases/:case_id/kyc_snapshot', jsonBody(), async (ctx) => {
    const { case_id } = decodeInput(SuspicionCaseParams, ctx.params);
    const body = decodeBody(KycSnapshotBody, ctx.state.body ?? {});
    orThrow(await visibleCase(log, case_id, OPERATOR));
    const context = commandContext(ctx, clock, null);
    const snapshot = await caseKycSnapshot(deps, case_id, context.metadata.occurred_at);
    if (!snapshot) throw new ApiError('case_not_found', 'Caso não encontrado.', 'case_id');
    const blob = snapshotBlob(snapshot);
    const recorded = await applied(runner, await recordKycSnapshot(log, blobStore, case_id, { snapshot_id: newId(), ...blob, by: body.by ?? 'operator' }, OPERATOR, context));
    ctx.status = 201;
    ctx.body = { object: 'kyc_snapshot', case_id, snapshot_id: recorded.snapshot_id, sha256: blob.sha256, byte_size: blob.data.length, taken_at: context.metadata.occurred_at, content: snapshot };
  });

  const dossierDeps = { ...deps, pdfRenderer };
  router.get('/cases/:case_id/dossier.json', async (ctx) => {
    const { case_id } = decodeInput(SuspicionCaseParams, ctx.params);
    const file = await applied(runner, await exportDossier(dossierDeps, case_id, 'json', OPERATOR, commandContext(ctx, clock, null)));
    ctx.set('Content-Type', file.content_type);
    ctx.set('Content-Disposition', `attachment; filename="${file.file_name}"`);
    ctx.set('X-Content-SHA256', file.sha256);
    // a string, the same UTF-8 bytes: the contract check reads it as the JSON it is
    ctx.body = file.body.toString('utf8');
  });

  router.get('/cases/:case_id/dossier.pdf', async (ctx) => {
    const { case_id } = decodeInput(SuspicionCaseParams, ctx.params);
    const file = await applied(runner, await exportDossier(dossierDeps, case_id, 'pdf', OPERATOR, commandContext(ctx, clock, null)));
    ctx.set('Content-Type', file.content_type);
    ctx.set('Content-Disposition', `attachment; filename="${file.file_name}"`);
    ctx.set('X-Content-SHA256', file.sha256);
    ctx.set('X-Dossier-Content-SHA256', file.content_sha256);
    ctx.body = file.body;
  });

  return router;
}

/** Evidence files: uploaded as multipart (one file, sniffed, hashed), read back with their recorded hash. */
function evidenceRoutes(router: Router<RequestState>, services: SuspicionDossierRouterDeps): void {
  const { log, runner, clock, blobStore, readStore } = services;
  const deps = { log, readStore, blobStore };
  const upload = multipartParser({ fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 2, fieldSize: 1024, parts: 3 });

  router.post(
    '/cases/:case_id/evidence',
    async (ctx, next) => {
      const { case_id } = decodeInput(SuspicionCaseParams, ctx.params);
      // the case first: no upload is read for a case that does not exist
      orThrow(await visibleCase(log, case_id, OPERATOR));
      assertMultipart(ctx, 'The body must be multipart/form-data with a file and its author.');
      await parseMultipart(ctx, upload.single('file'), next, multipartError);
    },
    async (ctx) => {
      const { case_id } = decodeInput(SuspicionCaseParams, ctx.params);
      const file = (ctx as unknown as { file?: UploadedFile }).file;
      const fields = ((ctx.request as unknown as { body?: Record<string, unknown> }).body ?? {}) as Record<string, unknown>;
      const author = typeof fields['author'] === 'string' ? fields['author'].trim() : '';
      if (author === '' || author.length > 200) throw new ApiError('invalid_request', 'author is required: who attaches the file (1 to 200 characters).', 'author');
      if (!file) throw new ApiError('invalid_file', 'Send exactly one file, in the part named file.', 'file');
      const file_name = cleanFileName(file.originalname);
      const format = await evidenceFormat(file.buffer, file_name);
      if (!format) throw new ApiError('invalid_evidence_type', 'The file must be a PDF, an image (JPEG, PNG, WebP, TIFF, GIF), XML, CSV or plain text: its content says otherwise.', 'file');
      const context = commandContext(ctx, clock, null);
      const evidence = { evidence_id: newId(), file_name, content_type: format.mime, data: file.buffer, sha256: sha256Hex(file.buffer), by: author };
      await applied(runner, await attachSuspicionEvidence(log, blobStore, case_id, evidence, OPERATOR, context));
      ctx.status = 201;
      ctx.body = {
        object: 'case_evidence',
        case_id,
        evidence_id: evidence.evidence_id,
        file_name,
        content_type: format.mime,
        sha256: evidence.sha256,
        byte_size: file.buffer.length,
        by: author,
        attached_at: context.metadata.occurred_at,
        url: evidenceUrl(case_id, evidence.evidence_id),
      };
    },
  );

  router.get('/cases/:case_id/evidence/:evidence_id', async (ctx) => {
    const { case_id, evidence_id } = decodeInput(EvidenceParams, ctx.params);
    const file = orThrow(await caseEvidenceFile(deps, case_id, evidence_id, OPERATOR));
    ctx.set('Content-Type', file.content_type);
    ctx.set('Content-Disposition', `attachment; filename="evidencia-${evidence_id}"`);
    ctx.set('X-Content-SHA256', file.sha256);
    ctx.body = file.data;
  });
}
