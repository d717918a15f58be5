import { readFileSync } from 'node:fs';
import type { Involved, Occurrence } from '../../../src/domain/siscoaf/types.js';

export const fixture = (name: string): Buffer => readFileSync(new URL(`../../fixtures/siscoaf/${name}`, import.meta.url));

/** The manual's worked example (notes 1.15) with CodEnq 1012. */
export const manualOccurrence = (): Occurrence => ({
  NumOcorrencia: 'CASE-2026-000123',
  CPFCNPJCom: '12345678000195',
  DtInicio: '02/01/2026',
  DtFim: '28/02/2026',
  AgNum: '0001',
  AgNome: '',
  AgMun: 'SAO PAULO',
  AgUF: 'SP',
  Det: 'Análise: ... (motivos, CC 4.001 art. 1º, IV, "a" e "e"; histórico; conclusão)',
  VlCred: '250000',
  VlDeb: '0',
  VlProv: '0',
  VlProp: '0',
  CodEnq: ['1012'],
  ENVOLVIDOS: [
    {
      CPFCNPJEnv: '00012345602',
      NmEnv: 'FULANO DE TAL',
      TpEnv: '1',
      AgNumEnv: '0001',
      AgNomeEnv: 'AGENCIA CENTRO',
      NumConta: '123456',
      DtAbConta: '10/05/2019',
      DtAtuaCad: '05/01/2026',
      PObrigada: '0',
      PEP: '0',
      ServPub: '0',
    },
  ],
});

/** A valid CPF (check digits right) for the titular. */
export const VALID_CPF = '00012345601';
export const VALID_CNPJ = '12345678000195';

export const person = (overrides: Partial<Involved> = {}): Involved => ({ ...manualOccurrence().ENVOLVIDOS[0]!, CPFCNPJEnv: VALID_CPF, ...overrides });

/** An occurrence that passes every check with `ctx`. */
export const validOccurrence = (overrides: Partial<Occurrence> = {}): Occurrence => ({
  ...manualOccurrence(),
  ENVOLVIDOS: [person()],
  ...overrides,
});

export const ctx = { today: '2026-03-15', tpEnv: ['1', '2', '25'], codEnq: ['1012', '232'] };
