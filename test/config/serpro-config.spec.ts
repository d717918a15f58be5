import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { ConfigError, loadConfig, SERPRO_GATEWAY } from '../../src/config.js';
import { tempDir } from '../helpers/temp.js';
import { nodeArgs } from '../helpers/node-child.js';

describe('Serpro settings (config)', () => {
  const serpro = (env: Record<string, string>) => loadConfig({ SVC_DATA_DIR: '/tmp/x', ...env }).serpro;
  const secrets = { SVC_SERPRO_CONSUMER_KEY: 'key', SVC_SERPRO_CONSUMER_SECRET: 'secret' };

  it('off by default, on the official gateway; the token URL and paths follow SVC_SERPRO_URL unless set', () => {
    expect(serpro({})).to.deep.include({ cpf: false, datavalid: false, url: SERPRO_GATEWAY, tokenUrl: `${SERPRO_GATEWAY}/token`, cpfPath: '/consulta-cpf-df/v1', datavalidPath: '/datavalid/v3/validate/pf-facial', timeoutMs: 10_000 });
    const on = serpro({ ...secrets, SVC_SERPRO_CPF: 'on', SVC_SERPRO_DATAVALID: 'on', SVC_SERPRO_URL: 'http://127.0.0.1:9/', SVC_SERPRO_TIMEOUT_MS: '500' });
    expect(on).to.deep.include({ cpf: true, datavalid: true, url: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9/token', consumerKey: 'key', consumerSecret: 'secret', timeoutMs: 500 });
  });

  it('refuses a missing key or secret when an API is on, naming the setting, and both Serpro and a per-source URL for receita_cpf', () => {
    expect(() => serpro({ SVC_SERPRO_CPF: 'on', SVC_SERPRO_CONSUMER_KEY: 'key' })).to.throw(ConfigError, 'SVC_SERPRO_CPF=on needs SVC_SERPRO_CONSUMER_SECRET');
    expect(() => serpro({ SVC_SERPRO_DATAVALID: 'on', SVC_SERPRO_CONSUMER_SECRET: 'secret' })).to.throw(ConfigError, 'SVC_SERPRO_DATAVALID=on needs SVC_SERPRO_CONSUMER_KEY');
    expect(() => serpro({ SVC_SERPRO_CPF: 'yes' })).to.throw(ConfigError, 'SVC_SERPRO_CPF must be on or off');
    expect(() => serpro({ ...secrets, SVC_SERPRO_CPF: 'on', SVC_SOURCE_RECEITA_CPF_URL: 'http://cpf.example' })).to.throw(ConfigError, 'set only one');
    expect(() => serpro({ SVC_SERPRO_URL: 'file:///etc' })).to.throw(ConfigError, 'SVC_SERPRO_URL must be an http(s) URL');
    // off: the credentials are not needed
    expect(serpro({ SVC_SERPRO_CPF: 'off' }).cpf).to.equal(false);
  });

  it('npm start stops with the error naming the missing setting, and never prints the key', async function () {
    this.timeout(20_000);
    const child = spawn(process.execPath, [...nodeArgs('src/main.ts')], {
      env: { ...process.env, SVC_DATA_DIR: tempDir('serpro-config'), PORT: '0', SVC_SERPRO_CPF: 'on', SVC_SERPRO_CONSUMER_KEY: 'my-consumer-key', SVC_SERPRO_CONSUMER_SECRET: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).to.not.equal(0);
    expect(out).to.contain('configuration error: SVC_SERPRO_CPF=on needs SVC_SERPRO_CONSUMER_SECRET').and.not.contain('my-consumer-key');
  });
});
