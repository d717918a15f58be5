import { expect } from 'chai';
import { everyText, listRow } from '../../src/http/dashboard/settings/page.js';

describe('dashboard settings: the lists as polled (issue 29)', () => {
  const now = new Date('2026-11-27T12:00:00.000Z');
  const official = {
    list_id: 'un_sc',
    publisher: 'UN Security Council (consolidated list)',
    version_id: 'd92a0286-4f49-5905-9fe6-131c5c2ac7c1',
    published_at: null,
    imported_at: '2026-11-27T11:00:00.000Z',
    last_checked_at: '2026-11-27T11:55:00.000Z',
    last_error: 'answered 503',
    entries: 1003,
    stale: false,
    poll_seconds: 300,
    next_check_at: '2026-11-27T12:05:00.000Z',
    consecutive_failures: 3,
  };

  it('says how often, in minutes or hours', () => {
    expect(everyText(300)).to.equal('a cada 5 min');
    expect(everyText(3600)).to.equal('a cada 1 h');
    expect(everyText(45)).to.equal('a cada 45 s');
  });

  it('an official list: its name, the checks and the failures in a row', () => {
    const row = listRow(official, now);
    expect(row).to.include({ name: 'Conselho de Segurança da ONU – Lista consolidada', polled: true, every: 'a cada 5 min', failures: 3 });
    expect(row.next).to.not.equal('—');
    expect(row.checked).to.not.equal('—');
  });

  it('a refused Portal da Transparência key is said in words; any other failure is the last one recorded', () => {
    expect(listRow({ ...official, list_id: 'br_ceis', last_error: 'the API key was refused (401): Chave de API inválida!' }, now).errorSummary).to.equal('chave da API do Portal da Transparência recusada');
    expect(listRow(official, now).errorSummary).to.equal('última falha registrada');
    expect(listRow({ ...official, last_error: null }, now).errorSummary).to.equal(null);
  });

  it("a tenant's own list is not polled", () => {
    const { poll_seconds: _p, next_check_at: _n, consecutive_failures: _c, ...rest } = official;
    const row = listRow({ ...rest, list_id: 'tl_1', tenant_id: 't1', name: 'Bloqueio interno', publisher: 'tenant', created_at: '2026-11-01T00:00:00.000Z' }, now);
    expect(row).to.include({ name: 'Bloqueio interno', polled: false, failures: 0, next: '—' });
  });
});
