import sax from 'sax';

/*
 * Signing hook. Siscoaf's web service wants an enveloped XML-DSig (RSA-SHA1, c14n, Reference URI
 * "#<OCORRENCIAS ID>", `Signature` as the last child of the root) made with the ICP-Brasil e-CPF of the
 * institution's Siscoaf user (M18 §1.5, §2.4; notes 1.7). The service never holds that certificate:
 * it is a person's credential (often an A3 token that cannot be exported), and a server-side copy would
 * let whoever controls the service sign communications to Coaf in the compliance officer's name.
 * So the service produces the unsigned ISO-8859-1 file, and the institution signs it outside (or
 * through a hook it runs next to its token); `hasEnvelopedSignature` checks what comes back.
 */

/** Receives the unsigned file bytes, returns the signed file bytes (same encoding). Implemented by the institution. */
export type SignHook = (unsignedXml: Buffer) => Promise<Buffer>;

const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * Whether `xml` carries an enveloped signature as Siscoaf wants it: a `Signature` element in the XML-DSig
 * namespace as a child of the root, after `OCORRENCIAS`, whose `Reference URI` is `#` + the `ID` of
 * `OCORRENCIAS`. Structure only: the cryptographic check is Siscoaf's (error 48).
 */
export function hasEnvelopedSignature(xml: Buffer | string): boolean {
  const text = typeof xml === 'string' ? xml : xml.toString('latin1');
  const parser = sax.parser(true, { xmlns: true });
  const state = { depth: 0, id: undefined as string | undefined, inSignature: false, signatureAfterOccurrences: false, lastChild: false, referenceUri: undefined as string | undefined };
  parser.onopentag = (tag) => {
    const node = tag as sax.QualifiedTag;
    state.depth += 1;
    if (state.depth === 2 && state.signatureAfterOccurrences) state.lastChild = false;
    if (state.depth === 2 && node.local === 'OCORRENCIAS') state.id = node.attributes['ID']?.value;
    if (state.depth === 2 && node.local === 'Signature' && node.uri === DSIG_NS && state.id !== undefined) {
      state.inSignature = true;
      state.signatureAfterOccurrences = true;
      state.lastChild = true;
    }
    if (state.inSignature && node.local === 'Reference' && node.uri === DSIG_NS) state.referenceUri = node.attributes['URI']?.value;
  };
  parser.onclosetag = () => {
    if (state.depth === 2) state.inSignature = false;
    state.depth -= 1;
  };
  try {
    parser.write(text).close();
  } catch {
    return false;
  }
  return state.signatureAfterOccurrences && state.lastChild && state.id !== undefined && state.referenceUri === `#${state.id}`;
}
