import * as E from 'fp-ts/lib/Either.js';
import type { BlobStore } from '../adapters/blob-store/port.js';
import type { EventLog } from '../adapters/event-store/event-log.js';
import { WrongExpectedRevisionError } from '../adapters/event-store/port.js';
import { customerDecider, customerStream } from '../domain/customer/decider.js';
import { DomainError } from '../domain/shared/decider.js';
import { handleCommand, type CommandContext } from './handle-command.js';

export interface NewDocument {
  customer_id: string;
  tenant_id: string;
  document_id: string;
  document_type: string;
  file_name: string;
  mime_type: string;
  data: Buffer;
  sha256: string;
}

/**
 * Stores the file, then records it. A failed store records nothing (storage_failed); a failed
 * record removes the stored file (db_failed): nothing is left half-written either way.
 */
export async function uploadDocument(log: EventLog, blobs: BlobStore, input: NewDocument, context: CommandContext) {
  const blobKey = `documents/${input.tenant_id}/${input.customer_id}/${input.document_id}`;
  try {
    await blobs.put(blobKey, input.data, input.mime_type);
  } catch {
    return E.left(new DomainError('storage_failed', 'The file could not be stored; nothing was recorded. Retry the upload.'));
  }
  try {
    const result = await handleCommand(
      log,
      customerStream(input.customer_id),
      customerDecider,
      {
        type: 'UploadDocument',
        document_id: input.document_id,
        document_type: input.document_type,
        file_name: input.file_name,
        mime_type: input.mime_type,
        size: input.data.length,
        sha256: input.sha256,
        blob_key: blobKey,
        now: context.metadata.occurred_at,
      },
      context,
    );
    if (E.isLeft(result)) {
      await blobs.delete(blobKey);
      return result;
    }
    return E.right({ position: result.right.position, mime_type: input.mime_type });
  } catch (error) {
    await blobs.delete(blobKey).catch(() => undefined);
    // writers on other instances kept winning the customer's stream: 409, retry the upload
    if (error instanceof WrongExpectedRevisionError) return E.left(new DomainError('concurrent_update', 'The customer changed concurrently; nothing was kept. Retry the upload.'));
    return E.left(new DomainError('db_failed', 'The document could not be recorded; nothing was kept. Retry the upload.'));
  }
}
