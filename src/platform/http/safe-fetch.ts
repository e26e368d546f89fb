/**
 * GET a URL that someone outside chose (a webhook's payload, another service's answer) without
 * letting it aim the request at the app's own network (SSRF):
 *
 *  - https only, except the origins the configuration trusts (scheme, host and port exactly:
 *    the emulators development and tests run on http://127.0.0.1:<port>). A trusted origin is
 *    reached as configured, without the address rule.
 *  - Every address the host resolves to must be public (public-address.ts: no loopback,
 *    private, CGNAT, link-local or metadata, unique-local, unspecified, multicast or reserved).
 *    The check runs inside the socket's own `lookup` (node:net calls it to resolve the host it
 *    connects to), so the connection goes to the address checked and no second resolution can
 *    answer differently (DNS rebinding). An IP literal, which a socket connects to without a
 *    lookup, is checked as written. TLS still verifies the certificate against the host name.
 *  - Redirects are followed by hand, each target checked like the first URL (a trusted origin
 *    may redirect, but its target is judged on its own), at most `maxRedirects` of them.
 *  - Each request gets a fresh agent (`agent: false`): no pooled socket opened by anyone else
 *    (or for another address of the host) is reused.
 *
 * node:http(s) rather than fetch: Node's built-in fetch takes no per-connection lookup without
 * the undici package's Agent, and node:http's `lookup` option is exactly that hook.
 */
import { lookup as systemLookup, type LookupAddress } from 'node:dns';
import { lookup as dnsLookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPublicAddress } from './public-address.ts';

/** Redirects followed at most, by default: a CDN's one or two hops, with room to spare. */
export const DEFAULT_MAX_REDIRECTS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A host name's addresses, as dns.lookup with `all: true` gives them. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchPolicy {
  /** Origins (`http://127.0.0.1:8080`) reached over any scheme and at any address. */
  trustedOrigins: readonly string[];
  /** Redirects followed at most; DEFAULT_MAX_REDIRECTS when absent. */
  maxRedirects?: number;
  /** How host names are resolved: the system resolver when absent (tests inject their own). */
  resolve?: Resolver;
}

/** The URL (or one it redirected to) may not be fetched; retrying would not change that. */
export class RefusedUrlError extends Error {
  override readonly name = 'RefusedUrlError';
  /** The URL refused (the first one, or a redirect's target). */
  readonly url: string;
  constructor(url: string, reason: string) {
    super(reason);
    this.url = url;
  }
}

export interface SafeResponse {
  /** The URL that answered (after redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, to be consumed or destroyed by the caller. */
  body: IncomingMessage;
}

/** GETs `url` under `policy`; throws RefusedUrlError for a URL it may not reach. */
export async function safeGet(
  url: string,
  policy: SafeFetchPolicy,
  options: { signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<SafeResponse> {
  const maxRedirects = policy.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const trusted = new Set(policy.trustedOrigins.map((origin) => new URL(origin).origin));
  const resolve = policy.resolve ?? ((hostname) => dnsLookup(hostname, { all: true }));
  let current = url;
  for (let redirects = 0; ; redirects += 1) {
    const response = await getOnce(current, { trusted, resolve, ...options });
    const location = REDIRECT_STATUSES.has(response.status) && response.headers.location;
    if (!location) return response;
    response.body.destroy();
    if (redirects === maxRedirects) {
      throw new RefusedUrlError(current, `it redirected more than ${maxRedirects} times`);
    }
    current = targetOf(location, current);
  }
}

function targetOf(location: string, from: string): string {
  try {
    return new URL(location, from).href;
  } catch {
    throw new RefusedUrlError(from, 'it redirected to an invalid address');
  }
}

function getOnce(
  url: string,
  options: {
    trusted: Set<string>;
    resolve: Resolver;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  },
): Promise<SafeResponse> {
  const target = checkTarget(url, options.trusted);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(
      target,
      {
        method: 'GET',
        agent: false,
        headers: options.headers,
        signal: options.signal,
        lookup: options.trusted.has(target.origin)
          ? systemLookup
          : checkedLookup(url, options.resolve),
      },
      (body) => resolve({ url, status: body.statusCode ?? 0, headers: body.headers, body }),
    );
    request.on('error', reject);
    request.end();
  });
}

/** The URL parsed, if its scheme is allowed and its host (when an IP literal) is public. */
function checkTarget(url: string, trusted: Set<string>): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RefusedUrlError(url, 'it is not a valid URL');
  }
  if (trusted.has(target.origin)) return target;
  if (target.protocol !== 'https:') {
    throw new RefusedUrlError(url, `only https addresses are downloaded, not ${target.protocol}`);
  }
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0 && !isPublicAddress(host)) {
    throw new RefusedUrlError(url, `${host} is not a public address`);
  }
  return target;
}

/** A socket lookup that resolves with `resolve` and refuses any address that is not public. */
function checkedLookup(url: string, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = { IPv4: 4, IPv6: 6 }[String(options.family)] ?? options.family;
        const wanted = family ? addresses.filter((entry) => entry.family === family) : addresses;
        const refused = wanted.find((entry) => !isPublicAddress(entry.address));
        const first = wanted[0];
        if (refused) {
          const reason = `${hostname} resolves to ${refused.address}, which is not a public address`;
          callback(new RefusedUrlError(url, reason), '');
        } else if (!first) {
          callback(
            Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }),
            '',
          );
        } else if (options.all) {
          callback(null, wanted);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}
