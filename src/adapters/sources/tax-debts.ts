import type { CheckAnswer } from '../../domain/run/answers.js';
import { normalizeDocument } from '../../domain/values/document.js';
import type { Inscription, PgfnRegister, PgfnSystem, PgfnView } from '../pgfn-register/port.js';
import { PGFN_SYSTEMS, totalsOf } from '../pgfn-register/port.js';
import { errorAnswer, type Source, type SourceAnswer, type SourceRequest } from './port.js';

/**
 * `tax_debts`: the debts a document has inscribed in the dívida ativa da União (PGFN), by system,
 * with totals that count each inscription once, and the check `tax_debts_found`, INVALID when the
 * total is above the template's threshold (`min_total`, in reais; 0 when the template sets none).
 */

export const PGFN_SOURCE = 'PGFN — Dados abertos da dívida ativa da União';

export const SYSTEM_LABELS: Readonly<Record<PgfnSystem, string>> = {
  nao_previdenciario: 'Não previdenciário (SIDA)',
  previdenciario: 'Previdenciário',
  fgts: 'FGTS',
};

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The answer for the inscriptions found in `quarter` (the sandbox builds its own inscriptions and calls this too). */
export function taxDebtsAnswer(quarter: { quarter: string; imported_at: string | null }, inscriptions: readonly Inscription[], minTotal = 0): SourceAnswer {
  const totals = totalsOf(inscriptions);
  const register = { source: PGFN_SOURCE, quarter: quarter.quarter, imported_at: quarter.imported_at };
  const bySystem = PGFN_SYSTEMS.filter((s) => totals.systems[s].count > 0);
  const summary = bySystem.map((s) => `${SYSTEM_LABELS[s]}: ${plural(totals.systems[s].count, 'inscrição', 'inscrições')}, ${BRL.format(totals.systems[s].total)}`).join('; ');
  let check: CheckAnswer;
  if (totals.count === 0) check = { check_id: 'tax_debts_found', status: 'VALID', result_code: 'none', result_label: 'Nada consta na dívida ativa da União' };
  else if (totals.total <= minTotal) {
    check = { check_id: 'tax_debts_found', status: 'VALID', result_code: 'below_threshold', result_label: `Débitos de ${BRL.format(totals.total)}, até o limite de ${BRL.format(minTotal)}` };
  } else {
    check = {
      check_id: 'tax_debts_found',
      status: 'INVALID',
      result_code: 'debts_found',
      result_label: `${plural(totals.count, 'inscrição', 'inscrições')} em dívida ativa: ${BRL.format(totals.total)}`,
      severity: 'high',
      title: 'Débitos inscritos em dívida ativa da União',
      detail: `${summary}. Total de ${BRL.format(totals.total)}${minTotal > 0 ? `, acima do limite de ${BRL.format(minTotal)}` : ''} (publicação ${quarter.quarter} da PGFN).`,
    };
  }
  return {
    status: 'ANSWERED',
    checks: [check],
    data: {
      register,
      min_total: minTotal,
      total: totals.total,
      count: totals.count,
      systems: Object.fromEntries(PGFN_SYSTEMS.map((s) => [s, { ...totals.systems[s], label: SYSTEM_LABELS[s] }])),
      inscriptions: inscriptions.map((i) => ({ ...i })),
    },
    error_code: null,
    error_message: null,
  };
}

/** The template's threshold for this source, in reais (0: any debt is a finding). */
export const minTotalOf = (request: SourceRequest): number => {
  const value = request.options?.min_total;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : 0;
};

/**
 * Live `tax_debts` from the PGFN register once a quarter is loaded; other sources (and this one
 * before any quarter, or with no register) go to the fallback, which names what to configure.
 */
export class PgfnSource implements Source {
  constructor(
    private readonly register: PgfnRegister,
    private readonly fallback: Source,
  ) {}

  async query(request: SourceRequest, signal: AbortSignal): Promise<SourceAnswer> {
    if (request.source_id !== 'tax_debts') return this.fallback.query(request, signal);
    let view: PgfnView | null;
    try {
      view = await this.register.current();
    } catch {
      return errorAnswer('register_unavailable', 'The PGFN register could not be read.');
    }
    if (!view) return this.fallback.query(request, signal);
    try {
      const name = typeof request.subject.name === 'string' ? request.subject.name.trim() : '';
      const doc = normalizeDocument(String(request.subject.doc));
      if (request.subject.type === 'pf' && name === '') return errorAnswer('name_required', 'A CPF is matched in the PGFN register by its middle digits and the name: the run needs the subject name.');
      const debts = await view.debtsOf(doc, name || undefined);
      return taxDebtsAnswer(view.quarter, debts, minTotalOf(request));
    } catch (error) {
      if (signal.aborted) return errorAnswer('timeout', 'The query was aborted before the register answered.');
      return errorAnswer('register_unavailable', `The PGFN register could not be read: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
