import { lookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { WEBHOOK_LIMITS } from "@mimamori/shared";
import { AppError } from "../../lib/errors";

/** Where a webhook may be sent (AppConfig `webhookAllowHttp`, `webhookAllowPrivate`). */
export interface TargetRules {
  /** http:// as well as https:// (development and tests; never the default in production). */
  allowHttp: boolean;
  /** Private, loopback and link-local addresses as targets (tests, a receiver on the LAN). */
  allowPrivate: boolean;
}

/**
 * Addresses no webhook may reach unless the configuration allows private targets: "this network", private
 * (RFC 1918), carrier-grade NAT, loopback, link-local (the cloud metadata service 169.254.169.254), IETF protocol
 * assignments, benchmarking, documentation, multicast and reserved; in IPv6 the unspecified and loopback
 * addresses, unique-local, link-local, site-local, multicast, documentation, and IPv4 embedded in IPv6 (mapped,
 * NAT64) is checked as the IPv4 address it carries.
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address an IPv6 address carries (`::ffff:a.b.c.d`, `::a.b.c.d`, NAT64 `64:ff9b::/96`), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1] as string;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = Number.parseInt(hex[1] as string, 16);
  const lo = Number.parseInt(hex[2] as string, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, "ipv4");
  return blocked.check(address, "ipv6");
}

/** The host of a URL as an address or name: `[::1]` loses its brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * Checks an endpoint URL as given (400s: `webhook-url-too-long`, `webhook-url-invalid` for anything but an
 * absolute http(s) URL without credentials, `webhook-https-required`), then resolves its host and refuses it
 * when any address is private (`webhook-private-address`) or none is found (`webhook-host-unresolvable`).
 * Returns the URL as the WHATWG parser writes it.
 */
export async function checkTarget(raw: string, rules: TargetRules): Promise<string> {
  if (raw.length > WEBHOOK_LIMITS.urlMax) throw new AppError("webhook-url-too-long", "url");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("webhook-url-invalid", "url");
  }
  if (!["http:", "https:"].includes(url.protocol) || url.username || url.password || !url.hostname)
    throw new AppError("webhook-url-invalid", "url");
  if (url.protocol === "http:" && !rules.allowHttp) throw new AppError("webhook-https-required", "url");
  if (url.href.length > WEBHOOK_LIMITS.urlMax) throw new AppError("webhook-url-too-long", "url");
  const addresses = await resolve(hostOf(url)).catch(() => {
    throw new AppError("webhook-host-unresolvable", "url");
  });
  if (!rules.allowPrivate && addresses.some((a) => isPrivateAddress(a.address)))
    throw new AppError("webhook-private-address", "url");
  return url.href;
}

async function resolve(host: string): Promise<{ address: string; family: number }[]> {
  const family = isIP(host);
  if (family) return [{ address: host, family }];
  const found = await lookup(host, { all: true, verbatim: true });
  if (!found.length) throw new Error("no address");
  return found;
}

/** The error a delivery records when the host resolves to a private address at send time (DNS rebinding). */
export const PRIVATE_AT_DELIVERY = "refused: the host resolves to a private address";

/**
 * A `lookup` for http(s).request that resolves the host at connection time and refuses private addresses:
 * the connection goes to the very address checked, so a name that resolved to a public address when the endpoint
 * was added and to 127.0.0.1 now (DNS rebinding) is not reached.
 */
export function guardedLookup(rules: TargetRules): LookupFunction {
  return (host, options, callback) => {
    resolve(host).then(
      (found) => {
        const usable = found.filter((a) => rules.allowPrivate || !isPrivateAddress(a.address));
        const first = usable[0];
        if (!first || usable.length < found.length) {
          callback(new Error(PRIVATE_AT_DELIVERY), "", 4);
          return;
        }
        if (options.all) (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 4),
    );
  };
}
