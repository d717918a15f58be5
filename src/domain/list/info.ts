/**
 * Names as a person reads them (pt-BR: never the id on screen), publishers and refresh periods
 * (screening.md section 1): a list is stale past twice its period.
 */
export const LIST_INFO: Readonly<Record<string, { name: string; publisher: string; refresh_hours: number }>> = {
  ofac_sdn: { name: 'OFAC – Lista SDN (EUA)', publisher: 'US Treasury OFAC (SDN)', refresh_hours: 6 },
  un_sc: { name: 'Conselho de Segurança da ONU – Lista consolidada', publisher: 'UN Security Council (consolidated list)', refresh_hours: 6 },
  eu_fsf: { name: 'União Europeia – Sanções financeiras', publisher: 'European Union (Financial Sanctions Files)', refresh_hours: 6 },
  uk_fcdo: { name: 'Reino Unido – Lista de sanções (FCDO)', publisher: 'UK FCDO (UK Sanctions List)', refresh_hours: 6 },
  br_ceis: { name: 'CEIS – Cadastro de Empresas Inidôneas e Suspensas', publisher: 'CGU (CEIS)', refresh_hours: 24 },
  br_cnep: { name: 'CNEP – Cadastro Nacional de Empresas Punidas', publisher: 'CGU (CNEP)', refresh_hours: 24 },
  br_cepim: { name: 'CEPIM – Entidades sem fins lucrativos impedidas', publisher: 'CGU (CEPIM)', refresh_hours: 24 },
  br_ceaf: { name: 'CEAF – Expulsões da Administração Federal', publisher: 'CGU (CEAF)', refresh_hours: 24 },
  br_pep: { name: 'PEP – Pessoas Expostas Politicamente (CGU)', publisher: 'CGU (PEP)', refresh_hours: 24 },
  br_trabalho_escravo: { name: 'Cadastro de Empregadores (trabalho análogo ao de escravo)', publisher: 'MTE (Cadastro de Empregadores)', refresh_hours: 24 },
};

/** A list as a finding or a screen names it: a tenant list by its own name, an official one by LIST_INFO, else the id. */
export const listDisplayName = (listId: string, tenantListName?: string | null): string => tenantListName ?? LIST_INFO[listId]?.name ?? listId;
