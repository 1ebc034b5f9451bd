import { BlockList, isIP } from 'node:net';

// The address rules of the outbound HTTP client (docs/outbound.md): which addresses a request of the product may
// never reach, and the administrator's exceptions (OUTBOUND_ALLOW_HOSTS).

type Family = 'ipv4' | 'ipv6';

/** A refused range: its CIDR and the Russian reason the refusal names. */
interface RefusedRange {
  cidr: string;
  reason: string;
  list: BlockList;
}

const LOCAL = 'внутренняя сеть';

const RANGES: [string, string][] = [
  ['0.0.0.0/8', 'неопределённый адрес'],
  ['10.0.0.0/8', LOCAL],
  ['100.64.0.0/10', 'внутренняя сеть провайдера'],
  ['127.0.0.0/8', LOCAL],
  ['169.254.0.0/16', 'локальный адрес канала'],
  ['172.16.0.0/12', LOCAL],
  ['192.0.0.0/24', 'служебный адрес'],
  ['192.168.0.0/16', LOCAL],
  ['198.18.0.0/15', 'служебный адрес'],
  ['224.0.0.0/4', 'групповой адрес'],
  ['240.0.0.0/4', 'зарезервированный адрес'], // with 255.255.255.255, the broadcast
  ['::/128', 'неопределённый адрес'],
  ['::1/128', LOCAL],
  // IPv4-compatible addresses (deprecated): no public service answers at them.
  ['::/96', 'зарезервированный адрес'],
  ['fc00::/7', LOCAL],
  ['fe80::/10', 'локальный адрес канала'],
  ['ff00::/8', 'групповой адрес'],
];

function subnetList(cidr: string): BlockList | null {
  const slash = cidr.indexOf('/');
  const address = slash < 0 ? cidr : cidr.slice(0, slash);
  const version = isIP(address);
  if (version === 0) return null;
  const family: Family = version === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  if (slash < 0) {
    list.addAddress(address, family);
    return list;
  }
  const text = cidr.slice(slash + 1);
  const prefix = Number(text);
  if (!/^\d{1,3}$/.test(text) || prefix > (family === 'ipv4' ? 32 : 128)) return null;
  list.addSubnet(address, prefix, family);
  return list;
}

const REFUSED: RefusedRange[] = RANGES.map(([cidr, reason]) => ({
  cidr,
  reason,
  list: subnetList(cidr)!,
}));

/** The eight 16-bit groups of an IPv6 address (already valid by `isIP`), with a dotted IPv4 tail folded in. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  if (tail === undefined) return part(head);
  const left = part(head);
  const right = part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * An address as the check sees it: without brackets or zone, and an IPv6 address that carries an IPv4 one
 * (`::ffff:127.0.0.1`, the NAT64 prefix `64:ff9b::/96`) as that IPv4 address, since that is where it leads.
 */
export function normalizeAddress(address: string): { address: string; family: Family } | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const version = isIP(bare);
  if (version === 4) return { address: bare, family: 'ipv4' };
  if (version !== 6) return null;
  const g = ipv6Groups(bare);
  const mapped = g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0;
  if (mapped || nat64) {
    const [hi = 0, lo = 0] = g.slice(6);
    return { address: `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`, family: 'ipv4' };
  }
  return { address: bare.toLowerCase(), family: 'ipv6' };
}

/** The administrator's exceptions: addresses and CIDR ranges a request may reach although they are refused. */
export class AllowList {
  readonly entries: readonly string[];
  private readonly list = new BlockList();

  constructor(entries: readonly string[] = []) {
    this.entries = entries;
    for (const entry of entries) {
      const slash = entry.indexOf('/');
      const normal = normalizeAddress(slash < 0 ? entry : entry.slice(0, slash));
      if (!normal) throw new Error(`not an address or CIDR range: "${entry}"`);
      const prefix = slash < 0 ? null : entry.slice(slash + 1);
      if (prefix === null) {
        this.list.addAddress(normal.address, normal.family);
        continue;
      }
      const bits = Number(prefix);
      const written = isIP(entry.slice(0, slash)) === 4 ? 32 : 128;
      // A mapped range such as ::ffff:10.0.0.0/104 allows the IPv4 range it carries.
      const mapped = written === 128 && normal.family === 'ipv4';
      if (!/^\d{1,3}$/.test(prefix) || bits > written || (mapped && bits < 96)) {
        throw new Error(`not an address or CIDR range: "${entry}"`);
      }
      this.list.addSubnet(normal.address, mapped ? bits - 96 : bits, normal.family);
    }
  }

  has(address: string, family: Family): boolean {
    return this.list.check(address, family);
  }
}

/**
 * Reads OUTBOUND_ALLOW_HOSTS: a comma list of IPv4 or IPv6 addresses and CIDR ranges. Throws naming the entry
 * that is neither.
 */
export function parseAllowList(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  new AllowList(entries);
  return entries;
}

/**
 * Why a request may not reach this address (Russian, for the error and the 400 of a saved webhook), or null
 * when it may: a public address, or one the allow-list names. A text that is no address is refused. The
 * reason names the host the address was resolved from, when given.
 */
export function addressRefusal(address: string, allow: AllowList, hostname?: string): string | null {
  const normal = normalizeAddress(address);
  if (!normal) return `Адрес ${address} не распознан`;
  if (allow.has(normal.address, normal.family)) return null;
  const range = REFUSED.find((r) => r.list.check(normal.address, normal.family));
  if (!range) return null;
  const of = hostname ? ` сервера ${hostname}` : '';
  return `Адрес ${address.replace(/^\[|\]$/g, '')}${of} запрещён: ${range.reason} (${range.cidr})`;
}
