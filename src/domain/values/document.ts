import { withoutInvisibles } from './invisible.js';
import type { SubjectType } from './scopes.js';

/**
 * CPF (11 digits) and CNPJ (14 characters) with their mod-11 check digits. Since IN RFB
 * 2.229/2024 a CNPJ's first 12 characters may be letters or digits; its last 2 stay digits.
 * Formatted input is accepted: surrounding whitespace and the punctuation `.`, `/`, `-` are
 * dropped and letters upper-cased; invisible characters (a zero-width space, a BOM: nothing a
 * reader sees) are dropped too; any other character makes the document invalid (stripping it
 * could turn a typo into someone else's number).
 */
export const normalizeDocument = (value: string): string =>
  // ASCII letters only: toUpperCase would turn a dotless ı into I and so accept a character no CNPJ has
  withoutInvisibles(value).trim().replace(/[./-]/g, '').replace(/[a-z]/g, (letter) => letter.toUpperCase());

const CPF_SHAPE = /^\d{11}$/;
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

/** Whether a normalized document has the shape of a CPF or a CNPJ (check digits not verified). */
export const isDocumentShaped = (doc: string): boolean => CPF_SHAPE.test(doc) || CNPJ_SHAPE.test(doc);

/** Receita's value of a character: its ASCII code minus 48 ('0'..'9' are 0..9, 'A' is 17). */
const valueOf = (char: string): number => char.charCodeAt(0) - 48;

function checkDigit(chars: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * valueOf(chars[i]!), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_W1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_W2 = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_W2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

const checkDigitsAgree = (doc: string, w1: readonly number[], w2: readonly number[]): boolean =>
  checkDigit(doc, w1) === valueOf(doc[w1.length]!) && checkDigit(doc, w2) === valueOf(doc[w2.length]!);

export function isValidCpf(value: string): boolean {
  const doc = normalizeDocument(value);
  return CPF_SHAPE.test(doc) && checkDigitsAgree(doc, CPF_W1, CPF_W2);
}

export function isValidCnpj(value: string): boolean {
  const doc = normalizeDocument(value);
  return CNPJ_SHAPE.test(doc) && checkDigitsAgree(doc, CNPJ_W1, CNPJ_W2);
}

/** Completes a 9-digit CPF base or a 12-character CNPJ base (letters allowed) with its check digits. */
export function withCheckDigits(base: string): string {
  const upper = normalizeDocument(base);
  const [w1, w2] = /^\d{9}$/.test(upper) ? [CPF_W1, CPF_W2] : /^[0-9A-Z]{12}$/.test(upper) ? [CNPJ_W1, CNPJ_W2] : [null, null];
  if (!w1 || !w2) throw new Error('base must be 9 digits (CPF) or 12 letters or digits (CNPJ)');
  const first = `${upper}${checkDigit(upper, w1)}`;
  return `${first}${checkDigit(first, w2)}`;
}

export type DocumentProblem = 'missing' | 'invalid';

/** The document of a subject of `type`, normalized (unpunctuated, upper case), or why it is not one. */
export function parseDocument(type: SubjectType, value: unknown): { doc: string } | { problem: DocumentProblem } {
  if (value === undefined || value === null || value === '') return { problem: 'missing' };
  if (typeof value !== 'string') return { problem: 'invalid' };
  const valid = type === 'pf' ? isValidCpf(value) : isValidCnpj(value);
  return valid ? { doc: normalizeDocument(value) } : { problem: 'invalid' };
}

/** CPF `***NNNNNN**`, CNPJ `**XXXXXXXX****`, letters of an alphanumeric CNPJ kept (interface: Customer doc). */
export function maskDocument(doc: string): string {
  return doc.length === 11 ? `***${doc.slice(3, 9)}**` : `**${doc.slice(2, 10)}****`;
}
