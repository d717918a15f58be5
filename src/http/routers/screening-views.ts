import type { ListCatalog } from '../../reactors/list-catalog.js';

/** Publishers and refresh periods (screening.md section 1): a list is stale past twice its period. */
export const LIST_INFO: Readonly<Record<string, { publisher: string; refresh_hours: number }>> = {
  ofac_sdn: { publisher: 'US Treasury OFAC (SDN)', refresh_hours: 6 },
  un_sc: { publisher: 'UN Security Council (consolidated list)', refresh_hours: 6 },
  eu_fsf: { publisher: 'European Union (Financial Sanctions Files)', refresh_hours: 6 },
  uk_fcdo: { publisher: 'UK FCDO (UK Sanctions List)', refresh_hours: 6 },
  br_ceis: { publisher: 'CGU (CEIS)', refresh_hours: 24 },
  br_cnep: { publisher: 'CGU (CNEP)', refresh_hours: 24 },
  br_cepim: { publisher: 'CGU (CEPIM)', refresh_hours: 24 },
  br_ceaf: { publisher: 'CGU (CEAF)', refresh_hours: 24 },
  br_pep: { publisher: 'CGU (PEP)', refresh_hours: 24 },
  br_trabalho_escravo: { publisher: 'MTE (Cadastro de Empregadores)', refresh_hours: 24 },
};

/** One list's freshness as `GET /api/v1/screening/lists` and the operator API show it. */
export function listStatusView(catalog: ListCatalog, listId: string, now: Date) {
  const state = catalog.state(listId);
  const active = state.active;
  const info = LIST_INFO[listId] ?? { publisher: listId, refresh_hours: 24 };
  const checked = state.last_checked_at ? Date.parse(state.last_checked_at) : null;
  return {
    list_id: listId,
    publisher: info.publisher,
    version_id: active?.version_id ?? null,
    published_at: active?.published_at ?? null,
    imported_at: active?.imported_at ?? null,
    last_checked_at: state.last_checked_at,
    last_error: state.last_error,
    entries: active?.entries ?? 0,
    stale: checked === null || now.getTime() - checked > 2 * info.refresh_hours * 3600_000,
  };
}
