import { expect } from 'chai';
import type { Occurrence, SiscoafIssue } from '../../../src/domain/siscoaf/types.js';
import {
  characterIssues,
  validateBatch,
  validateCancellation,
  validateOccurrence,
  validateRectification,
  type ValidationContext,
} from '../../../src/domain/siscoaf/validate.js';
import { VALID_CNPJ, VALID_CPF, ctx, manualOccurrence, person, validOccurrence } from './support.js';

const codes = (issues: SiscoafIssue[]): string[] => issues.map((found) => `${found.code} ${found.field}`);
const check = (occ: Occurrence, context: ValidationContext = ctx): string[] => codes(validateOccurrence(occ, context));

interface Rule {
  rule: string;
  fails: Partial<Occurrence>;
  passes: Partial<Occurrence>;
  expected: string;
}

const rules: Rule[] = [
  { rule: '15 NumOcorrencia missing', fails: { NumOcorrencia: '' }, passes: { NumOcorrencia: 'A' }, expected: '15 NumOcorrencia' },
  { rule: '93 NumOcorrencia with a space', fails: { NumOcorrencia: 'CASE 1' }, passes: { NumOcorrencia: 'CASE-1' }, expected: '93 NumOcorrencia' },
  { rule: '94 NumOcorrencia over 80', fails: { NumOcorrencia: 'N'.repeat(81) }, passes: { NumOcorrencia: 'N'.repeat(80) }, expected: '94 NumOcorrencia' },
  { rule: '42 CPFCNPJCom missing', fails: { CPFCNPJCom: '' }, passes: { CPFCNPJCom: VALID_CNPJ }, expected: '42 CPFCNPJCom' },
  { rule: '41 CNPJ check digits', fails: { CPFCNPJCom: '12345678000196' }, passes: { CPFCNPJCom: '11222333000181' }, expected: '41 CPFCNPJCom' },
  { rule: '41 CNPJ with punctuation', fails: { CPFCNPJCom: '12.345.678/0001-95' }, passes: { CPFCNPJCom: '12345678000195' }, expected: '41 CPFCNPJCom' },
  { rule: '40 CPF check digits', fails: { CPFCNPJCom: '00012345602' }, passes: { CPFCNPJCom: VALID_CNPJ }, expected: '40 CPFCNPJCom' },
  { rule: '516 a CPF as comunicante', fails: { CPFCNPJCom: VALID_CPF }, passes: { CPFCNPJCom: VALID_CNPJ }, expected: '516 CPFCNPJCom' },
  { rule: '10 DtInicio missing', fails: { DtInicio: '' }, passes: { DtInicio: '01/01/2026' }, expected: '10 DtInicio' },
  { rule: '500 DtInicio not a date', fails: { DtInicio: '31/02/2026' }, passes: { DtInicio: '28/02/2026' }, expected: '500 DtInicio' },
  { rule: '500 DtInicio not dd/mm/aaaa', fails: { DtInicio: '2026-01-02' }, passes: { DtInicio: '02/01/2026' }, expected: '500 DtInicio' },
  { rule: '99 DtInicio not after 26/02/1994', fails: { DtInicio: '26/02/1994' }, passes: { DtInicio: '27/02/1994' }, expected: '99 DtInicio' },
  { rule: '501 DtInicio not before today', fails: { DtInicio: '15/03/2026', DtFim: '14/03/2026' }, passes: { DtInicio: '14/03/2026', DtFim: '14/03/2026' }, expected: '501 DtInicio' },
  { rule: '11 DtFim missing', fails: { DtFim: '' }, passes: { DtFim: '02/01/2026' }, expected: '11 DtFim' },
  { rule: '100 DtFim not after 26/02/1994', fails: { DtFim: '01/01/1990' }, passes: { DtFim: '03/01/2026' }, expected: '100 DtFim' },
  { rule: '501 DtFim in the future', fails: { DtFim: '16/03/2026' }, passes: { DtFim: '14/03/2026' }, expected: '501 DtFim' },
  { rule: '12 DtFim before DtInicio', fails: { DtInicio: '02/01/2026', DtFim: '01/01/2026' }, passes: { DtInicio: '02/01/2026', DtFim: '02/01/2026' }, expected: '12 DtFim' },
  { rule: '16 AgNum missing', fails: { AgNum: '' }, passes: { AgNum: '0001' }, expected: '16 AgNum' },
  { rule: '56 AgNum not 4 digits', fails: { AgNum: '1' }, passes: { AgNum: '1234' }, expected: '56 AgNum' },
  { rule: '657 AgNome over 100', fails: { AgNome: 'A'.repeat(101) }, passes: { AgNome: 'A'.repeat(100) }, expected: '657 AgNome' },
  { rule: '18 AgMun missing', fails: { AgMun: ' ' }, passes: { AgMun: 'RIO BRANCO' }, expected: '18 AgMun' },
  { rule: '43 AgMun over 50', fails: { AgMun: 'M'.repeat(51) }, passes: { AgMun: 'M'.repeat(50) }, expected: '43 AgMun' },
  { rule: '19 AgUF missing', fails: { AgUF: '' }, passes: { AgUF: 'AC' }, expected: '19 AgUF' },
  { rule: '19 AgUF not a UF', fails: { AgUF: 'XX' }, passes: { AgUF: 'TO' }, expected: '19 AgUF' },
  { rule: '20 Det missing', fails: { Det: '  ' }, passes: { Det: 'Análise.' }, expected: '20 Det' },
  { rule: '1 Det over 200.000', fails: { Det: 'palavra '.repeat(25_001) }, passes: { Det: 'palavra '.repeat(25_000) }, expected: '1 Det' },
  { rule: '515 a word over 100', fails: { Det: `texto ${'a'.repeat(101)} fim` }, passes: { Det: `texto ${'a'.repeat(100)} fim` }, expected: '515 Det' },
  { rule: '21 a value missing', fails: { VlDeb: '' }, passes: { VlDeb: '0' }, expected: '21 VlDeb' },
  { rule: '509 value with cents', fails: { VlCred: '250000,00' }, passes: { VlCred: '250000' }, expected: '509 VlCred' },
  { rule: '509 value with separators', fails: { VlProp: '1.000' }, passes: { VlProp: '1000' }, expected: '509 VlProp' },
  { rule: '509 negative value', fails: { VlProv: '-5' }, passes: { VlProv: '5' }, expected: '509 VlProv' },
  { rule: '21 every value zero', fails: { VlCred: '0' }, passes: { VlCred: '0', VlDeb: '1' }, expected: '21 VlCred' },
  { rule: '22 no CodEnq', fails: { CodEnq: [] }, passes: { CodEnq: ['232'] }, expected: '22 CodEnq' },
  { rule: '22 CodEnq not in the tenant table', fails: { CodEnq: ['1012', '999'] }, passes: { CodEnq: ['1012', '232'] }, expected: '22 CodEnq[1]' },
  { rule: '39 no envolvidos', fails: { ENVOLVIDOS: [] }, passes: { ENVOLVIDOS: [person()] }, expected: '39 ENVOLVIDOS' },
  {
    rule: '521 over 10.000 envolvidos',
    fails: { ENVOLVIDOS: [person(), ...Array.from({ length: 10_000 }, () => person({ CPFCNPJEnv: 'PF', TpEnv: '2' }))] },
    passes: { ENVOLVIDOS: [person(), ...Array.from({ length: 9_999 }, () => person({ CPFCNPJEnv: 'PF', TpEnv: '2' }))] },
    expected: '521 ENVOLVIDOS',
  },
  { rule: '23 CPF check digits', fails: { ENVOLVIDOS: [person({ CPFCNPJEnv: '00012345602' })] }, passes: { ENVOLVIDOS: [person({ CPFCNPJEnv: VALID_CPF })] }, expected: '23 ENVOLVIDOS[0].CPFCNPJEnv' },
  { rule: '23 CNPJ check digits', fails: { ENVOLVIDOS: [person({ CPFCNPJEnv: '00001234000145' })] }, passes: { ENVOLVIDOS: [person({ CPFCNPJEnv: '11222333000181' })] }, expected: '23 ENVOLVIDOS[0].CPFCNPJEnv' },
  { rule: '23 CPF not zero-padded', fails: { ENVOLVIDOS: [person({ CPFCNPJEnv: '12345601' })] }, passes: { ENVOLVIDOS: [person({ CPFCNPJEnv: '00012345601' })] }, expected: '23 ENVOLVIDOS[0].CPFCNPJEnv' },
  { rule: '23 unknown document word', fails: { ENVOLVIDOS: [person({ CPFCNPJEnv: 'pf' })] }, passes: { ENVOLVIDOS: [person({ CPFCNPJEnv: 'PF' })] }, expected: '23 ENVOLVIDOS[0].CPFCNPJEnv' },
  { rule: '24 NmEnv missing', fails: { ENVOLVIDOS: [person({ NmEnv: '' })] }, passes: { ENVOLVIDOS: [person({ NmEnv: 'A' })] }, expected: '24 ENVOLVIDOS[0].NmEnv' },
  { rule: '106 NmEnv over 150', fails: { ENVOLVIDOS: [person({ NmEnv: 'N'.repeat(151) })] }, passes: { ENVOLVIDOS: [person({ NmEnv: 'N'.repeat(150) })] }, expected: '106 ENVOLVIDOS[0].NmEnv' },
  { rule: '25 TpEnv missing', fails: { ENVOLVIDOS: [person(), person({ TpEnv: '' })] }, passes: { ENVOLVIDOS: [person(), person({ TpEnv: '2' })] }, expected: '25 ENVOLVIDOS[1].TpEnv' },
  { rule: '26 TpEnv not in the tenant table', fails: { ENVOLVIDOS: [person(), person({ TpEnv: '7' })] }, passes: { ENVOLVIDOS: [person(), person({ TpEnv: '25' })] }, expected: '26 ENVOLVIDOS[1].TpEnv' },
  { rule: '13 DtAbConta invalid', fails: { ENVOLVIDOS: [person({ DtAbConta: '2019-05-10' })] }, passes: { ENVOLVIDOS: [person({ DtAbConta: '' })] }, expected: '13 ENVOLVIDOS[0].DtAbConta' },
  { rule: '13 DtAbConta has no 1994 floor', fails: { ENVOLVIDOS: [person({ DtAbConta: '10/05/2019x' })] }, passes: { ENVOLVIDOS: [person({ DtAbConta: '10/05/1988' })] }, expected: '13 ENVOLVIDOS[0].DtAbConta' },
  { rule: '14 DtAtuaCad invalid', fails: { ENVOLVIDOS: [person({ DtAtuaCad: '32/01/2026' })] }, passes: { ENVOLVIDOS: [person({ DtAtuaCad: '31/01/2026' })] }, expected: '14 ENVOLVIDOS[0].DtAtuaCad' },
  { rule: '501 DtAtuaCad in the future', fails: { ENVOLVIDOS: [person({ DtAtuaCad: '20/03/2026' })] }, passes: { ENVOLVIDOS: [person({ DtAtuaCad: '14/03/2026' })] }, expected: '501 ENVOLVIDOS[0].DtAtuaCad' },
  { rule: '658 AgNumEnv over 4 digits', fails: { ENVOLVIDOS: [person({ AgNumEnv: '00012' })] }, passes: { ENVOLVIDOS: [person({ AgNumEnv: '' })] }, expected: '658 ENVOLVIDOS[0].AgNumEnv' },
  { rule: '656 AgNomeEnv over 100', fails: { ENVOLVIDOS: [person({ AgNomeEnv: 'A'.repeat(101) })] }, passes: { ENVOLVIDOS: [person({ AgNomeEnv: 'A'.repeat(100) })] }, expected: '656 ENVOLVIDOS[0].AgNomeEnv' },
  { rule: '30 PObrigada', fails: { ENVOLVIDOS: [person({ PObrigada: '2' })] }, passes: { ENVOLVIDOS: [person({ PObrigada: '1' })] }, expected: '30 ENVOLVIDOS[0].PObrigada' },
  { rule: '29 PEP', fails: { ENVOLVIDOS: [person({ PEP: '' })] }, passes: { ENVOLVIDOS: [person({ PEP: '1' })] }, expected: '29 ENVOLVIDOS[0].PEP' },
  { rule: '28 ServPub', fails: { ENVOLVIDOS: [person({ ServPub: '5' })] }, passes: { ENVOLVIDOS: [person({ ServPub: '4' })] }, expected: '28 ENVOLVIDOS[0].ServPub' },
  {
    rule: '47 PF and PJ titulars mixed',
    fails: { ENVOLVIDOS: [person(), person({ CPFCNPJEnv: '11222333000181', NmEnv: 'EMPRESA' })] },
    passes: { ENVOLVIDOS: [person(), person({ CPFCNPJEnv: '11222333000181', NmEnv: 'EMPRESA', TpEnv: '2' })] },
    expected: '47 ENVOLVIDOS',
  },
  {
    rule: '47 with the PF/PJ literals',
    fails: { ENVOLVIDOS: [person({ CPFCNPJEnv: 'PF' }), person({ CPFCNPJEnv: 'PJ', NmEnv: 'EMPRESA' })] },
    passes: { ENVOLVIDOS: [person({ CPFCNPJEnv: 'PF' }), person({ CPFCNPJEnv: 'PF', NmEnv: 'OUTRA PESSOA' })] },
    expected: '47 ENVOLVIDOS',
  },
  { rule: '49 no titular', fails: { ENVOLVIDOS: [person({ TpEnv: '2' })] }, passes: { ENVOLVIDOS: [person({ TpEnv: '2' }), person()] }, expected: '49 ENVOLVIDOS' },
  {
    rule: '98 same CPF with another name',
    fails: { ENVOLVIDOS: [person(), person({ NmEnv: 'BELTRANO', TpEnv: '2' })] },
    passes: { ENVOLVIDOS: [person(), person({ NmEnv: ' fulano  de tal ', TpEnv: '2' })] },
    expected: '98 ENVOLVIDOS[1].NmEnv',
  },
  { rule: '1 a character outside ISO-8859-1', fails: { Det: 'aspas “curvas”' }, passes: { Det: 'aspas "retas" e acentuação: çãõéº' }, expected: '1 Det' },
  { rule: '1 names the envolvido field', fails: { ENVOLVIDOS: [person({ NmEnv: 'JOSÉ — SILVA' })] }, passes: { ENVOLVIDOS: [person({ NmEnv: 'JOSÉ - SILVA' })] }, expected: '1 ENVOLVIDOS[0].NmEnv' },
  { rule: '506 a control character', fails: { AgNome: 'AG\u0007' }, passes: { AgNome: 'AG & CIA <CENTRO>' }, expected: '506 AgNome' },
];

