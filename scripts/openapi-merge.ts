/**
 * Temporary (while the document is written in parts): merges openapi/openapi.yaml with every
 * openapi/parts/*.yaml (their paths, webhooks and components) into one document, refusing a name
 * defined twice. Usage: npx tsx scripts/openapi-merge.ts /tmp/openapi.yaml
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';

type Doc = Record<string, unknown> & { paths?: Record<string, unknown>; webhooks?: Record<string, unknown>; components?: Record<string, Record<string, unknown>> };

const root = parse(readFileSync('openapi/openapi.yaml', 'utf8')) as Doc;
const dir = 'openapi/parts';
let parts: string[] = [];
try {
  parts = readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort();
} catch {
  parts = [];
}
const into = (target: Record<string, unknown>, source: Record<string, unknown> | undefined, where: string) => {
  for (const [name, value] of Object.entries(source ?? {})) {
    if (Object.hasOwn(target, name)) throw new Error(`${where}.${name} is defined twice`);
    target[name] = value;
  }
};
for (const file of parts) {
  const part = parse(readFileSync(join(dir, file), 'utf8')) as Doc;
  root.paths ??= {};
  root.webhooks ??= {};
  into(root.paths, part.paths, `${file}: paths`);
  into(root.webhooks, part.webhooks, `${file}: webhooks`);
  root.components ??= {};
  for (const [section, entries] of Object.entries(part.components ?? {})) {
    root.components[section] ??= {};
    into(root.components[section], entries, `${file}: components.${section}`);
  }
}
writeFileSync(process.argv[2] ?? '/tmp/openapi.yaml', stringify(root, { lineWidth: 0 }));
