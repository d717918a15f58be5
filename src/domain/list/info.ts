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
