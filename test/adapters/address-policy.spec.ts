import { expect } from 'chai';
import { isInternalAddress, webhookUrlProblem } from '../../src/adapters/address-policy.js';

/** [address, why] for every IANA special-purpose range: a representative, and first/last where a boundary matters. */
const SPECIAL_V4: [string, string][] = [
  ['0.0.0.0', '0.0.0.0/8 "this network" (first)'],
  ['0.255.255.255', '0.0.0.0/8 (last)'],
  ['10.0.0.0', '10/8 private (first)'],
  ['10.255.255.255', '10/8 private (last)'],
  ['100.64.0.0', '100.64/10 CGNAT (first)'],
  ['100.127.255.255', '100.64/10 CGNAT (last)'],
  ['127.0.0.1', '127/8 loopback'],
  ['127.255.255.254', '127/8 loopback (end)'],
  ['169.254.169.254', '169.254/16 link-local (cloud metadata)'],
  ['172.16.0.0', '172.16/12 private (first)'],
  ['172.31.255.255', '172.16/12 private (last)'],
  ['192.0.0.8', '192.0.0/24 IETF protocol assignments'],
  ['192.0.2.10', '192.0.2/24 TEST-NET-1 documentation'],
  ['192.31.196.1', '192.31.196/24 AS112-v4'],
  ['192.52.193.1', '192.52.193/24 AMT'],
  ['192.88.99.1', '192.88.99/24 deprecated 6to4 relay anycast'],
  ['192.168.0.0', '192.168/16 private (first)'],
  ['192.168.255.255', '192.168/16 private (last)'],
  ['192.175.48.1', '192.175.48/24 direct delegation AS112'],
  ['198.18.0.0', '198.18/15 benchmarking (first)'],
  ['198.19.255.255', '198.18/15 benchmarking (last)'],
  ['198.51.100.7', '198.51.100/24 TEST-NET-2 documentation'],
  ['203.0.113.7', '203.0.113/24 TEST-NET-3 documentation'],
  ['224.0.0.1', '224/4 multicast (start)'],
  ['239.255.255.255', '224/4 multicast (last)'],
  ['240.0.0.1', '240/4 reserved'],
  ['255.255.255.254', '240/4 reserved (end)'],
  ['255.255.255.255', 'limited broadcast'],
];

