import type { ListVersionImportedData } from '../../domain/list/events.js';
import { relationshipText, type PepRelationshipKind } from '../../domain/customer/pep-relationship.js';
import type { ListEntry } from '../../domain/screening/entry.js';
import type { SearchOptions, SearchResult } from '../../domain/screening/match/index.js';
import type { ScreeningQuery } from '../../domain/screening/match/prepare.js';
import { ddmmyyyy, entryPepStatus, pepUntilText, rolesText, type PepStatus } from '../../domain/screening/pep.js';
import type { CheckAnswer } from '../../domain/run/answers.js';

/**
 * The `pep` source's rule (Res. COAF 40/2021; Circular 3.978 art. 27): a listed person is a PEP in
 * office and until the end of grace, on the run's day; an ex-PEP's hit is no finding (the check
 * says "ex-PEP desde …"). A customer the tenant declared a relative or close associate of a PEP
 * is treated as PEP: while the PEP is one when the PEP is listed, always when not.
 */
export interface PepContext {
  /** the instant the rule applies on (the run's clock) */
  as_of: string;
  relationships: readonly RelationshipInput[];
}

/**
 * A declared relationship: with the PEP's CPF it is looked up in the list; a recorded one (verify-run)
 * comes with the outcome it had (`listed`).
 */
export interface RelationshipInput {
  kind: PepRelationshipKind;
  relation: string;
  pep_name: string;
  pep_cpf?: string;
  pep_role?: string | null;
  pep_organ?: string | null;
  listed?: RelativeOutcome['listed'];
}

export interface RelativeOutcome {
  kind: PepRelationshipKind;
  relation: string;
  pep_name: string;
  /** the PEP's entry and status on the day, or null when the PEP is not on the list */
  listed: { entry_id: string; pep: boolean; until: string | null; since: string | null; roles: string } | null;
  pep_role: string | null;
  pep_organ: string | null;
}

/** What a candidate records of the rule: PEP on the day, until when, or ex-PEP since when. */
export interface CandidatePep {
  pep: boolean;
  until: string | null;
  since: string | null;
  roles: string;
}

export interface PepFacts {
  status: Map<string, CandidatePep>;
  expired: Set<string>;
  relatives: RelativeOutcome[];
  recorded: { pep_as_of: string; pep_relationships?: RelativeOutcome[] };
}

type Search = (query: ScreeningQuery, options: SearchOptions & { lists: readonly string[] }) => SearchResult[];

const candidatePep = (status: PepStatus): CandidatePep =>
  status.pep ? { pep: true, until: status.until, since: null, roles: rolesText(status.roles) } : { pep: false, until: null, since: status.since, roles: rolesText(status.roles) };

/** The rule applied to the candidates and to the declared relationships. */
export function pepOf(candidates: readonly { match: boolean; entry: ListEntry }[], context: PepContext, search: Search, versions: readonly ListVersionImportedData[], threshold: number): PepFacts {
  const status = new Map<string, CandidatePep>();
  const expired = new Set<string>();
  for (const c of candidates) {
    if (!c.match) continue;
    const pep = candidatePep(entryPepStatus(c.entry, context.as_of));
    status.set(c.entry.entry_id, pep);
    if (!pep.pep) expired.add(c.entry.entry_id);
  }
  const lists = versions.map((v) => v.list_id);
  const relatives = context.relationships.map((r): RelativeOutcome => {
    const base = { kind: r.kind, relation: r.relation, pep_name: r.pep_name, pep_role: r.pep_role ?? null, pep_organ: r.pep_organ ?? null };
    if (r.listed !== undefined || !r.pep_cpf) return { ...base, listed: r.listed ?? null };
    const found = search({ schema: 'person', name: r.pep_name, doc: r.pep_cpf }, { lists, threshold, min_score: threshold, limit: 1 }).find((x) => x.match);
    return { ...base, listed: found ? { entry_id: found.entry.entry_id, ...candidatePep(entryPepStatus(found.entry, context.as_of)) } : null };
  });
  return {
    status,
    expired,
    relatives,
    recorded: { pep_as_of: context.as_of, ...(relatives.length > 0 ? { pep_relationships: relatives } : {}) },
  };
}

/** "familiar (cônjuge) de NOME (PEP até 31/12/2027: VEREADOR — MUN. X)" */
function relativeText(r: RelativeOutcome): string {
  const office = [r.pep_role, r.pep_organ].filter((x) => x).join(' — ');
  const clock = r.listed ? `${pepUntilText(r.listed.until)}${r.listed.roles ? `: ${r.listed.roles}` : ''}` : office ? `declarado: ${office}` : 'declarado pelo cliente';
  return `${relationshipText(r)} de ${r.pep_name} (${clock})`;
}

/**
 * The `is_pep` check with the rule: a hit says which offices and until when; no hit but an
 * ex-PEP listed says since when; a declared relationship with a PEP (still one) is a finding.
 */
export function pepCheck(check: CheckAnswer, hit: { entry: ListEntry } | null, facts: PepFacts, cleared: boolean): CheckAnswer {
  if (hit) {
    const pep = facts.status.get(hit.entry.entry_id);
    return pep ? { ...check, detail: `${check.detail ?? ''} ${pep.roles ? `Cargo(s): ${pep.roles}. ` : ''}${pep.until === null ? 'Em exercício.' : `${pepUntilText(pep.until)}.`}`.trim() } : check;
  }
  const relatives = facts.relatives.filter((r) => r.listed === null || r.listed.pep);
  if (relatives.length > 0) {
    return {
      check_id: check.check_id,
      status: 'INVALID',
      result_code: 'pep_relationship',
      result_label: 'Familiar ou estreito colaborador de PEP',
      severity: 'high',
      title: 'Pessoa exposta politicamente (familiar/estreito colaborador)',
      detail: `${relatives.map(relativeText).join('; ')}.`,
    };
  }
  if (cleared) return check;
  const ex = [...facts.status.values()].filter((p) => !p.pep).map((p) => p.since).filter((d): d is string => d !== null).sort().pop();
  if (facts.expired.size > 0) return { ...check, result_code: 'ex_pep', result_label: ex ? `Ex-PEP desde ${ddmmyyyy(ex)}` : 'Ex-PEP' };
  return check;
}
