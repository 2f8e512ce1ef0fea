// Where outgoing webhooks may go (docs/webhooks.md, "Where webhooks may go"): public unicast addresses only, so that
// an endpoint cannot make this server reach inside its own network (itself, the cloud metadata service, the
// database, the LAN). Checked when an endpoint is saved, and again at each attempt after DNS; the attempt then
// connects to exactly the addresses checked (webhook-request.ts), leaving no second lookup for a DNS answer to
// change (DNS rebinding). WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the address rules for receivers inside a
// private network; a user name or password in the URL is refused either way.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name, as dns.lookup with `all` answers them; tests replace it (WebhookWorker.lookup). */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;
export const systemLookup: LookupAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface DestinationRules {
  allowPrivateNetworks: boolean;
  lookup: LookupAll;
}

export const CREDENTIALS_REFUSAL = 'must not contain a user name or password';
/** A name that has not answered by then is saved, and checked at each attempt like any other. */
const SAVE_LOOKUP_TIMEOUT_MS = 5_000;

/** ipaddr.js's range names, as the refusals say them; any other range but `unicast` is "reserved". */
const RANGE_LABELS: Record<string, string> = {
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  uniqueLocal: 'unique-local',
  carrierGradeNat: 'carrier-grade NAT',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
};
/**
 * Global unicast IPv6 (RFC 4291). Outside it lie, besides the ranges ipaddr.js names, the IPv4-compatible
 * `::a.b.c.d` (WHATWG URLs spell `[::127.0.0.1]` as `[::7f00:1]`) and NAT64 prefixes that lead to an IPv4
 * address of the translator's choosing.
 */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/**
 * Names that never lead to a public host: `localhost` (RFC 6761), `.local` (mDNS, RFC 6762), `home.arpa`
 * (RFC 8375) and `.internal`, the cloud providers' own DNS (`metadata.google.internal`).
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/;

/**
 * Null for a public unicast address; else what it is (`loopback`, `private`, `link-local`, `unique-local`,
 * `carrier-grade NAT`, `unspecified`, `multicast`, `broadcast`, or `reserved` for every other special range
 * and for text that is not an IP address). An IPv4-mapped IPv6 address is judged by its IPv4 address.
 */
export function nonPublicKind(text: string): string | null {
  if (isIP(text) === 0) return 'reserved';
  const address = ipaddr.process(text);
  const range = address.range();
  if (range !== 'unicast') return RANGE_LABELS[range] ?? 'reserved';
  if (address instanceof ipaddr.IPv6 && !address.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

const described = (kind: string) => `${kind === 'unspecified' ? 'an' : 'a'} ${kind} address`;
/** The URL's host: an IP literal without its brackets, or a lower-case name without a final dot. */
const hostOf = (url: URL) =>
  url.hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();

/** Why the host itself, before any DNS, may not be reached; null when it may. */
function hostRefusal(host: string): string | null {
  if (isIP(host) !== 0) {
    const kind = nonPublicKind(host);
    return kind && `${host} is ${described(kind)}`;
  }
  return LOCAL_NAME.test(host) ? `${host} is a local name` : null;
}

/** Why a name may not be reached: any one of its addresses is not public. */
function resolvedRefusal(host: string, addresses: readonly ResolvedAddress[]): string | null {
  for (const { address } of addresses) {
    const kind = nonPublicKind(address);
    if (kind) return `${host} resolves to ${address}, ${described(kind)}`;
  }
  return null;
}

/** What was refused, and the failure class the delivery log shows for it. */
export class DestinationRefused extends Error {
  constructor(
    message: string,
    readonly label = 'address not allowed',
  ) {
    super(message);
  }
}

/**
 * Why an endpoint URL may not be saved (the text for "url: …"), or null. A name that does not resolve (yet),
 * or not within 5 s, is accepted: each attempt resolves it again and refuses it then.
 */
export async function checkEndpointUrl(text: string, rules: DestinationRules): Promise<string | null> {
  const url = new URL(text);
  if (url.username || url.password) return CREDENTIALS_REFUSAL;
  if (rules.allowPrivateNetworks) return null;
  const host = hostOf(url);
  let refusal = hostRefusal(host);
  if (!refusal && isIP(host) === 0) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<ResolvedAddress[]>((resolve) => {
      timer = setTimeout(() => resolve([]), SAVE_LOOKUP_TIMEOUT_MS);
    });
    const addresses = await Promise.race([rules.lookup(host).catch(() => []), timeout]).finally(() => clearTimeout(timer));
    refusal = resolvedRefusal(host, addresses);
  }
  return (
    refusal &&
    `must not point to a private or local network address: ${refusal} (set WEBHOOK_ALLOW_PRIVATE_NETWORKS=true for a receiver inside your own network)`
  );
}

/**
 * The addresses an attempt may connect to: the IP literal, or every address the name resolves to now, all of them
 * public. Throws DestinationRefused otherwise, and the lookup's error when the name does not resolve.
 */
export async function resolveDestination(url: URL, rules: DestinationRules): Promise<ResolvedAddress[]> {
  if (url.username || url.password) throw new DestinationRefused('the URL holds a user name or password', 'user name or password in the URL');
  const host = hostOf(url);
  const refusal = rules.allowPrivateNetworks ? null : hostRefusal(host);
  if (refusal) throw new DestinationRefused(refusal);
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family }];
  const addresses = await rules.lookup(host);
  const resolved = rules.allowPrivateNetworks ? null : resolvedRefusal(host, addresses);
  if (resolved) throw new DestinationRefused(resolved);
  if (addresses.length === 0) throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  return addresses;
}
