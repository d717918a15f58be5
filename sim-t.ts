import { jaroWinkler } from './src/domain/screening/match/similarity.js';
import { doubleMetaphone } from 'double-metaphone';
for (const [a,b] of [['izadi','yazdi'],['qaddafi','gadhafi'],['haniyeh','haniya'],['kadafi','gadhafi'],['hamas','tamas'],['magham','maghma'],['naftiran','naftirna'],['catarina','katarina'],['filipe','phelipe'],['jeferson','geferson']]) console.log(a,b,jaroWinkler(a,b).toFixed(3), doubleMetaphone(a), doubleMetaphone(b));
