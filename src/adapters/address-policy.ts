import { BlockList, isIP } from 'node:net';

/**
 * Addresses a webhook must never reach: loopback, private, link-local (cloud metadata lives
 * at 169.254.169.254), unique-local, CGNAT, unspecified, multicast and reserved ranges.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

/** Why a webhook URL is refused at configuration time, or null. DNS answers are checked again at send time. */
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal') || isInternalAddress(host)) {
    return 'webhook_url must not point to an internal address.';
  }
  return null;
}
