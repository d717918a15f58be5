import { expect } from 'chai';
import type { PiiCodec, SealedPii } from '../../src/adapters/pii/port.js';
import { probeRouter } from '../helpers/probe-router.js';
import { createTenant, startService } from '../helpers/service.js';

/** A stand-in for per-subject encryption: proves every personal field passes through the codec. */
class Base64Codec implements PiiCodec {
  readonly subjects: string[] = [];
  async seal(subject: string, value: unknown): Promise<SealedPii> {
    this.subjects.push(subject);
    return { $pii: 1, s: subject, alg: 'test-b64', v: Buffer.from(JSON.stringify(value)).toString('base64') };
  }
  async open(sealed: SealedPii): Promise<unknown> {
    return JSON.parse(Buffer.from(String(sealed.v), 'base64').toString());
  }
}

describe('personal data in events goes through the field codec', () => {
  it('seals a stored idempotent response on append, opens it on read, and the replay still answers the original', async () => {
    const codec = new Base64Codec();
    const service = await startService({ apiRouters: (s) => [probeRouter(s)], piiCodec: codec });
    try {
      const tenant = await createTenant(service);
      const { api_key } = await tenant.key();
      const post = () => service.call('/api/v1/probe/things', { method: 'POST', headers: { 'x-api-key': api_key, 'idempotency-key': 'pii-1' }, json: {} });
      const first = await (await post()).json();
      const raw = (await service.services.eventStore.readAll({ after: null, limit: 1000, streamPrefixes: ['idempotency-'] })).find(
        (e) => e.type === 'IdempotentResponseRecorded',
      )!;
      const sealed = raw.data['body'] as SealedPii;
      expect(sealed).to.include({ $pii: 1, alg: 'test-b64', s: `tenant:${tenant.tenant_id}` });
      expect(JSON.stringify(raw.data)).not.to.include((first as { thing_id: string }).thing_id);
      expect(codec.subjects).to.include(`tenant:${tenant.tenant_id}`);
      const opened = await service.services.log.readStream(raw.stream);
      expect(opened.find((e) => e.type === 'IdempotentResponseRecorded')!.data['body']).to.deep.equal(first);
      const replay = await post();
      expect(replay.headers.get('idempotent-replayed')).to.equal('true');
      expect(await replay.json()).to.deep.equal(first);
    } finally {
      await service.close();
    }
  });
});
