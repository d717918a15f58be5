import { expect } from 'chai';
import { checkPasswordStrength, hashPassword, verifyPassword } from '../../src/adapters/passwords.js';
import { DomainError } from '../../src/domain/shared/decider.js';

describe('passwords: scrypt hashes', () => {
  const password = 'correct horse battery';
  let encoded: string;
  before(async () => {
    encoded = await hashPassword(password);
  });

  it('encodes scrypt$N$r$p$salt$hash with N=2^15, r=8, p=1, a 16-byte salt and a 32-byte key, salted anew each time', async () => {
    const [scheme, n, r, p, salt, hash] = encoded.split('$');
    expect([scheme, n, r, p]).to.deep.equal(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).to.have.length(16);
    expect(Buffer.from(hash!, 'base64url')).to.have.length(32);
    expect(await hashPassword(password)).not.to.equal(encoded);
  });

  it('verifies the password it was made from, and no other', async () => {
    expect(await verifyPassword(password, encoded)).to.equal(true);
    expect(await verifyPassword('correct horse battery!', encoded)).to.equal(false);
    expect(await verifyPassword('', encoded)).to.equal(false);
  });

  it('answers false, without throwing, for a tampered or foreign encoding', async () => {
    const [scheme, n, r, p, salt, hash] = encoded.split('$') as [string, string, string, string, string, string];
    const flipped = Buffer.from(hash, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    const tampered = [
      [scheme, n, r, p, salt, flipped.toString('base64url')].join('$'),
      [scheme, n, r, p, salt, hash.slice(0, 20)].join('$'),
      [scheme, '16384', r, p, salt, hash].join('$'),
      [scheme, '1048577', r, p, salt, hash].join('$'),
      [scheme, String(2 ** 30), r, p, salt, hash].join('$'),
      [scheme, n, '0', p, salt, hash].join('$'),
      [scheme, n, r, p, '', hash].join('$'),
      ['bcrypt', n, r, p, salt, hash].join('$'),
      `${encoded}$extra`,
      'not a hash at all',
      '',
    ];
    for (const candidate of tampered) expect(await verifyPassword(password, candidate), candidate).to.equal(false);
  });

  it('refuses passwords under 12 or over 256 characters (weak_password, in Portuguese), counting characters not bytes', async () => {
    for (const weak of ['', 'curta', 'onze caract', 'x'.repeat(257)]) {
      const refusal = checkPasswordStrength(weak);
      expect(refusal, weak).to.be.instanceOf(DomainError);
      expect(refusal!.code).to.equal('weak_password');
      let thrown: unknown;
      await hashPassword(weak).catch((error: unknown) => (thrown = error));
      expect(thrown).to.be.instanceOf(DomainError);
    }
    expect(checkPasswordStrength('onze caract')!.message).to.equal('A senha deve ter pelo menos 12 caracteres.');
    expect(checkPasswordStrength('doze caracte')).to.equal(null);
    expect(checkPasswordStrength('ção'.repeat(4))).to.equal(null);
    expect(checkPasswordStrength('x'.repeat(256))).to.equal(null);
  });
});