describe('Siscoaf validation before export', () => {
  it('passes a complete occurrence', () => {
    expect(check(validOccurrence())).to.deep.equal([]);
  });

  it('reports the manual’s own example CPF, whose check digits are wrong (error 23)', () => {
    expect(check(manualOccurrence())).to.deep.equal(['23 ENVOLVIDOS[0].CPFCNPJEnv']);
  });

  for (const { rule, fails, passes, expected } of rules) {
    it(`error ${rule}`, () => {
      expect(check(validOccurrence(fails))).to.deep.equal([expected]);
      expect(check(validOccurrence(passes))).to.deep.equal([]);
    });
  }

  it('gives each issue a pt-BR message', () => {
    const [found] = validateOccurrence(validOccurrence({ AgMun: 'M'.repeat(51) }), ctx);
    expect(found).to.deep.equal({ code: 43, field: 'AgMun', message: 'O nome do município tem 51 caracteres; o limite é 50' });
    const [quote] = validateOccurrence(validOccurrence({ Det: 'aspas “curvas”' }), ctx);
    expect(quote!.message).to.match(/^O caractere "“" \(U\+201C\) não existe em ISO-8859-1/);
  });

  it('takes the word limit, the titular codes and today as parameters', () => {
    const det = `texto ${'a'.repeat(30)}`;
    expect(check(validOccurrence({ Det: det }), { ...ctx, maxWordLength: 20 })).to.deep.equal(['515 Det']);
    expect(check(validOccurrence({ ENVOLVIDOS: [person({ TpEnv: '2' })] }), { ...ctx, titularCodes: ['1', '2'] })).to.deep.equal([]);
    expect(check(validOccurrence({ DtFim: '14/03/2026' }), { ...ctx, today: '14/03/2026' })).to.deep.equal(['501 DtFim']);
  });

  it('checks a rectification’s NumeroCOAF (517) and a cancellation’s fields (15, 517, 518, 505)', () => {
    expect(codes(validateRectification({ ...validOccurrence(), NumeroCOAF: '' }, ctx))).to.deep.equal(['517 NumeroCOAF']);
    expect(codes(validateRectification({ ...validOccurrence(), NumeroCOAF: '9661556' }, ctx))).to.deep.equal([]);
    expect(codes(validateCancellation({ NUMEROORIGEM: '', NUMEROCOAF: '', AUTENTICACAO: '', MOTIVO: ' ' }))).to.deep.equal([
      '15 NUMEROORIGEM',
      '517 NUMEROCOAF',
      '518 AUTENTICACAO',
      '505 MOTIVO',
    ]);
    expect(codes(validateCancellation({ NUMEROORIGEM: 'A', NUMEROCOAF: '1', AUTENTICACAO: 'h', MOTIVO: 'duplicada' }))).to.deep.equal([]);
  });

  it('refuses a context whose today is not a date', () => {
    expect(() => validateOccurrence(validOccurrence(), { ...ctx, today: '2026-03-15T12:00:00.000Z' })).to.throw(/YYYY-MM-DD/);
  });

  it('finds a NumOcorrencia repeated within the batch (503)', () => {
    const batch = [validOccurrence({ NumOcorrencia: 'A' }), validOccurrence({ NumOcorrencia: 'B', AgUF: 'XX' }), validOccurrence({ NumOcorrencia: 'A' })];
    expect(codes(validateBatch(batch, (occ) => validateOccurrence(occ, ctx)))).to.deep.equal(['19 OCORRENCIA[1].AgUF', '503 OCORRENCIA[2].NumOcorrencia']);
    expect(codes(validateBatch(batch.slice(0, 1), (occ) => validateOccurrence(occ, ctx)))).to.deep.equal([]);
  });

  it('accepts &, < and > (the builder escapes them)', () => {
    expect(characterIssues('Det', 'A & B < C > D')).to.deep.equal([]);
  });
});
