/**
 * Tables of company names (screening.md section 2): the ordinary words of company names with their
 * abbreviations, and the legal forms of the countries the lists name most. Words are folded (lower
 * case, no accents). Sources: the abbreviations as the OFAC SDN and UN consolidated lists write them
 * (INTL, NAT'L, INDS., TRDG., MFG., ENGG., DEVT, INVT, SVCS, MGMT, BROS, ASSOCS), the usual English
 * business abbreviations, and the abbreviations of Brazilian company names in CNPJ records (Receita
 * Federal): Ind., Com., Serv., Particip., Empreend., Distrib., Transp., Imp., Exp., Adm.; Turkish San. ve
 * Tic. (Sanayi ve Ticaret, industry and trade) as the lists write it. Legal forms:
 * the ISO 20275 Entity Legal Forms list (GLEIF) for the countries the lists name most.
 */

/** An ordinary company word and its abbreviations, singular and plural: all read as `canonical`. */
const WORDS: Record<string, readonly string[]> = {
  international: ['international', 'internationals', 'intl', 'intll', 'internacional', 'internacionais', 'internacionales', 'int'],
  nacional: ['nacional', 'nacionais', 'nacionales', 'national', 'nationals', 'natl', 'nat'],
  industrial: [
    'industrial', 'industriais', 'industriales', 'industrials', 'indl', 'industry', 'industries', 'industria', 'industrias', 'inds', 'ind', 'indus', 'sanayi', 'sanayii', 'san',
  ],
  trading: ['trading', 'tradings', 'trdg', 'trade', 'ticaret', 'ticareti', 'tic'],
  manufacturing: ['manufacturing', 'manufacturings', 'mfg', 'mfgs'],
  engineering: ['engineering', 'engineerings', 'engg', 'eng'],
  development: ['development', 'developments', 'devt', 'dev', 'devp'],
  investment: ['investment', 'investments', 'invest', 'invt', 'invts', 'investimento', 'investimentos'],
  servicos: ['servicos', 'servico', 'servicios', 'servicio', 'services', 'service', 'svcs', 'svc', 'servs', 'serv'],
  management: ['management', 'managements', 'mgmt', 'mgt'],
  brothers: ['brothers', 'brother', 'bros'],
  associates: ['associates', 'associate', 'assoc', 'assocs'],
  comercial: ['comercial', 'comerciais', 'commercial', 'commercials', 'coml', 'com', 'comercio', 'comercios', 'commerce'],
  holding: ['holding', 'holdings', 'hldg', 'hldgs'],
  group: ['group', 'groups', 'grp'],
  participacoes: ['participacoes', 'participacao', 'particip', 'partic'],
  empreendimentos: ['empreendimentos', 'empreendimento', 'empreend', 'empreends'],
  distribuidora: ['distribuidora', 'distribuidoras', 'distrib'],
  transportes: ['transportes', 'transporte', 'transp'],
  importacao: ['importacao', 'importacoes', 'importadora', 'import', 'imp'],
  exportacao: ['exportacao', 'exportacoes', 'exportadora', 'export', 'exp'],
  administracao: ['administracao', 'administracoes', 'adm'],
};

/** folded word -> canonical word */
export const COMPANY_WORDS: ReadonlyMap<string, string> = new Map(Object.entries(WORDS).flatMap(([canonical, forms]) => forms.map((f) => [f, canonical] as const)));

/**
 * Short forms that are also ordinary words or names (Com is "with", Dev and Int are names, Imp and
 * Exp anything): read as the company word only dotted ("Ind.", "Com.") or beside another company word
 * ("Ind e Com", "Imp Exp").
 */
export const AMBIGUOUS_COMPANY_WORDS: ReadonlySet<string> = new Set(['int', 'nat', 'ind', 'eng', 'dev', 'invest', 'serv', 'com', 'imp', 'exp', 'adm', 'partic', 'import', 'export', 'san', 'tic']);

/**
 * Legal forms by canonical symbol, as folded words separated by spaces; `&` is the ampersand. Inside
 * a word the name may cut the letters with dots, slashes, hyphens or spaces (S.A.R.L., S/A, FZ-LLC,
 * S R L): every cut of a word matches, so one line covers "SRL", "S.R.L.", "S. R. L." and "S R L".
 */
