import { expect } from 'chai';
import { ListFileError } from '../../../src/adapters/lists/importers/port.js';
import { tenantListImporter } from '../../../src/adapters/lists/importers/tenant.js';

const importer = tenantListImporter('tl_0123456789abcdef0123');
const parse = (text: string | Buffer, name = 'lista.csv') => importer.parse([{ name, data: Buffer.isBuffer(text) ? text : Buffer.from(text) }]);
const refusal = async (text: string): Promise<string> => {
  try {
    await parse(text);
  } catch (error) {
    expect(error).to.be.instanceOf(ListFileError);
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
};

describe('tenant list CSV importer', () => {
  it('reads the columns in any order, optional ones left out, a BOM and `;` as spreadsheets in Brazil save', async () => {
    const { entries } = await parse(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('doc;name\n11.444.777/0001-61;Vento Sul Ltda\n529.982.247-25;Rogério Quintanilha\n')]));
    expect(entries.map((e) => [e.schema, e.names[0]!.name, e.documents[0]!.value])).to.deep.equal([
      ['company', 'Vento Sul Ltda', '11444777000161'],
      ['person', 'Rogério Quintanilha', '52998224725'],
    ]);
  });

  it('reads an alphanumeric CNPJ, formatted and in lower case, as the upper-case cnpj; refuses one with a wrong check digit', async () => {
    const { entries } = await parse('name,doc\nAlfa Digital Ltda,12.abc.345/01de-35\n');
    expect(entries.map((e) => [e.schema, e.documents])).to.deep.equal([['company', [{ type: 'cnpj', value: '12ABC34501DE35', masked: false, country: 'BR' }]]]);
    expect(await refusal('name,doc\nAlfa Digital Ltda,12.ABC.345/01DE-36\n')).to.include('line 2').and.include('CNPJ');
  });

  it('reads a Windows-1252 file (as Excel saves it) as such', async () => {
    const { entries } = await parse(Buffer.from('name,schema\nJo\xe3o Concei\xe7\xe3o,person\n', 'latin1'));
    expect(entries[0]!.names[0]!.name).to.equal('João Conceição');
  });

  it('the same person on two rows is one entry; an alias equal to the name is not repeated', async () => {
    const { entries } = await parse('name,schema,doc,aliases\nAna Lima,person,52998224725,ANA LIMA|Ana L.\nAna Lima,person,529.982.247-25,\n');
    expect(entries).to.have.length(1);
    expect(entries[0]!.names).to.deep.equal([
      { name: 'Ana Lima', kind: 'primary' },
      { name: 'Ana L.', kind: 'alias' },
    ]);
  });

  it('a masked CPF is kept masked; two homonyms with different masked CPFs are two entries', async () => {
    const { entries } = await parse('name,doc\nAna Lima,***.456.789-**\nAna Lima,***.111.222-**\n');
    expect(entries.map((e) => [e.schema, e.documents[0]])).to.deep.equal([
      ['person', { type: 'cpf', value: '***456789**', masked: true, country: 'BR' }],
      ['person', { type: 'cpf', value: '***111222**', masked: true, country: 'BR' }],
    ]);
  });

  it('refuses the file naming each bad line (up to 10): wrong document, date, country, schema, width, empty name', async () => {
    const message = await refusal(
      [
        'name,schema,doc,birth_date,country',
        'Ana,person,123.456.789-00,,',
        'Ana,person,,31/02/1990,',
        'Ana,person,,,Brasil',
        'Ana,pessoa,,,',
        'Ana,person,,,,extra',
        ',person,,,',
        'Ana,,,,',
        'Ana,person,***.456.789-**/0001,,',
      ].join('\n'),
    );
    for (const line of [2, 3, 4, 5, 6, 7, 8, 9]) expect(message).to.include(`line ${line}:`);
    const many = await refusal(`name,schema\n${'Ana,pessoa\n'.repeat(50)}`);
    expect(many.match(/line \d+:/g)).to.have.length(10);
  });

  it('refuses an unknown or repeated column, a missing name column, an empty file and several CSVs', async () => {
    expect(await refusal('nome,schema\nAna,person\n')).to.include('unknown column');
    expect(await refusal('name,name\nAna,Ana\n')).to.include('twice');
    expect(await refusal('schema,doc\nperson,52998224725\n')).to.include('lacks the column name');
    expect(await refusal('')).to.include('empty');
    let error: unknown;
    await importer.parse([{ name: 'a.csv', data: Buffer.from('name\nA B\n') }, { name: 'b.csv', data: Buffer.from('name\nC D\n') }]).catch((e: unknown) => (error = e));
    expect(error).to.be.instanceOf(ListFileError);
  });
});
