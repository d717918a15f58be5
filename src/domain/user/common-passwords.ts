import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Passwords too common to allow (NIST SP 800-63B 5.1.1.2: "passwords obtained from previous
 * breach corpuses" and "commonly-used" ones), compared in lower case and also with the digits and
 * symbols around them stripped (`Password1234!` is `password`).
 *
 * Source: the `passwords-common` dictionary of `@zxcvbn-ts/language-common` (MIT; 49,233
 * passwords ranked by frequency in breach corpora), plus the few Portuguese words Brazilian users
 * pick the same way that the (English-centred) ranking lacks.
 */
const PORTUGUESE = `
senha123 senha1234 minhasenha mudar mudar123 mudarsenha mudeasenha trocar trocar123 brasil123
meuamor teamo123 deusefiel jesuscristo bemvindo bem-vindo acesso acesso123 entrar empresa123
sistema123 administrador saopaulo corinthians palmeiras fluminense botafogo internacional
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...dictionary['passwords-common'],
  ...PORTUGUESE.split(/\s+/).filter((word) => word !== ''),
]);
