import type { PartnerRecord, RegisterView } from '../cnpj-register/port.js';
import type { CheckAnswer } from '../../domain/run/answers.js';
import type { ListVersionImportedData } from '../../domain/list/events.js';
import { listDisplayName } from '../../domain/list/info.js';
import type { SearchResult } from '../../domain/screening/match/index.js';
import { registerOf } from './cnpj-register-cadastral.js';
import { LIST_SOURCES, listAnswer, type ListSearch } from './lists.js';
import type { SourceAnswer, SourceRequest } from './port.js';

/**
 * `bcb_restrictions` for a PJ when the CNPJ register is loaded (issue 31): the company itself
 * against the central bank's QGI/QGP, as any list source, AND every partner and administrator of
 * its QSA (and their legal representatives) against the same lists. A barred administrator is the
 * finding the BCB bar is about (QGI bars people from managing supervised institutions): `critical`,
 * the severity of the company's own hit, naming the person, the role and the PAS.
 */

export interface BcbInput {
  view: RegisterView;
  cnpj: string;
  subject: SourceRequest['subject'];
  search: ListSearch;
  versions: readonly ListVersionImportedData[];
  threshold: number;
  /** the customer's dispositions, as the list sources apply them */
  memory: NonNullable<SourceRequest['memory']>;
}

/** A partner or administrator as screened, with the bar found (null when none). */
export interface ScreenedAdministrator {
  name: string;
  role: string;
  /** a PF's CPF masked as the register publishes it; a PJ's CNPJ */
  doc: string | null;
  barred: null | { list_id: string; list: string; entry_id: string; matched_name: string; score: number; pas: string[]; end_date: string | null };
}

const CANDIDATES = 3;

export async function bcbRestrictionsAnswer(input: BcbInput): Promise<SourceAnswer> {
  const own = listAnswer('bcb_restrictions', input.search, input.versions, input.subject, input.threshold, new Map(), input.memory);
  if (!(await input.view.establishment(input.cnpj))) return own;
  const people = peopleOf(await input.view.partners(input.cnpj.slice(0, 8)));
  const administrators = people.map((p) => screen(input, p));
  const barred = administrators.filter((a) => a.barred !== null);
  const ownCheck = own.checks[0]!;
  const check: CheckAnswer = barred.length === 0 ? ownCheck : merged(ownCheck, barred);
  return { ...own, checks: [check], data: { ...own.data, administrators, register: registerOf(input.view) } };
}

/** The QSA's partners and administrators, then the legal representatives not already among them. */
function peopleOf(rows: readonly PartnerRecord[]): { name: string; role: string; doc: string | null; type: 'pf' | 'pj' | 'estrangeiro' }[] {
  const type = { '1': 'pj', '2': 'pf', '3': 'estrangeiro' } as const;
  const people = rows.map((r) => ({ name: r.nome, role: r.qualificacao?.description ?? 'Sócio', doc: r.documento, type: type[r.identificador] }));
  const seen = new Set(people.map((p) => p.name.trim().toUpperCase()));
  for (const r of rows) {
    const rep = r.representante;
    if (!rep?.nome || seen.has(rep.nome.trim().toUpperCase())) continue;
    seen.add(rep.nome.trim().toUpperCase());
    people.push({ name: rep.nome, role: `${rep.qualificacao?.description ?? 'Representante legal'} de ${r.nome}`, doc: rep.cpf, type: 'pf' });
  }
  return people.filter((p) => p.name.trim() !== '');
}

function screen(input: BcbInput, person: ReturnType<typeof peopleOf>[number]): ScreenedAdministrator {
  const options = { lists: input.versions.map((v) => v.list_id), threshold: input.threshold, min_score: input.threshold * 0.75, limit: CANDIDATES };
  const schemas = person.type === 'pj' ? (['company'] as const) : person.type === 'pf' ? (['person'] as const) : (['person', 'company'] as const);
  const hits: SearchResult[] = schemas.flatMap((schema) => input.search({ schema, name: person.name, doc: person.type === 'estrangeiro' ? null : person.doc }, options)).filter((r) => r.match);
  const best = hits.sort((a, b) => b.score - a.score)[0];
  const ends = best?.entry.sanctions.map((s) => s.end_date).filter((d): d is string => d !== null).sort() ?? [];
  return {
    name: person.name,
    role: person.role,
    doc: person.doc,
    barred: best
      ? {
          list_id: best.entry.list_id,
          list: listDisplayName(best.entry.list_id),
          entry_id: best.entry.entry_id,
          matched_name: best.name,
          score: best.score,
          pas: best.entry.sanctions.map((s) => (s.program ?? '').replace(/^PAS /, '')).filter((p) => p !== ''),
          end_date: ends.at(-1) ?? null,
        }
      : null,
  };
}

const decimal = (score: number) => score.toFixed(2).replace('.', ',');
const ptDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** "ROBERTO … (Diretor) consta no BCB – Quadro Geral de Inabilitados: PAS PE 151872, até 18/04/2028, pontuação 0,97" */
function barText(a: ScreenedAdministrator): string {
  const b = a.barred!;
  const pas = b.pas.length === 1 ? `PAS ${b.pas[0]}` : `PAS ${b.pas.join(', ')}`;
  return `${a.name} (${a.role}) consta no ${b.list}: ${pas}${b.end_date ? `, até ${ptDate(b.end_date)}` : ''}, pontuação ${decimal(b.score)}`;
}

/** The company's own answer, with its barred partners and administrators added (the company's own hit, if any, first). */
function merged(own: CheckAnswer, barred: readonly ScreenedAdministrator[]): CheckAnswer {
  const partners = `${barred.map(barText).join('; ')}.`;
  if (own.status === 'INVALID') return { ...own, detail: `${own.detail ?? ''} Sócios e administradores: ${partners}`.trim() };
  return {
    check_id: LIST_SOURCES['bcb_restrictions']!.check,
    status: 'INVALID',
    result_code: 'administrator_barred',
    result_label: barred.length === 1 ? 'Sócio ou administrador inabilitado ou proibido' : `${barred.length} sócios ou administradores inabilitados ou proibidos`,
    severity: 'critical',
    title: 'Sócio ou administrador inabilitado ou proibido pelo Banco Central',
    detail: partners,
  };
}
