import * as t from 'io-ts';
import { isListId, type ListId } from '../../domain/screening/entry.js';
import { checkedString, displayName, refusing } from '../decode.js';
import { FilePart, uuidParam } from './shared.js';

/** The input of each operator list operation: official lists, tenants' own lists and their versions. */

const OfficialListId = new t.Type<ListId, string, unknown>('ListId', isListId, (u, c) => (isListId(u) ? t.success(u) : t.failure(u, c)), t.identity);

/** An official list id (screening.md section 1); whether this deployment imports it is the command's to say. */
export const OfficialListParams = t.type({
  list_id: refusing(OfficialListId, 'invalid_list', (value) => `Unknown list: ${String(value).slice(0, 64)}.`, 'list_id'),
});

export const TenantListsParams = t.type({ tenant_id: uuidParam('tenant_id') });

/** A tenant's list: any string, as an unknown one is list_not_found, not a malformed request. */
export const TenantListParams = t.type({ tenant_id: uuidParam('tenant_id'), list_id: t.string });

export const CreateTenantListBody = t.type({
  name: displayName(200).pipe(checkedString('name', (s) => /\p{L}|\p{N}/u.test(s), 'invalid_request', 'name must not be empty.', 'name'), 'string(1..200)'),
});

/**
 * The files of a version, in parts named `file` (one or more: a list may publish several).
 * The route hands over what the multipart parser read, `{ file: ctx.files }`.
 */
export const ListUploadBody = t.type({
  file: refusing(
    t.refinement(t.array(FilePart), (files) => files.length > 0, 'NonEmptyArray<file>'),
    'invalid_list_file',
    'Send the list file(s) in parts named file.',
    'file',
  ),
});

/** `?force=true` activates a version the refusal rule would refuse; any other value (or none) is false. */
export const ListUploadQuery = t.partial({
  force: new t.Type<'true' | 'false', unknown, unknown>('force', (u): u is 'true' | 'false' => u === 'true' || u === 'false', (u) => t.success(u === 'true' ? 'true' : 'false'), t.identity),
});
