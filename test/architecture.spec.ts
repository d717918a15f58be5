import { expect } from 'chai';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { breaches, checkArchitecture, MAX_COMMANDS_IMPORTING_PROJECTIONS } from '../scripts/check-architecture.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The shape issue 27 reached, kept: `npx tsx scripts/check-architecture.ts` prints the figures. */
describe('the shape of src (issue 27)', function () {
  this.timeout(60_000);
  const report = checkArchitecture(root);

  it('no function over 80 lines, except a decider’s exhaustive switch', () => {
    expect(report.longFunctions.map((f) => `${f.file}:${f.line} ${f.name} (${f.lines})`)).to.deep.equal([]);
  });

  it('no file in src/http imports the composition root', () => {
    expect(report.httpImportingRoot).to.deep.equal([]);
  });

  it(`at most ${MAX_COMMANDS_IMPORTING_PROJECTIONS} command files import projections`, () => {
    expect(report.commandsImportingProjections.length).to.be.at.most(MAX_COMMANDS_IMPORTING_PROJECTIONS);
  });

  it('no import cycle between the folders of src', () => {
    expect(report.folderCycles).to.deep.equal([]);
  });

  it('nothing imports the composition (src/app) but the entry point', () => {
    const importers = Object.entries(report.folderEdges).filter(([, to]) => to.includes('app'));
    expect(importers).to.deep.equal([]);
  });

  it('the checker measures real sources: a folder cycle, a long function, an exhaustive switch, a root import', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arch-'));
    for (const folder of ['a', 'b', 'http', 'app']) mkdirSync(join(dir, 'src', folder), { recursive: true });
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join('\n');
    writeFileSync(join(dir, 'src/a/x.ts'), `import { y } from '../b/y.js';\nexport function long(): number {\n${body(85)}\n  return y;\n}\n`);
    writeFileSync(join(dir, 'src/b/y.ts'), `import type { long } from '../a/x.js';\nexport const y = 1;\nexport type L = typeof long;\n`);
    const cases = Array.from({ length: 90 }, (_, i) => `    case ${i}:\n      return ${i};`).join('\n');
    writeFileSync(join(dir, 'src/b/decider.ts'), `export function decide(c: number): number {\n  switch (c) {\n${cases}\n    default:\n      return -1;\n  }\n}\n`);
    writeFileSync(join(dir, 'src/app/compose.ts'), 'export const app = 1;\n');
    writeFileSync(join(dir, 'src/http/router.ts'), `import { app } from '../app/compose.js';\nexport const r = app;\n`);
    const found = checkArchitecture(dir);
    expect(found.folderCycles).to.deep.equal([['a', 'b']]);
    expect(found.longFunctions.map((f) => f.name)).to.deep.equal(['long']);
    expect(found.exhaustiveSwitches.map((f) => f.name)).to.deep.equal(['decide']);
    expect(found.httpImportingRoot).to.deep.equal([join('src', 'http', 'router.ts')]);
  });

  it('every kind of breach is reported', () => {
    const fake = breaches({
      longFunctions: [{ file: 'src/x.ts', line: 1, name: 'f', lines: 81 }],
      exhaustiveSwitches: [],
      httpImportingRoot: ['src/http/x.ts'],
      commandsImportingProjections: ['a', 'b', 'c'],
      folderCycles: [['a', 'b']],
      folderEdges: {},
    });
    expect(fake).to.have.length(4);
  });
});
