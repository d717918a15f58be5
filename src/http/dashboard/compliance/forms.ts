import { isCalendarDate, type Holiday } from '../../../domain/calendar/business-days.js';
import type { CodeEntry, ReportingEntity } from '../../../domain/compliance/settings.js';
import { HolidayKind } from '../../../domain/compliance/events.js';
import { ApiError } from '../../errors.js';
import { formValue, requiredTextUpTo, textUpTo } from '../forms.js';
import { formField } from '../session.js';

/**
 * The compliance settings' forms (issue 30): each one edits the current version and sends the
 * version it was shown (`base_version`), so two people editing at once do not undo each other.
 * Lengths and shapes the decider checks (CNPJ check digits, UF, AgMun ≤ 50, numeric codes) are
 * left to it: one rule, one place; the forms only read the fields.
 */

export type CodeTable = 'tp_env' | 'cod_enq';
export const CODE_TABLES: readonly CodeTable[] = ['tp_env', 'cod_enq'];

const text = (form: URLSearchParams, name: string): string => formField(form, name).trim();

/** The version the form was shown: a whole number, or the form is not ours. */
export function baseVersion(form: URLSearchParams): number {
  const raw = formField(form, 'base_version');
  if (!/^\d{1,9}$/.test(raw)) throw new ApiError('invalid_request', 'Formulário sem a versão de origem: recarregue a página.', 'base_version');
  return Number(raw);
}

/** The optional note of a change (the history says why when one is given). */
export const noteOf = (form: URLSearchParams): string => formValue(textUpTo(500), text(form, 'note'), 'A observação tem no máximo 500 caracteres.', 'note');

/** A date as a person types it, dd/mm/aaaa (the ISO form also accepted), as 'YYYY-MM-DD'. */
function typedDate(typed: string): string {
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(typed);
  const iso = br ? `${br[3]}-${br[2]!.padStart(2, '0')}-${br[1]!.padStart(2, '0')}` : typed;
  if (!isCalendarDate(iso)) throw new ApiError('invalid_request', 'Informe uma data válida, como dd/mm/aaaa.', 'date');
  return iso;
}

export function holidayForm(form: URLSearchParams): Holiday {
  const date = typedDate(text(form, 'date'));
  const name = formValue(requiredTextUpTo(100), text(form, 'name'), 'Dê um nome ao feriado (até 100 caracteres).', 'name');
  const kind = formValue(HolidayKind, formField(form, 'kind'), 'Escolha o tipo do feriado.', 'kind');
  return { date, name, kind };
}

/** The year shown: `?ano=2026`, the current year when absent; anything else is a 400. */
export function yearParam(raw: unknown, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  if (typeof raw !== 'string' || !/^\d{4}$/.test(raw) || Number(raw) < 1900) throw new ApiError('invalid_request', 'Ano inválido.', 'ano');
  return Number(raw);
}

/** `?versao=3`: a past version to read; null when absent. */
export function versionParam(raw: unknown): number | null {
  if (raw === undefined || raw === '') return null;
  if (typeof raw !== 'string' || !/^\d{1,9}$/.test(raw)) throw new ApiError('invalid_request', 'Versão inválida.', 'versao');
  return Number(raw);
}

/** A date in the path of a removal. */
export function dateParam(value: string | undefined): string {
  if (!value || !isCalendarDate(value)) throw new ApiError('not_found', 'Esta página não existe.');
  return value;
}

export function entityForm(form: URLSearchParams): ReportingEntity {
  return {
    cnpj: text(form, 'cnpj'),
    name: text(form, 'name'),
    ag_num: text(form, 'ag_num'),
    ag_nome: text(form, 'ag_nome'),
    ag_mun: text(form, 'ag_mun'),
    ag_uf: text(form, 'ag_uf').toUpperCase(),
    default: formField(form, 'default') === 'on',
  };
}

export function tableParam(value: string | undefined): CodeTable {
  if (value !== 'tp_env' && value !== 'cod_enq') throw new ApiError('not_found', 'Esta página não existe.');
  return value;
}

export const codeForm = (form: URLSearchParams): CodeEntry => ({ code: text(form, 'code'), label: text(form, 'label'), segment: text(form, 'segment'), known_from: text(form, 'known_from') });

/** Which code of a table a removal names: its code and segment. */
export const codeKey = (form: URLSearchParams): { code: string; segment: string } => ({ code: formField(form, 'code'), segment: formField(form, 'segment') });

export const mappingForm = (form: URLSearchParams): { reason: string; cod_enq: string } => {
  const reason = formValue(requiredTextUpTo(40), text(form, 'reason'), 'Escolha o item da Carta Circular 4.001.', 'reason');
  const codEnq = formValue(requiredTextUpTo(6), text(form, 'cod_enq'), 'Escolha o CodEnq.', 'cod_enq');
  return { reason, cod_enq: codEnq };
};

/** The four-eyes box: ticked or not (an unticked box is not sent). */
export const fourEyesForm = (form: URLSearchParams): boolean => formField(form, 'cos_four_eyes') === 'on';
