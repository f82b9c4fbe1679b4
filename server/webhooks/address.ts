// Where a webhook may send (docs/api.md "Webhooks"): never to a link-local or cloud-metadata address (169.254.0.0/16,
// fe80::/10, fd00:ec2::254, metadata.google.internal: the machine's own credentials live there), and to loopback,
// private and other non-public ranges only when the server runs with WEBHOOKS_ALLOW_PRIVATE=1 (off by default; the
// tests turn it on for their local receivers). Checked on the URL when a webhook is registered, and again on every
// address its name resolves to when a delivery is sent (the connection goes to the address that was checked, so a
// name that resolves elsewhere a moment later gains nothing).
import { isIP } from 'node:net';

export type AddressVerdict = 'ok' | 'metadata' | 'private';

/** Names that only ever mean a metadata service or this machine. */
const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata', 'metadata.goog', 'instance-data', 'instance-data.ec2.internal']);
const LOCAL_NAMES = /^(localhost|localhost\.localdomain|ip6-localhost|ip6-loopback)$|\.localhost$/;

const v4 = (ip: string): number[] => ip.split('.').map(Number);

function checkV4(ip: string): AddressVerdict {
  const [a, b] = v4(ip);
  if (a === 169 && b === 254) return 'metadata'; // link-local: 169.254.169.254 is every cloud's metadata service
  if (a === 100 && b === 100 && ip === '100.100.100.200') return 'metadata'; // Alibaba Cloud's
  if (a === 0 || a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if ((a === 100 && b >= 64 && b <= 127) || (a === 198 && (b === 18 || b === 19)) || a >= 224) return 'private'; // shared, benchmarking, multicast, reserved
  return 'ok';
}

/** An IPv6 address's 8 groups (`::` expanded; a trailing dotted IPv4 as two groups). */
function groups6(ip: string): number[] | undefined {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = v4(dotted[1]);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const h = head ? head.split(':') : [];
  const t = tail !== undefined && tail ? tail.split(':') : [];
  const fill = tail !== undefined ? 8 - h.length - t.length : 0;
  const all = [...h, ...Array<string>(Math.max(fill, 0)).fill('0'), ...t].map((g) => parseInt(g, 16));
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : undefined;
}

function checkV6(ip: string): AddressVerdict {
  const g = groups6(ip);
  if (!g) return 'private';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (g.slice(0, 5).every((x) => x === 0) && (g[5] === 0xffff || g[5] === 0)) {
    if (g[5] === 0 && g[6] === 0 && g[7] <= 1) return 'private'; // :: and ::1
    return checkV4(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`);
  }
  if (g[0] === 0xfd00 && g[1] === 0x0ec2 && g.slice(2, 7).every((x) => x === 0) && g[7] === 0x254) return 'metadata'; // AWS's IPv6 metadata
  if ((g[0] & 0xffc0) === 0xfe80) return 'metadata'; // link-local
  if ((g[0] & 0xfe00) === 0xfc00 || (g[0] & 0xff00) === 0xff00 || (g[0] & 0xffc0) === 0xfec0) return 'private'; // unique local, multicast, site-local
  if (g[0] === 0x64 && g[1] === 0xff9b) return checkV4(`${g[6] >> 8}.${g[6] & 0xff}.${g[7] >> 8}.${g[7] & 0xff}`); // NAT64
  return 'ok';
}

/** What an IP address is (a literal of either family). */
export function addressVerdict(ip: string): AddressVerdict {
  const family = isIP(ip);
  if (family === 4) return checkV4(ip);
  if (family === 6) return checkV6(ip);
  return 'private';
}

/** What a URL's host is before anything resolves it: a literal address, a metadata name, a local name, or a name ('ok'). */
export function hostVerdict(hostname: string): AddressVerdict {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host)) return addressVerdict(host);
  if (METADATA_NAMES.has(host)) return 'metadata';
  if (LOCAL_NAMES.test(host)) return 'private';
  return 'ok';
}

/** Whether a verdict lets a webhook send there. */
export const allowed = (verdict: AddressVerdict, allowPrivate: boolean) => verdict === 'ok' || (verdict === 'private' && allowPrivate);
