/**
 * Data for translit.ts and the gender rule of similarity.ts: spellings that rules cannot derive.
 * Every group lists words as the lists and customers' records write them, lower case, no marks.
 */

/**
 * Arabic and Persian name words whose romanisations differ beyond the skeleton rules of
 * translit.ts (vowels a/e/i and u/o/e, Turkish final t, dropped syllables). Sources: the
 * transliteration variants published with the names in the OFAC SDN list and the UN Security
 * Council consolidated list ("a.k.a." spellings), the BGN/PCGN 1956 romanisation of Arabic and the
 * ALA-LC Arabic romanisation table (Library of Congress, 2012) for the standard forms.
 */
export const ARABIC_GROUPS: Readonly<Record<string, readonly string[]>> = {
  muhammad: ['muhammad', 'mohammed', 'mohamed', 'mohammad', 'muhammed', 'mohamad', 'muhamad', 'muhamed', 'mohamud', 'mohummed', 'mohd', 'muhd', 'mhd', 'mehmet', 'mehmed', 'mahomed', 'mahomet', 'mouhamed', 'mouhammad', 'mukhammad', 'mukhammed', 'magomed'],
  ahmad: ['ahmad', 'ahmed', 'ahmet', 'ahmat', 'akhmad', 'akhmed', 'ahamed'],
  yusuf: ['yusuf', 'youssef', 'yousef', 'yussef', 'yousuf', 'yusef', 'youcef', 'yosef', 'yousof', 'jusuf', 'yussuf', 'usuf'],
  husayn: ['husayn', 'hussein', 'hossein', 'hussain', 'husain', 'husein', 'hosein', 'houssein', 'hussien', 'huseyin', 'hüseyin', 'husseyn', 'hosseyn'],
  hasan: ['hasan', 'hassan', 'hasen', 'hassen', 'hacen'],
  said: ['said', 'saeed', 'sayed', 'saied', 'sayeed', 'saiid', 'sayid', 'sayyid', 'seyed', 'seyyed', 'sayyed'],
  bin: ['bin', 'ben', 'ibn', 'bn', 'ibin'],
  abu: ['abu', 'abou', 'abo', 'aboo'],
  umar: ['umar', 'omar', 'omer', 'umer', 'ömer'],
  uthman: ['uthman', 'othman', 'osman', 'usman', 'othmane', 'outhmane'],
  jafar: ['jafar', 'jaafar', 'jaffar', 'djafar', 'dzhafar', 'jafer', 'cafer'],
  qasim: ['qasim', 'kassem', 'qassem', 'kasim', 'qasem', 'kasem', 'gasim', 'qassim', 'kacem'],
  mustafa: ['mustafa', 'mustapha', 'moustafa', 'mostafa', 'moustapha', 'mostapha'],
  abdullah: ['abdullah', 'abdallah', 'abdulla', 'abdalla', 'abdellah', 'abdollah', 'abdulah', 'abdala'],
  ali: ['ali', 'aly', 'alee'],
  mahmud: ['mahmud', 'mahmoud', 'mahmood', 'mahmut', 'makhmud'],
  khalid: ['khalid', 'khaled', 'khaleed', 'halid', 'halit', 'khalit'],
  ibrahim: ['ibrahim', 'ebrahim', 'ibraheem', 'ibragim', 'brahim', 'ebraheem', 'ibrahima'],
  ismail: ['ismail', 'ismael', 'esmail', 'ismayil', 'ismoil', 'smail'],
  qadhafi: ['qadhafi', 'qaddafi', 'gadhafi', 'gaddafi', 'kadhafi', 'kadafi', 'qadafi', 'gadafi', 'kaddafi', 'khadafi', 'khaddafi', 'gheddafi', 'qathafi', 'kazzafi', 'gadaffi'],
  usama: ['usama', 'osama', 'oussama', 'ousama', 'usamah', 'osamah'],
  abd: ['abd', 'abdul', 'abdel', 'abdol', 'abdal', 'abdu'],
};

/**
 * Korean surnames in their romanisations: McCune-Reischauer (the DPRK entries of the OFAC and UN
 * lists), the Revised Romanization (Ministry of Culture and Tourism, 2000) and the spellings Koreans
 * use on passports (National Institute of the Korean Language, survey of surname romanisations, 2009).
 */
