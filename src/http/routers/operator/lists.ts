import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import { importListVersion } from '../../../commands/lists.js';
import { isListId } from '../../../domain/screening/entry.js';
import type { Services } from '../../../services.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import type { RequestState } from '../../state.js';
import { assertMultipart, multipartParser, parseMultipart } from '../../uploads.js';
import { listStatusView } from '../screening-views.js';

/** A full official file (OFAC's whole set, 70,000 PEP rows) fits; zips are unpacked within their own limits. */
export const LIST_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

/** Operator API: the lists, their status, and versions uploaded by hand (screening.md section 4). */
export function operatorListsRouter(services: Pick<Services, 'log' | 'blobStore' | 'clock' | 'runner' | 'listCatalog' | 'listImporters' | 'listRefresher'>): Router<RequestState> {
  const { log, blobStore, clock, runner, listCatalog, listImporters, listRefresher } = services;
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: LIST_UPLOAD_MAX_BYTES, files: 8, fields: 2, fieldSize: 1024, parts: 10 });

  router.get('/lists', async (ctx) => {
    ctx.body = { data: listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())) };
  });

  router.post(
    '/lists/:list_id/versions',
    async (ctx, next) => {
      const listId = ctx.params['list_id']!;
      if (!isListId(listId) || !listImporters.has(listId)) throw new ApiError('invalid_list', `Unknown list: ${listId.slice(0, 64)}.`, 'list_id');
      assertMultipart(ctx, 'The body must be multipart/form-data with one or more file parts.');
      await parseMultipart(ctx, upload.array('file', 8), next, (error) => {
        if (error instanceof ApiError) return error;
        const code = (error as { code?: string }).code;
        if (code === 'LIMIT_FILE_SIZE') return new ApiError('invalid_list_file', `A file exceeds ${LIST_UPLOAD_MAX_BYTES} bytes.`, 'file');
        return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data with file parts.');
      });
    },
    async (ctx) => {
      const listId = ctx.params['list_id']!;
      const parts = ((ctx as unknown as { files?: { originalname: string; buffer: Buffer }[] }).files ?? []).map((f) => ({ name: f.originalname, data: f.buffer }));
      if (parts.length === 0) throw new ApiError('invalid_list_file', 'Send the list file(s) in parts named file.', 'file');
      const force = ctx.query['force'] === 'true';
      const imported = await importListVersion(
        { log, blobs: blobStore, importer: listImporters.get(listId)!, active: (id) => listCatalog.version(id)?.hashes ?? null },
        { files: parts, source: { kind: 'upload' }, force },
        commandContext(ctx, clock, null),
      );
      if (E.isLeft(imported)) throw fromDomainError(imported.left);
      const result = imported.right;
      await runner.waitFor(result.position);
      if (result.outcome === 'refused') {
        throw new ApiError('list_version_refused', `The version was recorded and not activated: ${result.reason}. Send it again with ?force=true to accept it.`, 'file', {
          sha256: result.sha256,
          entries: result.entries,
        });
      }
      const active = listCatalog.version(listId)?.version;
      ctx.status = result.outcome === 'imported' ? 201 : 200;
      ctx.body =
        result.outcome === 'imported'
          ? { list_id: listId, version_id: result.version_id, sha256: result.sha256, entries: result.entries, delta: result.delta }
          : { list_id: listId, version_id: active?.version_id ?? null, sha256: result.sha256, entries: active?.entries ?? 0, delta: active?.delta ?? null };
    },
  );

  router.post('/lists/:list_id/refresh', async (ctx) => {
    const listId = ctx.params['list_id']!;
    if (!isListId(listId) || !listImporters.has(listId)) throw new ApiError('invalid_list', `Unknown list: ${listId.slice(0, 64)}.`, 'list_id');
    await listRefresher.refreshNow(listId);
    ctx.status = 202;
    ctx.body = { list_id: listId, status: 'scheduled' };
  });

  return router;
}
