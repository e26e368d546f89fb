/**
 * Says once, in the log, when the proxies in front of the app are not the ones TRUST_PROXY
 * describes. The client address it decides (the ProductAI allowlist, the rate limits per
 * address) is only right when the chain is exactly as configured, and nothing else notices:
 *
 * - TRUST_PROXY=<n>: a request through the documented chain carries exactly n addresses in
 *   X-Forwarded-For (the client's, added by the first proxy, then one per proxy but the last,
 *   whose address is the connection's). More means a proxy nobody counted (a TLS terminator in
 *   front of nginx: every client then looks like that terminator), or a client writing its own
 *   header (harmless: the app reads n from the right). Fewer means a client can choose its
 *   address.
 * - TRUST_PROXY off: any X-Forwarded-For means a proxy is in front, and every client shares its
 *   address.
 *
 * Once per kind and process, not per request: the condition is the deployment's, and a line per
 * request would be a flood an attacker controls. A request without the header (a health check
 * straight to the process) says nothing about the chain and is skipped.
 */
import type { RequestHandler } from 'express';
import type { Logger } from '../../../src/platform/logger.ts';

type TrustProxy = boolean | number | string[];

export type HopMismatch = 'more-than-configured' | 'fewer-than-configured' | 'proxy-not-trusted';

function countHops(forwardedFor: string | undefined): number {
  return (forwardedFor ?? '').split(',').filter((hop) => hop.trim() !== '').length;
}

/** The mismatch a request's X-Forwarded-For shows against TRUST_PROXY, if any. */
export function hopMismatch(
  trustProxy: TrustProxy,
  forwardedFor: string | undefined,
): HopMismatch | null {
  const hops = countHops(forwardedFor);
  if (hops === 0) return null;
  if (trustProxy === false) return 'proxy-not-trusted';
  // A list of addresses names the proxies themselves, and `true` (development only) believes
  // everyone: neither has a count to compare with.
  if (typeof trustProxy !== 'number') return null;
  if (hops > trustProxy) return 'more-than-configured';
  if (hops < trustProxy) return 'fewer-than-configured';
  return null;
}

const MESSAGES: Record<HopMismatch, string> = {
  'more-than-configured':
    'A request arrived with more X-Forwarded-For addresses than TRUST_PROXY counts proxies: if a proxy in front of the app is not counted (a TLS terminator in front of nginx), every client is seen as that proxy; count every proxy in PROXY_HOPS/TRUST_PROXY (docs/operations.md, The proxy chain). A client writing its own X-Forwarded-For also shows this, and is ignored.',
  'fewer-than-configured':
    'A request arrived with fewer X-Forwarded-For addresses than TRUST_PROXY counts proxies: a client can choose the address the app sees (ProductAI allowlist, rate limits); set TRUST_PROXY to the proxies actually in front of the app (docs/operations.md, The proxy chain).',
  'proxy-not-trusted':
    'A request arrived through a proxy (X-Forwarded-For) while TRUST_PROXY is off: every client is seen as the proxy; set TRUST_PROXY to the number of proxies in front of the app (docs/operations.md, The proxy chain).',
};

export function forwardedHopsCheck(trustProxy: TrustProxy, logger: Logger): RequestHandler {
  const reported = new Set<HopMismatch>();
  return (req, _res, next) => {
    const forwardedFor = req.get('x-forwarded-for');
    const mismatch = hopMismatch(trustProxy, forwardedFor);
    if (mismatch && !reported.has(mismatch)) {
      reported.add(mismatch);
      logger.warn(
        {
          event: 'proxy_chain_mismatch',
          mismatch,
          trustProxy,
          forwardedHops: countHops(forwardedFor),
        },
        MESSAGES[mismatch],
      );
    }
    next();
  };
}