export const KOREAN_SURNAMES: Readonly<Record<string, readonly string[]>> = {
  pak: ['pak', 'park', 'bak', 'bark', 'pakk'],
  ri: ['ri', 'rhee', 'lee', 'yi', 'li', 'i', 'rhie', 'yee', 'reeh', 'ree'],
  choe: ['choe', 'choi', 'choy', 'chey', 'chwe', 'choue'],
  kim: ['kim', 'gim', 'kym', 'ghim'],
  jon: ['jon', 'jeon', 'chon', 'chun', 'jun', 'cheon', 'chŏn'],
  jong: ['jong', 'jeong', 'chong', 'chung', 'jung', 'cheong', 'joung'],
  sin: ['sin', 'shin', 'shinn', 'syn'],
  o: ['o', 'oh'],
  hyon: ['hyon', 'hyun', 'hyeon', 'hyoun'],
  mun: ['mun', 'moon', 'mon', 'moun'],
  kang: ['kang', 'gang', 'kahng'],
  jang: ['jang', 'chang', 'zang'],
  jo: ['jo', 'cho', 'joh'],
  ryu: ['ryu', 'yu', 'yoo', 'ryoo', 'lyu'],
  im: ['im', 'lim', 'rim', 'yim'],
  no: ['no', 'noh', 'roh', 'ro', 'rho'],
  ko: ['ko', 'go', 'koh', 'goh'],
  kwon: ['kwon', 'gwon', 'kwun'],
  an: ['an', 'ahn'],
  han: ['han', 'hahn'],
  hwang: ['hwang', 'whang', 'hwong'],
  yun: ['yun', 'yoon', 'youn'],
  so: ['so', 'seo', 'suh', 'sŏ'],
  kil: ['kil', 'gil'],
  ju: ['ju', 'joo', 'chu'],
};

/**
 * Chinese surnames: Hanyu Pinyin against Wade-Giles and the Hong Kong, Macau, Taiwan and Southeast
 * Asian (Hokkien, Cantonese) spellings. Source: Library of Congress, Pinyin conversion table
 * (Wade-Giles to Pinyin, 2000) and the Hong Kong Government romanisation of Cantonese surnames.
 */
export const CHINESE_SURNAMES: Readonly<Record<string, readonly string[]>> = {
  zhang: ['zhang', 'chang', 'cheung'],
  zhou: ['zhou', 'chou', 'chow', 'chau'],
  zhao: ['zhao', 'chao', 'chiu', 'chew'],
  zheng: ['zheng', 'cheng', 'cheang'],
  xu: ['xu', 'hsu'],
  xie: ['xie', 'hsieh'],
  huang: ['huang', 'hwang', 'wong', 'ng'],
  wang: ['wang', 'wong', 'ong'],
  liu: ['liu', 'lau', 'liew', 'leow', 'lao'],
  guo: ['guo', 'kuo', 'kwok', 'kuok', 'quek'],
  jiang: ['jiang', 'chiang', 'kiang', 'keung'],
  qin: ['qin', 'chin', 'chun', 'tsin'],
  xiao: ['xiao', 'hsiao', 'siu'],
  zhu: ['zhu', 'chu', 'choo'],
  gao: ['gao', 'kao', 'ko'],
  lin: ['lin', 'lim', 'lam'],
  chen: ['chen', 'chan', 'chin', 'tan', 'chun', 'chern'],
  li: ['li', 'lee'],
  zhong: ['zhong', 'chung', 'chong', 'cheong'],
  xiong: ['xiong', 'hsiung', 'hung'],
  cai: ['cai', 'tsai', 'choi', 'choy', 'chua'],
  hu: ['hu', 'wu', 'woo'],
  he: ['he', 'ho'],
  luo: ['luo', 'lo', 'loh'],
  ye: ['ye', 'yeh', 'yip', 'ip'],
};

/**
 * Gendered given names: the masculine and feminine forms of the frequent Brazilian given names
 * (IBGE, Censo Demográfico 2010, "Nomes no Brasil" frequencies), with the Spanish and Italian forms
 * and the Slavic given names that mark gender the same way. Only a pair where one side is one of
 * these is a gender conflict: surnames and company words with a slip at the end are typos.
 */
