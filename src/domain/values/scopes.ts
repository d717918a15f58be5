import * as t from 'io-ts';

export const SCOPES = ['runs:write', 'runs:read', 'detail:read', 'customers:write', 'customers:read', 'biometria:write', 'screening:read', 'cases:write', 'cases:read'] as const;
export const Scope = t.keyof(Object.fromEntries(SCOPES.map((s) => [s, null])) as Record<(typeof SCOPES)[number], null>);
export type Scope = t.TypeOf<typeof Scope>;

export const SubjectType = t.keyof({ pf: null, pj: null });
export type SubjectType = t.TypeOf<typeof SubjectType>;

export const Environment = t.keyof({ live: null, sandbox: null });
export type Environment = t.TypeOf<typeof Environment>;

/** Customer status vocabulary (interface: Customer status). */
export const CustomerStatus = t.keyof({
  em_analise: null,
  aprovado: null,
  pendencia: null,
  recusado: null,
  rascunho: null,
  inactive: null,
  em_monitoramento: null,
});
export type CustomerStatus = t.TypeOf<typeof CustomerStatus>;
