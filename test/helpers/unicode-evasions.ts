/**
 * Ways to write a listed name so that it looks the same and reads differently to a naive matcher:
 * invisible characters inside it, and letters of other scripts drawn like Latin ones. Each takes a
 * name in capitals (as the lists publish them) and returns the evasive spelling.
 */
export const EVASIONS: readonly (readonly [string, (name: string) => string])[] = [
  ['zero-width space', (n) => n.replace(/(\S)(\S)(\s|$)/g, '$1\u200B$2$3')],
  ['soft hyphen', (n) => n.replace(/(\S{2})(\S)/g, '$1\u00AD$2')],
  ['word joiner', (n) => n.replace(/(\S)(\S)/, '$1\u2060$2').replace(/ (\S)/g, ' $1\u2060')],
  ['BOM (zero-width no-break space)', (n) => `\uFEFF${n.replace(/(\S)(\S)/, '$1\uFEFF$2')}`],
  ['variation selectors and a tag', (n) => n.replace(/(\S)(\S)/, '$1\uFE0F$2').replace(/ (\S)/, ' $1\u{E0101}\u{E0041}')],
  ['Mongolian vowel separator and invisible operators', (n) => n.replace(/(\S)(\S)/, '$1\u180E$2\u2062').replace(/ (\S)/, ' \u2064$1')],
  ['Cyrillic look-alikes', (n) => n.replace(/[AEOCBHKMPTXY]/g, (c) => 'АЕОСВНКМРТХУ'['AEOCBHKMPTXY'.indexOf(c)]!)],
  ['Greek look-alikes', (n) => n.replace(/[AEOBHIKMNPTXYZ]/g, (c) => 'ΑΕΟΒΗΙΚΜΝΡΤΧΥΖ'['AEOBHIKMNPTXYZ'.indexOf(c)]!)],
  ['Cyrillic, Greek and invisibles mixed', (n) => n.replace(/E/, 'Е').replace(/A/, 'Α').replace(/(\S)(\S)(\S*)$/, '$1\u200B$2\u00AD$3')],
];

