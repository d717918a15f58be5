import { expect } from 'chai';
import { errorText, memoryLogger, withRequestId } from '../src/logger.js';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('logger: pino JSON lines', () => {
  it('one JSON object per line: level as its label, ISO time, message, then the fields', () => {
    const logger = memoryLogger();
    logger.info('started', { port: 8080 });
    logger.warn('slow');
    logger.error('failed', { error: 'Error: x' });
    const lines = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['level'], l['message']])).to.deep.equal([
      ['info', 'started'],
      ['warn', 'slow'],
      ['error', 'failed'],
    ]);
    for (const line of lines) expect(line['time']).to.match(ISO);
    expect(lines[0]).to.deep.equal({ level: 'info', time: lines[0]!['time'], port: 8080, message: 'started' });
    expect(logger.lines.every((l) => !l.includes('\n'))).to.equal(true);
  });

  it('adds the request id of the request a line is written in, across awaits and timers; none outside', async () => {
    const logger = memoryLogger();
    await Promise.all([
      withRequestId('req-a', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        logger.info('a');
      }),
      withRequestId('req-b', async () => {
        await Promise.resolve();
        logger.info('b');
      }),
    ]);
    logger.info('outside');
    const lines = logger.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => [l['message'], l['request_id']])).to.have.deep.members([
      ['a', 'req-a'],
      ['b', 'req-b'],
      ['outside', undefined],
    ]);
  });

  it('censors fields that only ever hold secrets, at the top level and one down', () => {
    const logger = memoryLogger();
    logger.warn('oops', { api_key: 'sk_test_aaaaaaaaaaaaaaaaaaaaaaaa', provider: { token: 'tok-123456' }, key_id: 'k1' });
    expect(logger.lines[0]).not.to.include('sk_test_').and.not.to.include('tok-123456');
    expect(JSON.parse(logger.lines[0]!)).to.deep.include({ api_key: '[redacted]', provider: { token: '[redacted]' }, key_id: 'k1' });
  });

  it('errorText still masks e-mails, documents and digit runs', () => {
    expect(errorText(new Error('dup maria@example.com 529.982.247-25 52998224725'))).to.equal('Error: dup [email] [document] [digits]');
  });

  it('errorText masks an alphanumeric CNPJ, formatted or not, in either case', () => {
    expect(errorText(new Error('dup 12.ABC.345/01DE-35 12abc34501de35 12ABC34501DE35 done'))).to.equal('Error: dup [document] [document] [document] done');
  });
});
