import { CC4001_HEADINGS, CC4001_ITEMS_DATA } from './cc4001-data.js';

/*
 * Reason codes of Carta Circular BCB 4.001/2020 (v2, 151 items of incisos I–XVII) and the gold items
 * of IN BCB 461/2024 (inciso XVIII, alíneas a–g, the text of g cut in the source the notes used), as
 * `CC4001-<inciso>.<alínea>`. Inciso XIX (mercado de ouro em geral) is NOT listed: its verbatim text
 * was not retrieved (the notes only have a paraphrase); a case under it uses OTHER_REASON with text.
 * The list is exemplary (art. 1º caput), hence OTHER_REASON. The Siscoaf CodEnq of each item is not
 * public: the tenant maps them (compliance settings `cc4001_cod_enq`).
 */

export interface Cc4001Item {
  /** `CC4001-IV.e` */
  code: string;
  /** Roman numeral of the inciso. */
  inciso: string;
  /** Letter(s) of the alínea. */
  alinea: string;
  /** The item's text, verbatim, without its alínea marker ("a) "). */
  text: string;
  /** The inciso's heading, verbatim ("IV - situações relacionadas com ..."). */
  heading: string;
  /** Present when the text is known to be incomplete. */
  note?: string;
}

/** Free-text "outra situação": the list is exemplary, not exhaustive. */
export const OTHER_REASON = 'outra_situacao';

export const CC4001_ITEMS: readonly Cc4001Item[] = CC4001_ITEMS_DATA.map((item) => ({ ...item, heading: CC4001_HEADINGS[item.inciso]! }));

/** The incisos in order with their headings. */
export const CC4001_INCISOS: readonly { inciso: string; heading: string }[] = Object.entries(CC4001_HEADINGS).map(([inciso, heading]) => ({
  inciso,
  heading,
}));

const BY_CODE: ReadonlyMap<string, Cc4001Item> = new Map(CC4001_ITEMS.map((item) => [item.code, item]));

/** Whether `code` is one of the listed items (`OTHER_REASON` is not an item: check it separately). */
export const isReasonCode = (code: string): boolean => BY_CODE.has(code);

export const cc4001Item = (code: string): Cc4001Item | undefined => BY_CODE.get(code);

/** "CC 4.001, art. 1º, IV, e" (pt-BR citation of an item), or undefined for an unknown code. */
export function cc4001Citation(code: string): string | undefined {
  const item = BY_CODE.get(code);
  return item ? `Carta Circular BCB 4.001, art. 1º, ${item.inciso}, "${item.alinea}"` : undefined;
}
