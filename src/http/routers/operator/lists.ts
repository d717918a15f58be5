import Router from '@koa/router';
import * as E from 'fp-ts/lib/Either.js';
import * as t from 'io-ts';
import type { Context, Next } from 'koa';
import { isUuid } from '../../../adapters/ids.js';
import { createTenantList, importListVersion } from '../../../commands/lists.js';
import { isListId } from '../../../domain/screening/entry.js';
import { getTenant } from '../../../projections/tenants.js';
import type { Services } from '../../../services.js';
import { boundedString, decodeBody } from '../../decode.js';
import { ApiError, fromDomainError } from '../../errors.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import type { RequestState } from '../../state.js';
import { assertMultipart, multipartParser, parseMultipart } from '../../uploads.js';
import { listStatusView, tenantListView } from '../screening-views.js';

/** A full official file (OFAC's whole set, 70,000 PEP rows) fits; zips are unpacked within their own limits. */
export const LIST_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

const CreateTenantListBody = t.type({ name: boundedString(200) });

type ListServices = Pick<Services, 'log' | 'blobStore' | 'clock' | 'runner' | 'listCatalog' | 'listImporters' | 'listRefresher' | 'readStore'>;

/**
 * Operator API: the official lists, their status and versions uploaded by hand; tenants' own
 * lists and their CSV versions (screening.md section 4).
 */
export function operatorListsRouter(services: ListServices): Router<RequestState> {
  const { log, blobStore, clock, runner, listCatalog, listImporters, listRefresher, readStore } = services;
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: LIST_UPLOAD_MAX_BYTES, files: 8, fields: 2, fieldSize: 1024, parts: 10 });

  const officialList = (ctx: Context): string => {
    const listId = ctx['params']['list_id'] as string;
    if (!isListId(listId) || !listImporters.has(listId)) throw new ApiError('invalid_list', `Unknown list: ${listId.slice(0, 64)}.`, 'list_id');
    return listId;
  };
  const tenantOf = async (ctx: Context): Promise<string> => {
    const tenantId = ctx['params']['tenant_id'] as string;
    if (!isUuid(tenantId)) throw new ApiError('invalid_id', 'tenant_id must be a UUID.', 'tenant_id');
    if (!(await getTenant(readStore, tenantId))) throw new ApiError('tenant_not_found', 'No such tenant.', 'tenant_id');
    return tenantId;
  };
  const tenantList = async (ctx: Context): Promise<string> => {
    const tenantId = await tenantOf(ctx);
    const listId = ctx['params']['list_id'] as string;
    if (!listCatalog.tenantList(listId, tenantId)) throw new ApiError('list_not_found', 'No such list for this tenant.', 'list_id');
    return listId;
  };

  /** The multipart files, read once the list is known (an unknown list reads no body). */
  const files = (resolve: (ctx: Context) => string | Promise<string>) => async (ctx: Context, next: Next) => {
    await resolve(ctx);
    assertMultipart(ctx, 'The body must be multipart/form-data with one or more file parts.');
    await parseMultipart(ctx, upload.array('file', 8), next, (error) => {
      if (error instanceof ApiError) return error;
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return new ApiError('invalid_list_file', `A file exceeds ${LIST_UPLOAD_MAX_BYTES} bytes.`, 'file');
      return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data with file parts.');
    });
  };

  /** Imports the uploaded files as a new version of the list: 201 new, 200 same content, 409 refused. */
  const importVersion = async (ctx: Context, listId: string, tenantId: string | null) => {
    const parts = ((ctx as unknown as { files?: { originalname: string; buffer: Buffer }[] }).files ?? []).map((f) => ({ name: f.originalname, data: f.buffer }));
    if (parts.length === 0) throw new ApiError('invalid_list_file', 'Send the list file(s) in parts named file.', 'file');
    const force = ctx.query['force'] === 'true';
    // the delta is counted against the active version: let a load under way finish first
    await listCatalog.settled();
    const imported = await importListVersion(
      { log, blobs: blobStore, importer: listCatalog.importerFor(listId)!, active: (id) => listCatalog.version(id)?.hashes ?? null },
      { files: parts, source: { kind: 'upload' }, force },
      commandContext(ctx, clock, tenantId),
    );
    if (E.isLeft(imported)) throw fromDomainError(imported.left);
    const result = imported.right;
    await runner.waitFor(result.position);
    await listCatalog.settled();
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
  };

  router.get('/lists', async (ctx) => {
    ctx.body = { data: listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())) };
  });

  router.post('/lists/:list_id/versions', files(officialList), async (ctx) => importVersion(ctx, officialList(ctx), null));

  router.post('/lists/:list_id/refresh', async (ctx) => {
    const listId = officialList(ctx);
    await listRefresher.refreshNow(listId);
    ctx.status = 202;
    ctx.body = { list_id: listId, status: 'scheduled' };
  });

  router.post('/tenants/:tenant_id/lists', jsonBody(), async (ctx) => {
    const tenantId = await tenantOf(ctx);
    const body = decodeBody(CreateTenantListBody, ctx.state.body);
    if (!/\p{L}|\p{N}/u.test(body.name)) throw new ApiError('invalid_request', 'name must not be empty.', 'name');
    const created = await createTenantList(log, tenantId, body.name, commandContext(ctx, clock, tenantId));
    if (E.isLeft(created)) throw fromDomainError(created.left);
    await runner.waitFor(created.right.position);
    ctx.status = created.right.created ? 201 : 200;
    ctx.body = tenantListView(listCatalog, created.right.list);
  });

  router.get('/tenants/:tenant_id/lists', async (ctx) => {
    const tenantId = await tenantOf(ctx);
    ctx.body = { data: listCatalog.tenantListsOf(tenantId).map((list) => tenantListView(listCatalog, list)) };
  });

  // the tenant and its list were checked before the body was read
  router.post('/tenants/:tenant_id/lists/:list_id/versions', files(tenantList), async (ctx) => importVersion(ctx, ctx.params['list_id']!, ctx.params['tenant_id']!));

  return router;
}