const LEGAL_FORMS: Record<string, readonly string[]> = {
  '~ltda': [
    'ltda', 'limitada', 'ltd', 'limited', 'llc', 'pvt', 'pte', 'pty', 'gmbh', 'ooo', 'sarl', 'srl', 'bv', 'kft', 'tov', 'too', 'doo', 'sp z oo', 'spzoo', 'sro', 'fze', 'fzco', 'fzllc', 'fzc',
    'free zone establishment', 'free zone company', 'free zone llc', 'pvt ltd', 'pvt limited', 'private limited', 'private limited company', 'pte ltd', 'pte limited',
    'pty ltd', 'pty limited', 'sdn bhd', 'sendirian berhad', 'bhd', 'berhad', 'sociedade limitada', 'sociedad limitada', 'limited liability company',
    'sociedad de responsabilidad limitada', 'societe a responsabilite limitee', 'gesellschaft mit beschrankter haftung', 's de rl', 's de rl de cv',
    'sociedad de responsabilidad limitada de capital variable', 'ltd liability co', 'llc fz', 'limited sirketi', 'ltd sti', 'sl', 'slu', 'sll', 'sprl', 'sc de rl', 'sc de rl de cv',
  ],
  '~sa': [
    'sa', 'inc', 'incorporated', 'corp', 'corporation', 'jsc', 'ojsc', 'cjsc', 'pjsc', 'zao', 'oao', 'pao', 'ao', 'ag', 'plc', 'nv', 'spa', 'as', 'sal', 'sas', 'sac',
    'saa', 'sae', 'saog', 'saoc', 'sa de cv', 'sab de cv', 'sapi de cv', 'sociedade anonima', 'sociedad anonima', 'societe anonyme', 'sociedad anonima de capital variable',
    'sociedad anonima libanesa', 'societe anonyme libanaise', 'sociedad anonima cerrada', 'sociedad anonima abierta', 'sociedad por acciones simplificada',
    'joint stock company', 'public joint stock company', 'closed joint stock company', 'open joint stock company', 'joint stock co',
    'public joint stock co', 'closed joint stock co', 'open joint stock co', 'aktiengesellschaft', 'anonim sirketi',
    'public limited company', 'ca', 'compania anonima', 'sal offshore', 'sal off shore', 'sa offshore',
  ],
  '~lp': ['lp', 'llp', 'kg', 's en c', 's en cs', 'scs', 'sca', 'sociedad en comandita', 'sociedad en comandita simple', 'sociedad en comandita por acciones', 'gmbh & co kg', 'limited partnership', 'limited liability partnership', 'kommanditgesellschaft'],
  '~eireli': ['eireli', 'empresa individual de responsabilidade limitada'],
  // size qualifiers a company changes as it grows (ME -> EPP): one symbol
  '~me': ['me', 'epp', 'mei', 'empresa de pequeno porte', 'microempresa', 'micro empresa'],
  '~cia': ['cia', 'companhia', 'compania', 'company', 'co', '& cia', 'e cia', '& co', 'y cia', 'ac', 'sc', 'asociacion civil', 'sociedad civil'],
};

export const LEGAL_PHRASES: readonly { readonly words: readonly string[]; readonly symbol: string }[] = Object.entries(LEGAL_FORMS)
  .flatMap(([symbol, forms]) => forms.map((f) => ({ words: f.split(' '), symbol })))
  // longest first: "S.A. de C.V." before "S.A."
  .sort((a, b) => b.words.join('').length - a.words.join('').length || b.words.length - a.words.length);

/** Short forms that are also ordinary words or names (Sá, Me, Co, As, Sal): legal forms only at the end or abbreviated. */
export const AMBIGUOUS_LEGAL: ReadonlySet<string> = new Set(['sa', 'me', 'co', 'ao', 'ag', 'nv', 'spa', 'bv', 'as', 'sal', 'sac', 'saa', 'sae', 'lp', 'kg', 'too', 'tov', 'sas', 'pao', 'sca', 'scs', 'sll', 'slu']);

/** Short forms that, even dotted, are more often initials or words (A.S., C.A., K.G.) than a legal form: legal forms only at the end. */
export const TRAILING_LEGAL: ReadonlySet<string> = new Set(['as', 'ca', 'kg', 'lp', 'ac', 'sc', 'sl']);

/** One-word legal forms of 5+ letters: one typing slip away (Compnay, Limted) they still are. */
export const LONG_LEGAL_WORDS: readonly (readonly [string, string])[] = LEGAL_PHRASES.filter((p) => p.words.length === 1 && (p.words[0] as string).length >= 5).map(
  (p) => [p.words[0] as string, p.symbol] as const,
);
