import { expect } from 'chai';
import { hasInvisibleCharacters, withoutInvisibleCharacters } from '../../src/domain/values/display-text.js';

describe('display text: control and invisible formatting characters', () => {
  it('finds C0/C1 controls, separators, bidi embeddings, overrides and isolates, zero-width spaces and the BOM', () => {
    const hostile = ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\u009B', '\u2028', '\u2029', '\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200B', '\u200E', '\u200F', '\u061C', '\u2060', '\uFEFF', '\u00AD', '\u{E0041}'];
    for (const c of hostile) expect(hasInvisibleCharacters(`Banco${c}Exemplo`), `U+${c.codePointAt(0)!.toString(16)}`).to.equal(true);
  });

  it('leaves names in any script, with accents, punctuation and emoji (joiners and variation selectors included)', () => {
    for (const name of ['Banco Exemplo S.A.', 'São João — Câmbio & Cia', 'Δέλτα 株式会社', 'شركة', 'می‌خواهم', '❤️ Loja', '👩‍💻 Equipe', 'Tab\u00A0não']) expect(hasInvisibleCharacters(name), name).to.equal(false);
  });

  it('strips them where a name cannot be refused', () => {
    expect(withoutInvisibleCharacters('foto\u202Egpj.exe\u0000\u200B')).to.equal('fotogpj.exe');
  });
});
