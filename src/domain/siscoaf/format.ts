/*
 * From the service's values to the strings of a Siscoaf occurrence (M18 §2.1; notes 1.4, 1.6): dates
 * dd/mm/aaaa, money in whole reais without separators ("Desprezar os centavos"), CPF/CNPJ digits
 * zero-padded or `PF`/`PJ` when the number is unknown.
 */

/** 'YYYY-MM-DD' → 'dd/mm/aaaa' (the Brasília date: see brasiliaDate in the calendar for an instant). */
export function siscoafDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new Error(`expected a date as YYYY-MM-DD, got "${isoDate}"`);
  return `${match[3]}/${match[2]}/${match[1]}`;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A decimal amount ('250000', '250000.00') as whole reais ('250000'); undefined when it has cents or is not a plain non-negative decimal. */
export function wholeReais(amount: string): string | undefined {
  const match = DECIMAL.exec(amount);
  if (!match || (match[2] !== undefined && !/^0+$/.test(match[2]))) return undefined;
  return String(BigInt(match[1]!));
}

/** A decimal amount with its cents dropped, as M18 asks for a total ('1588417.35' → '1588417'); undefined when not a plain non-negative decimal. */
export function reaisWithoutCents(amount: string): string | undefined {
  const match = DECIMAL.exec(amount);
  return match ? String(BigInt(match[1]!)) : undefined;
}

/**
 * `CPFCNPJEnv` of a person: the document's digits (characters, for an alphanumeric CNPJ) zero-padded to
 * 11 (pf) or 14 (pj), or the literal `PF`/`PJ` when the number is not known. Check digits are validate.ts's job.
 */
export function siscoafDocument(doc: string | null | undefined, kind: 'pf' | 'pj'): string {
  const plain = (doc ?? '').replace(/[\s./-]/g, '').toUpperCase();
  if (plain === '') return kind === 'pf' ? 'PF' : 'PJ';
  return plain.padStart(kind === 'pf' ? 11 : 14, '0');
}
