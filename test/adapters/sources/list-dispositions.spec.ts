import { expect } from 'chai';
import { listAnswer, type ListSearch } from '../../../src/adapters/sources/lists.js';
import type { RememberedDisposition } from '../../../src/domain/screening/disposition.js';
import type { SearchResult } from '../../../src/domain/screening/match/index.js';
import { listEntry, listVersion } from '../../helpers/list-version.js';

const result = (entry_id: string, score: number): SearchResult => ({
  score,
  match: score >= 0.8,
  name: `Nome ${entry_id}`,
  explanation: [],
  entry: listEntry('ofac_sdn', entry_id, `Nome ${entry_id}`),
  reason: null,
});
const search =
  (results: SearchResult[]): ListSearch =>
  () =>
    results;
const versions = [listVersion('ofac_sdn', 'ofac-v7')];
const subject = { type: 'pf', name: 'Consulta', doc: '52998224725' } as never;
/** listEntry's content hash is its entry id */
const memory = (entry_id: string, disposition: RememberedDisposition['disposition'], content_hash = entry_id): RememberedDisposition => ({
  list_id: 'ofac_sdn',
  entry_id,
  content_hash,
  disposition,
  reason: 'homônimo',
  by: 'ana@exemplo.com.br',
  at: '2026-11-22T12:00:00.000Z',
});
type Recorded = { entry_id: string; content_hash: string; cleared?: Record<string, unknown>; confirmed?: Record<string, unknown> };
const screeningOf = (data: Record<string, unknown>) => data['screening'] as { candidates: Recorded[]; memory?: RememberedDisposition[] };

describe('listAnswer: the customer memory of dispositions (issue 28)', () => {
  it('an entry cleared with the content it has now is no hit: VALID cleared_by_analyst, the candidate kept with who cleared it', () => {
    const answer = listAnswer('sanctions', search([result('e1', 0.95)]), versions, subject, 0.8, new Map(), [memory('e1', 'false_positive')]);
    expect(answer.checks[0]).to.include({ status: 'VALID', result_code: 'cleared_by_analyst', result_label: 'Descartado pelo analista' });
    const screening = screeningOf(answer.data);
    expect(screening.candidates[0]).to.deep.include({ entry_id: 'e1', content_hash: 'e1', cleared: { disposition: 'false_positive', reason: 'homônimo', by: 'ana@exemplo.com.br', at: '2026-11-22T12:00:00.000Z' } });
    expect(screening.memory).to.have.length(1);
  });

  it('a changed entry (another content hash) is a hit again', () => {
    const answer = listAnswer('sanctions', search([result('e1', 0.95)]), versions, subject, 0.8, new Map(), [memory('e1', 'false_positive', 'old-hash')]);
    expect(answer.checks[0]).to.include({ status: 'INVALID', result_code: 'listed' });
    expect(screeningOf(answer.data).candidates[0]).to.not.have.property('cleared');
  });

  it('another hit still stands when one is cleared', () => {
    const answer = listAnswer('sanctions', search([result('e1', 0.95), result('e2', 0.9)]), versions, subject, 0.8, new Map(), [memory('e1', 'false_positive')]);
    expect(answer.checks[0]).to.include({ status: 'INVALID' });
    expect(answer.checks[0]!.detail).to.contain('e2');
  });

  it('a confirmed true match is raised, and says so', () => {
    const answer = listAnswer('sanctions', search([result('e1', 0.95)]), versions, subject, 0.8, new Map(), [memory('e1', 'true_match')]);
    expect(answer.checks[0]).to.include({ status: 'INVALID', result_code: 'listed' });
    expect(answer.checks[0]!.detail).to.contain('Confirmado pelo analista');
    expect(screeningOf(answer.data).candidates[0]).to.have.property('confirmed');
  });

  it('without a memory, nothing changes', () => {
    const answer = listAnswer('sanctions', search([result('e1', 0.95)]), versions, subject);
    expect(answer.checks[0]).to.include({ status: 'INVALID', result_code: 'listed' });
    expect(screeningOf(answer.data)).to.not.have.property('memory');
  });
});
