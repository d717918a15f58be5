import { formField } from '../session.js';

/** A disposition form: a verdict chosen (no default) and a reason typed; what is wrong, per field, instead of an exception, so the page shows it next to the field. */
export function hitDispositionForm(form: URLSearchParams) {
  const list_id = formField(form, 'list_id');
  const entry_id = formField(form, 'entry_id');
  const disposition = formField(form, 'disposition');
  const reason = formField(form, 'reason');
  const errors: Partial<Record<'disposition' | 'reason', string>> = {};
  if (disposition !== 'true_match' && disposition !== 'false_positive') errors.disposition = 'Escolha Confirmado (match verdadeiro) ou Falso positivo.';
  if (reason.trim() === '') errors.reason = 'Escreva o motivo da decisão.';
  else if (reason.length > 2000) errors.reason = 'O motivo tem no máximo 2000 caracteres.';
  const valid = Object.keys(errors).length === 0;
  return { list_id, entry_id, disposition, reason, errors, valid };
}
