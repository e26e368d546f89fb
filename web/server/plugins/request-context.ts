/**
 * Request id and request logging (pino-http). The id comes from a trusted upstream
 * `X-Request-Id` when it looks like one, else a new UUID; it is echoed in the response header,
 * on every log line of the request (`req.log`) and in 5xx bodies, so a merchant's report leads
 * to the log lines.
 *
 * Access log lines carry the URL; a path segment that is a credential (the `:token` of a
 * template in `secretPaths`, e.g. ProductAI's per-shop webhook URL) is logged as `[redacted]`.
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
    return new RegExp(`^(${source})(?=$|[/?#])`);
  });
  return (url) => {
    for (const pattern of patterns)
      if (pattern.test(url)) return url.replace(pattern, '$1[redacted]$2');
    return url;
  };
}

export function requestContext(
  logger: Logger,
  options: { secretPaths?: readonly string[] } = {},
): RequestHandler {
  const redact = secretPathRedactor(options.secretPaths ?? []);
  return pinoHttp({
    logger,
    serializers: {
      req: (req: { url?: string }) => {
        if (req.url) req.url = redact(req.url);
        return req;
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
      error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    // Probes every few seconds from every balancer would drown the request log.
    autoLogging: { ignore: (req) => isHealthPath(req.url ?? '') },
  });
}
