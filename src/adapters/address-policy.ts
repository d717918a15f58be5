import ipaddr from 'ipaddr.js';
import { isIP } from 'node:net';

/*
 * A webhook may reach only a public unicast address. ipaddr.js knows the IANA special-purpose
 * ranges (loopback, private, link-local where cloud metadata lives, CGNAT, documentation,
 * benchmarking, AS112, AMT, ORCHID, SRv6, discard, multicast, reserved...): any address it
 * does not call 'unicast' is refused, so a range it learns later is refused too.
 */

/** IPv6 outside 2000::/3 is unallocated or special: only global unicast is let through. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** ::a.b.c.d, deprecated but still routed to the IPv4 by some stacks; ipaddr.js calls it unicast */
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');
const LOCAL_USE_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

const ipv4 = (octets: number[]) => new ipaddr.IPv4(octets);

/**
 * The IPv4 addresses an IPv6 form stands for, judged in its place, or null when it embeds none.
 * Teredo (2001::/32) is not among them: it lies in 2001::/23, refused whole.
 */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = address.toByteArray();
  const last32 = () => ipv4(bytes.slice(12));
  switch (address.range() as string) {
    case 'ipv4Mapped': // ::ffff:0:0/96
    case 'rfc6145': // ::ffff:0:0:0/96
      return [last32()];
    case '6to4': // 2002:AABB:CCDD::/48
      return [ipv4(bytes.slice(2, 6))];
    case 'rfc6052':
      // 64:ff9b::/96 carries it in the last 32 bits. For the local-use /48, RFC 6052 splits it
      // around the u-octet (bits 48..63 and 72..87), but translators are also configured with
      // the last 32 bits: both readings must be public.
      return address.match(LOCAL_USE_NAT64) ? [ipv4([bytes[6]!, bytes[7]!, bytes[9]!, bytes[10]!]), last32()] : [last32()];
  }
  // :: and ::1 land here too, as 0.0.0.0 and 0.0.0.1 (0.0.0.0/8): refused
  return address.match(IPV4_COMPATIBLE) ? [last32()] : null;
}

/** Whether an IP address may receive webhooks. Anything Node would not connect to as an IP literal is not. */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.every((a) => a.range() === 'unicast');
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST);
}

/** Default deny: loopback, private, special-purpose, an IPv6 form of one, or not an IP address at all. */
export function isInternalAddress(address: string): boolean {
  return !isPublicAddress(address);
}

/**
 * The URL's host as the name checks must see it: without IPv6 brackets, lowercase and
 * percent-decoded (the URL parser did both), and without trailing dots (`localhost.` is localhost).
 */
export function normalisedHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
}

const isInternalName = (host: string) => host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal');

/** Why a webhook URL is refused without resolving it, or null. Its host's DNS answers are checked at configuration and again at send time. */
export function webhookUrlProblem(raw: string, allowInsecure: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'webhook_url must be an absolute URL.';
  }
  if (raw.length > 2048) return 'webhook_url is too long.';
  if (url.username || url.password) return 'webhook_url must not carry credentials.';
  if (allowInsecure) return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'webhook_url must be http(s).';
  if (url.protocol !== 'https:') return 'webhook_url must use HTTPS.';
  const host = normalisedHost(url);
  if (host === '' || isInternalName(host) || (isIP(host) !== 0 && isInternalAddress(host))) {
    return 'webhook_url must not point to an internal address.';
  }
  return null;
}
