import { expect } from 'chai';
import { fold, type NameSchema, normalizeName, normalizedText } from '../../../src/domain/screening/match/normalize.js';
import { compare } from '../../../src/domain/screening/match/score.js';

/** tokens as `text` for words, `kind:text` for the rest */
const tokens = (name: string, schema: NameSchema = 'person') => normalizeName(name, schema).map((t) => (t.kind === 'word' ? t.text : `${t.kind}:${t.text}`));

describe('screening matcher: normalization', () => {
  it('folds Unicode: NFKD, marks stripped, case folded, letters NFKD keeps whole mapped', () => {
    expect(normalizedText('JOSÉ Antônio Conceição Müller', 'person')).to.equal('jose antonio conceicao muller');
    expect(normalizedText('Straße Łódź Ærø', 'person')).to.equal('strasse lodz aero');
    expect(normalizedText('ＪＯＳＥ', 'person')).to.equal('jose'); // full-width letters (NFKD compatibility)
  });

  it('keeps the cedilla for the phonetic key only', () => {
    const [token] = normalizeName('Gonçalves', 'person');
    expect(token).to.deep.equal({ text: 'goncalves', kind: 'word', spoken: 'gonçalves', written: 'Gonçalves' });
  });

  it('turns punctuation into spaces, joins apostrophes, keeps numbers', () => {
    expect(tokens('AL-ZAWAHIRI/Ayman (Cairo)', 'company')).to.deep.equal(['particle:al', 'zawahiri', 'ayman', 'cairo']);
    expect(tokens("D'Ávila O’Brien")).to.deep.equal(['davila', 'obrien']);
    expect(tokens('Transportes 2001 Ltda', 'company')).to.deep.equal(['transportes', 'number:2001', 'legal:~ltda']);
  });

  it('reorders "LAST, First" for people, keeping a trailing suffix at the end', () => {
    expect(tokens('SILVA, José da')).to.deep.equal(['jose', 'particle:da', 'silva']);
    expect(tokens('SILVA, João, Jr.')).to.deep.equal(['joao', 'silva', 'suffix:~jr']);
    expect(tokens('GUZMAN LOERA, Joaquin')).to.deep.equal(['joaquin', 'guzman', 'loera']);
    // a company's comma is not a name order
    expect(tokens('ANGLO-CARIBBEAN CO., LTD.', 'company')).to.deep.equal(['anglo', 'caribbean', 'legal:~cia', 'legal:~ltda']);
  });

  it('keeps Portuguese particles as particles; a lone "e" is "and", "E." an initial', () => {
    expect(tokens('Maria das Dores dos Santos e Silva de Souza do Carmo da Luz')).to.deep.equal([
      'maria', 'particle:das', 'dores', 'particle:dos', 'santos', 'particle:e', 'silva', 'particle:de', 'souza', 'particle:do', 'carmo', 'particle:da', 'luz',
    ]);
    expect(tokens('E. Souza e Silva')).to.deep.equal(['initial:e', 'souza', 'particle:e', 'silva']);
    expect(tokens('J. M. Souza')).to.deep.equal(['initial:j', 'initial:m', 'souza']);
  });

  it('recognizes name suffixes; Filho, Júnior, Jr and Fº are one symbol, Neto and Sobrinho others', () => {
    for (const name of ['José Ribamar Filho', 'José Ribamar Júnior', 'José Ribamar Jr.', 'José Ribamar Fº', 'JOSÉ RIBAMAR F°']) {
      expect(tokens(name), name).to.deep.equal(['jose', 'ribamar', 'suffix:~jr']);
    }
    expect(tokens('José Ribamar Neto')).to.deep.equal(['jose', 'ribamar', 'suffix:~neto']);
    expect(tokens('José Ribamar Sobrinho')).to.deep.equal(['jose', 'ribamar', 'suffix:~sobrinho']);
    // a given name, not a suffix, when it comes first
    expect(tokens('Júnior Souza')).to.deep.equal(['junior', 'souza']);
  });

  it('maps company legal forms and their variants to canonical symbols', () => {
    const table: [string, string[]][] = [
      ['Alfa Ltda', ['~ltda']], ['Alfa LIMITADA', ['~ltda']], ['Alfa Ltd.', ['~ltda']], ['Alfa LLC', ['~ltda']], ['Alfa GmbH', ['~ltda']], ['OOO Alfa', ['~ltda']],
      ['Alfa S.A.', ['~sa']], ['Alfa S/A', ['~sa']], ['Alfa SA', ['~sa']], ['Alfa S. A.', ['~sa']], ['Alfa Sociedade Anônima', ['~sa']],
      ['Alfa Inc.', ['~sa']], ['Alfa Corp', ['~sa']], ['Alfa JSC', ['~sa']], ['Alfa Public Joint Stock Company', ['~sa']],
      ['Alfa EIRELI', ['~eireli']], ['Alfa Ltda - ME', ['~ltda', '~me']], ['Alfa Ltda EPP', ['~ltda', '~me']], ['Alfa MEI', ['~me']],
      ['Cia. Alfa', ['~cia']], ['Companhia Alfa', ['~cia']], ['Alfa & Cia', ['~cia']], ['Alfa e Cia. Ltda.', ['~cia', '~ltda']],
    ];
    for (const [name, forms] of table) {
      const t = normalizeName(name, 'company');
      expect(t.filter((x) => x.kind === 'legal').map((x) => x.text), name).to.deep.equal(forms);
      expect(t.filter((x) => x.kind === 'word').map((x) => x.text), name).to.deep.equal(['alfa']);
    }
  });

  it('keeps ordinary words of company names, and short forms that are names where they are names', () => {
    expect(tokens('Grupo Nova Grande Geral Sistema Ltda', 'company')).to.deep.equal(['grupo', 'nova', 'grande', 'geral', 'sistema', 'legal:~ltda']);
    expect(tokens('Sá Engenharia S.A.', 'company')).to.deep.equal(['sa', 'engenharia', 'legal:~sa']);
    // legal forms are company things: a person's "Sá" is a surname
    expect(tokens('Mem de Sá')).to.deep.equal(['mem', 'particle:de', 'sa']);
  });

  it('marks patronymics inside a person name, never the family name', () => {
    expect(tokens('PRIGOZHIN, Yevgeniy Viktorovich')).to.deep.equal(['yevgeniy', 'patronymic:viktorovich', 'prigozhin']);
    expect(tokens('ABRAMOVICH, Roman Arkadyevich')).to.deep.equal(['roman', 'patronymic:arkadyevich', 'abramovich']);
    expect(tokens('BIN LADIN, Usama bin Muhammad bin Awad')).to.deep.equal([
      'usama', 'particle:bin', 'patronymic:muhammad', 'particle:bin', 'patronymic:awad', 'particle:bin', 'ladin',
    ]);
  });

  it('reads the abbreviation Mª as Maria', () => {
    expect(tokens('Mª do Carmo')).to.deep.equal(['maria', 'particle:do', 'carmo']);
  });

  it('maps Ind. and Com. to ordinary company words, not legal forms', () => {
    expect(tokens('Ind. e Com. Alfa', 'company')).to.deep.equal(['industrial', 'particle:e', 'comercial', 'alfa']);
  });

  it('folds without reordering or classifying', () => {
    expect(fold("SILVA, José D'Ávila")).to.equal('silva, jose davila');
  });
});

