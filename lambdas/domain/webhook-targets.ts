import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may go (issue 38, SSRF): only https, and only to public unicast addresses. A
 * delivery must never reach the function's own network: loopback (127/8, ::1), the private ranges
 * (10/8, 172.16/12, 192.168/16), link-local (169.254/16, where the instance metadata service is at
 * 169.254.169.254; fe80::/10), "this network" 0/8, carrier-grade NAT 100.64/10, IPv6 unique-local
 * fc00::/7, multicast, broadcast, reserved and documentation ranges, and IPv6 forms that carry an IPv4
 * address (v4-mapped ::ffff:0:0/96, judged as the IPv4 address they carry; NAT64, 6to4 and Teredo,
 * refused whole). The classification is ipaddr.js's (maintained, with the IANA special-purpose
 * registries): anything it does not call `unicast` is refused.
 *
 * The URL is checked on creation and on every change (a clear 400), and the addresses its host
 * resolves to at every delivery, all of them, with the connection made to an address that was checked
 * (lambdas/adapters/webhook-http.ts pins it), so a DNS answer that changes in between (rebinding) cannot
 * swap in a private one. Redirects are never followed.
 *
 * `allowedOrigins` (WEBHOOK_ALLOWED_ORIGINS) exempts exact origins from these rules: empty in AWS; the
 * local stack's own origin under `npm start`, where its receiver page listens (README).
 */

/** What a range is called in a refusal. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified ("this network") address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address (the cloud metadata service is one)',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a private (unique local) IPv6 address',
  reserved: 'a reserved address',
};

/** Why an IP address is not a webhook target, or null for a public unicast one. */
export const addressRefusal = (address: string): string | null => {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address.`;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'unicast') return null;
  return `${address} is ${RANGE_NAMES[range] ?? `a special-purpose address (${range})`}: webhooks go only to public addresses.`;
};

/** The first refusal among resolved addresses (every one must be public: a client may connect to any). */
export const addressesRefusal = (addresses: readonly string[]): string | null => {
  if (addresses.length === 0) return 'The host name resolves to no address.';
  for (const address of addresses) {
    const refusal = addressRefusal(address);
    if (refusal) return refusal;
  }
  return null;
};

/** The origins WEBHOOK_ALLOWED_ORIGINS names (space- or comma-separated), each normalised by URL. */
export const parseAllowedOrigins = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[\s,]+/)
    .filter((origin) => origin !== '' && URL.canParse(origin))
    .map((origin) => new URL(origin).origin);

export type TargetCheck =
  /** Exempt by WEBHOOK_ALLOWED_ORIGINS: connect as the URL says. */
  | { kind: 'exempt'; url: URL }
  /** An IP literal that is public: connect to it. */
  | { kind: 'address'; url: URL; address: string }
  /** A host name: resolve it and check every address (addressesRefusal) before connecting to one. */
  | { kind: 'hostname'; url: URL; hostname: string }
  | { kind: 'refused'; reason: string };

/** The host of a URL as an IP address when it is one (`[::1]` → `::1`), else null. */
const ipLiteral = (hostname: string): string | null => {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return ipaddr.isValid(bare) && (bare.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(bare)) ? bare : null;
};

/** What the URL's form alone says (before DNS): refused, exempt, an address to use, or a host name to resolve. */
export const checkTargetUrl = (text: string, allowedOrigins: readonly string[]): TargetCheck => {
  if (!URL.canParse(text)) return { kind: 'refused', reason: 'That is not a URL.' };
  const url = new URL(text);
  if (allowedOrigins.includes(url.origin)) return { kind: 'exempt', url };
  if (url.protocol !== 'https:') return { kind: 'refused', reason: 'Webhook URLs must start with https://.' };
  if (url.username || url.password) return { kind: 'refused', reason: 'Webhook URLs must not carry a user name or password.' };
  const literal = ipLiteral(url.hostname);
  if (literal) {
    const refusal = addressRefusal(literal);
    return refusal ? { kind: 'refused', reason: refusal } : { kind: 'address', url, address: literal };
  }
  // WHATWG URL parsing already turned other IPv4 spellings (0x7f.1, 2130706433) into dotted quads.
  if (url.hostname === 'localhost' || url.hostname.endsWith('.localhost')) {
    return { kind: 'refused', reason: `${url.hostname} is this machine: webhooks go only to public addresses.` };
  }
  return { kind: 'hostname', url, hostname: url.hostname };
};
