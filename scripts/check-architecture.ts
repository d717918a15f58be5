/**
 * The measured shape of the code (issue 27), kept by `test/architecture.spec.ts`:
 *
 *   npx tsx scripts/check-architecture.ts          # prints every figure, exits 1 on a breach
 *
 * - no function in `src/` longer than 80 lines, except a decider's exhaustive switch (a function
 *   whose body is one `switch` over a union: its length is the union's size, not complexity);
 * - no file in `src/http` importing the composition root (`src/app/compose.ts`, `src/services.ts`);
 * - at most two command files importing projections;
 * - no import cycle between the folders of `src/` (a folder is `src/<name>`).
 *
 * It reads the TypeScript sources with the compiler's own parser, so a function is what the
 * language calls one (declarations, methods, arrows, function expressions).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FUNCTION_LINES = 80;
export const MAX_COMMANDS_IMPORTING_PROJECTIONS = 2;
const COMPOSITION_ROOTS = ['src/app/compose.ts', 'src/services.ts'];

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

export interface ArchitectureReport {
  longFunctions: LongFunction[];
  /** functions over the limit that are one exhaustive switch (allowed) */
  exhaustiveSwitches: LongFunction[];
  httpImportingRoot: string[];
  commandsImportingProjections: string[];
  folderCycles: string[][];
  folderEdges: Record<string, string[]>;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node)) && node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if (ts.isGetAccessor(node) || ts.isSetAccessor(node)) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

/** A body that is a single switch statement (optionally after a destructuring), as deciders are. */
function isExhaustiveSwitch(body: ts.Node | undefined): boolean {
  if (!body) return false;
  if (ts.isBlock(body)) {
    const statements = body.statements.filter((s) => !ts.isVariableStatement(s));
    return statements.length === 1 && ts.isSwitchStatement(statements[0]!);
  }
  return false;
}

export function measureFunctions(root: string): { long: LongFunction[]; switches: LongFunction[] } {
  const long: LongFunction[] = [];
  const switches: LongFunction[] = [];
  for (const path of sourceFiles(join(root, 'src'))) {
    const text = readFileSync(path, 'utf8');
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > MAX_FUNCTION_LINES) {
          const found = { file: relative(root, path), line: start + 1, name: functionName(node), lines };
          (isExhaustiveSwitch(node.body as ts.Node) ? switches : long).push(found);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { long: long.sort((a, b) => b.lines - a.lines), switches };
}

function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  const add = (specifier: string) => {
    if (!specifier.startsWith('.')) return;
    out.push(resolve(dirname(path), specifier.replace(/\.js$/, '.ts')));
  };
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) add(node.moduleSpecifier.text);
    // import('./x.js') loads a module as surely as a static import does
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) add(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

function folderOf(root: string, path: string): string | null {
  const rel = relative(join(root, 'src'), path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(/[\\/]/);
  return parts.length > 1 ? parts[0]! : null;
}

/** Every elementary cycle of the folder graph, each once (Johnson's idea, small graph: plain DFS). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const nodes = [...edges.keys()].sort();
  const found: string[][] = [];
  for (const start of nodes) {
    const stack: string[] = [start];
    const walk = (node: string) => {
      for (const next of [...(edges.get(node) ?? [])].sort()) {
        if (next === start) found.push([...stack]);
        // only cycles whose smallest node is the start, so each is reported once
        else if (next > start && !stack.includes(next)) {
          stack.push(next);
          walk(next);
          stack.pop();
        }
      }
    };
    walk(start);
  }
  return found;
}

export function checkArchitecture(root: string): ArchitectureReport {
  const files = sourceFiles(join(root, 'src'));
  const edges = new Map<string, Set<string>>();
  const httpImportingRoot: string[] = [];
  const commandsImportingProjections: string[] = [];
  const roots = new Set(COMPOSITION_ROOTS.map((p) => join(root, p)));
  for (const file of files) {
    const from = folderOf(root, file);
    const imports = importsOf(file);
    const rel = relative(root, file);
    if (rel.startsWith(join('src', 'http')) && imports.some((i) => roots.has(i))) httpImportingRoot.push(rel);
    if (rel.startsWith(join('src', 'commands')) && imports.some((i) => folderOf(root, i) === 'projections')) commandsImportingProjections.push(rel);
    if (!from) continue;
    for (const target of imports) {
      const to = folderOf(root, target);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  const { long, switches } = measureFunctions(root);
  return {
    longFunctions: long,
    exhaustiveSwitches: switches,
    httpImportingRoot,
    commandsImportingProjections,
    folderCycles: cycles(edges),
    folderEdges: Object.fromEntries([...edges].map(([k, v]) => [k, [...v].sort()]).sort()),
  };
}

export function breaches(report: ArchitectureReport): string[] {
  const out: string[] = [];
  for (const f of report.longFunctions) out.push(`${f.file}:${f.line} ${f.name} is ${f.lines} lines (limit ${MAX_FUNCTION_LINES})`);
  for (const f of report.httpImportingRoot) out.push(`${f} imports the composition root`);
  if (report.commandsImportingProjections.length > MAX_COMMANDS_IMPORTING_PROJECTIONS) {
    out.push(`${report.commandsImportingProjections.length} command files import projections (limit ${MAX_COMMANDS_IMPORTING_PROJECTIONS}): ${report.commandsImportingProjections.join(', ')}`);
  }
  for (const c of report.folderCycles) out.push(`folder cycle: ${[...c, c[0]].join(' -> ')}`);
  return out;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const report = checkArchitecture(root);
  console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${report.longFunctions.length} (plus ${report.exhaustiveSwitches.length} exhaustive switches)`);
  for (const f of report.longFunctions) console.log(`  ${f.lines}\t${f.file}:${f.line} ${f.name}`);
  for (const f of report.exhaustiveSwitches) console.log(`  ${f.lines}\t${f.file}:${f.line} ${f.name} (switch)`);
  console.log(`src/http files importing the composition root: ${report.httpImportingRoot.length}`);
  console.log(`command files importing projections: ${report.commandsImportingProjections.length} ${report.commandsImportingProjections.join(' ')}`);
  console.log(`folder cycles: ${report.folderCycles.length}`);
  for (const c of report.folderCycles) console.log(`  ${[...c, c[0]].join(' -> ')}`);
  console.log('folder imports:');
  for (const [from, to] of Object.entries(report.folderEdges)) console.log(`  ${from} -> ${to.join(', ')}`);
  const found = breaches(report);
  process.exit(found.length > 0 ? 1 : 0);
}