export const GENDERED_GIVEN_NAMES: readonly string[] = [
  // Brazilian, masculine / feminine pairs (IBGE 2010 frequent names)
  'jose', 'josefa', 'joao', 'joana', 'antonio', 'antonia', 'francisco', 'francisca', 'carlos', 'carla', 'paulo', 'paula', 'pedro', 'petra',
  'luiz', 'luiza', 'luis', 'luisa', 'marcos', 'marco', 'marcia', 'marcio', 'gabriel', 'gabriela', 'gabriele', 'rafael', 'rafaela', 'daniel', 'daniela',
  'daniele', 'danielle', 'marcelo', 'marcela', 'bruno', 'bruna', 'eduardo', 'eduarda', 'felipe', 'felipa', 'raimundo', 'raimunda', 'rodrigo',
  'manoel', 'manoela', 'manuel', 'manuela', 'sebastiao', 'sebastiana', 'jorge', 'fernando', 'fernanda', 'fabio', 'fabia', 'fabiano', 'fabiana',
  'leonardo', 'roberto', 'roberta', 'ricardo', 'sergio', 'sergia', 'claudio', 'claudia', 'alexandre', 'alexandra', 'vinicius', 'renato', 'renata',
  'julio', 'julia', 'juliano', 'juliana', 'adriano', 'adriana', 'ronaldo', 'geraldo', 'geralda', 'benedito', 'benedita', 'joaquim', 'joaquina',
  'severino', 'severina', 'otavio', 'otavia', 'luciano', 'luciana', 'luciane', 'mariano', 'mariana', 'mario', 'maria', 'fabricio', 'fabricia',
  'patricio', 'patricia', 'vitorio', 'vitoria', 'vitor', 'emilio', 'emilia', 'cristiano', 'cristiana', 'cristiane', 'cristian', 'cristina',
  'eliano', 'eliana', 'eliane', 'lucio', 'lucia', 'lucas', 'luca', 'angelo', 'angela', 'rogerio', 'rogeria', 'sandro', 'sandra', 'simao',
  'simone', 'silvio', 'silvia', 'silvano', 'silvana', 'tatiano', 'tatiana', 'tatiane', 'valerio', 'valeria', 'vicente', 'vicentina', 'afonso',
  'alberto', 'alberta', 'alessandro', 'alessandra', 'aline', 'amanda', 'ana', 'andre', 'andrea', 'andreia', 'aparecido', 'aparecida', 'augusto',
  'augusta', 'beatriz', 'camilo', 'camila', 'carolina', 'caroline', 'cecilio', 'cecilia', 'celio', 'celia', 'cesar', 'cesaria', 'clovis',
  'debora', 'denis', 'denise', 'diego', 'edson', 'elisio', 'elisa', 'elizeu', 'estevao', 'estela', 'fausto', 'fausta', 'flavio', 'flavia',
  'francielle', 'gerson', 'gilberto', 'gilberta', 'gilson', 'giovani', 'giovanni', 'giovana', 'giovanna', 'gustavo', 'guilherme', 'helio', 'helia',
  'heitor', 'henrique', 'henriqueta', 'horacio', 'horacia', 'ivo', 'iva', 'ivan', 'ivana', 'jaqueline', 'jessica', 'jonas', 'juan', 'juana',
  'juliao', 'leandro', 'leandra', 'leticia', 'lourenco', 'lourenca', 'luana', 'luan', 'marcelino', 'marcelina', 'marciano', 'marciana', 'mauricio',
  'mauricia', 'mauro', 'maura', 'miguel', 'miguela', 'murilo', 'natalia', 'natalio', 'nelson', 'nicolas', 'nicole', 'osvaldo', 'osvalda', 'priscila',
  'rafaelo', 'raquel', 'reginaldo', 'regina', 'reinaldo', 'reinalda', 'rita', 'rosa', 'rosana', 'rosangela', 'rubens', 'samuel', 'samuela',
  'sonia', 'tiago', 'thiago', 'valter', 'vanessa', 'vera', 'wagner', 'wellington', 'caio', 'heloisa', 'isabela', 'isabel', 'larissa', 'kelly',
  'francielo', 'jeferson', 'jefferson', 'luciene', 'luzia', 'ester', 'marta', 'martinho', 'martina', 'martin', 'valdir', 'valdira', 'ademir',
  'adelino', 'adelina', 'agostinho', 'agostinha', 'albino', 'albina', 'alcides', 'alfredo', 'alfreda', 'amaro', 'amara', 'anselmo', 'anselma',
  'armando', 'armanda', 'arnaldo', 'arnalda', 'arlindo', 'arlinda', 'aurelio', 'aurelia', 'bernardo', 'bernarda', 'celso', 'celsa', 'cicero',
  'cicera', 'custodio', 'custodia', 'damiao', 'damiana', 'domingos', 'dominga', 'edmundo', 'edmunda', 'elias', 'eugenio', 'eugenia', 'fabiola',
  'feliciano', 'feliciana', 'felicio', 'felicia', 'fernandino', 'florencio', 'florencia', 'frederico', 'frederica', 'gaspar', 'genesio', 'genesia',
  'gregorio', 'gregoria', 'hilario', 'hilaria', 'honorio', 'honoria', 'inacio', 'inacia', 'jacinto', 'jacinta', 'januario', 'januaria', 'juvenal',
  'laurindo', 'laurinda', 'lauro', 'laura', 'leonel', 'leonilda', 'lino', 'lina', 'lourival', 'lucinda', 'macario', 'macaria', 'marino', 'marina',
  'mateus', 'matias', 'maximo', 'maxima', 'messias', 'nazario', 'nazaria', 'norberto', 'norberta', 'olavo', 'orlando', 'orlanda', 'pascoal',
  'pascoa', 'raul', 'reinaldo', 'romao', 'romana', 'romano', 'rosario', 'rosaria', 'rufino', 'rufina', 'sabino', 'sabina', 'salvador',
  'salvadora', 'saturnino', 'saturnina', 'silverio', 'silveria', 'tomas', 'tomasia', 'ubaldo', 'ubalda', 'valentim', 'valentina', 'valentino',
  'venancio', 'venancia', 'virgilio', 'virgilia', 'zacarias', 'adelson', 'gisele', 'giselle', 'michele', 'michel', 'micheli', 'joel', 'joela',
  // Spanish and Italian
  'alejandro', 'alejandra', 'francesco', 'francesca', 'giuseppe', 'giuseppina', 'giulio', 'giulia', 'antonino', 'antonina', 'carmelo', 'carmela',
  'carmen', 'dolores', 'ernesto', 'ernesta', 'federico', 'federica', 'gennaro', 'gennara', 'ignacio', 'ignacia', 'jesus', 'lorenzo', 'lorenza',
  'luigi', 'luigia', 'pietro', 'pietra', 'rocco', 'salvatore', 'vittorio', 'vittoria', 'enrique', 'enriqueta', 'gonzalo', 'josefina', 'ramon',
  'ramona', 'ramiro', 'rosalia', 'mercedes', 'alfonso', 'alfonsa', 'emiliano', 'emiliana', 'fabrizio', 'fabrizia', 'massimo', 'massima',
  // Slavic given names
  'aleksandr', 'aleksandra', 'aleksander', 'aleksey', 'aleksei', 'yevgeniy', 'yevgeniya', 'evgeny', 'evgeniya', 'evgenia', 'evgenii', 'yevgeny',
  'vladimir', 'vladimira', 'viktor', 'viktoria', 'viktoriya', 'valentin', 'valentina', 'stanislav', 'stanislava', 'yaroslav', 'yaroslava',
  'vladislav', 'vladislava', 'svyatoslav', 'miroslav', 'miroslava', 'bronislav', 'bronislava', 'ivan', 'ivana', 'yan', 'yana', 'ruslan', 'ruslana',
  'bogdan', 'bogdana', 'oleksandr', 'oleksandra', 'roman', 'romana', 'dmitriy', 'dmitry', 'igor', 'oleg', 'olga', 'pavel', 'pavla', 'mikhail',
  'mikhaila', 'nikolai', 'nikolay', 'nikola', 'sergey', 'sergei', 'vasily', 'vasilisa', 'vitaly', 'vitaliy', 'vitaliya', 'yuliy', 'yuliya',
  'yulia', 'denis', 'daniil', 'daniela', 'anatoliy', 'anatoly', 'anatolia', 'gennadiy', 'gennady', 'leonid', 'lyudmila', 'zoran', 'zorana',
  'milan', 'milana', 'dragan', 'dragana', 'goran', 'gorana', 'slobodan', 'slobodanka', 'jaroslav', 'jaroslava', 'boris', 'borislava',
];