/** tokens as `text[written]` for words, `kind:text[written]` for the rest */
const shown = (name: string, schema: NameSchema = 'person') =>
  normalizeName(name, schema).map((t) => `${t.kind === 'word' ? '' : `${t.kind}:`}${t.text}[${t.written}]`);

describe('screening matcher: normalization, issue 26 (words as written, titles, company names)', () => {
  it('every token keeps the characters it was written with: case, accents, a trailing dot, a whole legal phrase', () => {
    expect(shown('GEX EXPLORE S. DE R.L. DE C.V.', 'company')).to.deep.equal(['gex[GEX]', 'explore[EXPLORE]', 'legal:~ltda[S. DE R.L. DE C.V.]']);
    expect(shown('Comercializadora Troppo Sociedad Anónima', 'company')).to.deep.equal([
      'comercializadora[Comercializadora]', 'troppo[Troppo]', 'legal:~sa[Sociedad Anónima]',
    ]);
    expect(shown("Alfa Int'l Ltd.", 'company')).to.deep.equal(['alfa[Alfa]', "international[Int'l]", 'legal:~ltda[Ltd.]']);
    expect(shown('D.G.D. Trading', 'company')).to.deep.equal(['dgd[D.G.D.]', 'trading[Trading]']);
    expect(shown('SILVA, João, Jr.')).to.deep.equal(['joao[João]', 'silva[SILVA]', 'suffix:~jr[Jr.]']);
    expect(shown('José Ribamar Fº')).to.deep.equal(['jose[José]', 'ribamar[Ribamar]', 'suffix:~jr[Fº]']);
    expect(shown('Mª do Carmo')).to.deep.equal(['maria[Mª]', 'particle:do[do]', 'carmo[Carmo]']);
  });

  it('written text: combining accents kept with their letter, invisible characters removed, look-alikes as written', () => {
    expect(shown('Jose\u0301 Gonc\u0327alves')).to.deep.equal(['jose[Jose\u0301]', 'goncalves[Gonc\u0327alves]']);
    expect(shown('ERIC BA\u200BDEGE')).to.deep.equal(['eric[ERIC]', 'badege[BADEGE]']);
    expect(shown('ЕRIC Straße')).to.deep.equal(['eric[ЕRIC]', 'strasse[Straße]']);
    expect(shown("D'Ávila O’Brien")).to.deep.equal(["davila[D'Ávila]", 'obrien[O’Brien]']);
    expect(shown('AL-OMGY & BROS. MONEY EXCHANGE', 'company')).to.deep.equal([
      'particle:al[AL]', 'omgy[OMGY]', 'particle:e[&]', 'brothers[BROS.]', 'money[MONEY]', 'exchange[EXCHANGE]',
    ]);
  });

  it('leading titles of a person are honorifics, however many, dotted or not, also after "LAST, First"', () => {
    const honorifics = (name: string) => normalizeName(name, 'person').filter((t) => t.kind === 'honorific').map((t) => t.text);
    const words = (name: string) => normalizeName(name, 'person').filter((t) => t.kind === 'word').map((t) => t.text);
    const table: [string, string[]][] = [
      ['Mr. Ayman al-Zawahiri', ['mr']], ['Dr Ayman al-Zawahiri', ['dr']], ['Dra. Maria Souza', ['dr']], ['Prof. Ayman al-Zawahiri', ['prof']],
      ['Sheikh Ahmed Salim Swedan', ['sheikh']], ['Shaykh Ahmed Salim Swedan', ['sheikh']], ['Shaikh Ahmed Salim', ['sheikh']],
      ['Haji Mohammad Ali', ['haji']], ['Alhaji Mohammad Ali', ['haji']], ['Hajji Mohammad Ali', ['haji']],
      ['Mullah Mohammad Omar', ['mullah']], ['Maulana Masood Azhar', ['maulana']], ['Mawlawi Abdul Kabir', ['maulana']], ['Mufti Nur Wali Mehsud', ['mufti']],
      ['Col. Muammar Qadhafi', ['col']], ['Colonel Muammar Qadhafi', ['col']], ['Gen. Min Aung Hlaing', ['gen']], ['Lic. Rafael Caro Quintero', ['lic']],
      ['Lt. Col. Ahmad Vahidi', ['lt', 'col']], ['Brig. Gen. Qasem Soleimani', ['brig', 'gen']], ['Adm. Ali Shamkhani', ['adm']], ['Capt. Ri Jong Chol', ['capt']],
      ['Sr. João Silva', ['sr']], ['Dona Maria Souza', ['dom']], ['Sir Elton John', ['sir']], ['Ing. Carlos Slim', ['ing']], ['Rev. Sun Myung Moon', ['rev']],
      ['SOLEIMANI, Gen. Qasem', ['gen']], ['ZAWAHIRI, Dr. Ayman', ['dr']],
      ['Al-Haj Mohammad Ali', ['al', 'haji']], ['El Sheikh Ahmed Salim', ['el', 'sheikh']],
    ];
    for (const [name, titles] of table) {
      expect(honorifics(name), name).to.deep.equal(titles);
      expect(words(name).length, name).to.be.greaterThan(0);
    }
    expect(words('ZAWAHIRI, Dr. Ayman')).to.deep.equal(['ayman', 'zawahiri']);
    expect(words('Sheikh Ahmed Salim Swedan')).to.deep.equal(['ahmed', 'salim', 'swedan']);
  });

  it('a title is never the whole name; a title that is also a name stays a name before one word; inside a name it is a word', () => {
    expect(tokens('Mr.')).to.deep.equal(['mr']);
    expect(tokens('Dr. Dr.')).to.deep.equal(['honorific:dr', 'dr']);
    expect(tokens('Dr. Zawahiri')).to.deep.equal(['honorific:dr', 'zawahiri']);
    expect(tokens('Don King')).to.deep.equal(['don', 'king']);
    expect(tokens('Gen Nakatani')).to.deep.equal(['gen', 'nakatani']);
    expect(tokens('SAMUDRA, Imam')).to.deep.equal(['imam', 'samudra']);
    expect(tokens('Sheikh Hasina')).to.deep.equal(['sheikh', 'hasina']);
    expect(tokens('Don Diego de la Vega')).to.deep.equal(['honorific:dom', 'diego', 'particle:de', 'particle:la', 'vega']);
    expect(tokens('Ahmed Omar Saeed Sheikh')).to.deep.equal(['ahmed', 'omar', 'saeed', 'sheikh']);
    expect(tokens('Al Sheikh Hasina')).to.deep.equal(['particle:al', 'sheikh', 'hasina']);
    expect(tokens('Abdulaziz Al-Sheikh')).to.deep.equal(['abdulaziz', 'particle:al', 'sheikh']);
    // a company's words are never titles
    expect(tokens('General Trading Company', 'company')).to.deep.equal(['general', 'trading', 'legal:~cia']);
  });

  it('suffixes: Jr., Junior, Jnr, Filho one symbol; Sr., Snr, Senior and IV at the end only; III and IV kept', () => {
    for (const name of ['Manuel Antonio Noriega Jr.', 'Manuel Antonio Noriega Junior', 'Manuel Antonio Noriega Jnr', 'NORIEGA, Manuel Antonio, Jr.']) {
      expect(tokens(name), name).to.deep.equal(['manuel', 'antonio', 'noriega', 'suffix:~jr']);
    }
    for (const name of ['Manuel Antonio Noriega Sr.', 'Manuel Antonio Noriega Snr', 'Manuel Antonio Noriega Senior', 'NORIEGA, Manuel Antonio, Sr.']) {
      expect(tokens(name), name).to.deep.equal(['manuel', 'antonio', 'noriega', 'suffix:~sr']);
    }
    expect(tokens('John Smith III')).to.deep.equal(['john', 'smith', 'suffix:~iii']);
    expect(tokens('John Smith IV')).to.deep.equal(['john', 'smith', 'suffix:~iv']);
    // not at the end: a title (Sr.) or a word
    expect(tokens('Senior Smith Jones')).to.deep.equal(['senior', 'smith', 'jones']);
    expect(tokens('Sr. Manuel Noriega')).to.deep.equal(['honorific:sr', 'manuel', 'noriega']);
  });

  it('company words: abbreviations read as the word, singular and plural alike', () => {
    const same: [string, string][] = [
      ['KOREA MARINE & INDUSTRIAL TRDG', 'Korea Marine & Industrial Trading'],
      ['AL TAIBAH, INTL.', 'Al Taibah International'],
      ["Alfa Int'l", 'Alfa Internacional'],
      ['Alfa Intl', 'Alfa International'],
      ['Alfa Natl Bank', 'Alfa National Bank'],
      ["Alfa Nat'l Bank", 'Alfa Nacional Bank'],
      ['Alfa Inds.', 'Alfa Industries'],
      ['Alfa Ind.', 'Alfa Industrial'],
      ['Alfa Indl', 'Alfa Indústria'],
      ['Alfa Industrias', 'Alfa Industry'],
      ['Alfa Mfg Co', 'Alfa Manufacturing Co'],
      ['Alfa Engg', 'Alfa Engineering'],
      ['Alfa Eng. Ltd', 'Alfa Engineering Ltd'],
      ['Alfa Dev. Corp', 'Alfa Development Corp'],
      ['Alfa Devt', 'Alfa Developments'],
      ['Alfa Invest.', 'Alfa Investment'],
      ['Alfa Invt', 'Alfa Investments'],
      ['MEHDI BROS SHIP SERV. PVT. LTD.', 'MEHDI BROTHERS SHIP SERVICES PVT. LTD.'],
      ['Alfa Svcs', 'Alfa Service'],
      ['COSCO SHIPPING SEAMAN SHP MGMT', 'COSCO SHIPPING SEAMAN SHP MANAGEMENT'],
      ['Alfa Mgt', 'Alfa Management'],
      ['Alfa Assocs', 'Alfa Associates'],
      ['Alfa Assoc', 'Alfa Associate'],
      ['Alfa Com.', 'Alfa Comercial'],
      ['Alfa Coml', 'Alfa Commercial'],
      ['Ind. e Com. Alfa', 'Indústria e Comércio Alfa'],
      ['Ind e Com Alfa', 'Industria e Comercio Alfa'],
      ['Alfa Holdings', 'Alfa Holding'],
      ['MACPAR MAKINA SAN VE TIC A.S.', 'Macpar Makina Sanayi ve Ticaret A.S.'],
      ['Alfa Industry & Trade Co', 'Alfa Industrial & Trading Co'],
    ];
    for (const [a, b] of same) {
      expect(normalizedText(a, 'company'), `${a} / ${b}`).to.equal(normalizedText(b, 'company'));
      expect(normalizeName(a, 'company').some((t) => t.kind === 'word' && t.written !== t.text), a).to.equal(true);
    }
    // "Cia", "Co", "Company", "Companhia", "Compañía" stay the low-weight legal symbol
    for (const name of ['Alfa Cia', 'Alfa Co.', 'Alfa Company', 'Companhia Alfa', 'Compañía Alfa']) expect(tokens(name, 'company'), name).to.include('legal:~cia');
  });

  it('short company words that are also ordinary words: read whole only dotted or beside another company word', () => {
    expect(tokens('Pão com Manteiga Ltda', 'company')).to.deep.equal(['pao', 'com', 'manteiga', 'legal:~ltda']);
    // PAO (a Russian public company) is also Pão: at the start, a word
    expect(tokens('PAO DE ACUCAR', 'company')).to.deep.equal(['pao', 'particle:de', 'acucar']);
    expect(tokens('Dev Patel', 'company')).to.deep.equal(['dev', 'patel']);
    expect(tokens('San Francisco Tic Tac', 'company')).to.deep.equal(['san', 'francisco', 'tic', 'tac']);
    expect(tokens('Imp Exp Alfa', 'company')).to.deep.equal(['importacao', 'exportacao', 'alfa']);
    // a person's words are never company words
    expect(tokens('Intl Natl')).to.deep.equal(['intl', 'natl']);
  });

  it('legal forms of many countries, as written with or without dots and spaces', () => {
    const table: [string, string[]][] = [
      ['ADMINISTRADORA DE INMUEBLES VIDA, S.A. DE C.V.', ['~sa']], ['Alfa SA de CV', ['~sa']], ['Alfa S. A. de C. V.', ['~sa']],
      ['Alfa Sociedad Anónima de Capital Variable', ['~sa']], ['Alfa S A de C V', ['~sa']], ['Alfa S A', ['~sa']], ['GEX EXPLORE S DE R L DE C V', ['~ltda']], ['Alfa S R L', ['~ltda']], ['COMERCIALIZADORA TROPPO SOCIEDAD ANONIMA', ['~sa']],
      ['AUTO PARTES HANDAL S. DE R.L.', ['~ltda']], ['GEX EXPLORE S. DE R.L. DE C.V.', ['~ltda']], ['Alfa S de RL de CV', ['~ltda']],
      ['Alfa Sociedad de Responsabilidad Limitada', ['~ltda']], ['Alfa S.R.L.', ['~ltda']], ['Alfa SRL', ['~ltda']],
      ['RENTA LIQUIDA S.A.S.', ['~sa']], ['Alfa SAS', ['~sa']], ['Alfa Sociedad por Acciones Simplificada', ['~sa']],
      ['AMANA PLUS S.A.L.', ['~sa']], ['ABAR PETROLEUM SERVICE SAL', ['~sa']], ['Alfa Sociedad Anónima Libanesa', ['~sa']], ['Alfa S.A.R.L.', ['~ltda']],
      ['AVIANDINA S.A.C.', ['~sa']], ['Alfa S.A.A.', ['~sa']],
      ['ADOON GENERAL TRADING FZE', ['~ltda']], ['A A TRADING FZCO', ['~ltda']], ['Alfa FZ-LLC', ['~ltda']], ['Alfa FZ LLC', ['~ltda']],
      ['Alfa Free Zone Establishment', ['~ltda']], ['Alfa Free Zone Company', ['~ltda']],
      ['H & H METALFORM GMBH', ['~ltda']], ['Alfa Gesellschaft mit beschränkter Haftung', ['~ltda']],
      ['BREYELLER STAHL TECHNOLOGY GMBH & CO. KG', ['~lp']], ['FIRST OCEAN GMBH & CO KG', ['~lp']], ['Alfa KG', ['~lp']], ['YAKIMA OIL TRADING, LLP', ['~lp']], ['Alfa LP', ['~lp']],
      ['Alfa AG', ['~sa']], ['AL-ARABI TRADING COMPANY LIMITED', ['~cia', '~ltda']], ['ANGLO-CARIBBEAN CO., LTD.', ['~cia', '~ltda']], ['Alfa Co. Ltd', ['~cia', '~ltda']],
      ['M & S SYNDICATE (PVT) LTD.', ['~ltda']], ['Alfa Private Limited', ['~ltda']], ['TRANSATLANTIC PARTNERS PTE. LTD.', ['~ltda']], ['Alfa Sdn Bhd', ['~ltda']], ['Alfa Sdn. Bhd.', ['~ltda']], ['Alfa Bhd', ['~ltda']],
      ['OTIK HAVACILIK SANAYI VE TICARET LIMITED SIRKETI', ['~ltda']], ['ADOON GENERAL TRADING GIDA SANAYI VE TICARET ANONIM SIRKETI', ['~sa']],
      ['BANK SADERAT PLC', ['~sa']], ['STEP A.S.', ['~sa']], ['Alfa AŞ', ['~sa']], ['Alfa Kft', ['~ltda']], ['Alfa Sp. z o.o.', ['~ltda']], ['PALEA D.O.O.', ['~ltda']],
      ['PROFAKTOR, TOV', ['~ltda']], ['OOO Alfa', ['~ltda']], ['OAO Alfa', ['~sa']], ['ZAO Alfa', ['~sa']], ['Alfa PAO', ['~sa']], ['P.A.O. Alfa', ['~sa']], ['Alfa PJSC', ['~sa']], ['Alfa CJSC', ['~sa']],
      ['Alfa OJSC', ['~sa']], ['JOINT STOCK CO. SANATORIUM DYULBER', ['~sa']], ["OPEN JOINT STOCK CO. 'KONTSERN IZHMASH'", ['~sa']],
      ['ALFA ONE, C.A. do Brasil', ['~sa']], ['COMOIL (PVT) LLC', ['~ltda', '~ltda']], ['COMOIL (PVT) LTD', ['~ltda']], ['Alfa Closed Joint Stock Company', ['~sa']], ['Alfa Open Joint-Stock Company', ['~sa']], ['Alfa Limited Liability Company', ['~ltda']],
      ['Alfa Ltda', ['~ltda']], ['Alfa EIRELI', ['~eireli']], ['Alfa Ltda ME', ['~ltda', '~me']], ['Alfa Inc', ['~sa']], ['Alfa Incorporated', ['~sa']],
      ['Alfa Corp.', ['~sa']], ['Alfa Corporation', ['~sa']], ['Alfa Limited', ['~ltda']], ['Alfa LLC', ['~ltda']], ['Alfa L.L.C.', ['~ltda']],
      ['INVERSIONES CIFUENTES Y CIA. S. EN C.', ['~cia', '~lp']],
      ['LA FRONTERA UNION GALVEZ Y CIA S EN C', ['~cia', '~lp']], ['ORGANIZACION LUIS HERNANDO GOMEZ BUSTAMANTE Y CIA S.C.S.', ['~cia', '~lp']],
      ['BLUE-STAR SECCION HOSTELERIA S.L.', ['~ltda']], ['COOPERATIVA AVESTRUZ CUEMIR, S.C. DE R.L. DE C.V.', ['~ltda']], ['FUTBOL Y CORAZON, A.C.', ['~cia']],
      ['SIERRA GAS S.A.L. OFFSHORE', ['~sa']], ['EBLA TRADE SERVICES S.A.L./OFF-SHORE', ['~sa']], ['GOLDEN FISH S.A.L. (OFFSHORE)', ['~sa']], ['FINANCIAL CORPORATION FINCORP, C.A.', ['~sa', '~sa']],
    ];
    for (const [name, forms] of table) {
      const t = normalizeName(name, 'company');
      expect(t.filter((x) => x.kind === 'legal').map((x) => x.text), name).to.deep.equal(forms);
      expect(t.some((x) => x.kind === 'initial'), name).to.equal(false);
    }
  });

  it('"J & E S. DE R.L. DE C.V.": the words J & E, one legal form, no stray letter; typed otherwise, the same tokens', () => {
    const listed = normalizeName('J & E S. DE R.L. DE C.V.', 'company');
    expect(listed.map((t) => [t.text, t.kind, t.written])).to.deep.equal([
      ['je', 'word', 'J & E'],
      ['~ltda', 'legal', 'S. DE R.L. DE C.V.'],
    ]);
    for (const typed of ['J & E S. DE R.L. DE C.V.', 'J&E S DE RL DE CV', 'J & E, S. de R.L. de C.V.', 'J E S. de R. L. de C. V.']) {
      expect(normalizeName(typed, 'company').map((t) => [t.text, t.kind]), typed).to.deep.equal([['je', 'word'], ['~ltda', 'legal']]);
    }
  });

  it('a legal form with one typing slip at the end is still a legal form; not elsewhere, not a short one', () => {
    expect(tokens('TAMAS Compnay Limted', 'company')).to.deep.equal(['tamas', 'legal:~cia', 'legal:~ltda']);
    expect(tokens('Alfa Corporaton', 'company')).to.deep.equal(['alfa', 'legal:~sa']);
    expect(tokens('Alfa Incorporatd', 'company')).to.deep.equal(['alfa', 'legal:~sa']);
    expect(tokens('Alfa Compnay', 'company')).to.deep.equal(['alfa', 'legal:~cia']);
    // not in the trailing run, and never the whole name
    expect(tokens('Compnay Alfa', 'company')).to.deep.equal(['compnay', 'alfa']);
    expect(tokens('Limted', 'company')).to.deep.equal(['limted']);
    // a word two slips off stays a word
    expect(tokens('Alfa Compact', 'company')).to.deep.equal(['alfa', 'compact']);
    // persons have no legal forms
    expect(tokens('Joe Limted')).to.deep.equal(['joe', 'limted']);
  });

  it('acronyms: two or more single letters, dotted, spaced or joined by "&", are one word of a company; a lone letter is a word, not an initial', () => {
    expect(tokens('D.G.D. Trading', 'company')).to.deep.equal(['dgd', 'trading']);
    expect(tokens('D G D Trading', 'company')).to.deep.equal(['dgd', 'trading']);
    expect(tokens('DGD Trading', 'company')).to.deep.equal(['dgd', 'trading']);
    expect(tokens('M & S SYNDICATE (PVT) LTD.', 'company')).to.deep.equal(['ms', 'syndicate', 'legal:~ltda']);
    expect(tokens('H & H METALFORM GMBH', 'company')).to.deep.equal(['hh', 'metalform', 'legal:~ltda']);
    expect(tokens('A e B Comércio Ltda', 'company')).to.deep.equal(['ab', 'comercial', 'legal:~ltda']);
    // letters that spell a legal form elsewhere than at the end stay letters
    expect(tokens('A.S. Trading Ltd', 'company')).to.deep.equal(['as', 'trading', 'legal:~ltda']);
    // letters spaced out are a legal form only at the end
    expect(tokens('A G Souza Comércio', 'company')).to.deep.equal(['ag', 'souza', 'comercial']);
    expect(tokens('S A Souza Ltda', 'company')).to.deep.equal(['sa', 'souza', 'legal:~ltda']);
    expect(tokens('U.S.A. Trading Corp', 'company')).to.deep.equal(['usa', 'trading', 'legal:~sa']);
    expect(tokens('A.B.C. S.A.', 'company')).to.deep.equal(['abc', 'legal:~sa']);
    expect(tokens('C. A. Souza Comércio', 'company')).to.deep.equal(['ca', 'souza', 'comercial']);
    expect(tokens('N.P.T.T. DONA-SHELL', 'company')).to.deep.equal(['nptt', 'dona', 'shell']);
    expect(tokens('VEST SPECTRUM (S) PTE. LTD.', 'company')).to.deep.equal(['vest', 'spectrum', 's', 'legal:~ltda']);
    // an "E" between words is "and"; a person's letters stay initials
    expect(tokens('ALFA E BETA LTDA', 'company')).to.deep.equal(['alfa', 'particle:e', 'beta', 'legal:~ltda']);
    expect(tokens('J. M. Souza')).to.deep.equal(['initial:j', 'initial:m', 'souza']);
  });

  it('through the scorer: a title, an abbreviated company word or a slip in the legal form costs nothing', () => {
    const same: [string, string, string, NameSchema][] = [
      ['Dr. Ayman al-Zawahiri', 'Ayman al-Zawahiri', 'AL ZAWAHIRI, Ayman', 'person'],
      ['Sheikh Ahmed Salim Swedan', 'Ahmed Salim Swedan', 'SWEDAN, Ahmed Salim', 'person'],
      ['Lt. Col. Haji Bashir Noorzai', 'Bashir Noorzai', 'NOORZAI, Haji Bashir', 'person'],
      ['Korea Marine & Industrial Trdg', 'Korea Marine & Industrial Trading', 'KOREA MARINE & INDUSTRIAL TRDG', 'company'],
      ['Al Taibah Intl', 'Al Taibah International', 'AL TAIBAH, INTL.', 'company'],
      ['Atlas Equipment Compnay Limted', 'Atlas Equipment Company Limited', 'ATLAS EQUIPMENT COMPANY LIMITED', 'company'],
      ['J&E S de RL de CV', 'J & E S. DE R.L. DE C.V.', 'J & E S. DE R.L. DE C.V.', 'company'],
    ];
    for (const [variant, plain, listed, schema] of same) {
      const expected = compare({ schema, name: plain }, { name: listed }).score;
      expect(compare({ schema, name: variant }, { name: listed }).score, variant).to.equal(expected);
    }
  });
});
