import { brasiliaInstant } from '../cases/forms.js';
import { formField } from '../session.js';

/** What was typed in one task's protocol form (given back on a refusal). */
export interface CnoTyped {
  protocol: string;
  sent_at: string;
  by: string;
  note: string;
}

/**
 * The protocol form of one task: the year and CNPJ it is for, and the operator API's body (the
 * date and time typed in Brasília, as the datetime-local field gives it).
 */
export function cnoSentForm(form: URLSearchParams) {
  const typed: CnoTyped = { protocol: formField(form, 'protocol'), sent_at: formField(form, 'sent_at'), by: formField(form, 'by'), note: formField(form, 'note') };
  const note = typed.note.trim();
  return { body: { protocol: typed.protocol, sent_at: brasiliaInstant(typed.sent_at), by: typed.by, note: note === '' ? null : note }, typed };
}
