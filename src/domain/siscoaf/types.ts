/*
 * The Siscoaf batch format of Coaf's integration manual v1.8 (M18, §2.1–§5): the fields C01–C25 under
 * their exact, case-sensitive tag names, every value a string as it goes into the XML (dates dd/mm/aaaa,
 * money in whole reais, CPF/CNPJ digits zero-padded or the literal `PF`/`PJ`). Pure types, no I/O.
 * See /work/shared/spec/regulatory-notes.md section 1.
 */

/** One `ENVOLVIDO` (C15–C25), fields in the manual's order. */
export interface Involved {
  /** C15: CPF (11 digits) or CNPJ (14), zero-padded; `PF` or `PJ` when the number is unknown. */
  CPFCNPJEnv: string;
  /** C16: name, ≤ 150 characters. */
  NmEnv: string;
  /** C17: involvement type, code of the segment's table (the tenant's `tp_env`). */
  TpEnv: string;
  /** C18: branch of the account (4 digits), for account holders in financial segments. */
  AgNumEnv: string;
  /** C19: branch name. */
  AgNomeEnv: string;
  /** C20: account number (≤ 20). */
  NumConta: string;
  /** C21: account opening date, dd/mm/aaaa or empty. */
  DtAbConta: string;
  /** C22: last KYC update, dd/mm/aaaa or empty. */
  DtAtuaCad: string;
  /** C23: '0' not an obliged person / unknown, '1' obliged person (Lei 9.613 art. 9). */
  PObrigada: string;
  /** C24: '0' not PEP / unknown, '1' PEP. */
  PEP: string;
  /** C25: '0' not a public servant / unknown, '1' public servant, '2' federal, '3' state, '4' municipal. */
  ServPub: string;
}

/** One `OCORRENCIA` (C01–C14 with its `ENQUADRAMENTOS` and `ENVOLVIDOS`), fields in the manual's order. */
export interface Occurrence {
  /** C01: the institution's own id of the communication, ≤ 80, no spaces, unique forever per reporting CNPJ. */
  NumOcorrencia: string;
  /** C02: CNPJ (14 digits) of the reporting entity (a CPF is refused for financial segments, error 516). */
  CPFCNPJCom: string;
  /** C03: start of the fact, dd/mm/aaaa. */
  DtInicio: string;
  /** C04: end of the fact, dd/mm/aaaa. */
  DtFim: string;
  /** C05: 4-digit branch number (suffix of the branch CNPJ). */
  AgNum: string;
  /** C06: branch name (optional, tag always present). */
  AgNome: string;
  /** C07: municipality of the fact, ≤ 50 (error 43). */
  AgMun: string;
  /** C08: UF of that municipality. */
  AgUF: string;
  /** C09: the analysis text, ≤ 200.000 characters. */
  Det: string;
  /** C11–C14: whole reais, digits only, '0' where not applicable. */
  VlCred: string;
  VlDeb: string;
  VlProv: string;
  VlProp: string;
  /** C10: enquadramento codes of the tenant's `cod_enq` table, one `CodEnq` each. */
  CodEnq: string[];
  ENVOLVIDOS: Involved[];
}

/** A `LOTERETIFICACAO` occurrence: the whole communication again, with Coaf's number after `NumOcorrencia`. */
export type Rectification = Occurrence & { NumeroCOAF: string };

/** A `LOTECANCELAMENTO` occurrence (M18 §4). */
export interface Cancellation {
  NUMEROORIGEM: string;
  NUMEROCOAF: string;
  AUTENTICACAO: string;
  /** Reason of the cancellation (error 505 when missing; art. 51 justification past the 5th business day). */
  MOTIVO: string;
}

/** A problem found before export, under the manual's ERR code. */
export interface SiscoafIssue {
  /** The manual's error code (section 1.11 of the notes). */
  code: number;
  /** Path of the field, e.g. `NumOcorrencia`, `ENVOLVIDOS[0].CPFCNPJEnv`, `CodEnq[1]`. */
  field: string;
  /** pt-BR message for the analyst. */
  message: string;
}
