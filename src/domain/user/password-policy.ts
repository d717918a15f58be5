import { DomainError } from '../shared/decider.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/**
 * What a dashboard password must be (NIST SP 800-63B section 5.1.1.2): long enough, and not one
 * an attacker tries first: no blank or control characters, not a common or breached password,
 * not a repetition or a sequence, not built from the account's own e-mail, its tenant's name or
 * the service's name. No composition rules (a digit, a symbol...), which the same section advises
 * against. Checked wherever a password is set (the one-time link: invitation and reset).
 */

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 256;

/** The names a person might build a password from, besides the account's own. */
const SERVICE_NAMES = ['kyc-svc'];

export interface PasswordContext {
  email: string;
  tenant_name: string | null;
}

const weak = (message: string) => new DomainError('weak_password', message, 'password');

/** C0 and C1 controls (NUL, BEL, DEL...), and the line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;

/** Lower case, accents and everything but letters and digits gone: `Banco Painel` and `banco-painel` are one word. */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** The length rule alone (what the hashing adapter refuses whatever the caller). */
export function passwordLengthProblem(password: string): DomainError | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return weak(`A senha deve ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`);
  if (length > MAX_PASSWORD_LENGTH) return weak(`A senha deve ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`);
  return null;
}

function isCommon(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  // the digits and symbols people add around a word to pass composition rules change nothing
  const core = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  return COMMON_PASSWORDS.has(lower) || COMMON_PASSWORDS.has(lower.replace(/\s+/g, '')) || (core.length >= 4 && COMMON_PASSWORDS.has(core));
}

/** One unit said again and again (`aaaa…`, `abcabc…`, `senhasenha`), or two or three characters in all. */
function isRepetitive(chars: readonly string[]): boolean {
  if (new Set(chars).size <= 3) return true;
  for (let period = 1; period * 2 <= chars.length; period++) {
    if (chars.every((c, i) => i < period || c === chars[i - period])) return true;
  }
  return false;
}

/** Orders people walk along: the alphabet, digits, and the keyboard's rows. */
const SEQUENCES = ['abcdefghijklmnopqrstuvwxyz', '01234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'qwertzuiop', 'azertyuiop'];

const adjacent = (a: string, b: string) =>
  SEQUENCES.some((sequence) => {
    const i = sequence.indexOf(a);
    return i >= 0 && (sequence[i + 1] === b || (i > 0 && sequence[i - 1] === b));
  });

/** Mostly runs of three or more neighbours (`123456789012`, `qwertyuiop12`, `abcdefghijkl`): fewer than four characters outside them. */
function isSequential(chars: readonly string[]): boolean {
  let covered = 0;
  let run = 1;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && adjacent(chars[i - 1]!, chars[i]!)) {
      run++;
      continue;
    }
    if (run >= 3) covered += run;
    run = 1;
  }
  return chars.length - covered < 4;
}

/** Whether the password contains `word` once both are folded (words under four characters are too common to refuse). */
const contains = (password: string, word: string | null) => {
  const folded = word === null ? '' : fold(word);
  return folded.length >= 4 && fold(password).includes(folded);
};

/** The first rule the password breaks, as a pt-BR message for the form, or null when it may be used. */
export function passwordProblem(password: string, context: PasswordContext): DomainError | null {
  if (password.trim() === '' && password !== '') return weak('A senha não pode ser só de espaços.');
  if (CONTROL.test(password)) return weak('A senha não pode conter caracteres de controle.');
  const length = passwordLengthProblem(password);
  if (length) return length;
  // the shapes first: their message says why, where the breach list (which holds many of them) only says "common"
  const chars = [...password.normalize('NFKC').toLowerCase()];
  if (isRepetitive(chars)) return weak('A senha não pode ser uma repetição de caracteres (como aaaa ou abcabc).');
  if (isSequential(chars)) return weak('A senha não pode ser uma sequência (como 123456, abcdef ou qwerty).');
  if (isCommon(password)) return weak('Esta senha é muito comum e aparece em listas de senhas vazadas. Escolha outra.');
  const email = context.email.trim().toLowerCase();
  if (contains(password, email) || contains(password, email.split('@')[0] ?? null)) return weak('A senha não pode conter o seu e-mail nem parte dele.');
  if (contains(password, context.tenant_name)) return weak('A senha não pode conter o nome da empresa.');
  if (SERVICE_NAMES.some((name) => contains(password, name))) return weak('A senha não pode conter o nome do serviço.');
  return null;
}
