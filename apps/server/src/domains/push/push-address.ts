import type { LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { blockedAddressReason, isLoopbackAddress } from '../previews/ip-policy.ts';

/**
 * A push endpoint is a URL the server posts to, so it is a server-side request forgery vector like
 * a link preview: the same address rules (previews/ip-policy.ts) apply when a browser registers it
 * and again, through the connection's own DNS lookup, each time a message is sent.
 */

export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true });

/** Why Plaza must not post to `address`, or null; loopback only passes with the test option. */
export function pushAddressRefusal(address: string, allowLoopback: boolean): string | null {
  if (allowLoopback && isLoopbackAddress(address)) return null;
  return blockedAddressReason(address);
}

export class PushEndpointError extends Error {
  /** `blocked`: the address is not public; `invalid`: not a usable https URL. */
  readonly kind: 'invalid' | 'blocked';
  constructor(kind: 'invalid' | 'blocked', message: string) {
    super(message);
    this.kind = kind;
  }
}

export const MAX_ENDPOINT_LENGTH = 2048;

/** Names that never leave the machine or the local network, refused without asking DNS. */
function isLocalName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return (
    !name.includes('.') ||
    /(^|\.)(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/.test(name)
  );
}

/**
 * Parses a push endpoint and checks what can be checked without DNS: https only (plain http only
 * for a loopback address with the test option), no credentials, an IP literal must be public, a
 * host name must not be a local one. Answers the URL.
 */
export function parsePushEndpoint(raw: string, allowLoopback: boolean): URL {
  if (raw.length > MAX_ENDPOINT_LENGTH) {
    throw new PushEndpointError('invalid', `The endpoint is longer than ${MAX_ENDPOINT_LENGTH} characters.`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new PushEndpointError('invalid', 'The endpoint is not a URL.');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopbackHttp =
    url.protocol === 'http:' && allowLoopback && isIP(host) !== 0 && isLoopbackAddress(host);
  if (url.protocol !== 'https:' && !loopbackHttp) {
    throw new PushEndpointError('invalid', 'The endpoint must be an https URL.');
  }
  if (url.username || url.password) {
    throw new PushEndpointError('invalid', 'The endpoint must not carry a user name or password.');
  }
  if (host === '') throw new PushEndpointError('invalid', 'The endpoint has no host.');
  if (isIP(host)) {
    const reason = pushAddressRefusal(host, allowLoopback);
    if (reason) throw new PushEndpointError('blocked', `The endpoint's address is not public (${reason}).`);
  } else if (isLocalName(host)) {
    throw new PushEndpointError('blocked', 'The endpoint must be on a public host.');
  }
  return url;
}

/**
 * `parsePushEndpoint`, then for a host name a DNS lookup: every address it resolves to must be
 * public, and it must resolve. Used when a browser registers a subscription.
 */
export async function checkPushEndpoint(
  raw: string,
  allowLoopback: boolean,
  resolve: Resolve = systemResolve,
): Promise<URL> {
  const url = parsePushEndpoint(raw, allowLoopback);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return url;
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch {
    throw new PushEndpointError('invalid', `The endpoint's host ${host} was not found.`);
  }
  if (addresses.length === 0)
    throw new PushEndpointError('invalid', `The endpoint's host ${host} was not found.`);
  for (const { address } of addresses) {
    const reason = pushAddressRefusal(address, allowLoopback);
    if (reason)
      throw new PushEndpointError('blocked', `The endpoint's host resolves to a ${reason} address.`);
  }
  return url;
}

/**
 * A DNS lookup for http.request that answers only permitted addresses (every address of the name
 * must pass), so the socket connects to exactly the address checked: a second DNS answer
 * (rebinding) cannot slip in between the check and the connection.
 */
export function guardedLookup(allowLoopback: boolean, resolve: Resolve = systemResolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        const refused = addresses.find((a) => pushAddressRefusal(a.address, allowLoopback) !== null);
        if (addresses.length === 0 || refused) {
          const reason = refused ? `a ${pushAddressRefusal(refused.address, allowLoopback)}` : 'no usable';
          const blocked = Object.assign(new Error(`${hostname} resolves to ${reason} address`), {
            code: 'PLAZA_BLOCKED',
          });
          callback(blocked, '', 4);
          return;
        }
        if (options.all) {
          callback(null, addresses);
          return;
        }
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}
