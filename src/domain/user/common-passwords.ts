/**
 * Passwords too common to allow (NIST SP 800-63B 5.1.1.2: "passwords obtained from previous
 * breach corpuses" and "commonly-used" ones), compared in lower case and also with the digits and
 * symbols around them stripped (`Password1234!` is `password`).
 *
 * Source: a hand-kept seed, not a verbatim excerpt of one list: the entries that head every
 * published frequency ranking of breached passwords (the UK NCSC's "100k most common" list from
 * Have I Been Pwned, SecLists' `10k-most-common.txt`, NordPass's yearly top 200), plus the
 * Portuguese words Brazilian users pick the same way (senha, mudar, brasil...). The fuller list
 * meant to replace it is `@zxcvbn-ts/language-common` (MIT), whose `passwords` dictionary is
 * ranked from the same breach corpora: see the README, "Dashboard passwords".
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  `
123456 123456789 12345678 12345 1234567 1234567890 123123 111111 000000 1234 654321 666666 121212
123321 112233 987654321 159753 147258369 123qwe qwerty qwerty123 qwertyuiop qwertz azerty asdfgh
asdfghjkl zxcvbnm 1q2w3e4r 1q2w3e4r5t 1qaz2wsx zaq12wsx qazwsx password passw0rd p4ssw0rd
password1 password12 password123 pass pass123 passwd admin admin123 administrator root toor
letmein welcome welcome1 login abc123 abcd1234 iloveyou iloveu loveme lovely love monkey dragon
master shadow sunshine princess football baseball basketball soccer hockey superman batman
spiderman starwars pokemon trustno1 whatever freedom hello hello123 charlie michael jennifer
jordan jordan23 thomas hunter hunter2 ranger buster tigger ginger pepper cookie cheese chocolate
flower summer winter autumn spring secret secret123 access master123 mustang harley ferrari
computer internet google samsung apple microsoft linkedin facebook twitter youtube myspace
killer matrix silver golden diamond orange banana purple yellow hunter1 maggie daniel andrew
jessica ashley michelle nicole amanda joshua matthew robert william anthony qwe123 asd123 zxc123
aa123456 a123456 a12345 1a2b3c 1a2b3c4d qweasd qweasdzxc changeme changeit default guest test
test123 testing demo temp temp123 user user123 senha senha123 senha1234 minhasenha mudar mudar123
mudarsenha trocar trocar123 brasil brasil123 flamengo corinthians palmeiras saopaulo vasco
gremio cruzeiro santos botafogo fluminense internacional amor amorzinho meuamor teamo teamo123
familia deusefiel jesus jesuscristo gatinha princesa beleza saudade felicidade sucesso vitoria
futebol cerveja chocolate abc12345 abcdef abcdefg abcdefgh mudeasenha acesso acesso123 entrar
bemvindo bem-vindo empresa empresa123 sistema sistema123 administrador
`
    .split(/\s+/)
    .filter((word) => word !== ''),
);
