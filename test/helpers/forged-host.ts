import { request } from 'node:http';

/**
 * A request with a Host header of the caller's choice (fetch always sends the URL's own), as a
 * client forging it would send: the status and body of the answer.
 */
export function requestWithHost(url: string, host: string, init: { method: string; headers?: Record<string, string>; body?: string }): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method, headers: { ...init.headers, host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
