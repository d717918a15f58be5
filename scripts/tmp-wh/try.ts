import http from 'node:http';
import { GotWebhookSender } from '../../src/adapters/webhook-sender.js';
const server = http.createServer((req, res) => {
  let body = ''; req.on('data', (c) => (body += c)); req.on('end', () => {
    console.log('recv', req.url, req.headers['content-type'], body.length, req.socket.remoteAddress);
    if (req.url === '/ok') { res.writeHead(200); res.end('x'.repeat(100000)); }
    else if (req.url === '/500') { res.writeHead(500, 'Bad Thing <script>'); res.end('secret body'); }
    else if (req.url === '/302') { res.writeHead(302, { location: '/ok' }); res.end(); }
    // hang
  });
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as any).port;
const s = new GotWebhookSender({ allowInsecure: true, timeoutMs: 300, resolve: async (h) => { console.log('resolve', h); return [{ address: '127.0.0.1', family: 4 }]; } });
for (const p of ['/ok', '/500', '/302', '/hang']) console.log(p, await s.send({ url: `http://127.0.0.1:${port}${p}`, body: '{"a":1}', headers: { 'webhook-id': 'evt_1' } }));
console.log('name', await s.send({ url: `http://hooks.test:${port}/ok`, body: '{}', headers: {} }));
console.log('refused port', await s.send({ url: `http://127.0.0.1:1/ok`, body: '{}', headers: {} }));
const secure = new GotWebhookSender({ allowInsecure: false, resolve: async () => [{ address: '127.0.0.1', family: 4 }] });
console.log('secure', await secure.send({ url: `https://hooks.test:${port}/ok`, body: '{}', headers: {} }));
console.log('secure ip', await secure.send({ url: `https://10.0.0.1/ok`, body: '{}', headers: {} }));
console.log('hostProblem', await secure.hostProblem(`https://hooks.test/x`), await new GotWebhookSender({allowInsecure:false}).hostProblem('https://nonexistent.invalid/'));
server.closeAllConnections(); server.close();
