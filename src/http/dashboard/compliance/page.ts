import { isBusinessDay, nthBusinessDayOfYear } from '../../../domain/calendar/business-days.js';
import type { ComplianceVersion } from '../../../domain/compliance/settings.js';
import { CC4001_ITEMS, cc4001Item } from '../../../domain/siscoaf/cc4001.js';
import { STATES } from '../../../domain/values/address.js';
import { withoutInvisibleCharacters } from '../../../domain/values/display-text.js';
import { date, document } from '../../../reports/html.js';
import type { VersionSummary } from '../../../commands/compliance-settings.js';
import type { ApiError } from '../../errors.js';
import { CODE_TABLE_LABEL, HOLIDAY_KIND_LABEL, WEEKDAY_LABEL } from '../labels.js';
import { actorText, when } from '../present.js';
import type { DashboardUserInfo } from '../queries.js';
import { CODE_TABLES } from './forms.js';

/** A refused form: its section, the error and the fields as typed (so nothing typed is lost). */
export interface ComplianceProblem {
  section: string;
  error: ApiError;
  typed: URLSearchParams | null;
}

export interface CompliancePageInput {
  current: ComplianceVersion;
  versions: readonly VersionSummary[];
  users: ReadonlyMap<string, Pick<DashboardUserInfo, 'email'>>;
  canEdit: boolean;
  problem: ComplianceProblem | null;
}

/**
 * The field a refusal names, as the form calls it: the decider names the document's path
 * (`reporting_entities.0.ag_mun`, `cc4001_cod_enq.CC4001-I.a`), a form its last part.
 */
function fieldOf(param: string | null): string | null {
  if (param === null) return null;
  if (param.startsWith('cc4001_cod_enq')) return 'reason';
  return param.split('.').pop() ?? null;
}

/** The decider's message without the path it starts with (the path is for developers; shown as a tooltip). */
const personMessage = (message: string): string => {
  const text = message.replace(/^[\w.-]+: /, '');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const problemView = (problem: ComplianceProblem | null) =>
  problem && {
    section: problem.section,
    message: personMessage(problem.error.message),
    field: fieldOf(problem.error.param),
    code: problem.error.param ?? problem.error.code,
    // what was typed comes back without the invisible characters it may have been refused for (a bidi override echoed would reorder the page)
    typed: problem.typed ? Object.fromEntries([...problem.typed.entries()].filter(([name]) => name !== '_csrf').map(([name, value]) => [name, withoutInvisibleCharacters(value)])) : {},
  };

const historyView = (input: CompliancePageInput) =>
  input.versions.map((v) => ({ version: v.version, who: actorText(v.changed_by, input.users, new Map()), when: v.changed_at ? when(v.changed_at) : 'semente inicial', note: v.note }));

const weekday = (iso: string): string => WEEKDAY_LABEL[new Date(`${iso}T12:00:00Z`).getUTCDay()]!;

/** "Calendário de dias úteis": a year's holidays, the tenth business day of its January, the history. */
export function calendarPage(input: CompliancePageInput & { year: number; latest: number }) {
  const { current, year } = input;
  const past = current.version === input.latest ? null : { version: current.version, who: actorText(current.changed_by, input.users, new Map()), when: current.changed_at ? when(current.changed_at) : 'semente inicial', latest: input.latest };
  const dates = current.holidays.map((h) => h.date);
  const years = [...new Set(current.holidays.map((h) => Number(h.date.slice(0, 4))))].sort((a, b) => a - b);
  const inYear = current.holidays.filter((h) => h.date.startsWith(`${year}-`));
  const businessDays = Array.from({ length: 366 }, (_, i) => new Date(Date.UTC(year, 0, 1 + i)).toISOString().slice(0, 10)).filter((d) => d.startsWith(`${year}-`) && isBusinessDay(d, dates)).length;
  return {
    version: current.version,
    past,
    canEdit: input.canEdit,
    problem: problemView(input.problem),
    year,
    years: years.includes(year) ? years : [...years, year].sort((a, b) => a - b),
    holidays: inYear.map((h) => ({ date: h.date, dateText: date(h.date), weekday: weekday(h.date), name: h.name, kind: h.kind, kindLabel: HOLIDAY_KIND_LABEL[h.kind] ?? h.kind })),
    businessDays,
    tenthOfJanuary: date(nthBusinessDayOfYear(year, 10, dates)),
    kinds: Object.entries(HOLIDAY_KIND_LABEL).map(([value, label]) => ({ value, label })),
    history: historyView(input),
  };
}

const shortText = (text: string, max = 110): string => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** "Comunicação ao COAF": reporting entities, the TpEnv and CodEnq tables, the 4.001 → CodEnq mapping, four-eyes. */
export function coafPage(input: CompliancePageInput) {
  const { current } = input;
  const codEnqLabel = new Map(current.cod_enq.map((c) => [c.code, c.label]));
  return {
    version: current.version,
    canEdit: input.canEdit,
    problem: problemView(input.problem),
    entities: current.reporting_entities.map((e) => ({ ...e, cnpjText: document(e.cnpj) })),
    tables: CODE_TABLES.map((table) => ({ table, label: CODE_TABLE_LABEL[table]!, entries: current[table] })),
    mapping: Object.entries(current.cc4001_cod_enq).map(([reason, code]) => ({ reason, text: shortText(cc4001Item(reason)?.text ?? ''), code, codeLabel: codEnqLabel.get(code) ?? '' })),
    reasons: CC4001_ITEMS.map((item) => ({ code: item.code, text: shortText(`${item.inciso}.${item.alinea}) ${item.text}`, 90) })),
    codEnqOptions: current.cod_enq.map((c) => ({ code: c.code, label: `${c.code} — ${c.label}` })),
    fourEyes: current.cos_four_eyes,
    ufs: STATES,
    history: historyView(input).slice(0, 10),
  };
}
