import type { FxOperationDoc } from '../projections/fx-operations.js';

/** An FX operation as the operator API shows it (decisions section 9). */
export function fxOperationView(op: FxOperationDoc) {
  return {
    id: op.operation_id,
    object: 'fx_operation',
    tenant_id: op.tenant_id,
    status: op.status,
    nature_code: op.nature_code,
    direction: op.direction,
    currency: op.currency,
    amount: op.amount,
    customer_id: op.customer_id,
    counterparty: op.counterparty,
    description: op.description,
    analysis_status: op.analysis_status,
    analysis: op.analysis,
    analysis_catalogued: op.analysis_catalogued,
    analysis_warnings: op.analysis_warnings,
    laudo_number: op.laudo_number,
    laudo_file_name: op.laudo_file_name,
    created_at: op.created_at,
    submitted_at: op.submitted_at,
    analysis_requested_at: op.analysis_requested_at,
    analysis_completed_at: op.analysis_completed_at,
  };
}
