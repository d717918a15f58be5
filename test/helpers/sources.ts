import type { Source, SourceAnswer, SourceRequest } from '../../src/adapters/sources/port.js';
import { SOURCES } from '../../src/domain/run/catalog.js';

/** A live source that answers every check of every source VALID at once: for tests about money and concurrency, not sources. */
export class ValidLiveSource implements Source {
  async query(request: SourceRequest): Promise<SourceAnswer> {
    return {
      status: 'ANSWERED',
      checks: SOURCES[request.source_id].checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'Nada consta' })),
      data: {},
      error_code: null,
      error_message: null,
    };
  }
}
