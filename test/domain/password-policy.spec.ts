import { expect } from 'chai';
import { passwordProblem } from '../../src/domain/user/password-policy.js';

const context = { email: 'maria.souza@banco.example', tenant_name: 'Banco Andorinha' };
const problem = (password: string) => passwordProblem(password, context)?.message ?? null;

describe('dashboard password policy (NIST SP 800-63B 5.1.1.2)', () => {
  it('accepts long passphrases and mixed passwords, with no composition rule', () => {
    for (const ok of ['uma senha de teste longa', 'correct horse battery staple', 'Ipê-amarelo florido 1989', 'gato azul no telhado', '🐱🐶🐭🐹🐰🦊🐻🐼🐨🐯🦁🐮', 'x9$Lq!2vR#m8']) expect(problem(ok), ok).to.equal(null);
  });

  it('refuses blank and control-character passwords', () => {
    expect(problem(' '.repeat(12))).to.contain('só de espaços');
    expect(problem('\t'.repeat(12))).to.contain('só de espaços');
    expect(problem('\u0000'.repeat(12))).to.contain('caracteres de controle');
    expect(problem('senha boa\u0085longa demais')).to.contain('caracteres de controle');
    expect(problem('senha boa\u007flonga demais')).to.contain('caracteres de controle');
  });

  it('refuses common and breached passwords, case-insensitively and with digits or symbols around them', () => {
    for (const common of ['password1234', 'PASSWORD1234', 'Password123!', 'iloveyou2024', '!!senha123456', 'Dragon2026!!', 'Flamengo2026!']) expect(problem(common), common).to.contain('muito comum');
    // from the breach-ranked dictionary (@zxcvbn-ts/language-common), beyond any hand-kept seed
    for (const breached of ['mailcreated5240', 'LeaveMeAlone', 'sojdlg123aljg', 'polniypizdec0211']) expect(problem(breached), breached).to.contain('muito comum');
  });

  it('refuses repetitions and sequences, the keyboard rows among them', () => {
    for (const repeated of ['aaaaaaaaaaaa', 'abcabcabcabc', 'xyzwxyzwxyzw', 'ababababbaba']) expect(problem(repeated), repeated).to.contain('repetição');
    for (const sequence of ['123456789012', 'abcdefghijkl', 'qwertyuiop12', 'poiuytrewq12', 'zyxwvutsrqpo', 'asdfghjklmno']) expect(problem(sequence), sequence).to.match(/sequência|muito comum/);
  });

  it("refuses the account's e-mail or its local part, the tenant's name and the service's name, however written", () => {
    expect(problem('maria.souza@banco.example')).to.contain('seu e-mail');
    expect(problem('MariaSouza!2026')).to.contain('seu e-mail');
    expect(problem('banco andorinha 2026')).to.contain('nome da empresa');
    expect(problem('BANCO-ANDORINHA#1')).to.contain('nome da empresa');
    expect(problem('minha kyc-svc favorita')).to.contain('nome do serviço');
    // a short local part is not a word worth refusing
    expect(passwordProblem('uma senha de teste longa', { email: 'ana@x.example', tenant_name: null })).to.equal(null);
  });

  it('keeps the length rule: 12 to 256 characters, counted as characters', () => {
    expect(problem('curta')).to.contain('pelo menos 12');
    expect(problem('ção'.repeat(3) + 'ipê')).to.equal(null);
    expect(problem('p'.repeat(257))).to.contain('no máximo 256');
  });
});
