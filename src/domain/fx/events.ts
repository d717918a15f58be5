import * as t from 'io-ts';

const nullableString = t.union([t.string, t.null]);

export const FxDirection = t.keyof({ entrada: null, saida: null });

export const FxOperationCreated = t.type({
  type: t.literal('FxOperationCreated'),
  data: t.type({
    operation_id: t.string,
    tenant_id: t.string,
    nature_code: t.string,
    direction: FxDirection,
    currency: t.string,
    amount: t.string,
    customer_id: nullableString,
    counterparty: t.type({ name: t.string, country: t.string }),
    description: t.string,
    created_at: t.string,
  }),
});

export const FxOperationSubmitted = t.type({ type: t.literal('FxOperationSubmitted'), data: t.type({ operation_id: t.string, submitted_at: t.string }) });

export const FxAnalysisRequested = t.type({ type: t.literal('FxAnalysisRequested'), data: t.type({ operation_id: t.string, tenant_id: t.string, requested_at: t.string }) });

const FxAnalysisFields = t.type({
  operation_nature: t.string,
  taxation_irrf: t.string,
  taxation_iof: t.string,
  main_characteristics: t.string,
  required_documents: t.array(t.string),
  cide: t.string,
  siscoserv: t.string,
  regulations: t.array(t.string),
});

/** The analysis, its laudo number and the stored laudo PDF: recorded together, once. */
export const FxAnalysisCompleted = t.type({
  type: t.literal('FxAnalysisCompleted'),
  data: t.type({
    operation_id: t.string,
    analysis: FxAnalysisFields,
    catalogued: t.boolean,
    table_revision: t.string,
    warnings: t.array(t.string),
    laudo_number: t.string,
    laudo: t.type({ blob_key: t.string, sha256: t.string, byte_size: t.number, page_count: t.number, file_name: t.string }),
    completed_at: t.string,
  }),
});

/** A download of the laudo through the public API: the hourly limit counts these. */
export const LaudoDownloaded = t.type({ type: t.literal('LaudoDownloaded'), data: t.type({ operation_id: t.string, downloaded_at: t.string, key_id: t.string }) });

export const FxOperationEvent = t.union([FxOperationCreated, FxOperationSubmitted, FxAnalysisRequested, FxAnalysisCompleted, LaudoDownloaded]);
export type FxOperationEvent = t.TypeOf<typeof FxOperationEvent>;
export type FxOperationData = t.TypeOf<typeof FxOperationCreated>['data'];
export type FxAnalysisCompletedData = t.TypeOf<typeof FxAnalysisCompleted>['data'];

/** A tenant's laudo numbers: one stream per tenant, so two operations never share a number. */
export const LaudoNumberAllocated = t.type({
  type: t.literal('LaudoNumberAllocated'),
  data: t.type({ operation_id: t.string, laudo_number: t.number, allocated_at: t.string }),
});
export const LaudoNumberEvent = LaudoNumberAllocated;
export type LaudoNumberEvent = t.TypeOf<typeof LaudoNumberEvent>;
