import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { generateDump } from '../../scripts/cnpj-gen.js';
import { isValidCnpj, isValidCpf } from '../../src/domain/values/document.js';
import { tempDir } from '../helpers/temp.js';

/** The one CSV of a dump zip, decoded from ISO-8859-1 and parsed. */
async function rowsOf(path: string): Promise<string[][]> {
  const data = await new Promise<Buffer>((resolve, reject) => {
    yauzl.open(path, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const chunks: Buffer[] = [];
      let entries = 0;
      zip.on('entry', (entry: yauzl.Entry) => {
        entries += 1;
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => zip.readEntry());
        });
      });
      zip.on('end', () => (entries === 1 ? resolve(Buffer.concat(chunks)) : reject(new Error(`${entries} entries`))));
      zip.readEntry();
    });
  });
  return parse(data.toString('latin1'), { delimiter: ';', quote: '"', relax_column_count: true }) as string[][];
}

describe('scripts/cnpj-gen (synthetic CNPJ dump)', function () {
  this.timeout(60_000);
  const dir = tempDir('cnpj-gen-');
  const all: Record<string, string[][]> = {};

  before(async () => {
    await generateDump(dir, { scale: 0.00005, seed: 7 });
    for (const file of readdirSync(dir)) all[file] = await rowsOf(join(dir, file));
  });

  const kind = (prefix: string) => Object.entries(all).filter(([name]) => new RegExp(`^${prefix}\\d\\.zip$`).test(name)).flatMap(([, rows]) => rows);

  it('writes the real layout: ten files of each main kind, Simples and the six lookup tables', () => {
    const names = Object.keys(all).sort();
    for (const prefix of ['Empresas', 'Estabelecimentos', 'Socios']) {
      expect(names.filter((n) => n.startsWith(prefix))).to.have.length(10);
    }
    expect(names).to.include.members(['Simples.zip', 'Cnaes.zip', 'Motivos.zip', 'Municipios.zip', 'Naturezas.zip', 'Paises.zip', 'Qualificacoes.zip']);
  });

  it('gives every row its layout column count and every field quoted, in ISO-8859-1', () => {
    const columns: Record<string, number> = { Empresas: 7, Estabelecimentos: 30, Socios: 11 };
    for (const [prefix, count] of Object.entries(columns)) {
      const rows = kind(prefix);
      expect(rows.length, prefix).to.be.greaterThan(100);
      expect(rows.filter((r) => r.length !== count), prefix).to.deep.equal([]);
    }
    expect(all['Simples.zip']!.every((r) => r.length === 7)).to.equal(true);
    for (const table of ['Cnaes', 'Motivos', 'Municipios', 'Naturezas', 'Paises', 'Qualificacoes']) {
      expect(all[`${table}.zip`]!.every((r) => r.length === 2), table).to.equal(true);
    }
    // accents decoded from latin1 come out whole
    expect(all['Naturezas.zip']!.map((r) => r[1])).to.include('Órgão Público do Poder Executivo Municipal');
  });

  it('writes valid check digits everywhere, alphanumeric CNPJs among them, and MEI names ending with a valid CPF', () => {
    const establishments = kind('Estabelecimentos');
    const cnpjs = establishments.map((r) => `${r[0]}${r[1]}${r[2]}`);
    expect(cnpjs.filter((c) => !isValidCnpj(c))).to.deep.equal([]);
    expect(cnpjs.some((c) => /[A-Z]/.test(c))).to.equal(true);
    expect(new Set(cnpjs).size).to.equal(cnpjs.length);
    const filiais = establishments.filter((r) => r[3] === '2').length / establishments.length;
    expect(filiais).to.be.within(0.03, 0.15);
    const meis = kind('Empresas').filter((r) => r[2] === '2135');
    expect(meis.length).to.be.greaterThan(0);
    expect(meis.every((r) => /\s(\d{11})$/.test(r[1]!) && isValidCpf(r[1]!.slice(-11)))).to.equal(true);
    const partners = kind('Socios');
    expect(partners.filter((r) => r[1] === '1').every((r) => isValidCnpj(r[3]!))).to.equal(true);
    expect(partners.filter((r) => r[1] === '2').every((r) => /^\*\*\*\d{6}\*\*$/.test(r[3]!))).to.equal(true);
    expect(partners.some((r) => r[1] === '3' && r[7] !== '***000000**' && r[8] !== '')).to.equal(true);
  });

  it('has PJ partners that are companies of the dump, in chains at least 3 deep and in cycles', () => {
    const companies = new Set(kind('Empresas').map((r) => r[0]!));
    const owners = new Map<string, string[]>();
    for (const r of kind('Socios').filter((p) => p[1] === '1')) {
      expect(companies.has(r[3]!.slice(0, 8)), r[3]).to.equal(true);
      owners.set(r[0]!, [...(owners.get(r[0]!) ?? []), r[3]!.slice(0, 8)]);
    }
    const depth = (basico: string, seen: Set<string>): number => {
      if (seen.has(basico)) return Infinity;
      const next = owners.get(basico) ?? [];
      return next.length === 0 ? 0 : 1 + Math.max(...next.map((b) => depth(b, new Set([...seen, basico]))));
    };
    const depths = [...owners.keys()].map((b) => depth(b, new Set()));
    expect(depths.some((d) => d >= 3 && Number.isFinite(d)), 'a chain of 3').to.equal(true);
    expect(depths.some((d) => d === Infinity), 'a cycle').to.equal(true);
  });

  it('is deterministic for a seed', async () => {
    const again = tempDir('cnpj-gen-');
    await generateDump(again, { scale: 0.00005, seed: 7 });
    for (const file of ['Socios3.zip', 'Estabelecimentos0.zip', 'Simples.zip']) {
      expect(readFileSync(join(again, file)).equals(readFileSync(join(dir, file))), file).to.equal(true);
    }
  });
});
