import { expect } from 'chai';
import { listAnswer, type ListSearch, nearMissReason } from '../../../src/adapters/sources/lists.js';
import type { SearchResult } from '../../../src/domain/screening/match/index.js';
import { listEntry, listVersion } from '../../helpers/list-version.js';

type Recorded = { list_id: string; version_id: string | null; entry_id: string; score: number; match: boolean; reason?: string };

/** A search that answers `results` (best first), as many as asked for, and remembers what it was asked. */
function stubSearch(results: (SearchResult & { reason?: string | null })[]) {
  const asked: { limit?: number | undefined; min_score?: number | undefined }[] = [];
  const search: ListSearch = (_query, options) => {
    asked.push({ limit: options.limit, min_score: options.min_score });
    return results.slice(0, options.limit ?? 10);
  };
  return { search, asked };
}

const result = (list_id: string, entry_id: string, score: number, reason: string | null = null): SearchResult => ({
  score,
  match: score >= 0.8,
  name: `Nome ${entry_id}`,
  explanation: [{ feature: 'name', score, query: 'Consulta', candidate: `Nome ${entry_id}`, detail: 'alinhamento', weight: 1, contribution: score }],
  entry: listEntry(list_id, entry_id, `Nome ${entry_id}`),
  reason,
});

const versions = [listVersion('ofac_sdn', 'ofac-v7'), listVersion('un_sc', 'un-v3')];
const subject = { type: 'pf', name: 'Consulta', doc: '52998224725' } as never;
const candidatesOf = (data: Record<string, unknown>) => (data['screening'] as { candidates: Recorded[] }).candidates;

describe('listAnswer: the candidates recorded as evidence (issue 26)', () => {
  it('up to 5 hits AND up to 5 near misses: hits never crowd the near misses out', () => {
    const hits = Array.from({ length: 8 }, (_, i) => result(i % 2 ? 'un_sc' : 'ofac_sdn', `h${i}`, 0.99 - i * 0.01));
    const near = Array.from({ length: 7 }, (_, i) => result('ofac_sdn', `n${i}`, 0.79 - i * 0.01));
    const { search, asked } = stubSearch([...hits, ...near]);
    const answer = listAnswer('sanctions', search, versions, subject);
    const recorded = candidatesOf(answer.data);
    expect(recorded.map((c) => c.entry_id)).to.deep.equal(['h0', 'h1', 'h2', 'h3', 'h4', 'n0', 'n1', 'n2', 'n3', 'n4']);
    expect(asked[0]!.limit).to.be.at.least(15);
    expect(asked[0]!.min_score).to.be.closeTo(0.6, 1e-9);
    expect(answer.checks[0]).to.include({ status: 'INVALID' });
  });

  it('every candidate carries the version of its list; a near miss its reason, a hit none', () => {
    const { search } = stubSearch([result('un_sc', 'u1', 0.93), result('ofac_sdn', 'o1', 0.76, 'sem par no candidato: Hasan (peso 1,00)')]);
    const [hit, miss] = candidatesOf(listAnswer('sanctions', search, versions, subject).data);
    expect(hit).to.include({ list_id: 'un_sc', version_id: 'un-v3', match: true });
    expect(hit).to.not.have.property('reason');
    expect(miss).to.include({ list_id: 'ofac_sdn', version_id: 'ofac-v7', match: false, reason: 'sem par no candidato: Hasan (peso 1,00)' });
  });

  it("without the matcher's reason, a near miss says how far below the threshold it is", () => {
    const { search } = stubSearch([result('ofac_sdn', 'o1', 0.7612), result('ofac_sdn', 'o2', 0.7, null)]);
    const [a, b] = candidatesOf(listAnswer('sanctions', search, versions, subject).data);
    expect(a!.reason).to.equal('0,04 abaixo do limiar 0,80: pontuação 0,7612.');
    expect(b!.reason).to.equal('0,10 abaixo do limiar 0,80: pontuação 0,7000.');
  });

  it('a gap under 0,01 is written with 4 decimals, never as 0,00; the score as recorded', () => {
    expect(nearMissReason({ score: 0.7964 }, 0.8)).to.equal('0,0036 abaixo do limiar 0,80: pontuação 0,7964.');
    expect(nearMissReason({ score: 0.5, reason: '' }, 0.9)).to.equal('0,40 abaixo do limiar 0,90: pontuação 0,5000.');
  });
});
