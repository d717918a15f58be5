/**
 * Names as a person reads them (pt-BR: never the id on screen), publishers and default poll
 * periods (issue 29: the sanctions lists every 5 minutes, the Brazilian lists every hour;
 * `SVC_LISTS_POLL_SECONDS` and `SVC_LIST_<LIST_ID>_POLL_SECONDS` override them). When a list is
 * stale: see `isStale` in poll.ts.
 */
export const LIST_INFO: Readonly<Record<string, { name: string; publisher: string; poll_seconds: number }>> = {
  ofac_sdn: { name: 'OFAC – Lista SDN (EUA)', publisher: 'US Treasury OFAC (SDN)', poll_seconds: 300 },
  un_sc: { name: 'Conselho de Segurança da ONU – Lista consolidada', publisher: 'UN Security Council (consolidated list)', poll_seconds: 300 },
  eu_fsf: { name: 'União Europeia – Sanções financeiras', publisher: 'European Union (Financial Sanctions Files)', poll_seconds: 300 },
  uk_fcdo: { name: 'Reino Unido – Lista de sanções (FCDO)', publisher: 'UK FCDO (UK Sanctions List)', poll_seconds: 300 },
  br_ceis: { name: 'CEIS – Cadastro de Empresas Inidôneas e Suspensas', publisher: 'CGU (CEIS)', poll_seconds: 3600 },
  br_cnep: { name: 'CNEP – Cadastro Nacional de Empresas Punidas', publisher: 'CGU (CNEP)', poll_seconds: 3600 },
  br_cepim: { name: 'CEPIM – Entidades sem fins lucrativos impedidas', publisher: 'CGU (CEPIM)', poll_seconds: 3600 },
  br_ceaf: { name: 'CEAF – Expulsões da Administração Federal', publisher: 'CGU (CEAF)', poll_seconds: 3600 },
  br_pep: { name: 'PEP – Pessoas Expostas Politicamente (CGU)', publisher: 'CGU (PEP)', poll_seconds: 3600 },
  br_trabalho_escravo: { name: 'Cadastro de Empregadores (trabalho análogo ao de escravo)', publisher: 'MTE (Cadastro de Empregadores)', poll_seconds: 3600 },
  br_tcu_inabilitados: { name: 'TCU – Inabilitados para cargo ou função pública', publisher: 'TCU (inabilitados)', poll_seconds: 3600 },
  br_tcu_inidoneos: { name: 'TCU – Licitantes inidôneos', publisher: 'TCU (inidôneos)', poll_seconds: 3600 },
  br_bcb_qgi: { name: 'BCB – Quadro Geral de Inabilitados', publisher: 'Banco Central do Brasil (QGI)', poll_seconds: 3600 },
  br_bcb_qgp: { name: 'BCB – Quadro Geral de Proibidos', publisher: 'Banco Central do Brasil (QGP)', poll_seconds: 3600 },
  br_ibama_embargos: { name: 'IBAMA – Áreas embargadas', publisher: 'IBAMA (termos de embargo, SIFISC)', poll_seconds: 3600 },
};

/** A list as a finding or a screen names it: a tenant list by its own name, an official one by LIST_INFO, else the id. */
export const listDisplayName = (listId: string, tenantListName?: string | null): string => tenantListName ?? LIST_INFO[listId]?.name ?? listId;

/** A list's default poll period when nothing configures it (an unknown list: hourly). */
export const defaultPollSeconds = (listId: string): number => LIST_INFO[listId]?.poll_seconds ?? 3600;