const SPECIAL_V6: [string, string][] = [
  ['::', '::/128 unspecified'],
  ['::1', '::1/128 loopback'],
  ['64:ff9b::7f00:1', '64:ff9b::/96 NAT64 of 127.0.0.1'],
  ['64:ff9b:1::a00:1', '64:ff9b:1::/48 local-use NAT64 of 10.0.0.1'],
  ['100::1', '100::/64 discard'],
  ['100::ffff:ffff:ffff:ffff', '100::/64 discard (last)'],
  ['2001::1', '2001::/23 IETF protocol assignments (first, Teredo)'],
  ['2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff', '2001::/23 (last)'],
  ['2001:2::1', '2001:2::/48 benchmarking'],
  ['2001:3::1', '2001:3::/32 AMT'],
  ['2001:20::1', '2001:20::/28 ORCHIDv2'],
  ['2001:db8::1', '2001:db8::/32 documentation'],
  ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::/32 documentation (last)'],
  ['3fff::1', '3fff::/20 documentation'],
  ['3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff', '3fff::/20 documentation (last)'],
  ['5f00::1', '5f00::/16 SRv6 SIDs'],
  ['fc00::1', 'fc00::/7 unique-local (first)'],
  ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fc00::/7 unique-local (last)'],
  ['fe80::1', 'fe80::/10 link-local'],
  ['febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'fe80::/10 link-local (last)'],
  ['fe80::1%eth0', 'fe80::/10 link-local with a zone'],
  ['fec0::1', 'fec0::/10 deprecated site-local'],
  ['ff02::1', 'ff00::/8 multicast'],
  ['4000::1', 'outside 2000::/3 global unicast (unallocated)'],
];

/** Not addresses Node would connect to as IP literals: default deny. */
const NOT_IP = ['', 'localhost', 'hooks.example.com', '127.1', '0x7f000001', '2130706433', '010.0.0.1', '[::1]'];

/** Every IPv6 form that carries an IPv4 address, hex and dotted; `other` fills the second IPv4 slot (Teredo, local-use NAT64). */
function embeddings(v4: string, other = '8.8.8.8'): [string, string][] {
  const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
  const [oa, ob, oc, od] = other.split('.').map(Number) as [number, number, number, number];
  const h = (n: number) => n.toString(16);
  const [hi, lo] = [h((a << 8) | b), h((c << 8) | d)];
  const [otherHi, otherLo] = [h((oa << 8) | ob), h((oc << 8) | od)];
  /** RFC 6052 with a /48 prefix: bits 48..63, the u-octet (zero), then bits 72..87 */
  const rfc6052Slot = (w: number, x: number, y: number, z: number) => `${h((w << 8) | x)}:${h(y)}:${h(z << 8)}`;
  const teredoClient = `${h(((a << 8) | b) ^ 0xffff)}:${h(((c << 8) | d) ^ 0xffff)}`;
  return [
    [`::${v4}`, 'IPv4-compatible ::/96, dotted'],
    [`::${hi}:${lo}`, 'IPv4-compatible ::/96, hex'],
    [`::ffff:${v4}`, 'IPv4-mapped ::ffff:0:0/96, dotted'],
    [`::ffff:${hi}:${lo}`, 'IPv4-mapped, hex'],
    [`::ffff:0:${v4}`, 'IPv4-translated ::ffff:0:0:0/96 (RFC 6145), dotted'],
    [`::ffff:0:${hi}:${lo}`, 'IPv4-translated, hex'],
    [`2002:${hi}:${lo}::`, '6to4 2002::/16'],
    [`2002:${hi}:${lo}:1::1`, '6to4 2002::/16, a host in its site'],
    [`64:ff9b::${v4}`, 'NAT64 64:ff9b::/96, dotted'],
    [`64:ff9b::${hi}:${lo}`, 'NAT64 64:ff9b::/96, hex'],
    [`64:ff9b:1::${hi}:${lo}`, 'local-use NAT64 64:ff9b:1::/48, last 32 bits'],
    [`64:ff9b:1:${rfc6052Slot(oa, ob, oc, od)}:${hi}:${lo}`, `local-use NAT64, last 32 bits, the RFC 6052 /48 slot holding ${other}`],
    [`64:ff9b:1:${rfc6052Slot(a, b, c, d)}:${otherHi}:${otherLo}`, `local-use NAT64, RFC 6052 /48 layout (around the u-octet), the last 32 bits ${other}`],
    [`2001:0:${hi}:${lo}::${otherHi}:${otherLo}`, 'Teredo 2001::/32, as the server'],
    [`2001:0:${otherHi}:${otherLo}::${teredoClient}`, 'Teredo 2001::/32, as the client (XOR 0xffffffff)'],
  ];
}

const INTERNAL_EMBEDDED = ['127.0.0.1', '10.0.0.1', '169.254.169.254', '192.168.1.1'];

/** Must pass: public unicast, and IPv6 forms of a public IPv4 that are judged by it. */
const PUBLIC: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['100.63.255.255', 'just below 100.64/10'],
  ['100.128.0.0', 'just above 100.64/10'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.0', 'just above 172.16/12'],
  ['192.0.3.1', 'just above 192.0.2/24'],
  ['198.17.255.255', 'just below 198.18/15'],
  ['198.20.0.0', 'just above 198.18/15'],
  ['223.255.255.255', 'just below 224/4'],
  ['2606:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6 in 2001::/16 but outside 2001::/23'],
  ['2001:200::1', 'first address after 2001::/23'],
  ['2002:808:808::', '6to4 of 8.8.8.8'],
  ['2002:808:808:1::1', '6to4 of 8.8.8.8, a host in its site'],
  ['::ffff:8.8.8.8', 'IPv4-mapped 8.8.8.8'],
  ['::ffff:808:808', 'IPv4-mapped 8.8.8.8, hex'],
  ['::ffff:0:8.8.8.8', 'IPv4-translated 8.8.8.8'],
  ['64:ff9b::8.8.8.8', 'NAT64 of 8.8.8.8'],
  ['::8.8.8.8', 'IPv4-compatible 8.8.8.8'],
];

describe('address policy: which addresses a webhook may reach', () => {
  describe('IPv4 special-purpose ranges are internal', () => {
    for (const [address, why] of SPECIAL_V4) {
      it(`${address}: ${why}`, () => expect(isInternalAddress(address)).to.equal(true));
    }
  });

  describe('IPv6 special-purpose ranges are internal', () => {
    for (const [address, why] of SPECIAL_V6) {
      it(`${address}: ${why}`, () => expect(isInternalAddress(address)).to.equal(true));
    }
  });

  for (const v4 of INTERNAL_EMBEDDED) {
    describe(`every IPv6 form of ${v4} is internal`, () => {
      for (const [address, form] of embeddings(v4)) {
        it(`${address}: ${form}`, () => expect(isInternalAddress(address)).to.equal(true));
      }
    });
  }

  describe('what is not an IP literal is internal (default deny)', () => {
    for (const value of NOT_IP) {
      it(JSON.stringify(value), () => expect(isInternalAddress(value)).to.equal(true));
    }
  });

  describe('public addresses, and IPv6 forms of a public IPv4, are not internal', () => {
    for (const [address, why] of PUBLIC) {
      it(`${address}: ${why}`, () => expect(isInternalAddress(address)).to.equal(false));
    }
  });
});

describe('address policy: webhook URLs refused without resolving', () => {
  const REFUSED = [
    'https://[::127.0.0.1]/',
    'https://[::ffff:0:7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[64:ff9b:1::7f00:1]/',
    'https://[::ffff:169.254.169.254]/latest/meta-data',
    'https://[2001:db8::1]/',
    'https://192.0.2.1/',
    'https://127.0.0.1./',
    'https://0x7f.1/',
    'https://localhost./',
    'https://localhost%2e/',
    'https://LocalHost../',
    'https://%6c%6fcalhost/',
    'https://api.localhost./',
    'https://metadata.google.internal./',
  ];
  for (const url of REFUSED) {
    it(`refuses ${url}`, () => expect(webhookUrlProblem(url, false)).to.equal('webhook_url must not point to an internal address.'));
  }

  for (const url of ['https://hooks.example.com/', 'https://hooks.example.com./kyc', 'https://8.8.8.8/', 'https://[2606:4700::1111]/', 'https://[2002:808:808::]/', 'https://[::ffff:8.8.8.8]/']) {
    it(`lets ${url} through to resolution`, () => expect(webhookUrlProblem(url, false)).to.equal(null));
  }
});
