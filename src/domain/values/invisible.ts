/**
 * Invisible characters: what a reader cannot see must not change what a name or a document is.
 * Unicode's Default_Ignorable_Code_Point set (zero-width space and joiners, soft hyphen, word
 * joiner, BOM, bidi controls, variation selectors, tags, Hangul fillers...) plus every other
 * format (Cf) and control (Cc) character. Line breaks and tabs are controls that separate words:
 * they read as a space; the rest are removed, so `BA\u200BDEGE` is `BADEGE`, not two words.
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;
const SEPARATING = /[\t\n\v\f\r\u0085]/;

/** printable ASCII and the accented letters of Latin-1: most text, and nothing invisible in it */
const PLAIN = /^[\x20-\x7E\u00C0-\u00FF]*$/;

export const withoutInvisibles = (text: string): string => (PLAIN.test(text) ? text : text.replace(INVISIBLE, (c) => (SEPARATING.test(c) ? ' ' : '')));

/**
 * A cell of a list as an entry keeps it: invisible characters gone, inner whitespace (line breaks
 * included) collapsed to one space, trimmed. Collapsing alone would not do: JavaScript's `\s`
 * counts the BOM (U+FEFF) as a space, and would cut `MAR\uFEFFCOLINO` in two words.
 */
export const visibleText = (text: string): string => withoutInvisibles(text).replace(/\s+/g, ' ').trim();
