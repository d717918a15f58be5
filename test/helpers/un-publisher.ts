import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { listFixture } from './list-fixtures.js';

/** The UN consolidated list sample (test/fixtures), as the publisher's first version. */
export const UN_SAMPLE = listFixture('un/consolidated.xml');

/**
 * The UN sample with one more INDIVIDUAL: a new designation, published now (dateGenerated), the
 * way the UN adds a person to the consolidated list.
 */
export function withDesignation(person: { dataId: number; first: string; second: string; third: string }, generated = new Date()): Buffer {
  const xml = UN_SAMPLE.toString('utf8').replace(/dateGenerated="[^"]*"/, `dateGenerated="${generated.toISOString()}"`);
  const individual = `<INDIVIDUAL>
      <DATAID>${person.dataId}</DATAID>
      <VERSIONNUM>1</VERSIONNUM>
      <FIRST_NAME>${person.first}</FIRST_NAME>
      <SECOND_NAME>${person.second}</SECOND_NAME>
      <THIRD_NAME>${person.third}</THIRD_NAME>
      <UN_LIST_TYPE>Al-Qaida</UN_LIST_TYPE>
      <REFERENCE_NUMBER>QDi.999</REFERENCE_NUMBER>
      <LISTED_ON>${generated.toISOString().slice(0, 10)}</LISTED_ON>
      <COMMENTS1>Designação de teste.</COMMENTS1>
      <NATIONALITY><VALUE>Brazil</VALUE></NATIONALITY>
      <LIST_TYPE><VALUE>UN List</VALUE></LIST_TYPE>
    </INDIVIDUAL>
    `;
  return Buffer.from(xml.replace('<INDIVIDUAL>', `${individual}<INDIVIDUAL>`), 'utf8');
}

export interface UnPublisher {
  base: string;
  url: string;
  /** every request for the file, with its conditional headers and the status answered */
  requests: { headers: IncomingMessage['headers']; status: number; at: number }[];
  /** publishes a new version (its ETag: a hash of its bytes) */
  publish(bytes: Buffer): void;
  close(): Promise<void>;
}

/** A local UN publisher honouring If-None-Match; anything but the file is a 404. */
export async function unPublisher(first: Buffer = UN_SAMPLE): Promise<UnPublisher> {
  let current = first;
  let etag = '';
  let modified = '';
  const publish = (bytes: Buffer) => {
    current = bytes;
    etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}"`;
    modified = new Date().toUTCString();
  };
  publish(first);
  const requests: UnPublisher['requests'] = [];
  const server: Server = createServer((req, res) => {
    if (req.url !== '/un/consolidated.xml') return void res.writeHead(404).end();
    const status = req.headers['if-none-match'] === etag ? 304 : 200;
    requests.push({ headers: req.headers, status, at: Date.now() });
    res.writeHead(status, { etag, 'last-modified': modified, 'content-type': 'application/xml' }).end(status === 200 ? current : undefined);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    url: `${base}/un/consolidated.xml`,
    requests,
    publish,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const OTHER_LISTS = ['OFAC_SDN', 'EU_FSF', 'UK_FCDO', 'BR_CEIS', 'BR_CNEP', 'BR_CEPIM', 'BR_CEAF', 'BR_PEP', 'BR_TRABALHO_ESCRAVO', 'BR_BCB_QGI', 'BR_BCB_QGP', 'BR_IBAMA_EMBARGOS'];

/** The UN list polled every `seconds` from a local publisher; the other lists point at it too (404s) and are polled once a week. */
export const unPollingEnv = (pub: Pick<UnPublisher, 'base' | 'url'>, seconds = 1): Record<string, string> => ({
  SVC_LISTS_REFRESH: 'on',
  SVC_LISTS_POLL_SECONDS: String(seconds),
  SVC_LISTS_FETCH_TIMEOUT_MS: '2000',
  SVC_LIST_UN_SC_URL: pub.url,
  ...Object.fromEntries(OTHER_LISTS.flatMap((l) => [[`SVC_LIST_${l}_URL`, `${pub.base}/none/${l}`], [`SVC_LIST_${l}_POLL_SECONDS`, '604800']])),
});
