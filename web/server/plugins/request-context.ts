/**
 * Request id and request logging (pino-http). The id comes from a trusted upstream
 * `X-Request-Id` when it looks like one, else a new UUID; it is echoed in the response header,
 * on every log line of the request (`req.log`) and in 5xx bodies, so a merchant's report leads
 * to the log lines.
 *
 * A 429 is logged at debug only: a flooding shop or address is refused tens of times a second,
 * and its access line (the request's headers serialized, written to the log synchronously) was
 * the largest single cost of a refusal in the web process's CPU profile under a flood
 * (bench/faults.ts `--web-cpu-prof`). The refusals are still counted, by route and status, in
 * the HTTP metrics (http-metrics.ts).
 *
 * Access log lines carry the URL and the request headers; the credentials in them are logged as
 * `[redacted]`: a path segment that is one (the `:token` of a template in `secretPaths`, e.g.
 * ProductAI's per-shop webhook URL), the query parameters Shopify puts on the app home's URL
 * (`id_token` is a session token, `hmac` signs the query, `session` and `host` name the admin
 * session), in the URL and in the `Referer` the app home's own requests send back, and the
 * headers src/platform/logger.ts lists. deploy/nginx.conf logs the same way.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { isHealthPath } from '../../../src/platform/health.ts';
import type { Logger } from '../../../src/platform/logger.ts';

const UPSTREAM_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Turns path templates into one function that redacts their `:token` segment from a URL. */
export function secretPathRedactor(templates: readonly string[]): (url: string) => string {
  const patterns = templates.map((template) => {
    const source = template
      .split('/')
      .map((part) =>
        part === ':token'
          ? ')[^/?#]+('
          : part.startsWith(':')
            ? '[^/?#]+'
            : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/');
    // Express routes paths case-insensitively: `/WebHooks/ProductAI/...` reaches the route too.
    return new RegExp(`^(${source})(?=$|[/?#])`, 'i');
  });
  return (url) => {
    for (const pattern of patterns)
      if (pattern.test(url)) return url.replace(pattern, '$1[redacted]$2');
    return url;
  };
}

/** Query parameters that carry a credential (Shopify's, on the app home's URL). */
const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set(['id_token', 'hmac', 'session', 'host']);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/** Every value of a secret parameter, however often and however its name is encoded. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      const name = part.split('=', 1)[0]!;
      return SECRET_QUERY_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : part;
    })
    .join('&');
}

/** Redacts a request target (`/path?query`): its secret path segments and query parameters. */
export function urlRedactor(secretPaths: readonly string[]): (url: string) => string {
  const redactPath = secretPathRedactor(secretPaths);
  return (url) => {
    const query = url.indexOf('?');
    if (query === -1) return redactPath(url);
    return `${redactPath(url.slice(0, query))}?${redactQuery(url.slice(query + 1))}`;
  };
}

/** The same for an absolute URL (a Referer): scheme and host as they are, the rest redacted. */
function absoluteUrlRedactor(redact: (url: string) => string): (url: string) => string {
  return (url) => {
    const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
    return origin + redact(url.slice(origin.length));
  };
}

export function requestContext(
  logger: Logger,
  options: { secretPaths?: readonly string[] } = {},
): RequestHandler {
  const redact = urlRedactor(options.secretPaths ?? []);
  const redactReferer = absoluteUrlRedactor(redact);
  return pinoHttp({
    logger,
    serializers: {
      // `req` is pino's copy of the request, but its `headers` are the request's own object. The
      // parsed `query` and `params` would repeat what the URL holds, unredacted: left out.
      req: (req: Record<string, unknown> & { url?: string; headers?: Record<string, unknown> }) => {
        const logged = { ...req };
        delete logged.query;
        delete logged.params;
        if (req.url) logged.url = redact(req.url);
        const referer = req.headers?.referer;
        if (typeof referer === 'string')
          logged.headers = { ...req.headers, referer: redactReferer(referer) };
        return logged;
      },
    },
    genReqId: (req, res) => {
      const upstream = req.headers['x-request-id'];
      const id =
        typeof upstream === 'string' && UPSTREAM_ID.test(upstream) ? upstream : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500
        ? 'error'
        : res.statusCode === 429
          ? 'debug'
          : res.statusCode >= 400
            ? 'warn'
            : 'info',
    // Probes every few seconds from every balancer would drown the request log.
    autoLogging: { ignore: (req) => isHealthPath(req.url ?? '') },
  });
}
