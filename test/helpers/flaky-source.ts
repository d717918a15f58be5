import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from '../../src/adapters/sources/port.js';
import { SOURCES } from '../../src/domain/run/catalog.js';

/** A live bureau whose receita_cpf fails while `down`, every other check VALID; records what it was asked. */
export class FlakySource implements Source {
  down = true;
  /** how long receita_cpf's failure takes: long enough, it is recorded apart from the other answers */
  failAfterMs = 0;
  readonly asked: string[] = [];
  async query(request: SourceRequest): Promise<SourceAnswer> {
    this.asked.push(request.source_id);
    if (this.down && request.source_id === 'receita_cpf') {
      if (this.failAfterMs > 0) await new Promise((resolve) => setTimeout(resolve, this.failAfterMs));
      return errorAnswer('provider_error', 'The bureau answered 503.');
    }
    return {
      status: 'ANSWERED',
      checks: SOURCES[request.source_id].checks.map((c) => ({ check_id: c.id, status: 'VALID' as const, result_code: 'ok', result_label: 'Nada consta' })),
      data: {},
      error_code: null,
      error_message: null,
    };
  }
}

/** receita_cpf and sanctions tier 1, pep tier 2: a receita_cpf failure holds the run; at most 3 credits. */
export const HELD_TEMPLATE = {
  name: 'Cadastro e listas',
  subject_type: 'pf',
  parameters: ['name'],
  sources: [{ source_id: 'receita_cpf', tier: 1 }, { source_id: 'sanctions', tier: 1 }, { source_id: 'pep', tier: 2 }],
  rules: [{ check_id: 'sanctions_hit', on_invalid: 'block' }],
  risk_thresholds: { medio: 30, alto: 60 },
} as const;
