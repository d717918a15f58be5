import type { SubjectType } from './scopes.js';

/**
 * CPF (11 digits) and CNPJ (14 digits) with their mod-11 check digits. Formatted input is
 * accepted: every non-digit is stripped first.
 */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');

function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 11 || value.replace(/[\d.\-\s]/g, '') !== '') return false;
  return checkDigit(d, CPF_W1) === Number(d[9]) && checkDigit(d, CPF_W2) === Number(d[10]);
}

export function isValidCnpj(value: string): boolean {
  const d = digitsOnly(value);
  if (d.length !== 14 || value.replace(/[\d./\-\s]/g, '') !== '') return false;
  return checkDigit(d, CNPJ_W1) === Number(d[12]) && checkDigit(d, CNPJ_W2) === Number(d[13]);
}

/** Completes 9 (CPF) or 12 (CNPJ) base digits with their check digits. */
export function withCheckDigits(base: string): string {
  const [w1, w2] = base.length === 9 ? [CPF_W1, CPF_W2] : base.length === 12 ? [CNPJ_W1, CNPJ_W2] : [null, null];
  if (!w1 || !w2 || !/^\d+$/.test(base)) throw new Error('base must be 9 or 12 digits');
  const first = `${base}${checkDigit(base, w1)}`;
  return `${first}${checkDigit(first, w2)}`;
}

export type DocumentProblem = 'missing' | 'invalid';

/** The document of a subject of `type`, digits only, or why it is not one. */
export function parseDocument(type: SubjectType, value: unknown): { doc: string } | { problem: DocumentProblem } {
  if (value === undefined || value === null || value === '') return { problem: 'missing' };
  if (typeof value !== 'string') return { problem: 'invalid' };
  const valid = type === 'pf' ? isValidCpf(value) : isValidCnpj(value);
  return valid ? { doc: digitsOnly(value) } : { problem: 'invalid' };
}

/** CPF `***NNNNNN**`, CNPJ `**NNNNNNNN****` (interface: Customer doc). */
export function maskDocument(doc: string): string {
  return doc.length === 11 ? `***${doc.slice(3, 9)}**` : `**${doc.slice(2, 10)}****`;
}
