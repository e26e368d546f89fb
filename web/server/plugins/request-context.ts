/**
 * Request id and request logging (pino-http). The id comes from a trusted upstream
 * `X-Request-Id` when it looks like one, else a new UUID; it is echoed in the response header,
 * on every log line of the request (`req.log`) and in 5xx bodies, so a merchant's report leads
 * to the log lines.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { isHealthPath } from '../../../src/platform/health.ts';
import type { Logger } from '../../../src/platform/logger.ts';

const UPSTREAM_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function requestContext(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
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
