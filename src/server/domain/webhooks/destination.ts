/**
 * Where webhooks may go (issue 31; least privilege, SSRF). A goods owner's staff name the URL and the server POSTs
 * to it, so a URL must never make the server reach its own network: the database, Redis, a cloud metadata service.
 *
 * - A URL is `https:` with no user name or password, whose host is a name or a public unicast address
 *   (ipaddr.js ranges: not private, loopback, link-local, unique-local, carrier-grade NAT, reserved...).
 * - When the request is made, every address the name resolves to must be public too ({@link guardedLookup}, the
 *   lookup of the very connection, so a name that later resolves elsewhere is refused as well).
 * - Local receivers (WMS_WEBHOOK_LOCAL_RECEIVERS=1, tests only, never set by npm start): `http:` or `https:` to a
 *   loopback host (localhost, 127.0.0.0/8, ::1) is allowed too, for a receiver on the same machine.
 */
import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

let localReceivers = false;

/** Turns local receivers on or off (config `webhookLocalReceivers`, set once at start). */
export function allowLocalReceivers(on: boolean): void {
  localReceivers = on;
}

const rangeOf = (ip: string) => (ipaddr.isValid(ip) ? ipaddr.process(ip).range() : 'invalid');

/** Whether the server may send a webhook to address `ip` (module doc). */
export function addressAllowed(ip: string): boolean {
  const range = rangeOf(ip);
  return range === 'unicast' || (localReceivers && range === 'loopback');
}

/** The URL's host as an address when it is one (`[::1]` -> `::1`), else null. */
const literalAddress = (u: URL): string | null => {
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
};

/** Whether `url` may be a webhook's URL (module doc); names are checked again when they are resolved. */
export function webhookUrlAllowed(url: string): boolean {
  let u: URL;
  try { u = new URL(url); } catch { return false; }
  if (u.username || u.password) return false;
  const ip = literalAddress(u);
  if (localReceivers && (u.protocol === 'http:' || u.protocol === 'https:') && (u.hostname === 'localhost' || (ip !== null && rangeOf(ip) === 'loopback'))) return true;
  return u.protocol === 'https:' && (ip === null || addressAllowed(ip));
}

/** Why a resolved address is refused, as the attempt's error text. */
export const refusedText = (host: string, ip: string) => `${host} is ${ip}, a private or local address: webhooks go to public addresses only`;

/** The error of a URL whose host is a refused address literal, else null (checked before connecting). */
export function literalRefusal(url: URL): string | null {
  const ip = literalAddress(url);
  return ip !== null && !addressAllowed(ip) ? refusedText(url.hostname, ip) : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http(s).request that resolves every address and refuses the connection when one is not allowed. */
export function guardedLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  lookup(hostname, { ...(options as object), all: true } as LookupAllOptions, (err, addresses) => {
    if (err) return callback(err, []);
    const bad = addresses.find((a) => !addressAllowed(a.address));
    if (bad) return callback(Object.assign(new Error(refusedText(hostname, bad.address)), { code: 'EWEBHOOKADDRESS' }), []);
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
}
