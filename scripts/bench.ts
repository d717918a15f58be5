/**
 * Both benchmarks, one after the other, then the combined figures.
 *
 *   npm run bench [-- --ops=3000 --duration=10 --connections=50]
 *
 * Exits 1 when a ratio misses its target or the HTTP load saw a non-2xx answer or an error.
 */
import { parseOperations, printAppendBench, runAppendBench } from './bench-appends.js';
import { parseHttpArgs, printHttpBench, runHttpBench } from './bench-http.js';

const args = process.argv.slice(2);
const operations = parseOperations(args.filter((a) => a.startsWith('--ops=')));
const httpOptions = parseHttpArgs(args.filter((a) => a.startsWith('--duration=') || a.startsWith('--connections=')));

const appends = await runAppendBench(operations === undefined ? {} : { operations });
printAppendBench(appends);
const http = await runHttpBench(httpOptions);
printHttpBench(http);

const failures: string[] = [];
if (appends.ratio < appends.target_ratio) failures.push(`append ratio ${appends.ratio} < ${appends.target_ratio}`);
if (http.ratio < http.target_ratio) failures.push(`http ratio ${http.ratio} < ${http.target_ratio}`);
const bad = http.bare.non_2xx + http.authenticated.non_2xx + http.bare.errors + http.authenticated.errors + http.bare.timeouts + http.authenticated.timeouts;
if (bad > 0) failures.push(`${bad} non-2xx answers, errors or timeouts under HTTP load`);

console.log('\nsummary');
console.log(`  appends/s  bare ${appends.bare_appends_per_s}  adapter ${appends.adapter_appends_per_s}  ratio ${appends.ratio.toFixed(3)} (target >= ${appends.target_ratio})`);
console.log(`  req/s      bare ${http.bare.requests_per_s}  authenticated ${http.authenticated.requests_per_s}  ratio ${http.ratio.toFixed(3)} (target >= ${http.target_ratio})`);
console.log(failures.length ? `  MISSED: ${failures.join('; ')}` : '  all targets met');
console.log(JSON.stringify({ bench: 'all', appends, http, ok: failures.length === 0 }));
if (failures.length) process.exitCode = 1;
