/**
 * The typed client's types from the document: writes packages/client/src/schema.ts
 * (openapi-typescript), or with --check fails when the committed file is not what the document
 * generates (CI: the client can never drift from the contract).
 *   npx tsx scripts/openapi-types.ts [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { loadOpenApiDocument } from '../src/http/openapi.js';

const TARGET = 'packages/client/src/schema.ts';
const HEADER = '/**\n * Generated from openapi/openapi.yaml by openapi-typescript (npm run openapi:types). Do not edit.\n */\n\n';

const ast = await openapiTS(loadOpenApiDocument() as never, { alphabetize: false, exportType: false, defaultNonNullable: false });
const generated = HEADER + astToString(ast);
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(TARGET, 'utf8');
  } catch {
    committed = '';
  }
  if (committed !== generated) {
    console.error(`${TARGET} is not what openapi/openapi.yaml generates: run npm run openapi:types and commit it.`);
    process.exit(1);
  }
  console.log(`${TARGET} matches the document.`);
} else {
  writeFileSync(TARGET, generated);
  console.log(`wrote ${TARGET}`);
}
