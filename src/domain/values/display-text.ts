/**
 * Characters a name shown to people must not hold: C0 and C1 controls (NUL, BEL, NEL...), the
 * line and paragraph separators, and the default-ignorable code points, invisible by definition,
 * among them the bidi embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) that make
 * "gpj.exe" read "exe.jpg", zero-width spaces and the BOM. Kept: the zero-width (non-)joiners and
 * variation selectors, which emoji and some scripts need to be written at all.
 */
const INVISIBLE = /(?![\u200C\u200D\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Cc}\p{Default_Ignorable_Code_Point}\u2028\u2029]/u;
const EVERY_INVISIBLE = new RegExp(INVISIBLE.source, 'gu');

/** Whether the text holds a control or invisible formatting character (the one check of every display name). */
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

/** The text without them, where refusing is not an option (a file name as the browser sent it). */
export const withoutInvisibleCharacters = (text: string): string => text.replace(EVERY_INVISIBLE, '');

export const INVISIBLE_CHARACTERS_MESSAGE = 'must not contain control characters or invisible formatting characters (such as U+0000 or U+202E).';

/**
 * Characters that make a person's name unsafe to show, as a client's system sends it (a customer,
 * an FX counterparty): controls, line separators and the bidi embeddings, overrides and isolates.
 * Narrower than a display name's rule on purpose: a soft hyphen or a zero-width space copied from a
 * document into a legal name is refused nowhere, and screening reads the name without them
 * (src/domain/values/invisible.ts), so the record is screened as the plain name.
 */
const UNSAFE_IN_NAMES = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/** Whether a person's name, as sent, holds a control, a line separator or a bidi control. */
export const hasUnsafeNameCharacters = (text: string): boolean => UNSAFE_IN_NAMES.test(text);

export const UNSAFE_NAME_CHARACTERS_MESSAGE = 'must not contain control characters, line separators or bidirectional controls (such as U+0000 or U+202E).';
