import * as t from 'io-ts';
import { Environment } from '../values/scopes.js';

export const ReportMode = t.keyof({ resumido: null, completo: null });
export type ReportMode = t.TypeOf<typeof ReportMode>;

/**
 * A run's PDF report was rendered and stored: once per run and mode, never replaced. The
 * history fields say which events of the run it was rendered from and their digest.
 */
export const ReportGenerated = t.type({
  type: t.literal('ReportGenerated'),
  data: t.type({
    run_id: t.string,
    tenant_id: t.string,
    environment: Environment,
    mode: ReportMode,
    blob_key: t.string,
    sha256: t.string,
    byte_size: t.number,
    page_count: t.number,
    generated_at: t.string,
    history: t.type({ stream: t.string, last_revision: t.number, event_count: t.number, sha256: t.string }),
  }),
});

export const ReportEvent = ReportGenerated;
export type ReportEvent = t.TypeOf<typeof ReportEvent>;
export type ReportGeneratedData = ReportEvent['data'];
