import Router from '@koa/router';
import type Koa from 'koa';
import { acceptedVersion, createTenantList, officialList, refreshOfficialList, tenantListTarget, uploadListVersion, type ListTarget } from '../../../commands/lists.js';
import { unpackLimits } from '../../../adapters/lists/files.js';
import type { ListImporter } from '../../../adapters/lists/importers/port.js';
import type { Config } from '../../../config.js';
import type { ListCatalog } from '../../../projections/list-catalog.js';
import type { ListRefresher } from '../../../reactors/list-refresh.js';
import type { FileDeps, WriteDeps } from '../../deps.js';
import { decodeBody, decodeInput } from '../../decode.js';
import { ApiError } from '../../errors.js';
import { existingTenant } from '../../lookups.js';
import { commandContext } from '../../metadata.js';
import { jsonBody } from '../../middleware/body.js';
import { CreateTenantListBody, ListUploadBody, ListUploadQuery, OfficialListParams, TenantListParams, TenantListsParams } from '../../operations/lists.js';
import { applied, orThrow } from '../../outcome.js';
import { listStatusView, listVersionView, tenantListView } from '../../screening-views.js';
import type { RequestState } from '../../state.js';
import { assertMultipart, multipartParser, parseMultipart } from '../../uploads.js';

/** A full official file (OFAC's whole set, 70,000 PEP rows) fits; zips are unpacked within their own limits. */
export const LIST_UPLOAD_MAX_BYTES = 256 * 1024 * 1024;

export interface OperatorListsRouterDeps extends WriteDeps, Pick<FileDeps, 'blobStore'> {
  config: Pick<Config, 'lists'>;
  listCatalog: ListCatalog;
  listImporters: ReadonlyMap<string, ListImporter>;
  listRefresher: ListRefresher;
}
type Ctx = Koa.ParameterizedContext<RequestState>;

/**
 * Operator API: the official lists, their status and versions uploaded by hand; tenants' own
 * lists and their CSV versions (screening.md section 4).
 */
export function operatorListsRouter(services: OperatorListsRouterDeps): Router<RequestState> {
  const { log, clock, runner, listCatalog, listImporters, readStore } = services;
  const router = new Router<RequestState>();
  const upload = multipartParser({ fileSize: LIST_UPLOAD_MAX_BYTES, files: 8, fields: 2, fieldSize: 1024, parts: 10 });

  /** The list first, then its files: an unknown list reads no body. */
  const receiveFiles = (target: (ctx: Ctx) => Promise<ListTarget>) => async (ctx: Ctx, next: Koa.Next) => {
    ctx.state.listTarget = await target(ctx);
    assertMultipart(ctx, 'The body must be multipart/form-data with one or more file parts.');
    await parseMultipart(ctx, upload.array('file', 8), next, (error) => {
      if (error instanceof ApiError) return error;
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') return new ApiError('invalid_list_file', `A file exceeds ${LIST_UPLOAD_MAX_BYTES} bytes.`, 'file');
      return new ApiError('invalid_multipart', 'The body is not valid multipart/form-data with file parts.');
    });
  };

  /** Imports the uploaded files as a new version of the list: 201 new, 200 same content, 409 refused. */
  const importVersion = async (ctx: Ctx) => {
    const target = ctx.state.listTarget as ListTarget;
    const { file } = decodeInput(ListUploadBody, { file: (ctx as unknown as { files?: unknown }).files ?? [] });
    const { force } = decodeInput(ListUploadQuery, ctx.query);
    const files = file.map((part) => ({ name: part.file_name, data: part.data }));
    const imported = await applied(runner, await uploadListVersion({ ...services, unpack: unpackLimits(services.config.lists) }, target, { files, force: force === 'true' }, commandContext(ctx, clock, target.tenant_id)));
    await listCatalog.settled();
    const result = orThrow(acceptedVersion(imported));
    ctx.status = result.outcome === 'imported' ? 201 : 200;
    ctx.body = listVersionView(listCatalog, result);
  };

  router.get('/lists', async (ctx) => {
    ctx.body = { data: listCatalog.listIds().map((id) => listStatusView(listCatalog, id, clock.now())) };
  });

  router.post(
    '/lists/:list_id/versions',
    receiveFiles(async (ctx) => orThrow(officialList(listImporters, decodeInput(OfficialListParams, ctx.params).list_id))),
    importVersion,
  );

  router.post('/lists/:list_id/refresh', async (ctx) => {
    const target = orThrow(await refreshOfficialList(services, decodeInput(OfficialListParams, ctx.params).list_id));
    ctx.status = 202;
    ctx.body = { list_id: target.list_id, status: 'scheduled' };
  });

  router.post('/tenants/:tenant_id/lists', jsonBody(), async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantListsParams, ctx.params);
    // the tenant before the body, as the other tenant routes answer
    await existingTenant(readStore, tenantId);
    const { name } = decodeBody(CreateTenantListBody, ctx.state.body);
    const created = await applied(runner, await createTenantList(log, tenantId, name, commandContext(ctx, clock, tenantId)));
    ctx.status = created.created ? 201 : 200;
    ctx.body = tenantListView(listCatalog, created.list);
  });

  router.get('/tenants/:tenant_id/lists', async (ctx) => {
    const { tenant_id: tenantId } = decodeInput(TenantListsParams, ctx.params);
    await existingTenant(readStore, tenantId);
    ctx.body = { data: listCatalog.tenantListsOf(tenantId).map((list) => tenantListView(listCatalog, list)) };
  });

  router.post(
    '/tenants/:tenant_id/lists/:list_id/versions',
    receiveFiles(async (ctx) => {
      const { tenant_id: tenantId, list_id: listId } = decodeInput(TenantListParams, ctx.params);
      return orThrow(await tenantListTarget(services, tenantId, listId));
    }),
    importVersion,
  );

  return router;
}
